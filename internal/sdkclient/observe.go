package sdkclient

import (
	"context"
	"crypto/tls"
	"errors"
	"net/http"
	"net/http/httptrace"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"sync/atomic"
)

// attemptLog records what one attempt of a request that must not be re-sent did, from an
// httptrace.ClientTrace of its own (sendOnce). The error's kind alone never proves a request
// unsent: crypto/tls and net/http can fail at any byte after the whole request was written
// with the error a refused handshake gives (a tls.RecordHeaderError from a middlebox after
// the write once sent a payout twice). What net/http's transports report (Go 1.26,
// transport.go and h2_bundle.go): GetConn before a connection is looked for (nothing written
// yet); GotConn once the request has one (HTTP/1.1 writes right after, HTTP/2 just before it
// opens the stream); a successful TLSHandshakeDone, WroteRequest after that. So an attempt
// wrote nothing when GetConn fired (the transport ran with the SDK's trace) and none of the
// others did; a RoundTripper that fires no hook (HTTP/3, a mesh's client, one that drops the
// context) proves nothing. Hooks may fire on the transport's goroutines, even after the
// attempt returned: every field is atomic.
type attemptLog struct {
	// handed is set when the request reached the RoundTripper of the SDK's client
	// (identityTransport): beyond the SDK's own steps (checks, token, local rate limit).
	handed         atomic.Bool
	looking        atomic.Bool // GetConn fired
	mayHaveWritten atomic.Bool // a hook fired that comes once the request has a connection
	trace          httptrace.ClientTrace
}

// newAttemptLog returns the log of a new attempt with the hooks that matter (each costs an
// allocation). WroteRequest stays for a caller's RoundTripper that reports its writes without
// GotConn.
func newAttemptLog() *attemptLog {
	l := new(attemptLog)
	l.trace = httptrace.ClientTrace{
		GetConn: func(string) { l.looking.Store(true) },
		GotConn: func(httptrace.GotConnInfo) { l.mayHaveWritten.Store(true) },
		TLSHandshakeDone: func(_ tls.ConnectionState, err error) {
			if err == nil {
				l.mayHaveWritten.Store(true)
			}
		},
		WroteRequest: func(httptrace.WroteRequestInfo) { l.mayHaveWritten.Store(true) },
	}
	return l
}

// traced returns ctx with the log's trace (composed with any trace the caller put there).
func (l *attemptLog) traced(ctx context.Context) context.Context {
	return httptrace.WithClientTrace(ctx, &l.trace)
}

// observedUnsent reports whether the transport looked for a connection with the SDK's trace
// and never got one, nor wrote anything.
func (l *attemptLog) observedUnsent() bool { return l.looking.Load() && !l.mayHaveWritten.Load() }

// provedUnsent reports whether the attempt whose log is l (nil: the request never reached
// sendOnce) and which failed with err can be shown to have sent nothing, so that a request
// that must not be repeated may be sent again. Two proofs must agree:
//
//   - what the SDK saw: the request never reached the client's RoundTripper (an SDK step
//     refused it), or observedUnsent;
//   - the error's kind: one of the SDK's own refusals for a request that never reached the
//     client's RoundTripper; a dial, DNS, proxy CONNECT or TLS handshake failure (neverSent)
//     for one that did.
func provedUnsent(err error, l *attemptLog) bool {
	if l == nil || !l.handed.Load() {
		return sdkRefusal(err)
	}
	return l.observedUnsent() && neverSent(err)
}

// sdkRefusal reports the errors with which the SDK's own steps refuse to send a request: an
// invalid argument or header, a token source that failed, plain http, a local rate limit.
func sdkRefusal(err error) bool {
	return errors.Is(err, ErrInvalidArgument) || errors.Is(err, ErrTokenSource) ||
		errors.Is(err, ErrInsecureTransport) || errors.Is(err, core.ErrRateLimited)
}

// noteHanded records, on the attempt log of req's call (if any), that req reached the client's
// RoundTripper.
func noteHanded(req *http.Request) {
	if ci, ok := req.Context().Value(callInfoKey{}).(*callInfo); ok {
		if l := ci.attemptLog.Load(); l != nil {
			l.handed.Store(true)
		}
	}
}
