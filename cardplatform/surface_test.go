package cardplatform_test

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// budget is a core.Limiter and core.Lockout that grants every turn and locks nothing out.
type budget struct{}

func (budget) Wait(context.Context, core.BudgetKey) error                       { return nil }
func (budget) Remaining(context.Context, core.BudgetKey) (time.Duration, error) { return 0, nil }
func (budget) Lock(context.Context, core.BudgetKey, time.Duration) error        { return nil }

// clientOptions are the client-specific options of every client package, by package and
// name, each with a valid argument. TestClientSpecificOptions checks that the names are
// exactly the package's functions returning core.Option, so that a new option cannot be
// left out.
var clientOptions = map[string]map[string]core.Option{
	"cardplatform": {
		"WithAPIVersion":  cardplatform.WithAPIVersion("v2"),
		"WithIdleTimeout": cardplatform.WithIdleTimeout(time.Second),
	},
	"validation": {
		"WithDocumentedAPI": validation.WithDocumentedAPI(),
		"WithRateLimit":     validation.WithRateLimit(1),
		"WithRateLimitWait": validation.WithRateLimitWait(),
		"WithLimiter":       validation.WithLimiter(budget{}),
		"WithLockout":       validation.WithLockout(budget{}),
		"WithPrivateBudget": validation.WithPrivateBudget(),
		"WithCredentialID":  validation.WithCredentialID("surface-test"),
		"WithMaxLockout":    validation.WithMaxLockout(time.Minute),
	},
	"paging": {
		"WithDocumentedAPI": paging.WithDocumentedAPI(),
		"WithKeyClientID":   paging.WithKeyClientID("0123456789abcdef0123456789abcdef"),
		"WithRateLimit":     paging.WithRateLimit(1),
		"WithRateLimitWait": paging.WithRateLimitWait(),
		"WithLimiter":       paging.WithLimiter(budget{}),
		"WithLockout":       paging.WithLockout(budget{}),
		"WithPrivateBudget": paging.WithPrivateBudget(),
		"WithCredentialID":  paging.WithCredentialID("surface-test"),
		"WithMaxLockout":    paging.WithMaxLockout(time.Minute),
	},
}

// news are the constructors of the three clients.
var news = map[string]func(string, ...core.Option) error{
	"cardplatform": func(u string, o ...core.Option) error { _, err := cardplatform.New(u, o...); return err },
	"validation":   func(u string, o ...core.Option) error { _, err := validation.New(u, o...); return err },
	"paging":       func(u string, o ...core.Option) error { _, err := paging.New(u, o...); return err },
}

// optionFuncs returns the exported functions of the package in dir (its non-test files,
// generated ones included) that return core.Option.
func optionFuncs(t *testing.T, dir string) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	require.NoError(t, err)
	var names []string
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || !fd.Name.IsExported() || fd.Type.Results == nil || len(fd.Type.Results.List) != 1 {
				continue
			}
			if sel, ok := fd.Type.Results.List[0].Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Option" {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "core" {
					names = append(names, fd.Name.Name)
				}
			}
		}
	}
	sort.Strings(names)
	return names
}

// TestClientSpecificOptions: the options a client package declares itself are accepted by
// its own New and refused by every other client's New with an error matching
// core.ErrInvalidArgument that names the option and both clients. The options are found by
// reading the packages' source, not from a list that could go stale.
func TestClientSpecificOptions(t *testing.T) {
	dirs := map[string]string{"cardplatform": ".", "validation": "../validation", "paging": "../paging"}
	for client, dir := range dirs {
		var listed []string
		for name := range clientOptions[client] {
			listed = append(listed, name)
		}
		sort.Strings(listed)
		require.Equal(t, optionFuncs(t, dir), listed,
			"the functions of package %s returning core.Option: add the new one to clientOptions", client)
	}
	for client, opts := range clientOptions {
		for name, o := range opts {
			assert.NoError(t, news[client]("https://api.example.com", o), "%s.New(%s)", client, name)
			for other, build := range news {
				if other == client {
					continue
				}
				err := build("https://api.example.com", o)
				if assert.ErrorIs(t, err, core.ErrInvalidArgument, "%s.New(%s.%s)", other, client, name) {
					msg := err.Error()
					assert.True(t, strings.Contains(msg, client+"."+name) && strings.Contains(msg, other+".New"),
						"%s.New(%s.%s): %q names neither the option nor the client", other, client, name, msg)
				}
			}
		}
	}
}
