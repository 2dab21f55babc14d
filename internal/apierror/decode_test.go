package apierror

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func response(status int, contentType, body string, header ...string) *http.Response {
	h := http.Header{}
	if contentType != "" {
		h.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		h.Add(header[i], header[i+1])
	}
	return &http.Response{
		StatusCode: status,
		Status:     fmt.Sprintf("%d %s", status, http.StatusText(status)),
		Header:     h,
		Body:       io.NopCloser(strings.NewReader(body)),
	}
}

// brokenBody returns its data, then a connection reset.
type brokenBody struct{ r io.Reader }

func (b *brokenBody) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err == io.EOF {
		return n, syscall.ECONNRESET
	}
	return n, err
}
func (b *brokenBody) Close() error { return nil }

const (
	cardURL       = "https://platform.example.com/api/v1/cards/proxy-123"
	correlationID = "0c8e2f4a-1b2c-4d5e-8f90-a1b2c3d4e5f6"
)

func TestFromResponse(t *testing.T) {
	big := `{"title":"Too much","status":400,"detail":"` + strings.Repeat("x", 100<<10) + `"}`
	tests := []struct {
		name      string
		resp      *http.Response
		decode    Decoder
		method    string
		sentinels []error
		problem   bool
		bank      bool
		truncated bool
		traceID   string
		retry     time.Duration
		text      []string // substrings of Error()
		absent    []string // must be in neither Error() nor Body
	}{
		{
			name: "problem details 400 with errors map", method: "POST",
			resp:   response(400, "application/problem+json; charset=utf-8", problemValidation),
			decode: DecodeProblem, sentinels: []error{ErrBadRequest}, problem: true,
			traceID: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
			text: []string{"issuerkit: POST " + cardURL + ": 400 Bad Request: One or more validation errors occurred.: " +
				"person.email: The email field is not a valid e-mail address. (and 1 more field) (correlation id " + correlationID +
				", trace id 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01)"},
		},
		{
			name: "problem details 404", method: "GET",
			resp:   response(404, "application/json", problemNotFound),
			decode: DecodeProblem, sentinels: []error{ErrNotFound}, problem: true,
			traceID: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
			text:    []string{"GET " + cardURL + ": 404 Not Found: Not Found: Card proxy 'proxy-123' does not exist (correlation id "},
		},
		{
			name: "problem with card data is masked", method: "POST",
			resp:   response(400, "application/json", problemWithSecrets),
			decode: DecodeProblem, sentinels: []error{ErrBadRequest}, problem: true,
			text:   []string{"400 Bad Request: Card validation failed: card ***************1111 could not be validated: card_number: The card_number is not active. (and 1 more field)"},
			absent: []string{"4111111111111111", "4111 1111 1111 1111", `"737"`},
		},
		{
			name: "404 without body", method: "GET",
			resp:   response(404, "", ""),
			decode: DecodeProblem, sentinels: []error{ErrNotFound},
			text: []string{"GET " + cardURL + ": 404 Not Found (correlation id " + correlationID + ")"},
		},
		{
			name: "empty 500", method: "GET",
			resp:   response(500, "", ""),
			decode: DecodeProblem, sentinels: []error{ErrServerError},
			text: []string{": 500 Internal Server Error (correlation id "},
		},
		{
			name: "401 without body, credentials headers dropped", method: "POST",
			resp: response(401, "", "", "Set-Cookie", "session=abc123; HttpOnly", "WWW-Authenticate", `Bearer error="invalid_token"`,
				"X-Request-Id", "req-42"),
			decode: DecodeProblem, sentinels: []error{ErrUnauthorized}, traceID: "req-42",
			text:   []string{"401 Unauthorized (correlation id " + correlationID + ", trace id req-42)"},
			absent: []string{"abc123"},
		},
		{
			name: "bank 400 errorCode 104", method: "POST",
			resp:   response(400, "application/json", bankAOA104),
			decode: DecodeBankError, sentinels: []error{ErrBadRequest}, bank: true,
			traceID: "rrt-0b6d5a0e1f2c3d4e-b-ea-28167-1",
			text:    []string{"400 Bad Request: Missing mandatory information: errorCode 104 (correlation id " + correlationID + ", trace id rrt-"},
		},
		{
			name: "bank 503 connect error", method: "POST",
			resp:   response(503, "application/json", bankConnect503, "Retry-After", "30"),
			decode: DecodeBankError, sentinels: []error{ErrServerError}, bank: true, retry: 30 * time.Second,
			traceID: "rrt-5c1f0e2d3b4a5968-c-wu-30411-2",
			text:    []string{"503 Service Unavailable: Service Unavailable: connect error: Connection to the backend service failed (", "retry after 30s)"},
		},
		{
			name: "bank inquiry messages, text/json", method: "POST",
			resp:   response(400, "text/json", bankInquiry400),
			decode: DecodeBankError, sentinels: []error{ErrBadRequest}, bank: true,
			traceID: "3f2c9a10-77aa-4c1e-9d3e-0b1c2d3e4f50",
			text:    []string{"AI-List-400-fromDate-105: fromDate must be YYYY-MM-DD"},
		},
		{
			name: "bank payments error, content type says text/plain but body is JSON", method: "POST",
			resp:   response(400, "text/plain", bankPayment400),
			decode: DecodeBankError, sentinels: []error{ErrBadRequest}, bank: true,
			traceID: "rrt-9a8b7c6d5e4f3a2b-a-eu-11234-7",
			text:    []string{"BANK-1006 Required field missing"},
		},
		{
			name: "bank 429 with Retry-After", method: "POST",
			resp:   response(429, "application/json", `{"ErrorMessage":"Too Many Requests","TransactionId":"rrt-1"}`, "Retry-After", "120"),
			decode: DecodeBankError, sentinels: []error{ErrRateLimited}, bank: true, retry: 2 * time.Minute, traceID: "rrt-1",
			text: []string{"429 Too Many Requests (correlation id " + correlationID + ", trace id rrt-1, retry after 2m0s)"},
		},
		{
			name: "HTML 502 from a gateway", method: "GET",
			resp:   response(502, "text/html", gatewayHTML502),
			decode: DecodeBankError, sentinels: []error{ErrServerError},
			text: []string{"GET " + cardURL + ": 502 Bad Gateway (correlation id " + correlationID + ")"},
		},
		{
			name: "504 gateway timeout is a timeout and a server error", method: "GET",
			resp:   response(504, "text/plain", "upstream request timeout"),
			decode: DecodeBankError, sentinels: []error{ErrServerError, ErrTimeout},
			text: []string{"504 Gateway Timeout: upstream request timeout ("},
		},
		{
			name: "truncated JSON", method: "POST",
			resp:   response(400, "application/json", `{"title":"x","card_number":"4111111111111111","cvv":"737","detail":"cut her`),
			decode: DecodeProblem, sentinels: []error{ErrBadRequest},
			absent: []string{"4111111111111111", "737"},
		},
		{
			name: "malformed JSON", method: "POST",
			resp:   response(400, "application/json", `{"ErrorMessage": "x",, }`),
			decode: DecodeBankError, sentinels: []error{ErrBadRequest},
			text: []string{`400 Bad Request: {"ErrorMessage": "x",, } (`},
		},
		{
			name: "JSON of another kind", method: "GET",
			resp:   response(403, "application/json", `{"message":"Forbidden"}`, "Traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"),
			decode: DecodeProblem, sentinels: []error{ErrForbidden}, traceID: "4bf92f3577b34da6a3ce929d0e0e4736",
			text: []string{`403 Forbidden: {"message":"Forbidden"} (correlation id `},
		},
		{
			name: "100 KB body", method: "GET",
			resp:   response(400, "application/problem+json", big),
			decode: DecodeProblem, sentinels: []error{ErrBadRequest}, truncated: true,
			text: []string{"400 Bad Request: {\"title\":\"Too much\",\"status\":400,\"detail\":\"xxxx", "…"},
		},
		{
			name: "connection reset mid-body", method: "GET",
			resp: func() *http.Response {
				r := response(500, "application/json", "")
				r.Body = &brokenBody{r: strings.NewReader(`{"title":"Internal`)}
				return r
			}(),
			decode: DecodeProblem, sentinels: []error{ErrServerError}, truncated: true,
		},
		{
			name: "no decoder", method: "GET",
			resp:      response(404, "application/json", problemNotFound),
			sentinels: []error{ErrNotFound},
		},
		{
			name: "unexpected status", method: "DELETE",
			resp:   response(405, "", ""),
			decode: DecodeProblem, sentinels: []error{ErrUnexpectedStatus},
			text: []string{"DELETE " + cardURL + ": 405 Method Not Allowed"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := FromResponse(tt.resp, RequestInfo{Method: tt.method, URL: cardURL, CorrelationID: correlationID}, tt.decode, 0)
			require.NotNil(t, e)
			assert.Equal(t, tt.resp.StatusCode, e.StatusCode)
			assert.Equal(t, tt.truncated, e.Truncated, "Truncated")
			assert.LessOrEqual(t, len(e.Body), MaxBodyBytes+MaxBodyBytes/8)
			assert.Equal(t, tt.traceID, e.TraceID, "TraceID")
			assert.Equal(t, tt.retry, e.RetryAfter, "RetryAfter")
			assert.Equal(t, correlationID, e.CorrelationID)

			var err error = fmt.Errorf("call: %w", e)
			for _, s := range allSentinels {
				want := false
				for _, w := range tt.sentinels {
					want = want || s == w
				}
				assert.Equal(t, want, errors.Is(err, s), "errors.Is %v", s)
			}
			var pe *Problem
			assert.Equal(t, tt.problem, errors.As(err, &pe), "errors.As *Problem")
			assert.Equal(t, tt.problem, e.Problem != nil)
			if tt.problem {
				assert.Same(t, e.Problem, pe)
			}
			var be *BankError
			assert.Equal(t, tt.bank, errors.As(err, &be), "errors.As *BankError")
			assert.Equal(t, tt.bank, e.Bank != nil)
			if tt.bank {
				assert.Same(t, e.Bank, be)
			}
			var ae *Error
			require.True(t, errors.As(err, &ae))
			assert.Same(t, e, ae)

			text := e.Error()
			assert.Contains(t, text, fmt.Sprint(tt.resp.StatusCode))
			for _, s := range tt.text {
				assert.Contains(t, text, s)
			}
			for _, s := range tt.absent {
				assert.NotContains(t, text, s)
				assert.NotContains(t, string(e.Body), s)
				assert.NotContains(t, fmt.Sprintf("%#v", e), s)
			}
			assert.Empty(t, e.Header.Values("Authorization"))
			assert.Empty(t, e.Header.Values("Set-Cookie"))
		})
	}
}

