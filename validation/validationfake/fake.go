// Package validationfake is the typed fake of validation.Client for your unit tests, like the
// generated cardplatformfake and pagingfake. Client.VerifyAccount and HealthCheck are written
// by hand over envelopes the package does not export, so this fake is written by hand too,
// with the methods' own types: VerifyAccount gets the Inquiry your code passed (after the
// client's defaults and rules) and returns the Result to answer, for either API version. The
// client's real encoding, decoding, typed errors and retries run: a Result whose errorCode is
// not 000 reaches your code as a *ResultError, as from the bank.
package validationfake

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/fakekit"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
)

// Fake answers the methods of a validation.Client with the functions a test sets, one field
// per method with the method's own arguments and result. It is an http.RoundTripper: the
// client Client returns sends every call through it. A field left nil answers 501 "not
// faked: <Method>". A function's ctx carries the Call (CallFrom): correlation id, headers,
// attempt. A Fake must not be copied after first use.
type Fake struct {
	// VerifyAccount fakes Client.VerifyAccount (verifyAccount and verifyAccountV2).
	VerifyAccount func(ctx context.Context, inq validation.Inquiry) (*validation.Result, error)
	// HealthCheck fakes Client.HealthCheck (checkHealth and checkHealthV2).
	HealthCheck func(ctx context.Context) (*validation.HealthCheckResponse, error)

	srv fakekit.Server
}

// Client returns a validation.Client whose calls go to f, authenticated with a fixed token;
// opts come after the fake's own and may replace them (WithAPIVersion, WithRetry,
// middleware). The clients of one Fake share a rate-limit budget of their own: a 429 the fake
// answers locks out its clients only, never those of another fake. To have several fakes
// share one budget (a paging fake and a validation fake of one credential), give their
// clients the same WithCredentialID.
func (f *Fake) Client(opts ...core.Option) (*validation.Client, error) {
	base := []core.Option{core.WithHTTPClient(&http.Client{Transport: f}), core.WithStaticToken(fakekit.Token),
		validation.WithCredentialID(f.srv.BudgetID())}
	return validation.New(fakekit.BaseURL, append(base, opts...)...)
}

// Calls returns what the fake received so far, oldest first: one Call per attempt.
func (f *Fake) Calls() []Call {
	calls := f.srv.Calls()
	out := make([]Call, len(calls))
	for i, c := range calls {
		out[i] = callOf(c)
	}
	return out
}

// RoundTrip serves req with the function of its operation.
func (f *Fake) RoundTrip(req *http.Request) (*http.Response, error) {
	return f.srv.Serve(req, f.routes(), false)
}

// Call is what the fake recorded of one attempt: operation, correlation id, headers (no
// Authorization), attempt number and body, its values masked; RevealBody returns the body as
// sent.
type Call struct {
	// Operation is the operationId (getCard).
	Operation string
	// Method and Path are the request's (escaped path with the query, every query value
	// masked, names kept; RevealPath returns it as sent).
	Method, Path string
	// CorrelationID is the X-CorrelationId sent.
	CorrelationID string
	// Header holds the request headers but the credential ones (Authorization,
	// Proxy-Authorization, Cookie, Set-Cookie).
	Header http.Header
	// Attempt is the 1-based attempt number.
	Attempt int
	// Body is the request body with every string and number value masked at any depth, member
	// names and structure kept, so that printing a Call, by any verb, slog or json.Marshal,
	// shows no value it carried; a body that is not JSON is "[REDACTED]".
	Body []byte

	// raw returns the body as sent. A func, so that fmt, which prints unexported fields, shows
	// only its address.
	raw func() []byte
	// rawPath returns the path with the query as sent, for the same reason a func.
	rawPath func() string
}

// RevealPath returns the escaped path with the query exactly as sent, values in clear, for a
// test that checks what the client sent on the wire. Never print or log it.
func (c Call) RevealPath() string {
	if c.rawPath == nil {
		return c.Path
	}
	return c.rawPath()
}

// RevealBody returns the request body exactly as sent, values in clear, for a test that checks
// what the client sent on the wire. Never print or log it.
func (c Call) RevealBody() []byte {
	if c.raw == nil {
		return bytes.Clone(c.Body)
	}
	return c.raw()
}

