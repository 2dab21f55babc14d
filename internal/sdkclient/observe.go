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

// What an attempt did, as the SDK saw it. A request that must not be re-sent (not retry-safe,
// or of an unknown operation) goes to the client with an httptrace.ClientTrace of its own on
// each attempt, and the retry policy re-sends it only when that trace proves the attempt wrote
// nothing to any connection (see attemptLog.unsent). The error's kind alone never does: crypto/tls
// and net/http can fail at any byte, after the whole request was written, with the same error a
// refused handshake gives (a tls.RecordHeaderError from a middlebox after the write is the one
// that sent payouts twice).
//
// What net/http's transports report, and when (Go 1.26, net/http/transport.go and
// h2_bundle.go):
//
//   - GetConn: the transport starts to look for a connection for this request (HTTP/1.1: before
//     an idle connection is taken or a dial starts; HTTP/2: when a connection of the pool is
//     reserved, or a dial starts). Nothing of the request is written yet.
//   - TLSHandshakeDone: a handshake of a connection dialled for the request ended.
//   - GotConn: the request has a connection; from here on any byte of it may be written
//     (HTTP/1.1 writes it right after, HTTP/2 calls GotConn just before it opens the stream).
//   - WroteHeaderField (HTTP/1.1 only), WroteHeaders, WroteRequest: the headers or the whole
//     request went into the connection's buffer.
//
// An attempt proves it wrote nothing when GetConn fired (the transport below ran with the
// SDK's trace, so its silence means something) and none of GotConn, a successful
// TLSHandshakeDone or WroteRequest did. A RoundTripper that fires no hook (HTTP/3, a service mesh's
// client, a caller's transport that drops the request's context) proves nothing: every failure
// of it is an outcome unknown.

// attemptLog records what one attempt of an unsafe request did. Hooks may fire on the
// transport's goroutines, even after the attempt returned (a dial that goes on in the
// background): every field is atomic.
type attemptLog struct {
	// handed is set when the request reached the RoundTripper of the SDK's client
	// (identityTransport): beyond the SDK's own steps (checks, token, local rate limit).
	handed atomic.Bool
	// looking is set by GetConn.
	looking atomic.Bool
	// mayHaveWritten is set by every hook that fires once the request has a connection.
	mayHaveWritten atomic.Bool
	trace          httptrace.ClientTrace
}

// newAttemptLog returns the log of a new attempt, its trace hooks set. Only the hooks that
// matter are set (each costs an allocation, and net/http allocates for some: WroteHeaderField
// gets each header line's values in a new slice): in both of its transports GotConn comes
// before any byte of the request is written, and every other hook after it. WroteRequest
// stays, for a RoundTripper of a caller's that reports its writes without GotConn (it fires
// once the request was written, or failed to be, in both net/http transports).
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

// traced returns r with the log's trace in its context (composed with any trace the caller
// put there: both are called).
func (l *attemptLog) traced(ctx context.Context) context.Context {
	return httptrace.WithClientTrace(ctx, &l.trace)
}

// observedUnsent reports whether the attempt was seen to write nothing: the transport below
// looked for a connection with the SDK's trace and never got one, nor wrote anything.
func (l *attemptLog) observedUnsent() bool {
	return l.looking.Load() && !l.mayHaveWritten.Load()
}

// provedUnsent reports whether the attempt whose log is l (nil: the request never reached
// sendOnce) and which failed with err can be shown to have sent nothing, so that a request
// that must not be repeated may be sent again. Two proofs must agree:
//
//   - what the SDK saw: the request never reached the client's RoundTripper (an SDK step
//     refused it), or the trace shows the transport never got a connection for it
//     (observedUnsent);
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