func TestFromResponseProblemFields(t *testing.T) {
	e := FromResponse(response(400, "application/problem+json", problemValidation), RequestInfo{Method: "POST", URL: cardURL}, DecodeProblem, 0)
	var pe *Problem
	require.True(t, errors.As(e, &pe))
	assert.Equal(t, 400, pe.Status)
	assert.Equal(t, []string{"The email field is not a valid e-mail address."}, pe.Errors["person.email"])
	assert.Equal(t, "", e.CorrelationID, "none sent, none echoed")
}

func TestFromResponseSecretsMaskedInDecodedBody(t *testing.T) {
	e := FromResponse(response(400, "application/json", problemWithSecrets), RequestInfo{}, DecodeProblem, 0)
	require.NotNil(t, e.Problem)
	assert.Equal(t, `"************1111"`, string(e.Problem.Extensions.Map()["card_number"]))
	assert.Equal(t, `"***"`, string(e.Problem.Extensions.Map()["cvv"]))
	assert.Equal(t, []string{"The card_number is not active."}, e.Problem.Errors["card_number"],
		"messages under a sensitive field name stay readable when sent as an array (as ASP.NET does)")
	assert.Equal(t, []string{"*******************tch."}, e.Problem.Errors["cvv"],
		"a single string under a sensitive field name is masked like any secret")
	assert.Equal(t, 400, e.Problem.Status, "status sent as a string")
}

