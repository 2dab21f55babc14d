package opstest

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/faultnet"
	"github.com/issuerkit/issuerkit-go/internal/ops"
	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// NewFaultClient builds a client of the package under test for base, sending with hc, with
// a whole-call ceiling and an idle timeout (file transfers) of timeout, and a static token.
type NewFaultClient func(base string, hc *http.Client, timeout time.Duration) (any, error)

// FaultPlan says how much of the enumeration WriteFaults runs.
type FaultPlan struct {
	// Representative is the operation whose request and answer are broken at every byte
	// offset (empty: the table's first unsafe operation); every other unsafe operation is
	// broken at the stage boundaries.
	Representative string
	// Stride breaks the representative at every Stride-th offset only (0 or 1: every offset),
	// for a run under the race detector.
	Stride int
	// HangTimeout is the call ceiling of the calls whose fault is a timeout.
	HangTimeout time.Duration
	// Workers is how many calls run at once, each worker with a server of its own.
	Workers int
	// Thin breaks each operation at every Thin-th of its boundary faults only, in turn from
	// one operation and transport to the next (0 or 1: all), for a run under the race
	// detector.
	Thin int
}

// Class is how a call of a write ended, in the words of the package doc's table.
type Class string

// The classes a faulted write can end in.
const (
	// NotSent: the SDK saw that nothing was written; the write was sent again (and ran once)
	// or, when its body cannot be rewound, the error is not an outcome unknown (and it never
	// ran).
	NotSent Class = "not sent"
	// Unknown: the call matches core.ErrOutcomeUnknown.
	Unknown Class = "outcome unknown"
)

// faultTransport is one way a write leaves: a RoundTripper around an *http.Transport (a new
// one for every call, so that no connection outlives its fault), whether the SDK can observe
// its progress (the RoundTripper passes the request's trace on), and its protocol.
type faultTransport struct {
	name     string
	proto    string
	observed bool
	wrap     func(*http.Transport) http.RoundTripper
}

// writeTransports returns HTTP/1.1 and HTTP/2 over TLS through an *http.Transport, a caller's
// RoundTripper that passes the request on (HTTP/2), and one that hides the trace (HTTP/1.1
// and HTTP/2: a context of its own, as HTTP/3, a mesh's client or a tracing wrapper has).
func writeTransports() []faultTransport {
	self := func(t *http.Transport) http.RoundTripper { return t }
	pass := func(t *http.Transport) http.RoundTripper { return passingOn{t} }
	hide := func(t *http.Transport) http.RoundTripper { return hidingTrace{t} }
	return []faultTransport{
		{"http1", "http/1.1", true, self},
		{"http2", "h2", true, self},
		{"caller's transport", "h2", true, pass},
		{"caller's transport hiding the trace, http1", "http/1.1", false, hide},
		{"caller's transport hiding the trace, http2", "h2", false, hide},
	}
}

// newTransport returns the *http.Transport of one call over proto.
func (tr faultTransport) newTransport(roots *tls.Config) *http.Transport {
	// A TLSClientConfig of its own turns HTTP/2 off unless it is forced.
	return &http.Transport{TLSClientConfig: roots.Clone(), ForceAttemptHTTP2: tr.proto == "h2"}
}

// passingOn is a caller's RoundTripper that hands the request on as it came, as a metrics
// wrapper does.
type passingOn struct{ next http.RoundTripper }

func (p passingOn) RoundTrip(r *http.Request) (*http.Response, error) { return p.next.RoundTrip(r) }

// hidingTrace is a caller's RoundTripper that sends with a context keeping the request's
// deadline and cancellation but none of its values: no trace hook of the SDK fires.
type hidingTrace struct{ next http.RoundTripper }

func (h hidingTrace) RoundTrip(r *http.Request) (*http.Response, error) {
	return h.next.RoundTrip(r.WithContext(valueless{r.Context()}))
}

type valueless struct{ context.Context }

func (valueless) Value(any) any { return nil }

// Expect returns the class the package doc's table gives a write broken by f over a
// transport whose progress the SDK observes (observed) or not, and how many times the server
// ran it.
func Expect(f faultnet.Fault, observed bool) (Class, int64) {
	switch f.Stage {
	case faultnet.Handshake:
		// Instead of the handshake: no connection was ever obtained. Only a malformed record
		// (the server does not speak TLS) is a kind that agrees with "not sent"; a reset, an
		// EOF, a timeout or an alert the server sent are not, and the SDK fails closed.
		if observed && (f.Kind == faultnet.BadRecordVersion || f.Kind == faultnet.BadRecordLength) {
			return NotSent, 1
		}
		return Unknown, 0
	case faultnet.Request:
		return Unknown, 0 // a connection was obtained and part of the request written
	default:
		return Unknown, 1 // the whole request arrived: the server ran it
	}
}

