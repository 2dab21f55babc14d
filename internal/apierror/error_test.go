package apierror

import (
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/leaktest"
)

func TestErrorText(t *testing.T) {
	tests := []struct {
		name string
		err  *Error
		want string
	}{
		{"bare", &Error{StatusCode: 404}, "issuerkit: 404 Not Found"},
		{"method only", &Error{StatusCode: 500, Method: "GET"}, "issuerkit: GET: 500 Internal Server Error"},
		{"url is masked again", &Error{StatusCode: 400, Method: "GET", URL: "https://h/cards/4111111111111111"},
			"issuerkit: GET https://h/cards/************1111: 400 Bad Request"},
		{"title equal to status text is not repeated", &Error{StatusCode: 404, Problem: &Problem{Title: "Not Found", Status: 404}},
			"issuerkit: 404 Not Found"},
		{"problem without text", &Error{StatusCode: 401, Problem: &Problem{Status: 401, TraceID: "t"}, TraceID: "t"},
			"issuerkit: 401 Unauthorized (trace id t)"},
		{"bank without text", &Error{StatusCode: 403, Bank: &BankError{TransactionID: "rrt-1"}, TraceID: "rrt-1"},
			"issuerkit: 403 Forbidden (trace id rrt-1)"},
		{"retry after", &Error{StatusCode: 429, RetryAfter: 2 * time.Minute}, "issuerkit: 429 Too Many Requests (retry after 2m0s)"},
		// The server may echo any X-CorrelationId: a card number in it is masked like any text.
		{"a PAN-like id is masked", &Error{StatusCode: 500, CorrelationID: "4111111111111111"},
			"issuerkit: 500 Internal Server Error (correlation id ************1111)"},
		{"an id stays readable", &Error{StatusCode: 500, CorrelationID: "0c8e2f4a-1b2c-4d5e-8f90-123456789abc"},
			"issuerkit: 500 Internal Server Error (correlation id 0c8e2f4a-1b2c-4d5e-8f90-123456789abc)"},
		{"long text body", &Error{StatusCode: 502, Body: []byte(strings.Repeat("é", 150))},
			"issuerkit: 502 Bad Gateway: " + strings.Repeat("é", 100) + "…"},
		{"html body by sniffing", &Error{StatusCode: 502, Body: []byte(" <!DOCTYPE html><p>x</p>")}, "issuerkit: 502 Bad Gateway"},
		{"invalid utf-8 body", &Error{StatusCode: 500, Body: []byte("bad \xff byte")}, "issuerkit: 500 Internal Server Error: bad \uFFFD byte"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.err.Error())
		})
	}
}

func TestErrorUnwrap(t *testing.T) {
	p := &Problem{Title: "x"}
	assert.Equal(t, []error{ErrBadRequest, p}, (&Error{StatusCode: 400, Problem: p}).Unwrap())
	b := &BankError{ErrorMessage: "x"}
	assert.Equal(t, []error{ErrServerError, b}, (&Error{StatusCode: 503, Bank: b}).Unwrap())
	assert.Equal(t, []error{ErrNotFound}, (&Error{StatusCode: 404}).Unwrap())
	assert.Empty(t, (&Error{StatusCode: 200}).Unwrap())
	var nilErr *Error
	assert.Nil(t, nilErr.Unwrap())
}

func TestErrorLogValue(t *testing.T) {
	e := FromResponse(response(400, "application/json", problemWithSecrets, "Set-Cookie", "s=1"),
		RequestInfo{Method: "POST", URL: "https://h/api/v1/cards/validate", CorrelationID: "c-1"}, DecodeProblem, 0)
	var b strings.Builder
	log := slog.New(slog.NewJSONHandler(&b, leaktest.NoTime(nil)))
	log.Error("call failed", "err", e)
	out := b.String()
	assert.Contains(t, out, `"err":{"status":400,"method":"POST","url":"https://h/api/v1/cards/validate","correlation_id":"c-1","message":"Card validation failed: card ***************1111 could not be validated`)
	assert.NotContains(t, out, "4111111111111111")
	assert.NotContains(t, out, "737")
	assert.NotContains(t, out, "s=1")

	// The rendering methods have value receivers (issue 33): a nil *Error prints as fmt
	// prints any nil pointer.
	var nilErr *Error
	require.Equal(t, "<nil>", fmt.Sprint(nilErr))
}

func TestErrorFormatVerbsAreSafe(t *testing.T) {
	e := FromResponse(response(400, "application/json", problemWithSecrets), RequestInfo{Method: "POST", URL: "https://h/x"}, DecodeProblem, 0)
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q"} {
		s := fmt.Sprintf(verb, e)
		assert.NotContains(t, s, "4111111111111111", verb)
		assert.NotContains(t, s, "4111 1111 1111 1111", verb)
		assert.NotContains(t, s, `"737"`, verb)
	}
}
