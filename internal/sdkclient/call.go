package sdkclient

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/internal/ops"
	"github.com/issuerkit/issuerkit-go/internal/scalar"
	"github.com/issuerkit/issuerkit-go/internal/settings"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// Core is what every generated method needs from its client: the pipeline, the base URL and
// the client's settings where its options left them (Options: APIVersion, the {version} path
// segment; OpHeaders, the default headers per operation id; Package, the package's own
// settings; the time limits, read by Send).
type Core struct {
	Options
	Pipeline *Pipeline
	Base     string // base URL without a trailing slash
	// Binding identifies where the client speaks and as whom: a hash of its base URL (origin
	// and base path) and its credential's identity, never the credential. A cursor's
	// fingerprint includes it, so that a cursor taken at one bank or with one credential is
	// refused at another (paging's bindOpts).
	Binding string
}

// CallConfig is one call's configuration, what the pipeline reads of it (Pipeline.Send):
// what its options set (settings.CallConfig: CorrelationID, Header, Timeout, Retry,
// ResponseInto), its operation and the Secrets its request carries.
type CallConfig struct {
	settings.CallConfig
	// Op is the operation being called. Its RetrySafe flag alone decides whether the request
	// may be re-sent once it may have reached the server. Nil means an unknown operation,
	// treated as unsafe: never re-sent once it may have arrived.
	Op *ops.Operation
	// Secrets holds the Secret values the request carries (its body's, filled by the SDK's
	// request encoder): masked, like the credentials, in every error and log text of the call.
	Secrets []string
}

// Request is one call of an operation, as a generated method describes it.
type Request struct {
	Op   *ops.Operation
	Path string // escaped path after the base URL, with the query when there is one
	// URL, when set, is the whole URL, Core.Base then the escaped path and query, joined in
	// one concatenation (the generated methods set it instead of Path; a URL that does not
	// start with Core.Base is refused). Path is then read from it.
	URL   string
	Body  any // JSON body, nil for none
	Extra http.Header
	// Stream, when set, is sent as the body instead of Body, with ContentType (JSON when
	// empty) and ContentLength (-1 when unknown). GetBody, when set, lets the pipeline send it
	// again after a failure that proves it never left; without it there is no second attempt.
	Stream        io.Reader
	ContentLength int64
	GetBody       func() (io.ReadCloser, error)
	// SecretsOf is the value a Stream body encodes, whose Secrets the call then knows and
	// masks in every text (a Body's are found in Body itself).
	SecretsOf any
	// Accept is the media type asked for; empty means application/json.
	Accept string
	// Required lists the operation's required headers: a call that gives one no value, in
	// Extra, the call's options or the client's operation defaults, is refused with
	// ErrInvalidArgument before the network.
	Required []RequiredHeader
	// Defaults holds headers sent when neither Extra, the call's options (WithHeader) nor the
	// client's operation defaults give them a value: the values a generated method fills in
	// for headers the caller may leave empty (a new x-fapi-interaction-id per call).
	Defaults http.Header
	// Streamed marks a call that moves a file: an answer handed to the caller as a stream (a
	// download) or a Stream body of any size (an upload). It gets the client's idle timeout,
	// reset by every byte read from Stream for sending and every byte of the answer, instead
	// of the whole-call ceiling, so that a large file is never cut off while bytes flow.
	Streamed bool
}

