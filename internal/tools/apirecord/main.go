// Command apirecord keeps the record of the SDK's exported API (internal/api/exported.txt:
// one line per exported name, field and method of every public package, as Go's own api/
// files) and compares the code with it. The record is the API of the last release; it is
// committed, so the comparison needs no tag. From the repository root:
//
//	go -C internal/tools run ./apirecord -root ../..       # print the difference, check the CHANGELOG
//	go -C internal/tools run ./apirecord -root ../.. -w    # write the record (at a release)
//
// Without -w it prints what was removed or changed (lines with -) and added (+) against the
// record, and exits 1 when a name the difference touches (package.Name, or
// package.Type.Member for a field or method of a type already recorded:
// "cardplatform.Client.ListCards") is not mentioned by an entry (a list item) of
// CHANGELOG.md's "### API" subsection of its "## Unreleased" section. .ci/api runs it; CONTRIBUTING.md, "Releasing and the API
// record", says how to use it.
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
const header = `# The exported API of the public packages of github.com/issuerkit/issuerkit-go at the last
# release: one line per exported name, field and method (parameter names left out, types of
# other packages with their import path). Written by, from the repository root:
#   go -C internal/tools run ./apirecord -root ../.. -w
# .ci/api prints the difference with the code; CONTRIBUTING.md, "Releasing and the API record".
`

func main() {
	root := flag.String("root", "../..", "the module's root directory")
	record := flag.String("record", "internal/api/exported.txt", "the record, relative to -root")
	changelog := flag.String("changelog", "CHANGELOG.md", "the changelog, relative to -root")
	write := flag.Bool("w", false, "write the record of the code instead of comparing")
	flag.Parse()
	code, err := List(*root)
	if err != nil {
		fail(err)
	}
	recordPath := filepath.Join(*root, *record)
	if *write {
		var b bytes.Buffer
		b.WriteString(header)
		for _, l := range code {
			b.WriteString(l + "\n")
		}
		if err := os.WriteFile(recordPath, b.Bytes(), 0o644); err != nil {
			fail(err)
		}
		fmt.Printf("wrote %s: %d lines\n", *record, len(code))
		return
	}
	f, err := os.Open(recordPath)
	if err != nil {
		fail(err)
	}
	rec, err := readRecord(f)
	f.Close()
	if err != nil {
		fail(err)
	}
	cl, err := os.Open(filepath.Join(*root, *changelog))
	if err != nil {
		fail(err)
	}
	entries, err := APIEntries(cl)
	cl.Close()
	if err != nil {
		fail(err)
	}
	if !Check(os.Stdout, *record, rec, code, entries) {
		os.Exit(1)
	}
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
	fmt.Fprintln(w, "or undo the change. At a release, refresh the record: go -C internal/tools run ./apirecord -root ../.. -w")
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