// callOf returns the fakekit record c as a Call.
func callOf(c fakekit.Call) Call {
	return Call{Operation: c.Operation, Method: c.Method, Path: c.Path, CorrelationID: c.CorrelationID,
		Header: c.Header, Attempt: c.Attempt, Body: c.Body, raw: c.RevealBody,
		rawPath: c.RevealPath}
}

// CallFrom returns the Call that a faked function is serving, from its ctx.
func CallFrom(ctx context.Context) (Call, bool) {
	c, ok := fakekit.CallFrom(ctx)
	return callOf(c), ok
}

// ErrAnswerLost, returned by a faked function, makes the fake drop the connection after the
// function ran: the operation happened, the client never sees its answer. Both methods are
// reads: the client sends them again.
var ErrAnswerLost = errAnswerLost

// errAnswerLost is the value the fakes of the three clients share.
var errAnswerLost = fakekit.ErrAnswerLost

// Status, returned by a faked function, makes the fake answer with status and the raw body
// (JSON, or empty).
func Status(status int, body string) error {
	return &fakekit.WireError{Status: status, ContentType: "application/json", Body: []byte(body)}
}

// BankError, returned by a faked function, makes the fake answer with the bank's error body
// of status and message (errors.As reaches *BankError). A 429 carries retryAfter.
func BankError(status int, message string, retryAfter time.Duration) error {
	// not a model: the fake's error body
	b, _ := json.Marshal(map[string]any{"ErrorMessage": message})
	h := http.Header{}
	if retryAfter > 0 {
		h.Set("Retry-After", strconv.Itoa(int(retryAfter.Seconds())))
	}
	return &fakekit.WireError{Status: status, ContentType: "application/json", Body: b, Header: h}
}

// The envelopes of verifyAccount as openapi/validation.yaml has them, v1 and v2.
type (
	inquiryEnvelope struct {
		AOARequest struct {
			Inquiry validation.Inquiry `json:"Inquiry"`
		} `json:"AOARequest"`
	}
	resultEnvelope struct {
		AOAResponse struct {
			Result *validation.Result `json:"Result"`
		} `json:"AOAResponse"`
	}
	requestV1 struct {
		Env inquiryEnvelope `json:"accountValidationRequest"`
	}
	requestV2 struct {
		Env inquiryEnvelope `json:"accountValidationV2Request"`
	}
	responseV1 struct {
		Env resultEnvelope `json:"accountValidationResponse"`
	}
	responseV2 struct {
		Env struct {
			resultEnvelope
			ErrorResponse struct{} `json:"errorResponse"`
		} `json:"accountValidationV2Response"`
	}
)

func (f *Fake) routes() []fakekit.Route {
	var verifyV1, verifyV2, health fakekit.Handler
	if f.VerifyAccount != nil {
		verifyV1 = func(ctx context.Context, in *fakekit.In) (any, error) {
			var req requestV1
			if err := in.Body(&req); err != nil {
				return nil, err
			}
			res, err := f.VerifyAccount(ctx, req.Env.AOARequest.Inquiry)
			if err != nil {
				return nil, err
			}
			var out responseV1
			out.Env.AOAResponse.Result = res
			return out, nil
		}
		verifyV2 = func(ctx context.Context, in *fakekit.In) (any, error) {
			var req requestV2
			if err := in.Body(&req); err != nil {
				return nil, err
			}
			res, err := f.VerifyAccount(ctx, req.Env.AOARequest.Inquiry)
			if err != nil {
				return nil, err
			}
			var out responseV2
			out.Env.AOAResponse.Result = res
			return out, nil
		}
	}
	if f.HealthCheck != nil {
		health = func(ctx context.Context, in *fakekit.In) (any, error) { return f.HealthCheck(ctx) }
	}
	return []fakekit.Route{
		{ID: "checkHealth", Name: "HealthCheck", Method: "GET", Path: "/accounts/validations/v1/healthCheck", Status: 200, Handler: health},
		{ID: "checkHealthV2", Name: "HealthCheck", Method: "GET", Path: "/accounts/validations/v2/healthCheck", Status: 200, Handler: health},
		{ID: "verifyAccount", Name: "VerifyAccount", Method: "POST", Path: "/accounts/validations/v1/verifyAccount", Status: 200, Handler: verifyV1},
		{ID: "verifyAccountV2", Name: "VerifyAccount", Method: "POST", Path: "/accounts/validations/v2/verifyAccount", Status: 200, Handler: verifyV2},
	}
}
