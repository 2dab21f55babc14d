package docs_test

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// root is the repository root, relative to this package.
const root = "../.."

// maxReadmeLines is the length of a front door.
const maxReadmeLines = 150

// block is a fenced code block of a Markdown file.
type block struct {
	lang string
	line int // 1-based line of the opening fence
	text []string
}

// fencedBlocks returns the fenced code blocks of md, indented ones (inside list items) too.
func fencedBlocks(t *testing.T, md string) []block {
	t.Helper()
	var out []block
	var cur *block
	for i, l := range strings.Split(md, "\n") {
		trimmed := strings.TrimSpace(l)
		switch {
		case cur == nil && strings.HasPrefix(trimmed, "```"):
			cur = &block{lang: strings.TrimPrefix(trimmed, "```"), line: i + 1}
		case cur != nil && trimmed == "```":
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.text = append(cur.text, l)
		}
	}
	require.Nil(t, cur, "an unclosed code fence")
	return out
}

// normalized drops blank lines and the indentation of the others: a snippet matches its
// function whatever its indentation in the README.
func normalized(lines []string) []string {
	var out []string
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// rootModuleTestFiles returns the normalized lines of every _test.go file of the root
// module, the files go test ./... compiles (not those of the nested modules, testdata or
// node_modules).
func rootModuleTestFiles(t *testing.T) map[string][]string {
	t.Helper()
	files := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); path != root && err == nil {
				return filepath.SkipDir // a module of its own: not compiled by the root's go test
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files[path] = normalized(strings.Split(string(b), "\n"))
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, files)
	return files
}

// contains reports whether want appears in have as a run of consecutive lines.
func contains(have, want []string) bool {
	for i := 0; i+len(want) <= len(have); i++ {
		match := true
		for j := range want {
			if have[i+j] != want[j] {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, name))
	require.NoError(t, err)
	return string(b)
}

// TestReadmeSnippetsCompile: every Go snippet of the README is, line for line, part of an
// Example or Test function of the root module, so go test ./... compiles (and runs) it; a
// snippet edited so that it no longer matches, or an Example changed without its snippet,
// fails here.
func TestReadmeSnippetsCompile(t *testing.T) {
	readme := readFile(t, "README.md")
	files := rootModuleTestFiles(t)
	n := 0
	for _, b := range fencedBlocks(t, readme) {
		if b.lang != "go" {
			continue
		}
		n++
		want := normalized(b.text)
		require.NotEmpty(t, want, "README.md:%d: an empty go block", b.line)
		found := ""
		for path, have := range files {
			if contains(have, want) {
				found = path
				break
			}
		}
		assert.NotEmpty(t, found, "README.md:%d: the go snippet starting %q is not the text of any Example or Test function of the module: make it one (or copy it from one)", b.line, want[0])
	}
	assert.GreaterOrEqual(t, n, 4, "the README shows building the clients, a call with its error branch, an iterator and a test")
}

// TestReadmeCommandsExist: the README's commands name examples that exist, with a main.go.
func TestReadmeCommandsExist(t *testing.T) {
	readme := readFile(t, "README.md")
	assert.Contains(t, readme, "go test ./...", "the test command")
	assert.Contains(t, readme, "go run ./examples/quickstart", "the example command")
	dirs := map[string]bool{}
	for _, m := range regexp.MustCompile(`go run \./(examples/[a-z0-9_]+)`).FindAllStringSubmatch(readme, -1) {
		dirs[m[1]] = true
	}
	for _, m := range regexp.MustCompile(`go -C (examples/[a-z0-9_]+) run \.`).FindAllStringSubmatch(readme, -1) {
		dirs[m[1]] = true
	}
	require.NotEmpty(t, dirs)
	for dir := range dirs {
		_, err := os.Stat(filepath.Join(root, dir, "main.go"))
		assert.NoError(t, err, "README runs %s", dir)
	}
	entries, err := os.ReadDir(filepath.Join(root, "examples"))
	require.NoError(t, err)
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join(root, "examples", e.Name(), "main.go")); err == nil {
			assert.True(t, dirs["examples/"+e.Name()], "README lists every example: examples/%s is missing", e.Name())
		}
	}
}

// TestReadmeLinksExist: every relative link of the README names a file of the repository.
func TestReadmeLinksExist(t *testing.T) {
	readme := readFile(t, "README.md")
	for _, m := range regexp.MustCompile(`\]\(([^)#:]+)\)`).FindAllStringSubmatch(readme, -1) {
		_, err := os.Stat(filepath.Join(root, m[1]))
		assert.NoError(t, err, "README links %s", m[1])
	}
}

// TestReadmeIsAFrontDoor: at most 150 lines, and no jargon of the design documents ("seed")
// in the README or the CHANGELOG.
func TestReadmeIsAFrontDoor(t *testing.T) {
	readme := readFile(t, "README.md")
	lines := 0
	sc := bufio.NewScanner(strings.NewReader(readme))
	for sc.Scan() {
		lines++
	}
	assert.LessOrEqual(t, lines, maxReadmeLines, "README.md is a front door: the depth goes to package docs, CONTRIBUTING.md and internal/bench/README.md")
	// The README says "seed" nowhere; the CHANGELOG may name an API (pagingtest.WithSeed) but
	// not the documents ("seed 002", "the seed's forms", "seeded accounts").
	for name, jargon := range map[string]*regexp.Regexp{
		"README.md":    regexp.MustCompile(`(?i)seed`),
		"CHANGELOG.md": regexp.MustCompile(`(?i)\bseed(s|'s|ed)?\b`),
	} {
		for i, l := range strings.Split(readFile(t, name), "\n") {
			assert.False(t, jargon.MatchString(l), "%s:%d says %q: say what the API does instead", name, i+1, l)
		}
	}
}
