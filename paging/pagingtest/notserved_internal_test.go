package pagingtest

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/sandbox"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
)

// TestNotServedIsTyped: an operation of the spec the sandbox has no route for answers the
// typed not-served answer, which the client decodes into an *Error of status 501 naming the
// operation, sent once (501 is not retried), never ErrNotFound: an unserved operation must not
// look like a missing record. The routes here are an empty mux (every operation unserved) and
// a mux whose only route is another operation's template that the request also fits.
func TestNotServedIsTyped(t *testing.T) {
	s := NewServer(t)
	other := http.NewServeMux()
	other.HandleFunc("GET /commercial/accounts/v1/{accountId}", func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusOK)
	})
	for name, mux := range map[string]*http.ServeMux{"no route": http.NewServeMux(), "another operation's route": other} {
		t.Run(name, func(t *testing.T) {
			var hits atomic.Int32
			h := s.served(mux)
			hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1); h.ServeHTTP(w, r) }))
			defer hs.Close()
			c, err := paging.New(hs.URL, core.WithStaticToken(Token), paging.WithRateLimit(0), paging.WithKeyClientID("0123456789abcdef0123456789abcdef"))
			require.NoError(t, err)
			for _, call := range []func() error{
				func() error {
					_, err := c.ListRTPParticipants(t.Context(), paging.ListRTPParticipantsRequest{Limit: 1})
					return err
				},
				func() error {
					_, err := c.ListCommercialAccounts(t.Context(), paging.ListCommercialAccountsRequest{Limit: 1})
					return err
				},
			} {
				hits.Store(0)
				err := call()
				var e *core.Error
				require.ErrorAs(t, err, &e)
				assert.Equal(t, sandbox.NotServedStatus, e.StatusCode)
				assert.Contains(t, err.Error(), sandbox.NotServedMessage)
				assert.False(t, errors.Is(err, core.ErrNotFound), "not ErrNotFound: %v", err)
				assert.ErrorIs(t, err, core.ErrServerError)
				assert.Equal(t, int32(1), hits.Load(), "sent once")
			}
		})
	}
}

// TestEveryHandlerIsAnOperation: every function of handlers serves an operation of the spec
// (a renamed operationId would otherwise leave its handler unused and the operation unserved).
func TestEveryHandlerIsAnOperation(t *testing.T) {
	s := NewServer(t)
	ids := s.spec.OperationIDs()
	for id := range s.handlers() {
		assert.Contains(t, ids, id)
	}
}