func TestFromResponseLimit(t *testing.T) {
	body := `{"ErrorMessage":"` + strings.Repeat("y", 200) + `"}`
	e := FromResponse(response(400, "application/json", body), RequestInfo{}, DecodeBankError, 100)
	assert.True(t, e.Truncated)
	assert.Len(t, e.Body, 100)
	assert.Nil(t, e.Bank)

	e = FromResponse(response(400, "application/json", body), RequestInfo{}, DecodeBankError, int64(len(body)))
	assert.False(t, e.Truncated, "exactly the limit is not truncated")
	require.NotNil(t, e.Bank)

	e = DecodeOptions{MaxBodyBytes: 1 << 62, Decode: DecodeBankError}.FromResponse(response(400, "", body), RequestInfo{})
	assert.False(t, e.Truncated)
	require.NotNil(t, e.Bank)
}

func TestFromResponseDoesNotCloseBody(t *testing.T) {
	rest := strings.Repeat("z", 10)
	r := response(500, "text/plain", strings.Repeat("a", 20)+rest)
	e := FromResponse(r, RequestInfo{}, nil, 20)
	assert.True(t, e.Truncated)
	left, err := io.ReadAll(r.Body)
	require.NoError(t, err, "body still readable: the caller drains and closes it")
	assert.Equal(t, rest[1:], string(left), "one byte past the limit was read to detect truncation")
}

