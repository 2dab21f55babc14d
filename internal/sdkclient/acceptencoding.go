package sdkclient

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/sendgate"
)

// The SDK never asks for a compressed body, so memory per call follows the bytes received:
// net/http asks for gzip when a request has no Accept-Encoding and inflates the answer without
// bound (a 58 KB answer once inflated to 60 MiB). Every request carries Accept-Encoding:
// identity, set after every middleware step (askIdentity) and again by the RoundTripper of
// every client the SDK sends with (identityTransport); a compressed answer's body is refused
// unread (ErrCompressedBody).

// ErrCompressedBody is what reading a response body returns when the server compressed it (a
// Content-Encoding other than identity) although the SDK asked for an uncompressed body. The
// body is not read, let alone inflated.
var ErrCompressedBody = errors.New("issuerkit: response body is compressed (Content-Encoding) although the SDK asked for Accept-Encoding: identity; it is refused unread")

const acceptEncodingHeader = "Accept-Encoding"

// identityOnly is the Accept-Encoding value of every request, shared and never modified.
var identityOnly = []string{"identity"}

// askIdentity sets the Accept-Encoding of the pipeline's own request to identity.
func askIdentity(req *http.Request) { req.Header[acceptEncodingHeader] = identityOnly }

// identityTransport is the RoundTripper of every client the SDK sends with, the last step
// before the caller's: it notes the request handed on (provedUnsent), asks for identity (on a
// copy when the header says anything else), lets a prefetch take its request back until now
// (sendgate) and refuses a compressed answer's body.
type identityTransport struct {
	next http.RoundTripper // nil: http.DefaultTransport
}

// RoundTrip implements http.RoundTripper.
func (t identityTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	noteHanded(req)
	if ae := req.Header[acceptEncodingHeader]; len(ae) != 1 || ae[0] != "identity" {
		r := *req // a RoundTripper must not modify its request
		r.Header = req.Header.Clone()
		if r.Header == nil {
			r.Header = make(http.Header)
		}
		r.Header[acceptEncodingHeader] = identityOnly
		req = &r
	}
	next := t.next
	if next == nil {
		next = http.DefaultTransport
	}
	if !sendgate.Pass(req.Context()) { // taken back by its caller before it was sent (sendgate)
		if err := req.Context().Err(); err != nil {
			return nil, err
		}
		return nil, context.Canceled
	}
	resp, err := next.RoundTrip(req)
	if err != nil || resp == nil {
		return resp, err
	}
	refuseCompressed(resp)
	return resp, nil
}

// CloseIdleConnections closes the idle connections of the wrapped RoundTripper.
func (t identityTransport) CloseIdleConnections() {
	next := t.next
	if next == nil {
		next = http.DefaultTransport
	}
	if c, ok := next.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}

// refuseCompressed replaces the body of a resp with a Content-Encoding other than identity by
// one whose every read returns ErrCompressedBody (the original is closed unread).
func refuseCompressed(resp *http.Response) {
	enc, ok := compressed(resp.Header)
	if !ok || resp.Body == nil || resp.Body == http.NoBody {
		return
	}
	resp.Body = refusedBody{body: resp.Body, err: fmt.Errorf("%w (%s)", ErrCompressedBody, enc)}
	resp.ContentLength = -1
}

// compressed reports whether h names a content coding other than identity, and which (a
// token of at most 20 letters, digits and dashes; anything else is not quoted).
func compressed(h http.Header) (string, bool) {
	for _, v := range h.Values("Content-Encoding") {
		for c := range strings.SplitSeq(v, ",") {
			c = strings.TrimSpace(c)
			if c == "" || strings.EqualFold(c, "identity") {
				continue
			}
			if len(c) > 20 || strings.IndexFunc(c, func(r rune) bool {
				return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-')
			}) >= 0 {
				c = "not a content coding"
			}
			return "Content-Encoding " + c, true
		}
	}
	return "", false
}

// refusedBody is the body of a compressed answer: nothing of it is read.
type refusedBody struct {
	body io.ReadCloser
	err  error
}

func (b refusedBody) Read([]byte) (int, error) { return 0, b.err }

func (b refusedBody) Close() error { return b.body.Close() }
