package sdkclient

import (
	"context"
	"errors"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stallFirst answers the first request only after the client gave up on it, and the others
// at once.
func stallFirst(t *testing.T) *counted {
	t.Helper()
	var srv *counted
	srv = newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if srv.hits.Load() == 1 {
			_, _ = io.Copy(io.Discard, r.Body) // then the server notices the client leaving
			select {
			case <-r.Context().Done():
			case <-time.After(30 * time.Second):
			}
			return
		}
		w.WriteHeader(http.StatusOK)
	})
	return srv
}

// TestAttemptTimeoutRetriesSafe: a safe call whose first attempt stalls past the attempt
// timeout is sent again and succeeds, within a call context that has no deadline.
func TestAttemptTimeoutRetriesSafe(t *testing.T) {
	srv := stallFirst(t)
	p := newPipeline(t, testClient(t), func(o *testOptions) { o.Retry.AttemptTimeout = 100 * time.Millisecond })
	start := time.Now()
	resp, err := do(t, p, context.Background(), http.MethodGet, srv.URL, "")
	require.NoError(t, err)
	DrainAndClose(resp.Body)
	assert.EqualValues(t, 2, srv.hits.Load())
	// The stalled attempt ended by its timeout (100 ms), not by the server (30 s): a bound of
	// 10 s leaves a loaded machine room for two attempts under -race.
	assert.Less(t, time.Since(start), 10*time.Second)
}

// TestAttemptTimeoutUnsafeIsOutcomeUnknown: an unsafe call whose attempt timed out after
// sending is one attempt and ErrOutcomeUnknown (also a timeout), never re-sent.
func TestAttemptTimeoutUnsafeIsOutcomeUnknown(t *testing.T) {
	srv := stallFirst(t)
	p := newPipeline(t, testClient(t), func(o *testOptions) { o.Retry.AttemptTimeout = 100 * time.Millisecond })
	_, err := do(t, p, context.Background(), http.MethodPost, srv.URL, `{"amount":"1.00"}`)
	require.Error(t, err)
	assert.ErrorIs(t, err, core.ErrOutcomeUnknown)
	assert.ErrorIs(t, err, core.ErrTimeout)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	var ate *core.AttemptTimeoutError
	require.True(t, errors.As(err, &ate))
	assert.Equal(t, 1, ate.Attempt)
	assert.EqualValues(t, 1, srv.hits.Load(), "never re-sent")
}

// TestAttemptTimeoutCoversTheSuccessBody: the timer of a successful attempt is released when
// its body is closed, not before: a body read within the timeout completes.
func TestAttemptTimeoutCoversTheSuccessBody(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		time.Sleep(20 * time.Millisecond)
		_, _ = w.Write([]byte("late but in time"))
	})
	p := newPipeline(t, testClient(t), func(o *testOptions) { o.Retry.AttemptTimeout = 2 * time.Second })
	resp, err := do(t, p, context.Background(), http.MethodGet, srv.URL, "")
	require.NoError(t, err)
	buf := make([]byte, 64)
	n, _ := resp.Body.Read(buf)
	for n < len("late but in time") {
		m, rerr := resp.Body.Read(buf[n:])
		n += m
		if rerr != nil {
			break
		}
	}
	assert.Equal(t, "late but in time", string(buf[:n]))
}

// TestRetryStatusCodesForSafeOnly: StatusCodes replaces the retryable statuses of safe
// requests; an unsafe request is never re-sent after a status, whatever they say.
func TestRetryStatusCodesForSafeOnly(t *testing.T) {
	for _, tc := range []struct {
		name   string
		codes  []int
		method string
		status int
		hits   int32
	}{
		{"409 made retryable", []int{http.StatusConflict}, http.MethodGet, http.StatusConflict, 3},
		{"503 no longer retryable", []int{http.StatusConflict}, http.MethodGet, http.StatusServiceUnavailable, 1},
		{"none retryable", []int{}, http.MethodGet, http.StatusServiceUnavailable, 1},
		{"default", nil, http.MethodGet, http.StatusServiceUnavailable, 3},
		{"unsafe never", []int{http.StatusConflict, http.StatusServiceUnavailable}, http.MethodPost, http.StatusServiceUnavailable, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(tc.status) })
			p := newPipeline(t, testClient(t), func(o *testOptions) { o.Retry.StatusCodes = tc.codes })
			body := ""
			if tc.method == http.MethodPost {
				body = `{}`
			}
			_, err := do(t, p, context.Background(), tc.method, srv.URL, body)
			var ae *core.Error
			require.True(t, errors.As(err, &ae), "%v", err)
			assert.Equal(t, tc.status, ae.StatusCode)
			assert.Equal(t, tc.hits, srv.hits.Load())
		})
	}
}