// WriteFaults proves, for every operation of table that is not retry-safe, over every
// transport of writeTransports, that no fault of the network makes the SDK send a write twice
// and that every call ends in the class Expect gives: plan.Representative is broken at every
// byte offset of its request and of its answer (each offset with one fault kind, in turn),
// every unsafe operation at every stage boundary with every fault kind that applies there.
//
// The calls are spread over workers, each with a faultnet server (127.0.0.1, TLS) and
// transports of its own, so that a fault always meets the call it was queued for; a call
// spends most of its time waiting for the network, and the workers overlap those waits.
func WriteFaults(t *testing.T, table *ops.Table, newClient NewFaultClient, plan FaultPlan) {
	t.Helper()
	unsafe := UnsafeOperations(table)
	if len(unsafe) == 0 {
		t.Log("no operation of the table is unsafe: nothing to break")
		return
	}
	if plan.Representative == "" {
		plan.Representative = unsafe[0].ID
	}
	var rep *ops.Operation
	for i := range unsafe {
		if unsafe[i].ID == plan.Representative {
			rep = &unsafe[i]
		}
	}
	require.NotNil(t, rep, "representative %s is not an unsafe operation", plan.Representative)
	workers := max(plan.Workers, 1)
	ws := make([]*faultWorker, workers)
	for i := range ws {
		w, err := newFaultWorker(t, newClient, plan)
		require.NoError(t, err)
		ws[i] = w
	}
	start := time.Now()
	var wg sync.WaitGroup
	for i, w := range ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.work(t, i, workers, unsafe, *rep, max(plan.Stride, 1), max(plan.Thin, 1))
		}()
	}
	wg.Wait()
	calls := 0
	for _, w := range ws {
		calls += w.calls
	}
	t.Logf("%d calls (%.0f/s) over %d unsafe operations and %d transports, %d workers, %.1fs",
		calls, float64(calls)/time.Since(start).Seconds(), len(unsafe), len(ws[0].trs), workers, time.Since(start).Seconds())
}

// faultWorker makes calls against a faultnet server of its own.
type faultWorker struct {
	srv       *faultnet.Server
	roots     *tls.Config
	trs       []faultTransport
	newClient NewFaultClient
	hang      time.Duration
	calls     int
}

func newFaultWorker(t *testing.T, newClient NewFaultClient, plan FaultPlan) (*faultWorker, error) {
	srv, err := faultnet.Start()
	if err != nil {
		return nil, err
	}
	t.Cleanup(srv.Close)
	hang := plan.HangTimeout
	if hang <= 0 {
		hang = 250 * time.Millisecond
	}
	return &faultWorker{srv: srv, roots: &tls.Config{RootCAs: srv.RootCAs, MinVersion: tls.VersionTLS12},
		trs: writeTransports(), newClient: newClient, hang: hang}, nil
}

// call calls op over transport k, on a new *http.Transport and client, with the ceiling
// timeout, then closes the transport's connections and waits until the server saw every one
// end: nothing of this call counts toward the next. quiet is false when one stayed open.
func (w *faultWorker) call(k int, op ops.Operation, timeout time.Duration) (found bool, err error, quiet bool) {
	base := w.trs[k].newTransport(w.roots)
	defer func() {
		// An HTTP/2 connection whose stream was cancelled is idle only once the server
		// answered the PING that follows: close idle connections until the server is quiet.
		for end := time.Now().Add(10 * time.Second); ; {
			base.CloseIdleConnections()
			if quiet = w.srv.Quiet(10 * time.Millisecond); quiet || time.Now().After(end) {
				return
			}
		}
	}()
	client, err := w.newClient(w.srv.URL, &http.Client{Transport: w.trs[k].wrap(base)}, timeout)
	if err != nil {
		return true, fmt.Errorf("building the client: %w", err), true
	}
	w.srv.SetReply(reply(client, op))
	// One correlation id for every call: the request's bytes do not change from call to call
	// (HPACK codes a new UUID in a length of its own), so an offset means the same byte.
	found, err = Call(sdkclient.WithCorrelationID(context.Background(), "faultnet-0000-0000-0000-000000000000"), client, op.ID)
	return found, err, true
}

