package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGolden rewrites testdata/in (a client package's own files and a caller's) in a copy and
// compares every file with testdata/want; a second run changes nothing.
func TestGolden(t *testing.T) {
	tmp := t.TempDir()
	copyTree(t, "testdata/in", tmp)
	changed, err := run(tmp, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(changed) != 7 {
		t.Errorf("changed %d files, want 7 (generated files are never rewritten): %v", len(changed), changed)
	}
	err = filepath.WalkDir("testdata/want", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel("testdata/want", path)
		want, _ := os.ReadFile(path)
		got, err := os.ReadFile(filepath.Join(tmp, rel))
		if err != nil {
			return err
		}
		if string(got) != string(want) {
			t.Errorf("%s:\n--- got\n%s\n--- want\n%s", rel, got, want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	again, err := run(tmp, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(again) != 0 {
		t.Errorf("second run changed %v: not idempotent", again)
	}
}

// TestChangelogNamesEveryMove checks that the CHANGELOG table has one row per move.
func TestChangelogNamesEveryMove(t *testing.T) {
	var b strings.Builder
	writeChangelog(&b)
	rows := strings.Count(b.String(), "` |\n")
	if rows != len(moves) {
		t.Errorf("%d rows for %d moves", rows, len(moves))
	}
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
