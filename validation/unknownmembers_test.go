package validation_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/issuerkit/issuerkit-go/internal/ops/planttest"
	"github.com/issuerkit/issuerkit-go/openapi"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
)

// TestUnknownMembersKeptInEveryResponse: for every success response of validation.yaml, a
// body generated from its schema with an unknown member planted in every object at every
// level, served over HTTP, reaches the caller with each planted member: VerifyAccountAnswer
// keeps those of the envelope, of AOAResponse beside Result, of errorResponse and its faults,
// and of the Result and its records (Result.Client included); HealthCheck those of its answer.
// VerifyAccount dropped every one of the v2 envelope, AOAResponse, errorResponse and
// Result.Client before (issue 27).
func TestUnknownMembersKeptInEveryResponse(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData(openapi.Validation)
	if err != nil {
		t.Fatal(err)
	}
	bodies, err := planttest.Bodies(doc, func(s string) bool { return strings.HasPrefix(s, "2") })
	if err != nil {
		t.Fatal(err)
	}
	ops := map[string]string{"verifyAccount": "v1", "verifyAccountV2": "v2",
		"checkHealth": "v1", "checkHealthV2": "v2"}
	seen := 0
	for _, b := range bodies {
		v, ok := ops[b.Operation]
		if !ok {
			t.Fatalf("%s: an operation this test does not call", b.Operation)
		}
		seen++
		t.Run(b.Operation+"/"+b.Status, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write(b.JSON)
			}))
			defer srv.Close()
			opts := []core.Option{core.WithHTTPClient(srv.Client()), core.WithStaticToken("tok"),
				validation.WithRateLimit(0)}
			if v == "v1" {
				opts = append(opts, validation.WithDocumentedAPI())
			}
			c, err := validation.New(srv.URL, opts...)
			if err != nil {
				t.Fatal(err)
			}
			var again []byte
			if strings.HasPrefix(b.Operation, "checkHealth") {
				h, err := c.HealthCheck(t.Context())
				if err != nil {
					t.Fatal(err)
				}
				again, err = json.Marshal(h)
				if err != nil {
					t.Fatal(err)
				}
			} else {
				a, err := c.VerifyAccountAnswer(t.Context(), validation.Inquiry{SecondaryID: "SEC0001",
					RoutingNumber: "011000015", AccountNumber: core.NewSecret("123456789")})
				if a == nil {
					t.Fatalf("no Answer: %v\n%s", err, b.JSON)
				}
				again = rebuild(t, v, a)
			}
			var got any
			if err := json.Unmarshal(again, &got); err != nil {
				t.Fatal(err)
			}
			if missing := planttest.Missing(b, got); len(missing) > 0 {
				t.Errorf("dropped %d of %d planted members: %v\nsent %s\nkept %s", len(missing), len(b.Planted), missing, b.JSON, again)
			}
		})
	}
	if seen != len(ops) {
		t.Errorf("%d success responses for %d operations", seen, len(ops))
	}
}

// rebuild encodes the body an Answer was decoded from, from the Answer alone.
func rebuild(t *testing.T, v string, a *validation.Answer) []byte {
	t.Helper()
	env := map[string]any{}
	for k, x := range a.Envelope.All() {
		env[k] = x
	}
	env["AOAResponse"] = a.AOAResponse
	if v == "v2" {
		env["errorResponse"] = a.ErrorResponse
	}
	body := map[string]any{}
	for k, x := range a.AdditionalProperties.All() {
		body[k] = x
	}
	name := "accountValidationResponse"
	if v == "v2" {
		name = "accountValidationV2Response"
	}
	body[name] = env
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
