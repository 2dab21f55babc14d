package sdkclient

import (
	"io"
	"net/http"
)

// sendOnce returns the request to hand to the client. Every request is checked again for
// headers HTTP cannot carry (a middleware step or the token source may have added one). A
// request that must not be re-sent leaves the SDK as a shallow copy nothing below can replay:
// without GetBody (net/http's HTTP/1.1 transport re-sends a "replayable" request on a new
// connection when a reused one fails, its HTTP/2 transport after some stream resets and a
// GOAWAY), with a body that cannot be rewound even when it has none (both re-send a request
// with no body as they please), and with its attempt's trace (attemptLog) in its context. Only
// the retry policy decides a second attempt, on proof (provedUnsent); the request it holds
// keeps its GetBody.
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

// emptyBody is the body of an unsafe request that has none: not http.NoBody, which net/http
// treats as safe to send again.
type emptyBody struct{}

func (*emptyBody) Read([]byte) (int, error) { return 0, io.EOF }
func (*emptyBody) Close() error             { return nil }
