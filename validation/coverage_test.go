package validation_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/issuerkit/issuerkit-go/internal/fakekit"
	"github.com/issuerkit/issuerkit-go/internal/ops"
	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
	"github.com/issuerkit/issuerkit-go/paging/banktest"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationfake"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
)

// withToken adds the sandbox token to a request.
func withToken(r *http.Request) { r.Header.Set("Authorization", "Bearer "+validationtest.Token) }

// TestSandboxServesEveryOperation: validationtest has a route for every operation of
// validation.yaml, in the published and the documented form; an operation without one would
// answer the typed not-served answer (sandbox.NotServedStatus), which this test reports.
func TestSandboxServesEveryOperation(t *testing.T) {
	for _, form := range []struct {
		name string
		opts []validationtest.Option
	}{{"published", nil}, {"documented", []validationtest.Option{validationtest.WithDocumentedAPI()}}} {
		t.Run(form.name, func(t *testing.T) {
			srv := validationtest.NewServer(t, append(form.opts, validationtest.WithRateLimit(0))...)
			opstest.AssertServed(t, validation.Operations, "", &http.Client{}, srv.URL, withToken)
		})
	}
}

// TestBankSandboxServesEveryValidationOperation: banktest's one origin hands every operation
// of validation.yaml to the validation sandbox, which records it under its operation id.
func TestBankSandboxServesEveryValidationOperation(t *testing.T) {
	srv := banktest.NewServer(t, banktest.WithRateLimit(0))
	opstest.SendEveryOperation(t, validation.Operations, "", srv.HTTPClient(), srv.URL, withToken,
		func(t *testing.T, op ops.Operation, a opstest.Answer) {
			assert.Empty(t, a.NotServed(), "%s: %s", op.ID, a.Body)
			assert.NotEmpty(t, srv.Validation.RequestsFor(op.ID), "%s reached the validation sandbox", op.ID)
		})
}

// TestFakeHasEveryOperation: validationfake has a route for every operation of the spec: with
// no function set it answers 501 "not faked", recorded under the operation's id, never the
// fake's "no operation" 404.
func TestFakeHasEveryOperation(t *testing.T) {
	f := &validationfake.Fake{}
	opstest.SendEveryOperation(t, validation.Operations, "", &http.Client{Transport: f}, fakekit.BaseURL, nil,
		func(t *testing.T, op ops.Operation, a opstest.Answer) {
			assert.Equal(t, http.StatusNotImplemented, a.Status, "%s: %s", op.ID, a.Body)
			assert.Contains(t, string(a.Body), "not faked", op.ID)
			calls := f.Calls()
			if assert.NotEmpty(t, calls) {
				assert.Equal(t, op.ID, calls[len(calls)-1].OperationID)
			}
		})
}