func TestFromResponseEdgeCases(t *testing.T) {
	e := FromResponse(nil, RequestInfo{Method: "GET", URL: cardURL, CorrelationID: "c-1"}, DecodeProblem, 0)
	assert.Equal(t, 0, e.StatusCode)
	assert.ErrorIs(t, e, ErrUnexpectedStatus)
	assert.Equal(t, "issuerkit: GET "+cardURL+": no response (correlation id c-1)", e.Error())

	r := response(502, "", "")
	r.Body = nil
	e = FromResponse(r, RequestInfo{}, DecodeBankError, 0)
	assert.Equal(t, "issuerkit: 502 Bad Gateway", e.Error())
	assert.Nil(t, e.Body)

	r = response(599, "", "")
	r.Body = http.NoBody
	assert.Equal(t, "issuerkit: status 599", FromResponse(r, RequestInfo{}, nil, 0).Error())
}

func TestFromResponseCorrelationAndTrace(t *testing.T) {
	// Echoed header when none was sent.
	e := FromResponse(response(404, "", "", "X-CorrelationId", "echoed-1"), RequestInfo{}, DecodeProblem, 0)
	assert.Equal(t, "echoed-1", e.CorrelationID)
	// From the bank body when neither.
	e = FromResponse(response(400, "application/json", bankAOA104), RequestInfo{}, DecodeBankError, 0)
	assert.Equal(t, "7d2e1c04-5b6a-4f3e-9c8d-112233445566", e.CorrelationID)
	// Malformed traceparent is kept whole.
	e = FromResponse(response(500, "", "", "traceparent", "garbage"), RequestInfo{}, nil, 0)
	assert.Equal(t, "garbage", e.TraceID)
	e = FromResponse(response(500, "", "", "Request-Id", "|abc.1."), RequestInfo{}, nil, 0)
	assert.Equal(t, "|abc.1.", e.TraceID)
}

