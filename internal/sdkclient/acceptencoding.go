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

// The SDK never asks for a compressed body, so memory per call follows the bytes received.
//
// net/http's Transport asks for gzip on a caller's behalf whenever a request carries no
// Accept-Encoding header (and DisableCompression is false, the default), then inflates the
// answer transparently and without any bound: a 58 KB answer inflating to 60 MiB made one call
// allocate 377 MB. Every request the SDK sends therefore carries Accept-Encoding: identity,
// set on the request that goes to the client (after every middleware step, so none can undo
// it) and again by the RoundTripper of every client the SDK sends with (the pipeline's and a
// BankTokenSource's, both from httpClientFor), whatever http.Client a caller brings. With the
// header set, net/http neither asks for gzip nor inflates anything. A server that compresses
// its answer anyway (any Content-Encoding but identity) gets its body refused unread: reading
// it returns ErrCompressedBody, which a 2xx answer's decoder reports as a *DecodeError, a
// streamed download's reader returns to the caller, and an error answer keeps its status
// (the body is reported truncated). Nothing is inflated.

// ErrCompressedBody is what reading a response body returns when the server compressed it (a
// Content-Encoding other than identity) although the SDK asked for an uncompressed body. The
// body is not read, let alone inflated.
var ErrCompressedBody = errors.New("issuerkit: response body is compressed (Content-Encoding) although the SDK asked for Accept-Encoding: identity; it is refused unread")

const acceptEncodingHeader = "Accept-Encoding"

// identityOnly is the one value of the Accept-Encoding header the SDK sends. It is shared by
// every request, as the Authorization header's value is, and never modified.
var identityOnly = []string{"identity"}

// askIdentity sets the request's Accept-Encoding to identity (sendLast, after every
// middleware step). The request is the pipeline's own (see Pipeline.Send), so its header is
// set in place.
func askIdentity(req *http.Request) { req.Header[acceptEncodingHeader] = identityOnly }

// identityTransport is the RoundTripper of every client the SDK sends with: it sends the
// request with Accept-Encoding: identity (on a copy when the header says anything else) and
// refuses a compressed answer's body (see ErrCompressedBody).
type identityTransport struct {
	next http.RoundTripper // nil: http.DefaultTransport
}

// RoundTrip implements http.RoundTripper.
//
// It is the SDK's last step before the caller's RoundTripper (or http.DefaultTransport): it
// notes on the attempt's log that the request got this far (see provedUnsent).
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

// CloseIdleConnections closes the idle connections of the wrapped RoundTripper, as
// http.Client.CloseIdleConnections would without the wrapper.
func (t identityTransport) CloseIdleConnections() {
	next := t.next
	if next == nil {
		next = http.DefaultTransport
	}
	if c, ok := next.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}

// refuseCompressed replaces resp's body by one whose every read returns ErrCompressedBody
// when resp has a Content-Encoding other than identity. The original body is closed unread
// when the replacement is.
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