// work runs the worker's share (index i of n) of the enumeration: the representative's
// offsets congruent to i modulo n (every stride-th), and the boundaries of the operations
// whose index is (every thin-th of them, in turn).
func (w *faultWorker) work(t *testing.T, i, n int, unsafe []ops.Operation, rep ops.Operation, stride, thin int) {
	for k, tr := range w.trs {
		reqLen, ansLen, ok := w.sizes(t, k, rep)
		if !ok {
			return
		}
		kinds := applicable(faultnet.Transport, tr.proto, faultnet.Request)
		for off := i * stride; off < reqLen; off += n * stride {
			// Over HTTP/2 the client's own frames (a SETTINGS ack) may come before or after
			// the request's last frame: the request's length moves by a frame's size.
			mayMiss := tr.proto == "h2" && off >= reqLen-32
			w.run(t, k, rep, faultnet.Fault{Stage: faultnet.Request, Offset: off, Kind: kinds[off%len(kinds)]}, mayMiss)
		}
		for off := i * stride; off < ansLen; off += n * stride {
			w.run(t, k, rep, faultnet.Fault{Stage: faultnet.Answer, Offset: off, Kind: kinds[off%len(kinds)]}, false)
		}
		for j := i; j < len(unsafe); j += n {
			for b, f := range boundaries(tr.proto) {
				if (b+j+k)%thin == 0 {
					w.run(t, k, unsafe[j], f, false)
				}
			}
		}
	}
}

// sizes calls op unbroken over transport k and returns the sizes of its request and answer.
func (w *faultWorker) sizes(t *testing.T, k int, op ops.Operation) (request, answer int, ok bool) {
	found, err, _ := w.call(k, op, time.Minute) // the server recorded the sizes before its connection ended
	if !assert.True(t, found) || !assert.NoError(t, err, "%s, %s unbroken", w.trs[k].name, op.ID) {
		return 0, 0, false
	}
	request, answer = w.srv.Sizes()
	return request, answer, assert.Positive(t, request) && assert.Positive(t, answer)
}

// run calls op over transport k with fault f and checks how it ended. mayMiss allows the
// request to end before f's offset: the call must then succeed, the write run once.
func (w *faultWorker) run(t *testing.T, k int, op ops.Operation, f faultnet.Fault, mayMiss bool) {
	tr, srv := w.trs[k], w.srv
	timeout := time.Minute
	if f.Kind == faultnet.Hang {
		timeout = w.hang
	}
	w.calls++
	runs, touched, conns, missed := srv.Runs(), srv.Touched(), srv.Conns(), srv.Missed()
	srv.FailNext(f)
	t0 := time.Now()
	found, err, quiet := w.call(k, op, timeout)
	if d := time.Since(t0); d > 5*time.Second {
		t.Logf("%s, %s: %s took %v", tr.name, op.ID, f, d)
	}
	assert.True(t, quiet, "%s, %s: %s: a connection stays open", tr.name, op.ID, f)
	what := fmt.Sprintf("%s, %s: %s", tr.name, op.ID, f)
	if !assert.True(t, found, "no method for %s", op.ID) {
		return
	}
	ran := srv.Runs() - runs
	if f.Kind == faultnet.Hang && srv.Pending() > 0 {
		// The short ceiling ended before the client even connected (a loaded machine):
		// net/http may still finish that dial in the background, and its connection would
		// take the next call's fault. Let it take this one, then go on.
		for end := time.Now().Add(3 * time.Second); srv.Pending() > 0 && time.Now().Before(end); {
			time.Sleep(5 * time.Millisecond)
		}
		srv.Clear()
		srv.Quiet(10 * time.Second)
		assert.Zero(t, srv.Runs()-runs, "%s: gave up before connecting, yet ran", what)
		assert.True(t, errors.Is(err, core.ErrOutcomeUnknown), "%s: want outcome unknown, got %v", what, err)
		return
	}
	if !assert.Zero(t, srv.Pending(), "%s: the fault was not used", what) {
		srv.Clear()
		return
	}
	if srv.Missed() != missed {
		if assert.True(t, mayMiss, "%s: the fault broke nothing (%v)", what, err) {
			assert.NoError(t, err, "%s: unbroken", what)
			assert.Equal(t, int64(1), ran, "%s: unbroken, ran", what)
		}
		return
	}
	want, wantRuns := Expect(f, tr.observed)
	maxTouched := int64(1)
	if want == Unknown && err == nil && f.Stage == faultnet.Request && f.Kind == faultnet.GoAway && tr.proto == "h2" {
		// A GOAWAY before the request's stream opened makes the connection unusable: net/http's
		// HTTP/2 transport sends the untouched request (its body not read) on a new connection
		// (http2shouldRetryRequest, errClientConnUnusable). Nothing of it was written on the
		// first, which carried only the connection's preface and SETTINGS (counted as bytes
		// here: on a loaded machine, or Go 1.27's timing, the GOAWAY lands there): the write
		// ran once, and the call says so.
		want, wantRuns, maxTouched = NotSent, 1, 2
	}
	assert.LessOrEqual(t, srv.Touched()-touched, maxTouched, "%s: request bytes reached %d connections", what, srv.Touched()-touched)
	switch want {
	case NotSent:
		assert.False(t, errors.Is(err, core.ErrOutcomeUnknown), "%s: nothing was written, yet: %v", what, err)
		if err == nil {
			assert.Equal(t, wantRuns, ran, "%s: sent again, ran", what)
			assert.Equal(t, int64(2), srv.Conns()-conns, "%s: one connection refused, one carrying the write", what)
		} else {
			assert.Zero(t, ran, "%s: not sent again (%v), yet ran", what, err)
		}
	case Unknown:
		if f.Kind == faultnet.Hang {
			// The call's short ceiling may end before the whole request arrived (a loaded
			// machine): then it never ran.
			assert.LessOrEqual(t, ran, wantRuns, "%s: runs", what)
		} else {
			assert.Equal(t, wantRuns, ran, "%s: runs", what)
		}
		assert.True(t, errors.Is(err, core.ErrOutcomeUnknown), "%s: want outcome unknown, got %v", what, err)
		var ou *core.OutcomeUnknownError
		if errors.As(err, &ou) {
			assert.Equal(t, 1, ou.Attempts, "%s: attempts", what)
		}
	}
}

