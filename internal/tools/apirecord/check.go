package main

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
)

// Difference is what changed between the record and the code: Removed lines (a name gone
// or changed: they break a caller) and Added lines (a changed name appears in both).
type Difference struct {
	Removed, Added []string
}

// Empty reports whether the record and the code agree.
func (d Difference) Empty() bool { return len(d.Removed) == 0 && len(d.Added) == 0 }

// Diff compares the recorded lines with the code's (both as List returns them; comments
// and blank lines of the record are ignored).
func Diff(record, code []string) Difference {
	in := func(lines []string) map[string]bool {
		m := make(map[string]bool, len(lines))
		for _, l := range lines {
			m[l] = true
		}
		return m
	}
	rec, now := in(record), in(code)
	var d Difference
	for l := range rec {
		if !now[l] {
			d.Removed = append(d.Removed, l)
		}
	}
	for l := range now {
		if !rec[l] {
			d.Added = append(d.Added, l)
		}
	}
	slices.Sort(d.Removed)
	slices.Sort(d.Added)
	return d
}

// Print writes the difference as -/+ lines.
func (d Difference) Print(w io.Writer) {
	if len(d.Removed) > 0 {
		fmt.Fprintf(w, "removed or changed (%s: this breaks a caller):\n", lines(len(d.Removed)))
		for _, l := range d.Removed {
			fmt.Fprintln(w, "-", l)
		}
	}
	if len(d.Added) > 0 {
		fmt.Fprintf(w, "added (%s):\n", lines(len(d.Added)))
		for _, l := range d.Added {
			if d.methodOfAnOldInterface(l) {
				fmt.Fprintln(w, "+", l, "   (breaks an implementation of the interface outside the package)")
				continue
			}
			fmt.Fprintln(w, "+", l)
		}
	}
}

func lines(n int) string {
	if n == 1 {
		return "1 line"
	}
	return fmt.Sprintf("%d lines", n)
}

// methodOfAnOldInterface reports whether an added line is a method of an interface that was
// already in the record (its declaration line is not added too).
func (d Difference) methodOfAnOldInterface(line string) bool {
	decl, _, ok := strings.Cut(line, " interface, ")
	return ok && !slices.Contains(d.Added, decl+" interface")
}

