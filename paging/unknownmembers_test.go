package paging

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/issuerkit/issuerkit-go/internal/ops/planttest"
	"github.com/issuerkit/issuerkit-go/openapi"
)

// TestUnknownMembersKeptInEveryResponse: for every success response of every operation of
// banklists.yaml, a body generated from its schema with an unknown member planted in every
// object at every level decodes into the operation's model and encodes again with each planted
// member in place. The wire list response and its transactions dropped theirs before (issue 27).
func TestUnknownMembersKeptInEveryResponse(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData(openapi.BankLists)
	if err != nil {
		t.Fatal(err)
	}
	bodies, err := planttest.Bodies(doc, func(s string) bool { return strings.HasPrefix(s, "2") })
	if err != nil {
		t.Fatal(err)
	}
	if len(bodies) < 11 {
		t.Fatalf("%d success responses, want one per operation at least", len(bodies))
	}
	for _, b := range bodies {
		t.Run(b.Operation+"/"+b.Status, func(t *testing.T) {
			typ := modelNamed(b.Schema)
			if typ == nil {
				t.Fatalf("schema %q: no model of that name", b.Schema)
			}
			v := reflect.New(typ)
			if err := json.Unmarshal(b.JSON, v.Interface()); err != nil {
				t.Fatalf("decode %s: %v\n%s", b.Schema, err, b.JSON)
			}
			again, err := json.Marshal(v.Interface())
			if err != nil {
				t.Fatal(err)
			}
			var got any
			if err := json.Unmarshal(again, &got); err != nil {
				t.Fatal(err)
			}
			if missing := planttest.Missing(b, got); len(missing) > 0 {
				t.Errorf("%s dropped %d of %d planted members: %v", b.Schema, len(missing), len(b.Planted), missing)
			}
		})
	}
}

// modelNamed returns the model of schema name (the generator's names differ in the case of
// initialisms: AchListResponse is ACHListResponse).
func modelNamed(name string) reflect.Type {
	for _, t := range encodedModels {
		if strings.EqualFold(t.Name(), name) {
			return t
		}
	}
	return nil
}