func TestFromResponseHeaders(t *testing.T) {
	r := response(302, "", "", "Location", "https://u:p@h/cb?access_token=abcdefghijklmnop&x=1", "X-Correlationid", "c")
	r.Header["authorization"] = []string{"Bearer leaked"} // non-canonical
	r.Header.Set("Proxy-Authorization", "Basic x")
	r.Header.Set("Cookie", "a=b")
	e := FromResponse(r, RequestInfo{}, nil, 0)
	assert.Equal(t, []string{"https://h/cb?access_token=************mnop&x=1"}, e.RevealHeader().Values("Location"))
	assert.Equal(t, []string{"REDACTED"}, e.Header.Values("Location"), "a redirect target can carry a token: Header prints by allowlist (issue 36)")
	for _, h := range []string{"Authorization", "authorization", "Proxy-Authorization", "Cookie"} {
		assert.NotContains(t, e.Header, h)
		assert.NotContains(t, e.RevealHeader(), h)
	}
	assert.Equal(t, "https://u:p@h/cb?access_token=abcdefghijklmnop&x=1", r.Header.Get("Location"), "response untouched")
	assert.Equal(t, "c", e.Header.Get("X-CorrelationId"))
}

func TestFromResponseRetryAfterDate(t *testing.T) {
	now := time.Date(2025, 1, 10, 8, 15, 0, 0, time.UTC)
	r := response(503, "", "", "Retry-After", now.Add(90*time.Second).Format(http.TimeFormat))
	e := DecodeOptions{Now: func() time.Time { return now }}.FromResponse(r, RequestInfo{})
	assert.Equal(t, 90*time.Second, e.RetryAfter)

	r = response(503, "", "", "Retry-After", "soon")
	e = FromResponse(r, RequestInfo{}, nil, 0)
	assert.Zero(t, e.RetryAfter)
}

// TestFromResponseDecoderNil: a Decoder's typed nil, or ok without a value, decodes nothing.
// (A Decoder returning another error type is no longer kept: the one error type, core.Error,
// holds a ProblemDetails or a bank error body, the only two families the SDK decodes.)
func TestFromResponseDecoderNil(t *testing.T) {
	var e *Error
	nilProblem := func([]byte, string) (error, bool) { return (*Problem)(nil), true }
	e = FromResponse(response(400, "", "{}"), RequestInfo{}, nilProblem, 0)
	assert.Nil(t, e.Problem)
	assert.Len(t, e.Unwrap(), 1)
}

func TestDecoders(t *testing.T) {
	tests := []struct {
		name     string
		body, ct string
		problem  bool
		bank     bool
	}{
		{"problem", problemValidation, "application/problem+json", true, false},
		{"bank", bankAOA104, "application/json", false, true},
		{"bom and spaces", "\xef\xbb\xbf  " + problemNotFound + "\n", "application/json", true, false},
		{"sniffed", problemNotFound, "text/html", true, false},
		{"empty", "", "application/json", false, false},
		{"empty object", "{}", "application/json", false, false},
		{"array", `[{"title":"x"}]`, "application/json", false, false},
		{"html", gatewayHTML502, "text/html", false, false},
		{"truncated", problemValidation[:60], "application/json", false, false},
		{"trailing garbage", problemNotFound + "x", "application/json", false, false},
		{"unrelated object", `{"message":"Forbidden"}`, "application/json", false, false},
		{"null members only", `{"title":null,"ErrorMessage":null}`, "application/json", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, ok := DecodeProblem([]byte(tt.body), tt.ct)
			assert.Equal(t, tt.problem, ok)
			assert.Equal(t, tt.problem, d != nil)
			if ok {
				assert.IsType(t, &Problem{}, d)
			}
			d, ok = DecodeBankError([]byte(tt.body), tt.ct)
			assert.Equal(t, tt.bank, ok)
			assert.Equal(t, tt.bank, d != nil)
			if ok {
				assert.IsType(t, &BankError{}, d)
			}
		})
	}
}
