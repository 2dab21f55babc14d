package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeModule writes a module example.com/m in dir from path → source.
func writeModule(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	files["go.mod"] = "module example.com/m\n\ngo 1.25\n"
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// v1 is the module before a change: a public package p (with an alias of an internal
// package's type, which the record must open), its internal package and a command.
func v1() map[string]string {
	return map[string]string{
		"p/p.go": `package p

import (
	"context"

	"example.com/m/p/internal/q"
)

// Options are a client's options (an alias of an internal type).
type Options = q.Options

const Version = "1.0"

type Card struct {
	Number string
	Amount int64
	hidden int
}

type Client struct{ q.Base }

func New(base string, opts ...Options) (*Client, error) { return nil, nil }
func (c *Client) GetCard(ctx context.Context, id string) (*Card, error) { return nil, nil }
func (c Client) String() string { return "" }
func Gone() {}
func Changed(n int) {}
func unexported() {}

type Doer interface{ Do(context.Context) error }
`,
		"p/internal/q/q.go": `package q

type Options struct{ Timeout int }

func (o Options) Valid() bool { return true }

type Base struct{ Region string }

func Internal() {}
`,
		"cmd/tool/main.go": "package main\n\nfunc Exported() {}\n\nfunc main() {}\n",
	}
}

func list(t *testing.T, files map[string]string) []string {
	t.Helper()
	dir := t.TempDir()
	writeModule(t, dir, files)
	lines, err := List(dir)
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

func TestListRecordsTheExportedAPI(t *testing.T) {
	lines := list(t, v1())
	const p = "pkg example.com/m/p, "
	for _, want := range []string{
		p + `const Version untyped string = "1.0"`,
		p + "func New(string, ...Options) (*Client, error)",
		p + "method (*Client) GetCard(context.Context, string) (*Card, error)",
		p + "method (Client) String() string",
		p + "type Card struct",
		p + "type Card struct, Number string",
		p + "type Card struct, Amount int64",
		p + "type Client struct, embedded example.com/m/p/internal/q.Base",
		p + "type Client struct, Region string", // promoted from the internal type
		p + "type Doer interface",
		p + "type Doer interface, Do(context.Context) error",
		p + "type Options = example.com/m/p/internal/q.Options",
		p + "type Options struct, Timeout int", // the alias of an internal type is opened
		p + "method (Options) Valid() bool",
		p + "func Gone()",
		p + "func Changed(int)",
	} {
		if !slices.Contains(lines, want) {
			t.Errorf("missing %q", want)
		}
	}
	for _, l := range lines {
		if strings.Contains(l, "hidden") || strings.Contains(l, "unexported") || strings.HasPrefix(l, "pkg example.com/m/p/internal/") || strings.Contains(l, "cmd/tool") {
			t.Errorf("not API: %q", l)
		}
	}
	if !slices.IsSorted(lines) {
		t.Error("lines not sorted")
	}
}

// TestCheckDetectsEveryKindOfChange: an added, a removed and a changed exported name, a
// field added and a method of an aliased internal type changed are each in the difference,
// each needs its CHANGELOG entry, and an entry naming a longer name does not count.
func TestCheckDetectsEveryKindOfChange(t *testing.T) {
	before := list(t, v1())
	if d := Diff(before, before); !d.Empty() {
		t.Fatalf("a record compared with itself differs: %+v", d)
	}
	if !Check(&strings.Builder{}, "record", before, before, "") {
		t.Fatal("no difference must pass without entries")
	}

	files := v1()
	files["p/p.go"] = strings.Replace(files["p/p.go"], "func Gone() {}\n", "", 1)
	files["p/p.go"] = strings.Replace(files["p/p.go"], "func Changed(n int) {}", "func Changed(s string) {}\nfunc Added() {}", 1)
	files["p/p.go"] = strings.Replace(files["p/p.go"], "\tAmount int64\n", "\tAmount int64\n\tCurrency string\n", 1)
	files["p/internal/q/q.go"] = strings.Replace(files["p/internal/q/q.go"], "Valid() bool { return true }", "Valid() error { return nil }", 1)
	files["p/p.go"] = strings.Replace(files["p/p.go"], "type Doer interface{ Do(context.Context) error }",
		"type Doer interface {\n\tDo(context.Context) error\n\tUndo() error\n}\n\ntype Newer interface{ New() }", 1)
	after := list(t, files)

	d := Diff(before, after)
	const p = "pkg example.com/m/p, "
	wantRemoved := []string{p + "func Changed(int)", p + "func Gone()", p + "method (Options) Valid() bool"}
	wantAdded := []string{p + "func Added()", p + "func Changed(string)", p + "method (Options) Valid() error", p + "type Card struct, Currency string",
		p + "type Doer interface, Undo() error", p + "type Newer interface", p + "type Newer interface, New()"}
	if !slices.Equal(d.Removed, wantRemoved) {
		t.Errorf("removed:\n%s\nwant:\n%s", strings.Join(d.Removed, "\n"), strings.Join(wantRemoved, "\n"))
	}
	if !slices.Equal(d.Added, wantAdded) {
		t.Errorf("added:\n%s\nwant:\n%s", strings.Join(d.Added, "\n"), strings.Join(wantAdded, "\n"))
	}
	// A member of a type already recorded is named with its type (p.Card.Currency); the
	// members of a new type (p.Newer) come with it.
	names := []string{"p.Added", "p.Card.Currency", "p.Changed", "p.Doer.Undo", "p.Gone", "p.Newer", "p.Options.Valid"}
	if got := d.Names(); !slices.Equal(got, names) {
		t.Errorf("names %v, want %v", got, names)
	}

	var out strings.Builder
	if Check(&out, "record", before, after, "") {
		t.Fatal("a difference without CHANGELOG entries passed")
	}
	for _, want := range []string{"- " + p + "func Gone()", "+ " + p + "func Added()", "p.Added, p.Card.Currency, p.Changed, p.Doer.Undo, p.Gone, p.Newer, p.Options.Valid",
		"+ " + p + "type Doer interface, Undo() error    (breaks an implementation", "+ " + p + "type Newer interface, New()\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}

	entries := "- `p.Added`: new.\n- `p.Gone` removed: use `p.Added`.\n- `p.Changed` takes a string.\n" +
		"- `p.Card.Currency`, a new field.\n- `p.Doer` gains Undo; `p.Newer` is new.\n"
	out.Reset()
	if Check(&out, "record", before, after, entries) {
		t.Fatalf("p.Options is not in the entries, yet the check passed:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "Unreleased\" section: p.Options.Valid\n") {
		t.Errorf("want only p.Options missing:\n%s", out.String())
	}
	if Check(&strings.Builder{}, "record", before, after, entries+"- `p.OptionsV2` is new.\n") {
		t.Error("p.OptionsV2 counted as a mention of p.Options")
	}
	if !Check(&strings.Builder{}, "record", before, after, entries+"- p.Options.Valid returns an error.\n") {
		t.Error("every name listed, yet the check failed")
	}
}

func TestAPIEntriesReadsTheUnreleasedAPISubsection(t *testing.T) {
	changelog := `# Changelog

## [Unreleased]

### Added

- p.NotAPI: under Added, not under API.

### API

- p.New takes options.
- p.Gone removed.

### Changed

- p.Later: another subsection.

## v0.1.0

### API

- p.Old: a released entry.
`
	got, err := APIEntries(strings.NewReader(changelog))
	if err != nil {
		t.Fatal(err)
	}
	want := "\n- p.New takes options.\n- p.Gone removed.\n\n"
	if got != want {
		t.Errorf("entries %q, want %q", got, want)
	}
	got, _ = APIEntries(strings.NewReader("## Unreleased — the first release\n\n### API\n\n- p.X\n"))
	if !strings.Contains(got, "p.X") {
		t.Errorf("entries %q of a heading that starts with Unreleased", got)
	}
	got, _ = APIEntries(strings.NewReader("## v0.1.0\n\n### API\n\n- p.X\n"))
	if got != "" {
		t.Errorf("entries %q without an Unreleased section", got)
	}
}

func TestLineName(t *testing.T) {
	for line, want := range map[string]string{
		"pkg example.com/m/p, func New(string) error":                 "p.New",
		"pkg example.com/m/p, func Map[T any](T) T":                   "p.Map",
		"pkg example.com/m/p, method (*Client) Get() error":           "p.Client",
		"pkg example.com/m/p, method (Client) String() string":        "p.Client",
		"pkg example.com/m/p/sub, type Card struct, Number string":    "sub.Card",
		"pkg example.com/m/p, type Iter[T any] struct":                "p.Iter",
		"pkg example.com/m/p, const Version untyped string = \"1.0\"": "p.Version",
		"pkg example.com/m/p, var Default *Client":                    "p.Default",
		"pkg example.com/m/p, type Options = q.Options":               "p.Options",
	} {
		if got := lineName(line); got != want {
			t.Errorf("lineName(%q) = %q, want %q", line, got, want)
		}
	}
}

// TestCheckNeedsAnEntryPerMember: a method added to a type already in the record needs an
// entry naming it; the subsection's prose, which shows an example name, and an entry about
// another member of the same type do not count (issue 36: a new Client method passed
// because the placeholder sentence names cardplatform.Client.GetCard).
func TestCheckNeedsAnEntryPerMember(t *testing.T) {
	before := list(t, v1())
	files := v1()
	files["p/p.go"] = strings.Replace(files["p/p.go"], "func Gone() {}\n",
		"func Gone() {}\nfunc (c *Client) ListCards() {}\n\ntype Fresh struct{ ID string }\n\nfunc (Fresh) Get() {}\n", 1)
	after := list(t, files)
	if got, want := Diff(before, after).Names(), []string{"p.Client.ListCards", "p.Fresh"}; !slices.Equal(got, want) {
		t.Fatalf("names %v, want %v", got, want)
	}
	const prose = "\nEvery change to the exported API is listed here, by name\n(`p.Client.GetCard`, `p.Client.ListCards`), with how to migrate.\n\n"
	for _, entries := range []string{
		prose + "- `p.Fresh` is new.\n",
		prose + "- `p.Fresh` is new.\n- `p.Client.GetCard` takes options.\n",
		prose + "- `p.Fresh` is new.\n- `p.Client` gains `Close`.\n\nListCards: see above.\n",
	} {
		var out strings.Builder
		if Check(&out, "record", before, after, entries) {
			t.Errorf("p.Client.ListCards has no entry, yet the check passed with:\n%s", entries)
		} else if !strings.Contains(out.String(), "section: p.Client.ListCards\n") {
			t.Errorf("want p.Client.ListCards missing:\n%s", out.String())
		}
	}
	for _, entries := range []string{
		"- `p.Fresh` is new.\n- `p.Client.ListCards` lists cards.\n",
		"- `p.Fresh` is new.\n- `p.Client` gains the method\n  `ListCards`.\n",
		"- `p.Fresh` is new.\n\n- Cards:\n\n  - `p.Client.ListCards` lists them.\n",
	} {
		if out := (&strings.Builder{}); !Check(out, "record", before, after, entries) {
			t.Errorf("every name has an entry, yet the check failed:\n%s\n%s", entries, out)
		}
	}
}

func TestItems(t *testing.T) {
	text := "Prose with `p.A`.\n\n- one\n  more of one\n\n  still one\n- two\nlazy two\n\nProse `p.B`.\n* three\n"
	want := []string{"- one\n  more of one\n  still one\n", "- two\nlazy two\n", "* three\n"}
	if got := Items(text); !slices.Equal(got, want) {
		t.Errorf("Items = %q, want %q", got, want)
	}
}

func TestReleasesOrderedBySemver(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"0.10.0.txt", "0.2.0.txt", "0.1.0.txt", "exported.txt", "1.0.txt", "README.md"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("# x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Releases(dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"0.1.0", "0.2.0", "0.10.0"}; !slices.Equal(got, want) {
		t.Errorf("releases %v, want %v (semantic order; other files are no records)", got, want)
	}
	if validVersion("0.2") == nil || validVersion("v0.2.0") == nil || validVersion("0.2.0") != nil {
		t.Error("validVersion accepts only major.minor.patch")
	}
}

func TestCheckReleaseNeedsTheMigrationOfEveryName(t *testing.T) {
	old := list(t, v1())
	files := v1()
	files["p/p.go"] = strings.Replace(files["p/p.go"], "func Gone() {}\n", "", 1)
	rec := list(t, files)
	changelog := "## [Unreleased]\n\n### API\n\n- p.Unrelated\n\n## [0.2.0] — a release\n\n### API\n\n- `p.Gone` removed: use `p.Other`.\n\n## [0.1.0]\n\n### API\n\n- p.Old\n"
	migration, err := SectionEntries(strings.NewReader(changelog), "0.2.0")
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if !CheckRelease(&out, "0.1.0", "0.2.0", old, rec, migration) {
		t.Fatalf("the migration of p.Gone is recorded, yet the check failed:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "Release 0.2.0 against 0.1.0") || !strings.Contains(out.String(), "- pkg example.com/m/p, func Gone()") {
		t.Errorf("the release's difference is not printed:\n%s", out.String())
	}
	unreleased, _ := APIEntries(strings.NewReader(changelog))
	out.Reset()
	if CheckRelease(&out, "0.1.0", "0.2.0", old, rec, unreleased) {
		t.Fatal("an entry outside the release's section counted as its migration")
	}
	if !strings.Contains(out.String(), `"## [0.2.0]" section: p.Gone`) {
		t.Errorf("the missing name is not reported:\n%s", out.String())
	}
}
