// Package opstest checks a generated operation table (see package ops) against an expected
// table written by hand from the seeds, for the operations_test.go of each client package.
package opstest

import (
	"bufio"
	"fmt"
	"github.com/issuerkit/issuerkit-go/internal/redact"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/ops"
)

// Row is one line of an expected table: METHOD PATH SUCCESS[,SUCCESS].
type Row struct {
	Method  string
	Path    string
	Success []int
	// RetrySafe is the fourth column, "retry": the request may be re-sent after it may have
	// reached the server (x-issuerkit-retry-safe). Without it the row expects "never re-sent".
	RetrySafe bool
}

// String formats r as its line in the expected table.
func (r Row) String() string {
	s := make([]string, len(r.Success))
	for i, n := range r.Success {
		s[i] = strconv.Itoa(n)
	}
	out := r.Method + " " + r.Path + " " + strings.Join(s, ",")
	if r.RetrySafe {
		out += " retry"
	}
	return out
}

// key identifies the operation of a row.
func (r Row) key() string { return r.Method + " " + r.Path }

// ReadExpected parses an expected table: one operation a line, METHOD PATH SUCCESS[,SUCCESS];
// blank lines and lines starting with # are ignored.
func ReadExpected(path string) ([]Row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []Row
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) == 4 && fields[3] != "retry" || len(fields) != 3 && len(fields) != 4 {
			return nil, fmt.Errorf("%s:%d: want METHOD PATH SUCCESS[,SUCCESS] [retry], got %q", path, n, line)
		}
		r := Row{Method: fields[0], Path: fields[1], RetrySafe: len(fields) == 4}
		for _, s := range strings.Split(fields[2], ",") {
			code, err := strconv.Atoi(s)
			if err != nil || code < 200 || code > 299 {
				return nil, fmt.Errorf("%s:%d: bad success status %q", path, n, s)
			}
			r.Success = append(r.Success, code)
		}
		if !slices.IsSorted(r.Success) {
			return nil, fmt.Errorf("%s:%d: success statuses not ascending", path, n)
		}
		rows = append(rows, r)
	}
	return rows, sc.Err()
}

// Diff compares the operations of got with want and returns the differences, one line each,
// sorted: "missing: ROW" for an expected operation the table lacks, "extra: ROW" for an
// operation the table has and want does not, and "different: want ROW, got ROW" for an
// operation whose success statuses differ. It also reports duplicate rows on either side.
func Diff(want []Row, got *ops.Table) []string {
	var diffs []string
	wantBy := map[string]Row{}
	for _, r := range want {
		if _, dup := wantBy[r.key()]; dup {
			diffs = append(diffs, "duplicate in expected table: "+r.key())
		}
		wantBy[r.key()] = r
	}
	gotBy := map[string]Row{}
	for op := range got.All() {
		r := Row{Method: op.Method, Path: op.Path, Success: op.Success, RetrySafe: op.RetrySafe}
		if _, dup := gotBy[r.key()]; dup {
			diffs = append(diffs, "duplicate in generated table: "+r.key())
		}
		gotBy[r.key()] = r
	}
	for k, w := range wantBy {
		g, ok := gotBy[k]
		switch {
		case !ok:
			diffs = append(diffs, "missing: "+w.String())
		case !slices.Equal(w.Success, g.Success) || w.RetrySafe != g.RetrySafe:
			diffs = append(diffs, "different: want "+w.String()+", got "+g.String())
		}
	}
	for k, g := range gotBy {
		if _, ok := wantBy[k]; !ok {
			diffs = append(diffs, "extra: "+g.String())
		}
	}
	slices.Sort(diffs)
	return diffs
}

// AssertTable checks that tab holds exactly the operations of the expected table in file
// (method, path and success statuses), and that every operation has a unique, non-empty ID
// and a method, path and success status.
func AssertTable(t testing.TB, tab *ops.Table, file string) {
	t.Helper()
	want, err := ReadExpected(file)
	require.NoError(t, err)
	require.NotEmpty(t, want, "expected table %s is empty", file)

	diffs := Diff(want, tab)
	assert.Empty(t, diffs, "generated table vs %s (%d expected, %d generated):\n%s",
		file, len(want), tab.Len(), strings.Join(diffs, "\n"))

	ids := map[string]string{}
	for op := range tab.All() {
		where := op.Method + " " + op.Path
		if !assert.NotEmpty(t, op.ID, "%s: no ID", where) {
			continue
		}
		if other, dup := ids[op.ID]; dup {
			assert.Failf(t, "duplicate ID", "%s: ID %q also names %s", where, op.ID, other)
		}
		ids[op.ID] = where
		got, ok := tab.ByID(op.ID)
		assert.True(t, ok, "%s: ByID(%q) finds nothing", where, op.ID)
		assert.Equal(t, op.Path, got.Path, "%s: ByID(%q)", where, op.ID)
		assert.True(t, slices.IsSorted(op.Success), "%s: success statuses not ascending", where)
	}
}

// AssertMatchesItself checks that Match finds every operation of tab from a request path
// made of its template, with each {param} replaced by a sample value, with and without a
// base-path prefix.
func AssertMatchesItself(t testing.TB, tab *ops.Table) {
	t.Helper()
	for op := range tab.All() {
		path := SamplePath(op.Path)
		for _, p := range []string{path, "/base/prefix" + path} {
			got, ok := tab.Match(op.Method, p)
			if assert.True(t, ok, "Match(%s, %s) finds nothing", op.Method, p) {
				assert.Equal(t, op.ID, got.ID, "Match(%s, %s)", op.Method, p)
			}
		}
	}
}

// SamplePath replaces each {param} segment of a path template with a sample value.
func SamplePath(template string) string {
	segs := strings.Split(template, "/")
	for i, s := range segs {
		if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
			segs[i] = "x" + strconv.Itoa(i) + "-3f2a"
		}
	}
	return strings.Join(segs, "/")
}

// AssertSensitiveFields checks that fields is sorted and free of duplicates, holds every
// name of mustHave, and that the redaction layer (which masks logged and error bodies by JSON
// key) masks every one of them.
func AssertSensitiveFields(t testing.TB, fields []string, mustHave ...string) {
	t.Helper()
	for _, f := range fields {
		assert.True(t, redact.IsSensitiveKey(f), "%s is format: sensitive in the spec but redact does not mask it", f)
	}
	assert.True(t, slices.IsSorted(fields), "sensitiveFields not sorted: %q", fields)
	assert.Len(t, slices.Compact(slices.Clone(fields)), len(fields), "sensitiveFields has duplicates: %q", fields)
	for _, name := range mustHave {
		assert.Contains(t, fields, name, "sensitiveFields lacks %q", name)
	}
}
