// Command apirecord keeps the record of the SDK's exported API at each release
// (internal/api/<version>.txt: one line per exported name, field and method of every public
// package, as Go's own api/ files) and compares the code with the last one. The records are
// committed, so the comparison needs no tag. From the repository root:
//
//	go -C internal/tools run ./apirecord -root ../..                  # print the differences, check the CHANGELOG
//	go -C internal/tools run ./apirecord -root ../.. -w -release 0.3.0 # write the record of a release
//
// Without -w it prints what was removed or changed (lines with -) and added (+) against the
// newest record, and exits 1 when a name the difference touches (package.Name, or
// package.Type.Member for a field or method of a type already recorded:
// "cardplatform.Client.ListCards") is not mentioned by an entry (a list item) of
// CHANGELOG.md's "### API" subsection of its "## Unreleased" section. With two records or more
// it also prints the difference of the last release from the one before, and exits 1 when a
// name that difference touches has no entry in the "### API" subsection of the last release's
// own section ("## [0.2.0]"): every release's migration is recorded. .ci/api runs it;
// CONTRIBUTING.md, "Releasing and the API record", says how to use it.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// header opens the record.
const header = `# The exported API of the public packages of github.com/issuerkit/issuerkit-go at release
# RELEASE: one line per exported name, field and method (parameter names left out, types of
# other packages with their import path). Written by, from the repository root:
#   go -C internal/tools run ./apirecord -root ../.. -w -release RELEASE
# .ci/api prints the difference with the code; CONTRIBUTING.md, "Releasing and the API record".
`

func main() {
	root := flag.String("root", "../..", "the module's root directory")
	dir := flag.String("dir", "internal/api", "the directory of the records, relative to -root")
	changelog := flag.String("changelog", "CHANGELOG.md", "the changelog, relative to -root")
	write := flag.Bool("w", false, "write the record of the code as the release named by -release")
	release := flag.String("release", "", "with -w: the version released, major.minor.patch")
	flag.Parse()
	code, err := List(*root)
	if err != nil {
		fail(err)
	}
	recDir := filepath.Join(*root, *dir)
	if *write {
		if err := validVersion(*release); err != nil {
			fail(err)
		}
		var b bytes.Buffer
		b.WriteString(strings.ReplaceAll(header, "RELEASE", *release))
		for _, l := range code {
			b.WriteString(l + "\n")
		}
		path := filepath.Join(recDir, *release+".txt")
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			fail(err)
		}
		fmt.Printf("wrote %s: %d lines\n", filepath.Join(*dir, *release+".txt"), len(code))
		return
	}
	releases, err := Releases(recDir)
	if err != nil {
		fail(err)
	}
	if len(releases) == 0 {
		fail(fmt.Errorf("no record of a release (<version>.txt) in %s", *dir))
	}
	last := releases[len(releases)-1]
	rec, err := readRecordFile(recDir, last)
	if err != nil {
		fail(err)
	}
	cl, err := os.ReadFile(filepath.Join(*root, *changelog))
	if err != nil {
		fail(err)
	}
	entries, err := APIEntries(bytes.NewReader(cl))
	if err != nil {
		fail(err)
	}
	ok := Check(os.Stdout, filepath.Join(*dir, last+".txt"), rec, code, entries)
	if len(releases) > 1 {
		prev := releases[len(releases)-2]
		old, err := readRecordFile(recDir, prev)
		if err != nil {
			fail(err)
		}
		migration, err := SectionEntries(bytes.NewReader(cl), last)
		if err != nil {
			fail(err)
		}
		ok = CheckRelease(os.Stdout, prev, last, old, rec, migration) && ok
	}
	if !ok {
		os.Exit(1)
	}
}

// CheckRelease prints the difference of release last from release prev and reports whether
// every name it touches is mentioned in the "### API" entries of last's CHANGELOG section: the
// migration of every moved, removed or changed name is recorded.
func CheckRelease(w io.Writer, prev, last string, old, rec []string, migration string) bool {
	d := Diff(old, rec)
	fmt.Fprintf(w, "\nRelease %s against %s:\n", last, prev)
	if d.Empty() {
		fmt.Fprintln(w, "no difference.")
		return true
	}
	d.Print(w)
	missing := Unlisted(d.Names(), migration)
	if len(missing) == 0 {
		fmt.Fprintf(w, "Every name above has its migration in CHANGELOG.md's \"### API\" entries of %s.\n", last)
		return true
	}
	fmt.Fprintf(w, "\nNot mentioned in CHANGELOG.md's \"### API\" subsection of its \"## [%s]\" section: %s\n",
		last, strings.Join(missing, ", "))
	return false
}

// Check prints the difference between the record and the code and reports whether it is
// allowed: none, or every name it touches mentioned in the CHANGELOG's API entries.
func Check(w io.Writer, recordName string, record, code []string, entries string) bool {
	d := Diff(record, code)
	if d.Empty() {
		fmt.Fprintf(w, "The exported API matches %s (%d lines).\n", recordName, len(code))
		return true
	}
	fmt.Fprintf(w, "The exported API differs from %s, the record of the last release:\n", recordName)
	d.Print(w)
	missing := Unlisted(d.Names(), entries)
	if len(missing) == 0 {
		fmt.Fprintln(w, "Every name above is in CHANGELOG.md's \"### API\" entries of the Unreleased section.")
		return true
	}
	fmt.Fprintf(w, "\nNot mentioned in CHANGELOG.md's \"### API\" subsection of its \"## Unreleased\" section: %s\n",
		strings.Join(missing, ", "))
	fmt.Fprintln(w, "Add an entry per change (what changed and how to migrate, naming each as written here),")
	fmt.Fprintln(w, "or undo the change. At a release, write its record: go -C internal/tools run ./apirecord -root ../.. -w -release X.Y.Z")
	return false
}

// readRecord returns the record's lines without its comments and blank lines.
func readRecord(r io.Reader) ([]string, error) {
	var lines []string
	s := bufio.NewScanner(r)
	s.Buffer(nil, 1<<20)
	for s.Scan() {
		l := s.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		lines = append(lines, l)
	}
	return lines, s.Err()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "apirecord:", err)
	os.Exit(2)
}
