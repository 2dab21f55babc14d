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

// Names returns the names the difference touches, each as package.Name (the package's last
// path element and the package-level name: "cardplatform.Client" for a method of Client or
// a field of it), sorted.
func (d Difference) Names() []string {
	var names []string
	for _, l := range append(slices.Clone(d.Removed), d.Added...) {
		if n := lineName(l); n != "" {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
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
// section: the first "## " heading that starts with "Unreleased" (or "[Unreleased]", as Keep a
// Changelog writes it) runs to the next "## "
// heading; in it, the "### API" heading runs to the next "##" or "###" heading. Empty when
// either is missing.
func APIEntries(changelog io.Reader) (string, error) {
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
			inRelease = strings.HasPrefix(strings.TrimPrefix(strings.TrimSpace(line[3:]), "["), "Unreleased")
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

// Unlisted returns the names that the CHANGELOG's API entries do not mention. A name
// package.Name counts as mentioned where the entries hold it as written, not inside a longer
// name: "cardplatform.Client" is mentioned by "`cardplatform.Client.GetCard` now takes …"
// and by "github.com/issuerkit/issuerkit-go/cardplatform.Client", not by
// "cardplatform.ClientOption".
func Unlisted(names []string, entries string) []string {
	var missing []string
	for _, n := range names {
		re := regexp.MustCompile(`(^|[^\p{L}\p{N}_])` + regexp.QuoteMeta(n) + `($|[^\p{L}\p{N}_])`)
		if !re.MatchString(entries) {
			missing = append(missing, n)
		}
	}
	return missing
}
