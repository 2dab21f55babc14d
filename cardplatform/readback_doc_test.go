package cardplatform

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEveryStateChangeNamesItsReadback is the guard of settling an outcome unknown: every
// operation that changes state (never re-sent) states in its method's doc what can settle a
// lost answer, exactly as the spec's x-issuerkit-readback says: the read-back operations and
// what they tell, or "no read-back exists: manual review". A new state-changing operation with
// neither fails here (and the generator refuses to generate it). A helper the spec names
// (Client.SettleDisbursement) must exist, and every operation that names a read-back has
// its Snapshot/Settle pair, named in its doc.
func TestEveryStateChangeNamesItsReadback(t *testing.T) {
	spec, err := openapi3.NewLoader().LoadFromFile(filepath.Join("..", "openapi", "cardplatform.yaml"))
	require.NoError(t, err)
	specOps := map[string]*openapi3.Operation{}
	for _, item := range spec.Paths.Map() {
		for _, op := range item.Operations() {
			specOps[op.OperationID] = op
		}
	}
	methods := clientMethodDocs(t)
	normalize := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	// goName is the method of an operation id; the names use initialisms (SetCardPIN).
	goName := func(id string) string {
		for m := range methods {
			if strings.EqualFold(m, id) {
				return m
			}
		}
		return id
	}

	checked := 0
	for op := range operations.All() {
		if op.RetrySafe {
			continue
		}
		checked++
		name := goName(op.ID)
		d, ok := methods[name]
		if !assert.True(t, ok, "%s: no method Client.%s", op.ID, name) {
			continue
		}
		d = normalize(d)
		if !assert.Regexp(t, `read back with \w+|no read-back exists: manual review\.`, d, "%s changes state and its doc names no read-back", name) {
			continue
		}
		ext, _ := specOps[op.ID].Extensions["x-issuerkit-readback"].(map[string]any)
		if !assert.NotNil(t, ext, "%s: no x-issuerkit-readback in the spec", op.ID) {
			continue
		}
		var want string
		if none, _ := ext["none"].(string); none != "" {
			want = "no read-back exists: manual review. " + none
		} else {
			var names []string
			for _, w := range ext["with"].([]any) {
				names = append(names, goName(w.(string)))
			}
			how, _ := ext["how"].(string)
			want = "read back with " + strings.Join(names, " or ") + ": " + how
			for _, m := range regexp.MustCompile(`Client\.(\w+)`).FindAllStringSubmatch(how, -1) {
				_, ok := methods[m[1]]
				assert.True(t, ok, "%s: the spec names Client.%s, which does not exist", op.ID, m[1])
			}
			// A read-back named is a read-back the SDK runs: the pair exists, has a doc, and the
			// write's doc names its Settle method.
			pair, ok := settleMethods[op.ID]
			if assert.True(t, ok, "%s names a read-back but has no Snapshot/Settle pair", op.ID) {
				for _, m := range []string{pair.Snapshot, pair.Settle} {
					assert.NotEmpty(t, methods[m], "%s: Client.%s has no doc", op.ID, m)
				}
				assert.Contains(t, d, "Client."+pair.Settle, "%s: the doc does not name its Settle method", name)
			}
		}
		assert.Contains(t, d, "If its outcome is unknown ([core.ErrOutcomeUnknown]), "+normalize(want), "%s: the doc does not say what the spec says", name)
	}
	assert.Greater(t, checked, 30, "the state-changing operations of the card platform")
}

// clientMethodDocs returns the doc comment of every method of Client in this package.
func clientMethodDocs(t *testing.T) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	err := filepath.WalkDir(".", func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() && path != "." {
			if e != nil && e.IsDir() {
				return filepath.SkipDir
			}
			return err
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		files[path] = f
		return err
	})
	require.NoError(t, err)
	var list []*ast.File
	for _, f := range files {
		list = append(list, f)
	}
	p, err := doc.NewFromFiles(fset, list, "github.com/issuerkit/issuerkit-go/cardplatform")
	require.NoError(t, err)
	out := map[string]string{}
	for _, typ := range p.Types {
		if typ.Name != "Client" {
			continue
		}
		for _, m := range typ.Methods {
			out[m.Name] = m.Doc
		}
	}
	require.NotEmpty(t, out)
	return out
}
