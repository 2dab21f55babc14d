package cardplatform

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestUnsafeStatusTable answers every operation that must not be re-sent with each status
// class: only a 4xx other than 408 proves the request was not processed (a plain *Error,
// sent once); 408, every 5xx (503 included: a proxy answers it after forwarding the request)
// and an unexpected 1xx-free 3xx that is not a redirect leave the outcome unknown. Before the
// fix 503 and 501 were reported as plain refusals, which a caller answers by paying again.
func TestUnsafeStatusTable(t *testing.T) {
	var status, hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		_, _ = io.Copy(io.Discard, r.Body)
		w.WriteHeader(int(status.Load()))
	}))
	t.Cleanup(srv.Close)
	c, err := New(srv.URL, core.WithStaticToken("tok"))
	require.NoError(t, err)
	notProcessed := []int{400, 401, 403, 404, 409, 413, 422, 429}
	unknown := []int{300, 304, 408, 500, 501, 502, 503, 504, 599}
	for _, op := range opstest.UnsafeOperations(operations) {
		for _, st := range append(append([]int(nil), notProcessed...), unknown...) {
			status.Store(int32(st))
			before := hits.Load()
			_, err := opstest.Call(context.Background(), c, op.ID)
			require.Error(t, err, "%s %d", op.ID, st)
			assert.Equal(t, int32(1), hits.Load()-before, "%s %d: sent once", op.ID, st)
			var e *core.Error
			assert.True(t, errors.As(err, &e) && e.StatusCode == st, "%s %d: %v", op.ID, st, err)
			if st < 400 || st == 408 || st >= 500 {
				assert.True(t, errors.Is(err, core.ErrOutcomeUnknown), "%s %d is not proof of non-processing: %v", op.ID, st, err)
			} else {
				assert.False(t, errors.Is(err, core.ErrOutcomeUnknown), "%s %d proves non-processing: %v", op.ID, st, err)
			}
		}
	}
}

// TestUnsafeSuccessWithLostBody answers every operation that must not be re-sent with its
// success status and a body that is cut off (unexpected EOF) or does not decode: the platform
// said it acted, so the error matches ErrOutcomeUnknown, says which status arrived, and is
// still a *DecodeError. An operation whose method returns no result succeeds: the status is
// its whole answer. Before the fix the error was a bare *DecodeError, which a caller's
// ErrOutcomeUnknown branch misses.
func TestUnsafeSuccessWithLostBody(t *testing.T) {
	var mode atomic.Int32 // 0: cut off, 1: not JSON
	var success atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		if mode.Load() == 1 {
			w.WriteHeader(int(success.Load()))
			_, _ = io.WriteString(w, `{"card_proxy": `)
			return
		}
		w.Header().Set("Content-Length", "4096")
		w.WriteHeader(int(success.Load()))
		_, _ = io.WriteString(w, `{"card_proxy":"p`)
		if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
			_ = conn.Close()
		}
	}))
	t.Cleanup(srv.Close)
	c, err := New(srv.URL, core.WithStaticToken("tok"))
	require.NoError(t, err)
	for _, op := range opstest.UnsafeOperations(operations) {
		m, ok := opstest.MethodFor(c, op.ID)
		require.True(t, ok, op.ID)
		for _, st := range op.Success {
			for _, md := range []int32{0, 1} {
				success.Store(int32(st))
				mode.Store(md)
				_, err := opstest.Call(context.Background(), c, op.ID)
				if m.Type.NumOut() == 1 || op.ID == "updateCard" && st == http.StatusCreated {
					// No result, or a status whose answer has no body (UpdateCard's 201).
					assert.NoError(t, err, "%s %d: the status is the whole answer", op.ID, st)
					continue
				}
				name := fmt.Sprintf("%s %d mode %d", op.ID, st, md)
				require.Error(t, err, name)
				assert.True(t, errors.Is(err, core.ErrOutcomeUnknown), "%s: %v", name, err)
				var de *core.DecodeError
				assert.True(t, errors.As(err, &de), "%s: %v", name, err)
				assert.Contains(t, err.Error(), "answered with status "+strconv.Itoa(st), name)
			}
		}
	}
}