// Send builds the HTTP request, applies opts, sends it through the pipeline and returns the
// response of a 2xx (the caller closes its body) with its metadata reported to the options.
//
// The call runs under its time limit, until the caller closes the body: the whole-call
// ceiling (the client's, or the call's own), or for a Streamed answer the client's idle
// timeout, reset by every byte that arrives. A limit that runs out gives a
// *TimeoutError, inside an *core.OutcomeUnknownError for an unsafe request that may have
// reached the server.
func Send[O ~func(*settings.CallConfig)](ctx context.Context, c *Core, r Request, opts []O) (*http.Response, error) {
	if r.URL != "" {
		path, ok := strings.CutPrefix(r.URL, c.Base)
		if !ok {
			return nil, fmt.Errorf("%w: %s: the URL does not start with the client's base URL", ErrInvalidArgument, r.Op.ID)
		}
		r.Path = path
	} else {
		r.URL = c.Base + r.Path
	}
	if err := checkPath(r.Op.ID, r.Path); err != nil {
		return nil, err
	}
	// One allocation holds what the call keeps: its configuration, its time limit, the
	// wrapper of the answer's body and the state the pipeline's steps share.
	st := new(callState)
	cfg := &st.cfg
	cfg.Op = r.Op
	for _, o := range opts {
		if o != nil {
			o(&cfg.CallConfig)
		}
	}
	for _, h := range r.Required {
		if !hasValue(r.Extra[h.Key]) && cfg.Header.Get(h.Key) == "" && c.OpHeaders[r.Op.ID].Get(h.Key) == "" {
			return nil, missingHeader(h)
		}
	}
	limit, idleLimit := c.limits()
	idle := false
	switch {
	case cfg.TimeoutSet:
		limit = cfg.Timeout
	case r.Streamed:
		limit, idle = idleLimit, true
	}
	var l *callLimit
	if st.body.l.start(ctx, limit, idle) {
		l = &st.body.l
		ctx = l.ctx
		if l.timer != nil && r.Stream != nil {
			r.Stream = l.reader(r.Stream)
			if getBody := r.GetBody; getBody != nil {
				r.GetBody = func() (io.ReadCloser, error) {
					b, err := getBody()
					if err != nil {
						return nil, err
					}
					return readCloser{Reader: l.reader(b), Closer: b}, nil
				}
			}
		}
	}
	return send(ctx, c, r, st, l)
}

// callState is the state of one call, in one allocation, from the generated method to the
// RoundTripper: its configuration (the call's options), the wrapper of the answer's body with
// the call's time limit, and what the pipeline's steps share (info, in the request's
// context).
type callState struct {
	cfg  CallConfig
	body limitedBody
	info callInfo
}

// send is the rest of Send: it builds the request of r, sends it through the pipeline under
// the call's limit l (nil: none) and hands l to the answer's body. A call that fails is
// released with its error told apart by l.failed; should a step below panic (a caller's
// middleware or RoundTripper), l is released as the panic goes by (no recover: the panic
// reaches the caller unchanged).
func send(ctx context.Context, c *Core, r Request, st *callState, l *callLimit) (resp *http.Response, err error) {
	if l != nil {
		defer func() {
			if st.body.resp == nil { // not handed to the answer's body
				if err != nil {
					err = l.failed(err)
				}
				l.release()
			}
		}()
	}
	cfg := &st.cfg
	var body io.Reader
	if r.SecretsOf != nil {
		cfg.Secrets = append(cfg.Secrets, scalar.SecretValues(r.SecretsOf)...)
	}
	var encoded []byte
	if r.Stream != nil {
		body = r.Stream
	} else if r.Body != nil {
		b, err := encodeBody(r.Body)
		if err != nil {
			return nil, fmt.Errorf("issuerkit: encoding the %s request: %w", r.Op.ID, err)
		}
		encoded = b
		// Every Secret the body sends in full is known to the call: an echo of it in any text
		// of the call (an error quoting the account number) is masked.
		cfg.Secrets = append(cfg.Secrets, scalar.SecretValues(r.Body)...)
	}
	req, err := http.NewRequestWithContext(ctx, r.Op.Method, r.URL, body)
	if err != nil {
		return nil, fmt.Errorf("issuerkit: building the %s request: %w", r.Op.ID, err)
	}
	hasBody := body != nil
	if r.Stream == nil && r.Body != nil {
		setEncodedBody(req, encoded)
		hasBody = true
	}
	if r.Stream != nil {
		req.ContentLength = r.ContentLength
		req.GetBody = r.GetBody
		if r.ContentLength < 0 || r.GetBody == nil {
			req.Body = io.NopCloser(r.Stream) // no GetBody: the pipeline may not re-send it
			req.GetBody = r.GetBody
		}
	}
	if hasBody {
		req.Header["Content-Type"] = jsonContentType
	}
	if r.Accept != "" {
		req.Header.Set("Accept", r.Accept)
	} else {
		req.Header["Accept"] = acceptJSON
	}
	for k, vs := range r.Extra {
		req.Header[k] = vs
	}
	for k, vs := range c.OpHeaders[r.Op.ID] {
		// A client default: the request's own value, then the call's (WithHeader), win.
		if _, set := req.Header[k]; !set && len(cfg.Header[k]) == 0 {
			req.Header[k] = vs
		}
	}
	for k, vs := range r.Defaults {
		if _, set := req.Header[k]; !set && len(cfg.Header[k]) == 0 {
			req.Header[k] = vs
		}
	}
	st.info.init(cfg)
	resp, err = c.Pipeline.send(req, &st.info, cfg)
	if err != nil {
		return nil, err
	}
	if r := responseInto(cfg); r != nil {
		*r = core.Response{
			StatusCode:    resp.StatusCode,
			Header:        resp.Header,
			CorrelationID: CorrelationID(resp),
			TraceID:       apierror.TraceIDFromHeader(resp.Header),
		}
	}
	if l != nil {
		st.body.ReadCloser, st.body.resp = resp.Body, resp
		resp.Body = &st.body
	}
	return resp, nil
}

