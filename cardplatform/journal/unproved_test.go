package journal_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/oauth2"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestDoUnprovedErrorIsSettledByReadBack: an error that does not prove nothing left — here a
// caller's call middleware that sends the request and then returns errors of its own, a
// plain one and the context's — leaves the attempt sending for a read-back, never pending: the
// payout ran, and it is settled committed without a second request.
func TestDoUnprovedErrorIsSettledByReadBack(t *testing.T) {
	for name, replaced := range map[string]error{
		"plain error":   errors.New("middleware: audit store down"),
		"context error": context.Canceled,
	} {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t)
			swallow := func(req *http.Request, next func(*http.Request) (*http.Response, error)) (*http.Response, error) {
				resp, err := next(req)
				if err == nil && req.Method == http.MethodPost && strings.HasSuffix(req.URL.Path, "/disbursements") {
					_ = resp.Body.Close()
					return nil, replaced
				}
				return resp, err
			}
			c, err := cardplatform.New(f.srv.URL,
				core.WithTokenSource(oauth2.StaticTokenSource(&oauth2.Token{AccessToken: cardplatformtest.Token})),
				core.WithCallMiddleware(swallow))
			require.NoError(t, err)
			j, err := journal.New(c, f.store, quick)
			require.NoError(t, err)
			ctx := context.Background()

			_, err = journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
			se := settling(t, err)
			assert.Equal(t, journal.StateSending, se.State, "not proved unsent: a read-back decides")
			assert.Equal(t, 1, f.sent())
			assert.Equal(t, 1, f.ran())

			f.waitDue(t, "p")
			rep, err := j.Recover(ctx)
			require.NoError(t, err)
			assert.Equal(t, 1, rep.Committed, "%+v", rep)
			assert.Equal(t, 1, f.sent(), "never sent again")
			assert.Equal(t, journal.StateCommitted, f.entry(t, "p").State)
		})
	}
}

// TestDoRateLimitedWaitsItsTurn: a 429 proves the platform did nothing and asks to be asked
// later: the entry stays pending, the attempt not counted, due after Retry-After; a recovery
// pass then sends it once. It is never recorded refused, which would end the key's write.
func TestDoRateLimitedWaitsItsTurn(t *testing.T) {
	f := newFixture(t)
	c, err := cardplatform.New(f.srv.URL, // one attempt a call: the SDK's own retries end on the 429
		core.WithTokenSource(oauth2.StaticTokenSource(&oauth2.Token{AccessToken: cardplatformtest.Token})),
		core.WithRetry(core.RetryOptions{MaxAttempts: 1}))
	require.NoError(t, err)
	j, err := journal.New(c, f.store, quick)
	require.NoError(t, err)
	ctx := context.Background()
	f.fail(t, "CreateDisbursement", 1, cardplatformtest.Fault{Status: http.StatusTooManyRequests,
		Header: http.Header{"Retry-After": {"1"}}})

	_, err = journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	se := settling(t, err)
	assert.Equal(t, journal.StatePending, se.State)
	assert.Equal(t, 1, f.sent())
	assert.Equal(t, 0, f.ran())
	e := f.entry(t, "p")
	assert.Equal(t, journal.StatePending, e.State)
	assert.Equal(t, 0, e.Attempts, "a 429 is not an attempt")
	assert.False(t, e.DueAt.IsZero(), "due after the platform's Retry-After")

	f.waitDue(t, "p")
	rep, err := j.Recover(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, rep.Committed, "%+v", rep)
	assert.Equal(t, 1, f.ran())
	assert.Equal(t, journal.StateCommitted, f.entry(t, "p").State)
}
