package cardplatform_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformfake"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/internal/fakekit"
	"github.com/issuerkit/issuerkit-go/internal/ops"
	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
)

// TestSandboxServesEveryOperation: cardplatformtest has a route for every operation of
// cardplatform.yaml; an operation without one would answer the typed not-served answer
// (sandbox.NotServedStatus), which this test reports.
func TestSandboxServesEveryOperation(t *testing.T) {
	srv := cardplatformtest.NewServer(t)
	opstest.AssertServed(t, cardplatform.Operations, "v1", srv.HTTPClient(), srv.URL, func(r *http.Request) {
		r.Header.Set("Authorization", "Bearer "+cardplatformtest.Token)
	})
}

// TestFakeHasEveryOperation: cardplatformfake has a route for every operation of the spec:
// with no function set it answers 501 "not faked", recorded under the operation's id, never
// the fake's "no operation" 404.
func TestFakeHasEveryOperation(t *testing.T) {
	f := &cardplatformfake.Fake{}
	opstest.SendEveryOperation(t, cardplatform.Operations, "v1", &http.Client{Transport: f}, fakekit.BaseURL, nil,
		func(t *testing.T, op ops.Operation, a opstest.Answer) {
			assert.Equal(t, http.StatusNotImplemented, a.Status, "%s: %s", op.ID, a.Body)
			assert.Contains(t, string(a.Body), "not faked", op.ID)
			calls := f.Calls()
			if assert.NotEmpty(t, calls) {
				assert.Equal(t, op.ID, calls[len(calls)-1].OperationID)
			}
		})
}
