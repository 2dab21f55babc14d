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

// CallConfig is one call's configuration: what its options set, its operation and the Secret
// values its request carries.
type CallConfig struct {
	settings.CallConfig
	// Op is the operation called; its RetrySafe flag alone decides whether the request may be
	// re-sent once it may have reached the server. Nil: an unknown operation, unsafe.
	Op *ops.Operation
	// Secrets holds the Secret values the request carries, masked in every text of the call.
	Secrets []string
}

// Request is one call of an operation, as a generated method describes it.
type Request struct {
	Op   *ops.Operation
	Path string // escaped path after the base URL, with the query when there is one
	// URL, when set instead of Path (generated methods), is Core.Base then the escaped path and
	// query; one that does not start with Core.Base is refused.
	URL   string
	Body  any // JSON body, nil for none
	Extra http.Header
	// Stream, when set, is sent as the body instead of Body, ContentLength long (-1: unknown).
	// GetBody lets the pipeline send it again after a failure that proves it never left.
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
	// Defaults holds headers sent when neither Extra, the call's options nor the client's
	// operation defaults give them a value (a new x-fapi-interaction-id per call).
	Defaults http.Header
	// Streamed marks a call that moves a file (a download, an upload): it gets the client's
	// idle timeout, reset by every byte sent or received, instead of the whole-call ceiling.
	Streamed bool
}

// Send builds the HTTP request, applies opts, sends it through the pipeline and returns the
// response of a 2xx (the caller closes its body). The call runs under its time limit until
// the body is closed: the whole-call ceiling, or a Streamed call's idle timeout; one that runs
// out gives a *core.TimeoutError (inside an *core.OutcomeUnknownError for an unsafe request).
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

// callState is the state of one call, in one allocation: its configuration, the answer's
// body with the call's time limit, and what the pipeline's steps share (info).
type callState struct {
	cfg  CallConfig
	body limitedBody
	info callInfo
}

// send is the rest of Send: it builds the request of r, sends it through the pipeline under
// the call's limit l (nil: none) and hands l to the answer's body; a call that fails or panics
// releases l.
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
	if r.SecretsOf != nil {
		cfg.Secrets = append(cfg.Secrets, scalar.SecretValues(r.SecretsOf)...)
	}
	req, err := http.NewRequestWithContext(ctx, r.Op.Method, r.URL, nil)
	if err != nil {
		return nil, fmt.Errorf("issuerkit: building the %s request: %w", r.Op.ID, err)
	}
	switch {
	case r.Stream != nil:
		rc, ok := r.Stream.(io.ReadCloser)
		if !ok || r.ContentLength < 0 || r.GetBody == nil {
			rc = io.NopCloser(r.Stream)
		}
		req.Body, req.ContentLength, req.GetBody = rc, r.ContentLength, r.GetBody
	case r.Body != nil:
		b, err := jsonx.MarshalWire(r.Body)
		if err != nil {
			return nil, fmt.Errorf("issuerkit: encoding the %s request: %w", r.Op.ID, err)
		}
		setEncodedBody(req, b)
		// An echo of a Secret the body sends in full (an error quoting the account number) is
		// masked in every text of the call.
		cfg.Secrets = append(cfg.Secrets, scalar.SecretValues(r.Body)...)
	}
	if req.Body != nil {
		req.Header["Content-Type"] = jsonType
	}
	if r.Accept != "" {
		req.Header.Set("Accept", r.Accept)
	} else {
		req.Header["Accept"] = jsonType
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

// setEncodedBody sets b as req's body as http.NewRequestWithContext does for a *bytes.Reader
// (which net/http sends with the headers in one write), with a GetBody that holds b alone.
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

// jsonType is the Content-Type and default Accept of every request, shared so that setting it
// allocates nothing (the pipeline never modifies a header slice in place).
var jsonType = []string{"application/json"}

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
