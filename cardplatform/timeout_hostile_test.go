package cardplatform_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The time limits of these tests are small and the margins generous: a call that must end
// gets ten seconds to do so (its limit is 200 ms), and a body that must complete keeps
// flowing, a chunk every 20 ms, against an idle timeout of one second.
const mustEndWithin = 10 * time.Second

// trickleServer answers 200 at once, then sends its body one byte every 20 ms: after n bytes
// it ends the body when n > 0, and trickles until the client goes away when n == 0.
func trickleServer(t *testing.T, body string, n int) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	stop := make(chan struct{}) // closed when the test ends, before srv.Close: a failing test ends too
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		for i := 0; n == 0 || i < n; i++ {
			b := " " // white space before the JSON value: every byte is a valid start
			if n > 0 && i == n-1 {
				b = body
			}
			if _, err := io.WriteString(w, b); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(stop) })
	return srv, &hits
}

// within runs f and fails the test if it has not returned after mustEndWithin.
func within[T any](t *testing.T, f func() (T, error)) (T, error) {
	t.Helper()
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := f()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-time.After(mustEndWithin):
		t.Fatalf("the call had not ended after %s", mustEndWithin)
		panic("unreachable")
	}
}

func disbursement() cardplatform.DisbursementDTO {
	return cardplatform.DisbursementDTO{Amount: core.NewDecimalFromInt(25075, 2), ClientReferenceID: "payout-9"}
}

// TestTrickledBodyEndsAtTheCallCeiling: a body trickled byte after byte never ends by an idle
// timeout, and the caller's context here has no deadline: the whole-call ceiling ends it, with
// a *TimeoutError (ErrTimeout, context.DeadlineExceeded). A read is not retried past its
// ceiling; an operation that moves money also matches ErrOutcomeUnknown (the server answered
// 200, the answer was lost).
func TestTrickledBodyEndsAtTheCallCeiling(t *testing.T) {
	const ceiling = 200 * time.Millisecond
	t.Run("client ceiling, GetCard", func(t *testing.T) {
		srv, hits := trickleServer(t, "", 0)
		c, err := cardplatform.New(srv.URL, core.WithStaticToken("tok"), core.WithTimeout(ceiling))
		require.NoError(t, err)
		card, err := within(t, func() (*cardplatform.CardDTO, error) { return c.GetCard(context.Background(), "proxy-1") })
		assert.Nil(t, card)
		assertCeiling(t, err, ceiling)
		assert.NotErrorIs(t, err, core.ErrOutcomeUnknown)
		var de *core.DecodeError
		assert.False(t, errors.As(err, &de), "a timeout is not a body that failed to decode: %v", err)
		assert.Equal(t, int32(1), hits.Load(), "the ceiling covers the whole call: no attempt after it")
	})
	t.Run("client ceiling, CreateDisbursement", func(t *testing.T) {
		srv, hits := trickleServer(t, "", 0)
		c, err := cardplatform.New(srv.URL, core.WithStaticToken("tok"), core.WithTimeout(ceiling))
		require.NoError(t, err)
		d, err := within(t, func() (*cardplatform.DisbursementResponse, error) {
			return c.CreateDisbursement(context.Background(), disbursement(), core.WithCorrelationID("corr-trickle"))
		})
		assert.Nil(t, d)
		assertCeiling(t, err, ceiling)
		assert.ErrorIs(t, err, core.ErrOutcomeUnknown, "the platform answered 200: the payment may be made")
		var ou *core.OutcomeUnknownError
		if assert.ErrorAs(t, err, &ou) {
			assert.Equal(t, "corr-trickle", ou.CorrelationID)
		}
		assert.Equal(t, int32(1), hits.Load())
	})
	t.Run("per-call ceiling under the client's default", func(t *testing.T) {
		srv, _ := trickleServer(t, "", 0)
		c, err := cardplatform.New(srv.URL, core.WithStaticToken("tok"))
		require.NoError(t, err)
		_, err = within(t, func() (*cardplatform.CardDTO, error) {
			return c.GetCard(context.Background(), "proxy-1", core.WithCallTimeout(ceiling))
		})
		assertCeiling(t, err, ceiling)
	})
	t.Run("per-call ceiling above the client's lets a slow body complete", func(t *testing.T) {
		srv, _ := trickleServer(t, `{"card_proxy":"proxy-1"}`, 30) // about 600 ms
		c, err := cardplatform.New(srv.URL, core.WithStaticToken("tok"), core.WithTimeout(ceiling))
		require.NoError(t, err)
		card, err := within(t, func() (*cardplatform.CardDTO, error) {
			return c.GetCard(context.Background(), "proxy-1", core.WithCallTimeout(mustEndWithin))
		})
		require.NoError(t, err)
		assert.Equal(t, "proxy-1", card.CardProxy)
	})
	t.Run("no answer at all, CreateDisbursement", func(t *testing.T) {
		var hits atomic.Int32
		stop := make(chan struct{})
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			hits.Add(1)
			_, _ = io.Copy(io.Discard, r.Body) // so that the server notices the client leave
			select {
			case <-r.Context().Done():
			case <-stop:
			}
		}))
		t.Cleanup(srv.Close)
		t.Cleanup(func() { close(stop) })
		c, err := cardplatform.New(srv.URL, core.WithStaticToken("tok"), core.WithTimeout(ceiling),
			core.WithHTTPClient(&http.Client{})) // no ResponseHeaderTimeout of its own
		require.NoError(t, err)
		_, err = within(t, func() (*cardplatform.DisbursementResponse, error) {
			return c.CreateDisbursement(context.Background(), disbursement())
		})
		assertCeiling(t, err, ceiling)
		assert.ErrorIs(t, err, core.ErrOutcomeUnknown)
		assert.Equal(t, int32(1), hits.Load())
	})
}

