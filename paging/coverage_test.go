package paging_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/issuerkit/issuerkit-go/internal/fakekit"
	"github.com/issuerkit/issuerkit-go/internal/ops"
	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/banktest"
	"github.com/issuerkit/issuerkit-go/paging/pagingfake"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// bearer adds the sandbox token to a request.
func bearer(token string) func(*http.Request) {
	return func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }
}

// TestSandboxServesEveryOperation: pagingtest has a route for every operation of
// banklists.yaml, in the published and the documented form; an operation without one would
// answer the typed not-served answer (sandbox.NotServedStatus), which this test reports.
func TestSandboxServesEveryOperation(t *testing.T) {
	for _, form := range []struct {
		name string
		opts []pagingtest.Option
	}{{"published", nil}, {"documented", []pagingtest.Option{pagingtest.WithDocumentedAPI()}}} {
		t.Run(form.name, func(t *testing.T) {
			srv := pagingtest.NewServer(t, append(form.opts, pagingtest.WithRecords(3))...)
			opstest.AssertServed(t, paging.Operations, "", srv.HTTPClient(), srv.URL, bearer(pagingtest.Token))
		})
	}
}

// TestBankSandboxServesEveryListOperation: banktest's one origin hands every operation of
// banklists.yaml to the lists sandbox, which records it under its operation id.
func TestBankSandboxServesEveryListOperation(t *testing.T) {
	srv := banktest.NewServer(t, banktest.WithRateLimit(0))
	opstest.SendEveryOperation(t, paging.Operations, "", srv.HTTPClient(), srv.URL, bearer(banktest.Token),
		func(t *testing.T, op ops.Operation, a opstest.Answer) {
			assert.Empty(t, a.NotServed(), "%s: %s", op.ID, a.Body)
			assert.NotEmpty(t, srv.Lists.RequestsFor(op.ID), "%s reached the lists sandbox", op.ID)
		})
}

// TestFakeHasEveryOperation: pagingfake has a route, and a field, for every operation of the
// spec: an unset field answers 501 "not faked: <Method>", recorded under the operation's id,
// never the fake's "no operation" 404.
func TestFakeHasEveryOperation(t *testing.T) {
	f := &pagingfake.Fake{}
	hc := &http.Client{Transport: f}
	opstest.SendEveryOperation(t, paging.Operations, "", hc, fakekit.BaseURL, nil,
		func(t *testing.T, op ops.Operation, a opstest.Answer) {
			assert.Equal(t, http.StatusNotImplemented, a.Status, "%s: %s", op.ID, a.Body)
			assert.Contains(t, string(a.Body), "not faked", op.ID)
			calls := f.Calls()
			if assert.NotEmpty(t, calls) {
				assert.Equal(t, op.ID, calls[len(calls)-1].OperationID)
			}
		})
}
