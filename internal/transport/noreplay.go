package transport

import (
	"io"
	"net/http"
)

// sendOnce returns the last step before the HTTP client: every request is checked for
// headers HTTP cannot carry (a middleware step or the token source may have added one after
// the first check), refused with ErrInvalidArgument before anything is sent; and a request
// that must not be re-sent (not retry-safe, or of an unknown operation) leaves the SDK in a
// form that nothing below it can replay, whatever the RoundTripper:
//
//   - GetBody is cleared, so neither net/http's HTTP/1.1 transport (which re-sends a request
//     on a new connection when a reused one fails and the request "is replayable": a body
//     with GetBody and an Idempotency-Key or X-Idempotency-Key header), nor its HTTP/2
//     transport (which re-sends after a stream reset with PROTOCOL_ERROR or REFUSED_STREAM, or
//     a GOAWAY, when it can rewind the body), nor a caller's RoundTripper that rewinds with
//     GetBody can produce the body a second time;
//   - a request without a body gets an empty one that cannot be rewound either, since both
//     net/http transports re-send a request with no body (or http.NoBody) as they please.
//
// Only the SDK's retry policy decides a second attempt, and for such a request only on proof
// that the first never left (see neverSent). The request that goes to the client is a copy,
// but for one case where no code other than the SDK's holds the request (inPlace: a pipeline
// without caller middleware; the request is the pipeline's own first attempt, callInfo.own,
// with a body): there GetBody is cleared on the request itself, which saves a copy per write,
// and the retry policy keeps what it was (callInfo.getBodyOf). What reaches the
// client is the same either way.
func sendOnce(send Next, inPlace bool) Next {
	return func(req *http.Request) (*http.Response, error) {
		if err := checkHeaders(req.Header); err != nil {
			return nil, err
		}
		ci := infoOf(req)
		if ci.safe {
			return send(req)
		}
		hasBody := req.Body != nil && req.Body != http.NoBody
		if inPlace && hasBody && ci.own == req {
			ci.ownCleared, req.GetBody = true, nil
			return send(req)
		}
		r := new(http.Request)
		*r = *req
		r.GetBody = nil
		if !hasBody {
			r.Body = &emptyBody{}
			r.ContentLength = 0
		}
		return send(r)
	}
}

// emptyBody is the body of a request that must not be replayed and has none of its own: it
// reads as empty, is not http.NoBody (which net/http treats as "no body: safe to send again")
// and cannot be rewound.
type emptyBody struct{}

func (*emptyBody) Read([]byte) (int, error) { return 0, io.EOF }
func (*emptyBody) Close() error             { return nil }