// reply is the answer op gets when nothing breaks: its last success status and an empty JSON
// value.
func reply(client any, op ops.Operation) faultnet.Reply {
	return faultnet.Reply{Status: op.Success[len(op.Success)-1], ContentType: "application/json", Body: []byte(emptyAnswer(client, op.ID))}
}

// boundaries returns the faults at every stage boundary that apply over proto: in place of
// the handshake, at the request's first byte, once the request arrived (the proxies' answers
// too), at the answer's first byte.
func boundaries(proto string) []faultnet.Fault {
	handshake := []faultnet.Kind{faultnet.Reset, faultnet.Close, faultnet.Hang, faultnet.Alert, faultnet.BadRecordVersion, faultnet.BadRecordLength}
	var out []faultnet.Fault
	for _, k := range handshake {
		out = append(out, faultnet.Fault{Stage: faultnet.Handshake, Kind: k})
	}
	for _, k := range applicable(faultnet.Transport, proto, faultnet.Request) {
		out = append(out, faultnet.Fault{Stage: faultnet.Request, Kind: k})
	}
	for _, k := range append(append(applicable(faultnet.Transport, proto, faultnet.Processed), faultnet.Hang), faultnet.Proxies...) {
		out = append(out, faultnet.Fault{Stage: faultnet.Processed, Kind: k})
	}
	for _, k := range applicable(faultnet.Transport, proto, faultnet.Answer) {
		out = append(out, faultnet.Fault{Stage: faultnet.Answer, Kind: k})
	}
	return out
}

// applicable returns the kinds that apply at stage over proto.
func applicable(kinds []faultnet.Kind, proto string, stage faultnet.Stage) []faultnet.Kind {
	var out []faultnet.Kind
	for _, k := range kinds {
		if (faultnet.Fault{Stage: stage, Kind: k}).Applies(proto) {
			out = append(out, k)
		}
	}
	return out
}

// emptyAnswer is the success body CallEveryOperation answers opID with: an empty JSON array
// for a method that returns a slice, else an empty object.
func emptyAnswer(client any, opID string) string {
	if m, ok := MethodFor(client, opID); ok && m.Type.NumOut() == 2 && m.Type.Out(0).Kind() == reflect.Slice {
		return "[]"
	}
	return "{}"
}
