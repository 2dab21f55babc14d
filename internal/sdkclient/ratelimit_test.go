package sdkclient

import (
	"context"
	"errors"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/ops"
)

// TestLimiterRefusalIsNotSent: a request the client-side limiter holds back (its turn would
// come after the call's deadline, or the call is cancelled while it waits) never left, so it
// is reported as refused by the rate limit, matching the context's error, and never as an
// outcome unknown, even for an operation that moves money; nor is it retried.
func TestLimiterRefusalIsNotSent(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		w.WriteHeader(http.StatusCreated)
	}))
	defer srv.Close()
	pay := ops.Operation{ID: "pay", Method: http.MethodPost, Path: "/pay", Success: []int{201}}
	safe := ops.Operation{ID: "look", Method: http.MethodGet, Path: "/look", Success: []int{200, 201}, RetrySafe: true}
	table := ops.NewTable([]ops.Operation{pay, safe})
	api := API{Operations: table, RateLimit: 1, Lockout: true, DecodeError: apierror.DecodeBankError}
	for _, op := range []string{"pay", "look"} {
		t.Run(op, func(t *testing.T) {
			hits.Store(0)
			p, base, cfg, err := Build(srv.URL, api, []Option{WithHTTPClient(srv.Client()), WithInsecureHTTP()})
			require.NoError(t, err)
			c := NewCore(p, base, cfg)
			r := Request{Op: table.Op(op), Path: table.Op(op).Path, Body: map[string]int{"amount": 1}}
			require.NoError(t, CallNoContent[func(*CallConfig)](t.Context(), &c, r, nil), "the first request goes at once")

			ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond) // the next turn is ~1.1 s away
			defer cancel()
			err = CallNoContent[func(*CallConfig)](ctx, &c, r, nil)
			require.Error(t, err)
			var ou *core.OutcomeUnknownError
			assert.False(t, errors.As(err, &ou), "never sent, so not an outcome unknown: %v", err)
			assert.ErrorIs(t, err, core.ErrRateLimited)
			assert.ErrorIs(t, err, context.DeadlineExceeded)

			ctx, cancel = context.WithCancel(t.Context())
			time.AfterFunc(50*time.Millisecond, cancel)
			err = CallNoContent[func(*CallConfig)](ctx, &c, r, nil)
			assert.False(t, errors.As(err, &ou), "cancelled while waiting for its turn: not sent: %v", err)
			assert.ErrorIs(t, err, core.ErrRateLimited)
			assert.ErrorIs(t, err, context.Canceled)
			assert.Equal(t, int32(1), hits.Load(), "only the first request reached the server")
		})
	}
}
