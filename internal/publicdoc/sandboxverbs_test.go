package publicdoc

import (
	"slices"
	"testing"
)

// TestSandboxesOfferTheSameVerbs: the Server of each client's sandbox (cardplatformtest,
// validationtest, pagingtest) offers the verbs a test uses on any of them, so that what a
// user learned on one works on the others (issue 36: pagingtest had no ResetRequests).
func TestSandboxesOfferTheSameVerbs(t *testing.T) {
	verbs := []string{"Client", "Close", "FailNext", "Requests", "RequestsFor", "ResetRequests"}
	sandboxes := map[string]bool{"cardplatform/cardplatformtest": false, "validation/validationtest": false, "paging/pagingtest": false}
	for _, p := range publicPackages(t) {
		if _, ok := sandboxes[p.dir]; !ok {
			continue
		}
		sandboxes[p.dir] = true
		var methods []string
		for _, typ := range p.doc.Types {
			if typ.Name != "Server" {
				continue
			}
			for _, m := range typ.Methods {
				methods = append(methods, m.Name)
			}
		}
		for _, v := range verbs {
			if !slices.Contains(methods, v) {
				t.Errorf("%s.Server has no method %s (it has %v)", p.dir, v, methods)
			}
		}
	}
	for dir, found := range sandboxes {
		if !found {
			t.Errorf("sandbox package %s not found", dir)
		}
	}
}
