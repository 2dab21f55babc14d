package cardplatformtest

import (
	"fmt"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/internal/sandbox"
	"github.com/issuerkit/issuerkit-go/openapi"
)

// spec is the card platform's description as the sandbox validates against it
// (openapi/cardplatform.yaml, prepared by sandbox.NewSpec), with the client's method names.
type spec struct {
	*sandbox.Spec
	names *sandbox.Names
}

// loadSpec reads the card platform's spec (package openapi) and prepares it for validation.
func loadSpec() (*spec, error) {
	sp, err := sandbox.LoadSpec(openapi.CardPlatform)
	if err != nil {
		return nil, fmt.Errorf("cardplatformtest: %w", err)
	}
	names := map[string][]string{}
	for _, m := range []map[string][]string{methodOperations, readbackMethodOperations} {
		for k, v := range m {
			names[k] = v
		}
	}
	return &spec{Spec: sp, names: sandbox.NewNames("cardplatformtest", ErrUnknownOperation, (*cardplatform.Client)(nil), sp.OperationIDs(), names)}, nil
}

// methodOperations maps the client's methods whose names are not an operation id to the
// operations they call: the iterators and the batch file upload from bytes (the read-backs'
// Snapshot and Settle methods are in readbackMethodOperations, settle.gen.go).
var methodOperations = map[string][]string{
	"Cards":                      {"searchCards"},
	"CardsIterator":              {"searchCards"},
	"BulkOrders":                 {"searchBulkOrders"},
	"BulkOrdersIterator":         {"searchBulkOrders"},
	"BulkOrderSummaries":         {"listBulkOrderSummaryByLocation"},
	"BulkOrderSummariesIterator": {"listBulkOrderSummaryByLocation"},
	"CreateBatchfileBytes":       {"createBatchfile"},
}

// has404Body reports whether the operation's 404 response carries a body; listed reports
// whether the operation lists a 404 at all.
func has404Body(op *openapi3.Operation) (body, listed bool) {
	if op == nil || op.Responses == nil {
		return false, false
	}
	ref := op.Responses.Value("404")
	if ref == nil || ref.Value == nil {
		return false, false
	}
	return len(ref.Value.Content) > 0, true
}

// has401Body reports whether the operation's 401 response carries a body.
func has401Body(op *openapi3.Operation) bool {
	if op == nil || op.Responses == nil {
		return true
	}
	ref := op.Responses.Value("401")
	return ref == nil || ref.Value == nil || len(ref.Value.Content) > 0
}