// setEncodedBody sets b, an encoded JSON body, as req's body: what http.NewRequestWithContext
// sets for a *bytes.Reader (ContentLength, a Body that reads b, http.NoBody when b is empty, a
// GetBody that reads b again from the start), with a GetBody that holds b alone rather than a
// copy of the reader. The Body stays an io.NopCloser around a *bytes.Reader, which net/http
// knows to be in memory (it sends the headers and the body in one write).
func setEncodedBody(req *http.Request, b []byte) {
	req.ContentLength = int64(len(b))
	if len(b) == 0 {
		req.Body = http.NoBody
		req.GetBody = func() (io.ReadCloser, error) { return http.NoBody, nil }
		return
	}
	req.Body = io.NopCloser(bytes.NewReader(b))
	req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
}

// hasValue reports whether a header's values hold a non-empty one.
func hasValue(vs []string) bool { return len(vs) > 0 && vs[0] != "" }

// encodeBody encodes a JSON request body. The generated models are written by their own
// wire encoders (registered with jsonx by each client package) into a pooled buffer, never
// entering encoding/json's reflection; any other body goes through json.Marshal.
func encodeBody(body any) ([]byte, error) {
	return jsonx.MarshalWire(body)
}

// The header values the SDK sets on every request, shared so that setting them allocates
// nothing. The pipeline never modifies a header slice in place.
var (
	jsonContentType = []string{"application/json"}
	acceptJSON      = []string{"application/json"}
)

// Call sends r and decodes the JSON success body into a new T, the items of a page no more
// than the request asked for (itemLimit).
func Call[T any, O ~func(*settings.CallConfig)](ctx context.Context, c *Core, r Request, opts []O) (*T, error) {
	resp, err := Send(ctx, c, r, opts)
	if err != nil {
		return nil, err
	}
	return decodeBody[T](resp, itemLimit(r.Op, resp.Request))
}

// CallNoContent sends r and discards the success body.
func CallNoContent[O ~func(*settings.CallConfig)](ctx context.Context, c *Core, r Request, opts []O) error {
	resp, err := Send(ctx, c, r, opts)
	if err != nil {
		return err
	}
	DrainAndClose(resp.Body)
	return nil
}
