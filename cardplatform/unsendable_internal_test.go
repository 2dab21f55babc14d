package cardplatform

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/oauth2"

	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// countingToken is a token source that counts its calls and returns tok.
type countingToken struct {
	tok   string
	calls atomic.Int32
}

func (c *countingToken) Token() (*oauth2.Token, error) {
	c.calls.Add(1)
	return &oauth2.Token{AccessToken: c.tok, TokenType: "Bearer"}, nil
}

// TestUnsendableIsNotUnknown: a token that HTTP cannot carry in a header (CR/LF, LF, DEL, NUL)
// and a header a middleware step adds with a line break never leave the process, so the call
// fails with ErrTokenSource or ErrInvalidArgument, proof of non-delivery: never
// ErrOutcomeUnknown, never retried, for every operation that must not be re-sent and for a
// read. Before the fix net/http refused the request inside the transport, which the SDK took
// for a failure after sending: ErrOutcomeUnknown for every write, three attempts for reads.
func TestUnsendableIsNotUnknown(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	t.Cleanup(srv.Close)
	ids := []string{"getCard"}
	for _, op := range opstest.UnsafeOperations(operations) {
		ids = append(ids, op.ID)
	}
	for _, bad := range []string{"tok\r\nX-Injected: 1", "tok\n", "tok\x7f", "t\x00k"} {
		ts := &countingToken{tok: bad}
		c, err := New(srv.URL, core.WithTokenSource(ts))
		require.NoError(t, err)
		for _, id := range ids {
			_, err := opstest.Call(context.Background(), c, id)
			assert.True(t, errors.Is(err, core.ErrTokenSource), "%s %q: %v", id, bad, err)
			assert.False(t, errors.Is(err, core.ErrOutcomeUnknown), "%s %q: %v", id, bad, err)
			assert.NotContains(t, errString(err), bad, "the token is not quoted")
		}
		assert.LessOrEqual(t, ts.calls.Load(), int32(len(ids)), "no token request per retry")
	}
	step := func(r *http.Request, next core.Next) (*http.Response, error) {
		r.Header.Set("X-Trace", "a\nb")
		return next(r)
	}
	c, err := New(srv.URL, core.WithStaticToken("tok"), core.WithAttemptMiddleware(step))
	require.NoError(t, err)
	for _, id := range ids {
		_, err := opstest.Call(context.Background(), c, id)
		assert.True(t, errors.Is(err, core.ErrInvalidArgument), "%s: %v", id, err)
		assert.False(t, errors.Is(err, core.ErrOutcomeUnknown), "%s: %v", id, err)
	}
	assert.Zero(t, hits.Load(), "nothing reached the server")
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