func assertCeiling(t *testing.T, err error, limit time.Duration) {
	t.Helper()
	require.Error(t, err)
	assert.ErrorIs(t, err, core.ErrTimeout)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	var te *core.TimeoutError
	if assert.ErrorAs(t, err, &te, "%v", err) {
		assert.Equal(t, limit, te.Limit)
		assert.False(t, te.Idle)
	}
}

// deadlineRecorder is a RoundTripper that records the deadline of each request's context.
type deadlineRecorder struct {
	left atomic.Int64 // time.Duration until the deadline, 0 when none
}

func (d *deadlineRecorder) RoundTrip(r *http.Request) (*http.Response, error) {
	if dl, ok := r.Context().Deadline(); ok {
		d.left.Store(int64(time.Until(dl)))
	}
	return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader(`{"card_proxy":"p"}`)), Request: r}, nil
}

// TestDefaultCallCeilingIsSixtySeconds: a JSON call whose context has no deadline gets one of
// 60 s (core.DefaultTimeout); WithTimeout(0) turns it off; a caller's shorter deadline
// stays.
func TestDefaultCallCeilingIsSixtySeconds(t *testing.T) {
	assert.Equal(t, 60*time.Second, core.DefaultTimeout)
	for _, tc := range []struct {
		name     string
		opts     []core.Option
		ctx      func() (context.Context, context.CancelFunc)
		min, max time.Duration
	}{
		{"default", nil, func() (context.Context, context.CancelFunc) { return context.Background(), func() {} }, 55 * time.Second, 60 * time.Second},
		{"WithTimeout(5m)", []core.Option{core.WithTimeout(5 * time.Minute)}, func() (context.Context, context.CancelFunc) { return context.Background(), func() {} }, 295 * time.Second, 300 * time.Second},
		{"WithTimeout(0): none", []core.Option{core.WithTimeout(0)}, func() (context.Context, context.CancelFunc) { return context.Background(), func() {} }, 0, 0},
		{"caller's shorter deadline", nil, func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 10*time.Second)
		}, 5 * time.Second, 10 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := &deadlineRecorder{}
			opts := append([]core.Option{core.WithHTTPClient(&http.Client{Transport: rec})}, tc.opts...)
			c, err := cardplatform.New("http://127.0.0.1:1", opts...)
			require.NoError(t, err)
			ctx, cancel := tc.ctx()
			defer cancel()
			_, err = c.GetCard(ctx, "p")
			require.NoError(t, err)
			left := time.Duration(rec.left.Load())
			assert.GreaterOrEqual(t, left, tc.min)
			assert.LessOrEqual(t, left, tc.max)
		})
	}
	_, err := cardplatform.New("https://platform.example.com", core.WithTimeout(-time.Second))
	assert.Error(t, err, "a negative ceiling is refused")
}

