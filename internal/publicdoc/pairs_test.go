package publicdoc

import (
	"go/ast"
	"go/doc"
	"strings"
	"testing"
)

// TestPagingRequestPairsNameEachOther checks the two request types of each bank list: the
// filter an iterator takes (ACHListRequest) and the one-page request whose Body is that
// filter (ListACHTransactionsRequest). Each one's go doc names the other, so that a user
// who finds one finds the pair.
func TestPagingRequestPairsNameEachOther(t *testing.T) {
	var paging *doc.Package
	for _, p := range publicPackages(t) {
		if p.dir == "paging" {
			paging = p.doc
		}
	}
	types := map[string]*doc.Type{}
	for _, ty := range paging.Types {
		types[ty.Name] = ty
	}
	pairs := 0
	for _, ty := range paging.Types {
		if !strings.HasPrefix(ty.Name, "List") || !strings.HasSuffix(ty.Name, "Request") {
			continue
		}
		body := bodyType(ty)
		filter, ok := types[body]
		if !ok || !strings.Contains(ty.Doc, "iterator") {
			continue // no body, or no iterator takes it alone
		}
		pairs++
		if !strings.Contains(ty.Doc, body) {
			t.Errorf("paging.%s: its doc does not name %s, the filter its iterator takes", ty.Name, body)
		}
		if !strings.Contains(filter.Doc, ty.Name) {
			t.Errorf("paging.%s: its doc does not name %s, the one-page request whose Body it is", body, ty.Name)
		}
	}
	if pairs < 5 {
		t.Errorf("found %d request pairs in paging, want the ACH, addenda, RTP, wire and previous-day lists", pairs)
	}
}

// bodyType is the type name of ty's Body field, "" if none.
func bodyType(ty *doc.Type) string {
	for _, s := range ty.Decl.Specs {
		st, ok := s.(*ast.TypeSpec).Type.(*ast.StructType)
		if !ok {
			continue
		}
		for _, f := range st.Fields.List {
			if len(f.Names) == 1 && f.Names[0].Name == "Body" {
				if id, ok := f.Type.(*ast.Ident); ok {
					return id.Name
				}
			}
		}
	}
	return ""
}
