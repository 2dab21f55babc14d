package sdkclient

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"net/http"
	"net/http/httptrace"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/faultnet"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// hiddenTrace is a caller's RoundTripper that sends through an *http.Transport with a
// context that keeps the request's deadline and cancellation but none of its values: the
// SDK's trace hooks never fire, as with HTTP/3, a service mesh's client or a tracing wrapper
// that starts a context of its own.
type hiddenTrace struct{ next http.RoundTripper }

func (h hiddenTrace) RoundTrip(req *http.Request) (*http.Response, error) {
	return h.next.RoundTrip(req.WithContext(noValues{req.Context()}))
}

// noValues is a context without its parent's values.
type noValues struct{ context.Context }

func (noValues) Value(any) any { return nil }

// passThrough is a caller's RoundTripper that hands the request on as it came (its context,
// so the trace hooks, included), as a metrics wrapper does.
type passThrough struct{ next http.RoundTripper }

func (p passThrough) RoundTrip(req *http.Request) (*http.Response, error) {
	return p.next.RoundTrip(req)
}

// faultClients returns, for srv, the clients a write is sent with: HTTP/1.1 and HTTP/2 over
// TLS through an *http.Transport, a caller's RoundTripper that passes the trace on, and one
// that hides it. observed says whether the SDK can see the attempt's progress.
func faultClients(t *testing.T, srv *faultnet.Server) []faultClient {
	t.Helper()
	tlsConf := &tls.Config{RootCAs: srv.RootCAs, MinVersion: tls.VersionTLS12}
	h1 := &http.Transport{TLSClientConfig: tlsConf.Clone()} // a TLSClientConfig of its own: no HTTP/2
	h2 := &http.Transport{TLSClientConfig: tlsConf.Clone(), ForceAttemptHTTP2: true}
	t.Cleanup(h1.CloseIdleConnections)
	t.Cleanup(h2.CloseIdleConnections)
	return []faultClient{
		{"http1", "http/1.1", h1, h1, true},
		{"http2", "h2", h2, h2, true},
		{"caller's transport/http2", "h2", passThrough{h2}, h2, true},
		{"caller's transport hiding the trace/http1", "http/1.1", hiddenTrace{h1}, h1, false},
		{"caller's transport hiding the trace/http2", "h2", hiddenTrace{h2}, h2, false},
	}
}

type faultClient struct {
	name     string
	proto    string
	rt       http.RoundTripper
	base     *http.Transport
	observed bool
}

// TestTLSErrorAfterTheWriteIsOutcomeUnknown: a middlebox breaks the TLS connection after the
// server received the whole payout (a record header that is not a valid TLS record: `17 03 01
// 00 10`, or the oversized `17 03 03 ff ff`). crypto/tls returns a tls.RecordHeaderError, the
// error a server that does not speak TLS gives during the handshake. The payout must run once
// and the call say outcome unknown, over HTTP/1.1 and HTTP/2, whatever the RoundTripper. Before
// the fix the error's kind alone counted it as "never sent": the payout was sent again, ran
// twice, and the call returned success.
//
// The same bytes in place of the handshake prove nothing was sent when the SDK saw it: the
// transport never got a connection for the request. It is re-sent (and runs once) with a
// transport that fires the trace hooks, and is outcome unknown with one that hides them.
func TestTLSErrorAfterTheWriteIsOutcomeUnknown(t *testing.T) {
	srv, err := faultnet.Start()
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	for _, fc := range faultClients(t, srv) {
		for _, kind := range []faultnet.Kind{faultnet.BadRecordVersion, faultnet.BadRecordLength} {
			for _, stage := range []faultnet.Stage{faultnet.Handshake, faultnet.Processed} {
				f := faultnet.Fault{Stage: stage, Kind: kind}
				t.Run(fc.name+"/"+f.String(), func(t *testing.T) {
					p := newPipeline(t, &http.Client{Transport: fc.rt})
					runs := srv.Runs()
					srv.FailNext(f)
					resp, err := do(t, p, context.Background(), http.MethodPost, srv.URL+"/disbursements", `{"amount":"10.00"}`)
					if resp != nil {
						DrainAndClose(resp.Body)
					}
					fc.base.CloseIdleConnections()
					assert.Zero(t, srv.Pending(), "the fault was used")
					srv.Clear()
					ran := srv.Runs() - runs
					if stage == faultnet.Handshake && fc.observed {
						require.NoError(t, err, "nothing was written: sent again")
						assert.Equal(t, 200, resp.StatusCode)
						assert.Equal(t, int64(1), ran, "the payout ran once")
						return
					}
					want := int64(0)
					if stage == faultnet.Processed {
						want = 1
					}
					assert.Equal(t, want, ran, "payouts run")
					require.Error(t, err)
					assert.True(t, errors.Is(err, core.ErrOutcomeUnknown), "outcome unknown: %v", err)
					var ou *core.OutcomeUnknownError
					if assert.ErrorAs(t, err, &ou) {
						assert.Equal(t, 1, ou.Attempts)
					}
				})
			}
		}
	}
}