// downloadServer sends the file in chunks every 20 ms; after stallAfter chunks (0: never) it
// stops sending without ending the body.
func downloadServer(t *testing.T, chunks int, stallAfter int) (*httptest.Server, []byte) {
	t.Helper()
	chunk := bytes.Repeat([]byte("0123456789abcdef"), 64) // 1 KiB
	want := bytes.Repeat(chunk, chunks)
	stop := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/octet-stream")
		w.WriteHeader(http.StatusOK)
		for i := range chunks {
			if stallAfter > 0 && i == stallAfter {
				select {
				case <-r.Context().Done():
				case <-stop:
				}
				return
			}
			if _, err := w.Write(chunk); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(stop) })
	return srv, want
}

// TestDownloadIdleTimeout: a streamed download is not cut off by the whole-call ceiling while
// bytes flow (50 chunks over about a second against a 200 ms ceiling), and fails with an idle
// *TimeoutError when the server stops sending for longer than the idle timeout.
func TestDownloadIdleTimeout(t *testing.T) {
	const ceiling, idle = 200 * time.Millisecond, time.Second
	t.Run("bytes flow past the ceiling: complete", func(t *testing.T) {
		srv, want := downloadServer(t, 50, 0)
		c, err := cardplatform.New(srv.URL, core.WithStaticToken("tok"), core.WithTimeout(ceiling),
			cardplatform.WithIdleTimeout(idle))
		require.NoError(t, err)
		got, err := within(t, func() ([]byte, error) {
			d, err := c.DownloadBatchfile(context.Background(), cardplatform.BatchfileDownloadRequest{})
			if err != nil {
				return nil, err
			}
			defer d.Body.Close()
			return io.ReadAll(d.Body)
		})
		require.NoError(t, err)
		assert.Equal(t, want, got)
	})
	t.Run("the server stalls: idle timeout", func(t *testing.T) {
		srv, _ := downloadServer(t, 50, 3)
		c, err := cardplatform.New(srv.URL, core.WithStaticToken("tok"), cardplatform.WithIdleTimeout(idle))
		require.NoError(t, err)
		got, err := within(t, func() ([]byte, error) {
			d, err := c.DownloadBatchfile(context.Background(), cardplatform.BatchfileDownloadRequest{})
			if err != nil {
				return nil, err
			}
			defer d.Body.Close()
			return io.ReadAll(d.Body)
		})
		require.Error(t, err)
		assert.Len(t, got, 3<<10, "what arrived before the stall was delivered")
		assert.ErrorIs(t, err, core.ErrTimeout)
		var te *core.TimeoutError
		if assert.ErrorAs(t, err, &te) {
			assert.True(t, te.Idle)
			assert.Equal(t, idle, te.Limit)
		}
	})
}

// slowDocument yields n chunks of 1 KiB, one every 20 ms.
type slowDocument struct{ left int }

func (d *slowDocument) Read(p []byte) (int, error) {
	if d.left == 0 {
		return 0, io.EOF
	}
	time.Sleep(20 * time.Millisecond)
	d.left--
	return copy(p, bytes.Repeat([]byte("x"), min(len(p), 1<<10))), nil
}

// TestUploadIsNotCutOffWhileBytesFlow: a batch file upload taking about a second, against a
// 200 ms whole-call ceiling, completes: uploads have the idle timeout, reset by every byte sent.
func TestUploadIsNotCutOffWhileBytesFlow(t *testing.T) {
	var got atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := io.Copy(io.Discard, r.Body)
		got.Store(n)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"batchfile_guid":"3fa85f64-5717-4562-b3fc-2c963f66afa6"}`)
	}))
	t.Cleanup(srv.Close)
	c, err := cardplatform.New(srv.URL, core.WithStaticToken("tok"),
		core.WithTimeout(200*time.Millisecond), cardplatform.WithIdleTimeout(time.Second))
	require.NoError(t, err)
	res, err := within(t, func() (*cardplatform.CreateBatchfileResult, error) {
		return c.CreateBatchfile(context.Background(), cardplatform.BatchfileRequest{}, &slowDocument{left: 50})
	})
	require.NoError(t, err)
	require.NotNil(t, res.GUIDOnly)
	assert.Greater(t, got.Load(), int64(50<<10), "the whole document, base64-encoded, arrived")
}