// Names returns the names the difference touches, sorted: package.Name for a package-level
// name (the package's last path element: "cardplatform.New"), and package.Type.Member for a
// field or method of a type that is in the record and in the code
// ("cardplatform.Client.GetCard" for a method added to Client), so that a new method of an
// existing type needs an entry of its own. The members of a type whose declaration line
// changed, was added or was removed come with it: the type's name covers them.
func (d Difference) Names() []string {
	all := append(slices.Clone(d.Removed), d.Added...)
	declared := map[string]bool{} // package.Type whose declaration line is in the difference
	for _, l := range all {
		if typeDecl(l) {
			declared[lineName(l)] = true
		}
	}
	var names []string
	for _, l := range all {
		n := lineName(l)
		if n == "" {
			continue
		}
		if m := memberName(l); m != "" && !declared[n] {
			n += "." + m
		}
		names = append(names, n)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// typeDecl reports whether a line of the record declares a type ("type Card struct",
// "type Iterator[T any] = …", "type State string"), not one of its members.
func typeDecl(line string) bool {
	_, feature, ok := strings.Cut(line, ", ")
	if !ok {
		return false
	}
	rest, ok := strings.CutPrefix(feature, "type ")
	return ok && !strings.HasPrefix(strings.TrimLeftFunc(rest, isIdent), " struct, ") &&
		!strings.HasPrefix(strings.TrimLeftFunc(rest, isIdent), " interface, ")
}

// memberName is the field or method a line of the record is about, "" for a line about a
// package-level name or an interface's unexported methods: GetCard for
// "method (*Client) GetCard(…)", Number for "type Card struct, Number string", Base for
// "type Client struct, embedded example.com/m/p/internal/q.Base", Do for
// "type Doer interface, Do(context.Context) error".
func memberName(line string) string {
	_, feature, ok := strings.Cut(line, ", ")
	if !ok {
		return ""
	}
	var member string
	if rest, ok := strings.CutPrefix(feature, "method ("); ok {
		_, member, _ = strings.Cut(rest, ") ")
	} else if rest, ok := strings.CutPrefix(feature, "type "); ok {
		_, member, ok = strings.Cut(rest, ", ")
		if !ok || member == "unexported methods" {
			return ""
		}
		if typ, ok := strings.CutPrefix(member, "embedded "); ok {
			typ, _, _ = strings.Cut(strings.TrimLeft(typ, "*"), "[") // Base[T] → Base
			member = typ[strings.LastIndex(typ, ".")+1:]
		}
	}
	end := strings.IndexFunc(member, func(r rune) bool { return !isIdent(r) })
	if end < 0 {
		end = len(member)
	}
	return member[:end]
}

// lineName is the package.Name a line of the record is about.
func lineName(line string) string {
	rest, ok := strings.CutPrefix(line, "pkg ")
	if !ok {
		return ""
	}
	path, feature, ok := strings.Cut(rest, ", ")
	if !ok {
		return ""
	}
	pkg := path[strings.LastIndex(path, "/")+1:]
	kind, after, _ := strings.Cut(feature, " ")
	if kind == "method" { // method (*T) M(...)
		after = strings.TrimLeft(strings.TrimPrefix(after, "("), "*")
	}
	end := strings.IndexFunc(after, func(r rune) bool { return !isIdent(r) })
	if end < 0 {
		end = len(after)
	}
	return pkg + "." + after[:end]
}

func isIdent(r rune) bool {
	return r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x7f
}

// APIEntries returns the text of CHANGELOG.md's "### API" subsection of its Unreleased
// section (SectionEntries with "Unreleased").
func APIEntries(changelog io.Reader) (string, error) {
	return SectionEntries(changelog, "Unreleased")
}

// SectionEntries returns the text of the "### API" subsection of one section of CHANGELOG.md:
// the first "## " heading that starts with name (or "[name]", as Keep a Changelog writes it;
// "Unreleased", "0.2.0") runs to the next "## " heading; in it, the "### API" heading runs to
// the next "##" or "###" heading. Empty when either is missing.
func SectionEntries(changelog io.Reader, name string) (string, error) {
	var b strings.Builder
	inRelease, inAPI := false, false
	s := bufio.NewScanner(changelog)
	s.Buffer(nil, 1<<20)
	for s.Scan() {
		line := s.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			if inRelease {
				return b.String(), nil
			}
			title := strings.TrimSpace(line[3:])
			inRelease = strings.HasPrefix(title, name) || strings.HasPrefix(title, "["+name+"]")
			continue
		case strings.HasPrefix(line, "### ") && inRelease:
			inAPI = strings.TrimSpace(line[4:]) == "API"
			continue
		}
		if inAPI {
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	return b.String(), s.Err()
}

// Unlisted returns the names that the CHANGELOG's API entries do not mention. Only the
// entries count, the subsection's list items ("- …" and the lines that continue one): its
// prose, such as the sentence that shows how to write an entry with an example name, names
// nothing. A name counts as mentioned where an entry holds it as written, not inside a longer
// name: "cardplatform.Client" is mentioned by "`cardplatform.Client.GetCard` now takes …"
// and by "github.com/issuerkit/issuerkit-go/cardplatform.Client", not by
// "cardplatform.ClientOption". A member, "cardplatform.Client.GetCard", is mentioned as
// written, or by one entry that names both its type and the member ("`cardplatform.Client`
// gains the method `GetCard`"); an entry about another member of the type is not enough.
func Unlisted(names []string, entries string) []string {
	items := Items(entries)
	holds := func(item, name string) bool {
		return regexp.MustCompile(`(^|[^\p{L}\p{N}_])` + regexp.QuoteMeta(name) + `($|[^\p{L}\p{N}_])`).MatchString(item)
	}
	var missing []string
	for _, n := range names {
		typ, member := n, ""
		if strings.Count(n, ".") == 2 {
			i := strings.LastIndex(n, ".")
			typ, member = n[:i], n[i+1:]
		}
		if !slices.ContainsFunc(items, func(item string) bool {
			return holds(item, n) || member != "" && holds(item, typ) && holds(item, member)
		}) {
			missing = append(missing, n)
		}
	}
	return missing
}

// Items returns the list items of a Markdown text: each line that starts with "- ", "* " or
// "+ " opens one, and runs on over the lines that continue it (indented ones, blank lines
// before an indented one, and lines right under a line of the item); a line at the margin
// after a blank line ends it. Prose outside items is left out.
func Items(text string) []string {
	var items []string
	var cur *strings.Builder
	blank := false
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\r\n")
		switch {
		case strings.HasPrefix(line, "- ") || strings.HasPrefix(line, "* ") || strings.HasPrefix(line, "+ "):
			if cur != nil {
				items = append(items, cur.String())
			}
			cur = &strings.Builder{}
		case strings.TrimSpace(line) == "":
			blank = true
			continue
		case cur != nil && blank && line[0] != ' ' && line[0] != '\t':
			items = append(items, cur.String())
			cur = nil
		}
		blank = false
		if cur != nil {
			cur.WriteString(line)
			cur.WriteByte('\n')
		}
	}
	if cur != nil {
		items = append(items, cur.String())
	}
	return items
}