// TestDialErrorOfAnUnobservedTransportIsOutcomeUnknown: a dial error proves nothing when the
// SDK cannot see which connection it came from (a RoundTripper that opens a second connection
// after the first carried the request); with a transport that fires the trace hooks and never
// got a connection, the write is sent again.
func TestDialErrorOfAnUnobservedTransportIsOutcomeUnknown(t *testing.T) {
	refused := "127.0.0.1:1" // nothing listens on port 1
	for _, tc := range []struct {
		name     string
		rt       http.RoundTripper
		observed bool
	}{
		{"http.Transport", &http.Transport{}, true},
		{"caller's transport hiding the trace", hiddenTrace{&http.Transport{}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPipeline(t, &http.Client{Transport: tc.rt}, func(o *testOptions) { o.Retry.MaxAttempts = 2 })
			_, err := do(t, p, context.Background(), http.MethodPost, "http://"+refused+"/disbursements", `{"amount":"10.00"}`)
			require.Error(t, err)
			assert.True(t, strings.Contains(err.Error(), "connect"), "%v", err)
			assert.Equal(t, !tc.observed, errors.Is(err, core.ErrOutcomeUnknown), "%v", err)
			if tc.observed {
				var ou *core.OutcomeUnknownError
				assert.False(t, errors.As(err, &ou))
			}
		})
	}
}

// TestAttemptLogSeesNothingWithoutAConnection: the hooks net/http calls decide; a log that saw
// no GetConn proves nothing, one that saw GotConn proves nothing either.
func TestAttemptLogSeesNothingWithoutAConnection(t *testing.T) {
	l := newAttemptLog()
	assert.False(t, l.observedUnsent(), "no hook fired: nothing observed")
	l.trace.GetConn("127.0.0.1:443")
	assert.True(t, l.observedUnsent(), "looked for a connection, got none")
	l.trace.TLSHandshakeDone(tls.ConnectionState{}, errors.New("handshake failed"))
	assert.True(t, l.observedUnsent(), "a failed handshake writes no request")
	for name, hook := range map[string]func(*attemptLog){
		"GotConn":          func(l *attemptLog) { l.trace.GotConn(httptrace.GotConnInfo{}) },
		"TLSHandshakeDone": func(l *attemptLog) { l.trace.TLSHandshakeDone(tls.ConnectionState{}, nil) },
		"WroteRequest":     func(l *attemptLog) { l.trace.WroteRequest(httptrace.WroteRequestInfo{}) },
	} {
		l := newAttemptLog()
		l.trace.GetConn("127.0.0.1:443")
		hook(l)
		assert.False(t, l.observedUnsent(), "%s: the request may have been written", name)
	}
}

// TestAnswerLostThroughATransportThatReplacesTheContext: a caller's RoundTripper that sends
// with a context of its own returns a response whose Request has none of the call's state.
// A write's answer lost while its body is read must still be an outcome unknown (it was a
// plain error, which invites sending the write again).
func TestAnswerLostThroughATransportThatReplacesTheContext(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte(`{}`)) })
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	p := newPipeline(t, &http.Client{Transport: hiddenTrace{tr}})
	resp, err := do(t, p, context.Background(), http.MethodPost, srv.URL+"/disbursements", `{"amount":"10.00"}`)
	require.NoError(t, err)
	lost := AnswerLost(resp, io.ErrUnexpectedEOF)
	assert.True(t, errors.Is(lost, core.ErrOutcomeUnknown), "a write's lost answer: %v", lost)
	assert.ErrorIs(t, lost, io.ErrUnexpectedEOF)
	assert.NotEmpty(t, CorrelationID(resp))
}
