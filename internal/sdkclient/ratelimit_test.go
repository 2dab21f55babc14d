package sdkclient

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"

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
	api := API{RateLimit: 1, Lockout: true, DecodeError: apierror.DecodeBankError}
	for _, op := range []string{"pay", "look"} {
		t.Run(op, func(t *testing.T) {
			hits.Store(0)
			p, base, cfg, err := Build(srv.URL, api, []core.Option{core.WithHTTPClient(srv.Client()), core.WithInsecureHTTP()})
			require.NoError(t, err)
			c := NewCore(p, base, cfg)
			r := Request{Op: table.Op(op), Path: table.Op(op).Path, Body: map[string]int{"amount": 1}}
			require.NoError(t, CallNoContent[core.CallOption](t.Context(), &c, r, nil), "the first request goes at once")

			ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond) // the next turn is ~1.1 s away
			defer cancel()
			err = CallNoContent[core.CallOption](ctx, &c, r, nil)
			require.Error(t, err)
			var ou *core.OutcomeUnknownError
			assert.False(t, errors.As(err, &ou), "never sent, so not an outcome unknown: %v", err)
			assert.ErrorIs(t, err, core.ErrRateLimited)
			assert.ErrorIs(t, err, context.DeadlineExceeded)

			ctx, cancel = context.WithCancel(t.Context())
			time.AfterFunc(50*time.Millisecond, cancel)
			err = CallNoContent[core.CallOption](ctx, &c, r, nil)
			assert.False(t, errors.As(err, &ou), "cancelled while waiting for its turn: not sent: %v", err)
			assert.ErrorIs(t, err, core.ErrRateLimited)
			assert.ErrorIs(t, err, context.Canceled)
			assert.Equal(t, int32(1), hits.Load(), "only the first request reached the server")
		})
	}
}

// delayedWrites is a RoundTripper that stands for a loaded machine between the limiter's turn
// and the write: it sleeps a random time before handing the request to next, and records
// when each request reached it (entered) and when net/http wrote it (httptrace WroteRequest,
// whose hook runs before the limiter's: added later, it is called first).
type delayedWrites struct {
	next    http.RoundTripper
	mu      sync.Mutex
	rnd     *rand.Rand
	entered []time.Time
	wrote   []time.Time
}

func (d *delayedWrites) RoundTrip(req *http.Request) (*http.Response, error) {
	d.mu.Lock()
	d.entered = append(d.entered, time.Now())
	delay := time.Duration(d.rnd.IntN(60)) * time.Millisecond
	d.mu.Unlock()
	time.Sleep(delay)
	req = req.WithContext(httptrace.WithClientTrace(req.Context(), &httptrace.ClientTrace{
		WroteRequest: func(httptrace.WroteRequestInfo) {
			d.mu.Lock()
			d.wrote = append(d.wrote, time.Now())
			d.mu.Unlock()
		},
	}))
	return d.next.RoundTrip(req)
}

// TestTurnSpacedFromTheWrite: the client-side limiter hands the next turn out one interval
// after the previous request was seen written (net/http's WroteRequest), not one interval
// after the previous turn: requests delayed at random between their turn and their write
// (up to 60 ms, beyond the margin the limiter leaves at this rate) never come closer than the
// interval to each other, and no request is handed to the transport before the one before it
// was written. Delays only widen the gaps, so load cannot make this fail.
func TestTurnSpacedFromTheWrite(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) }))
	defer srv.Close()
	look := ops.Operation{ID: "look", Method: http.MethodGet, Path: "/look", Success: []int{200}, RetrySafe: true}
	table := ops.NewTable([]ops.Operation{look})
	rate := 10.0
	interval := time.Duration(float64(time.Second) / (rate * jitterGuard)) // 108.7 ms, rounded down
	dw := &delayedWrites{next: srv.Client().Transport, rnd: rand.New(rand.NewPCG(34, 1))}
	api := API{RateLimit: rate, Lockout: true, DecodeError: apierror.DecodeBankError}
	p, base, cfg, err := Build(srv.URL, api, []core.Option{core.WithHTTPClient(&http.Client{Transport: dw}), core.WithInsecureHTTP(), core.Option(WithPrivateBudget())})
	require.NoError(t, err)
	c := NewCore(p, base, cfg)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 4 {
				assert.NoError(t, CallNoContent[core.CallOption](t.Context(), &c, Request{Op: table.Op("look"), Path: "/look"}, nil))
			}
		})
	}
	wg.Wait()
	require.Len(t, dw.wrote, 16)
	require.Len(t, dw.entered, 16)
	for i := 1; i < 16; i++ {
		assert.GreaterOrEqual(t, dw.wrote[i].Sub(dw.wrote[i-1]), interval, "write %d after write %d", i, i-1)
		assert.GreaterOrEqual(t, dw.entered[i].Sub(dw.wrote[i-1]), interval, "request %d handed over after write %d", i, i-1)
	}
}
