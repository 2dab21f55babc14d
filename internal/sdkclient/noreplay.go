package sdkclient

import (
	"io"
	"net/http"
)

// sendOnce is the last step before the HTTP client (sendLast): every request is checked for
// headers HTTP cannot carry (a middleware step or the token source may have added one after
// the first check), refused with ErrInvalidArgument before anything is sent; and a request
// that must not be re-sent (not retry-safe, or of an unknown operation) leaves the SDK in one
// shape, a shallow copy that nothing below it can replay and whose progress the SDK watches,
// whatever the RoundTripper:
//
//   - GetBody is cleared on the copy, so neither net/http's HTTP/1.1 transport (which re-sends
//     a request on a new connection when a reused one fails and the request "is replayable":
//     a body with GetBody and an Idempotency-Key or X-Idempotency-Key header), nor its HTTP/2
//     transport (which re-sends after a stream reset with PROTOCOL_ERROR or REFUSED_STREAM, or
//     a GOAWAY, when it can rewind the body), nor a caller's RoundTripper that rewinds with
//     GetBody can produce the body a second time;
//   - a request without a body gets an empty one that cannot be rewound either, since both
//     net/http transports re-send a request with no body (or http.NoBody) as they please;
//   - its context carries the attempt's trace (attemptLog): what the transport did with the
//     request, from which the retry policy learns whether anything of it was written.
//
// Only the SDK's retry policy decides a second attempt, and for such a request only on proof
// that the first wrote nothing (see provedUnsent). The request the retry policy holds keeps
// its GetBody, for that attempt.
//
// It returns the request to hand to the client: req itself for a safe request, else the copy.
func sendOnce(req *http.Request) (*http.Request, error) {
	if err := checkHeaders(req.Header); err != nil {
		return nil, err
	}
	ci := infoOf(req)
	if ci.safe() {
		return req, nil
	}
	l := newAttemptLog()
	ci.attemptLog.Store(l)
	r := req.WithContext(l.traced(req.Context()))
	r.GetBody = nil
	if req.Body == nil || req.Body == http.NoBody {
		r.Body = &emptyBody{}
		r.ContentLength = 0
	}
	return r, nil
}

// emptyBody is the body of a request that must not be replayed and has none of its own: it
// reads as empty, is not http.NoBody (which net/http treats as "no body: safe to send again")
// and cannot be rewound.
type emptyBody struct{}

func (*emptyBody) Read([]byte) (int, error) { return 0, io.EOF }
func (*emptyBody) Close() error             { return nil }
