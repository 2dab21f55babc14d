package core

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// Error is the error of every answer that is not a success (a non-2xx status), whichever
// client returned it, so one errors.As reads the status, the ids, Retry-After and the
// decoded body of any of them.
// errors.Is matches the status sentinels ([ErrNotFound], [ErrServerError], ...; see
// [StatusSentinel]); errors.As reaches the decoded body too (*[Problem] or *[BankError]).
//
// Everything the SDK puts in it is redacted: the URL's secret query parameters, the secrets
// the call sent and the client's credentials in Body (and so in Problem and Bank), credential
// headers and cookies. Printing it, with any verb, is safe to log.
type Error struct {
	// StatusCode is the HTTP status code of the response (0 when there was no response).
	StatusCode int
	// Method is the HTTP method of the request.
	Method string
	// URL is the request URL, redacted (secret query parameters masked).
	URL string
	// CorrelationID is the X-CorrelationId sent with the request, or echoed by the server.
	CorrelationID string
	// TraceID is the server's trace id: ProblemDetails traceId or the bank's TransactionId,
	// else the trace id of a traceparent response header, else X-Request-Id.
	TraceID string
	// RetryAfter is the wait the server asked for in Retry-After, 0 if none.
	RetryAfter time.Duration
	// Header holds the response headers printed by allowlist, as a Response renders them: the
	// values of the headers known harmless (Content-Type, Content-Length, Date, Retry-After,
	// X-CorrelationId, X-Request-Id, Request-Id, Traceparent, x-fapi-interaction-id,
	// User-Agent, totalRows, retrievedRows) with card numbers masked, every other header's
	// value "REDACTED", names kept; Authorization, Proxy-Authorization, Cookie and Set-Cookie
	// left out. NewError masks it, so that fmt, which prints the fields of an error wrapped
	// by %w or errors.Join without calling its methods, finds nothing to leak. RevealHeader
	// gives the other values.
	Header http.Header
	// Body is the response body, at most 64 KiB of it, with secrets masked (a JSON body is
	// re-encoded compactly). Nil when the body was empty.
	Body []byte
	// Truncated is set when the body was longer than the cap, or its read failed midway (the
	// connection broke): Body holds only what was read.
	Truncated bool
	// Problem is the decoded card platform ProblemDetails, nil if the body was not one (an
	// empty 500, a gateway's HTML page) or the answer came from a bank API.
	Problem *Problem
	// Bank is the decoded bank error body, nil if the body was not one or the answer came
	// from the card platform.
	Bank *BankError

	// revealed is the body as it was kept before NewError masked what the SDK does not model
	// (RevealBody), behind a pointer to a string type, which fmt never follows.
	revealed *bodyText
	// revealHeader returns the headers as kept before NewError masked them (RevealHeader): a
	// func, which fmt prints as an address.
	revealHeader func() http.Header

	// text and msg are the Error text and the message of the decoded body, rendered by
	// NewError with the call's masker: the error holds masked text, never the masker, its
	// secrets or anything of the request. Empty for an Error built as a literal, which
	// renders with the SDK's default sanitizer.
	text, msg string
}

// Error returns a one-line description:
//
//	issuerkit: GET https://host/api/v1/cards/x: 404 Not Found: Card not found (correlation id 0c8e2f4a-…, trace id 00-4bf9…)
//
// The message after the status is the decoded body's (title and first field errors, or
// ErrorMessage and the service error), else a short non-HTML body. Card numbers and SSNs in
// it are masked; it never includes headers.
//
// The method has a value receiver, as every rendering method of the SDK's errors: *apiErr
// prints as apiErr does.
func (e Error) Error() string {
	if e.text != "" {
		return e.text
	}
	return e.render(redact.Default())
}

// render is the Error text, masked by red.
func (e *Error) render(red redact.Masker) string {
	var b strings.Builder
	b.WriteString("issuerkit: ")
	if e.Method != "" || e.URL != "" {
		b.WriteString(strings.TrimSpace(e.Method + " " + red.Text(e.URL)))
		b.WriteString(": ")
	}
	status := statusText(e.StatusCode)
	b.WriteString(status)
	if msg := e.message(red); msg != "" && !strings.EqualFold(msg, http.StatusText(e.StatusCode)) {
		b.WriteString(": ")
		b.WriteString(msg)
	}
	var extra []string
	if e.CorrelationID != "" {
		extra = append(extra, "correlation id "+e.CorrelationID)
	}
	if e.TraceID != "" {
		extra = append(extra, "trace id "+e.TraceID)
	}
	// The correlation and trace ids may be the server's echo: the whole text is sanitized.
	if e.RetryAfter > 0 {
		extra = append(extra, "retry after "+e.RetryAfter.String())
	}
	if len(extra) > 0 {
		b.WriteString(" (" + strings.Join(extra, ", ") + ")")
	}
	return red.Text(b.String())
}

// bodyText is a body kept out of fmt's reach (see Error.revealed).
type bodyText string

// RevealBody returns the response body before the SDK masked what it does not model: the
// values of the members beyond the error's schema, which Body masks. The call's credentials
// and sent Secrets, card numbers, SSNs and members under a sensitive name stay masked. Call it
// to read the body on purpose, never to log it. It returns Body for an Error that the SDK did
// not build (a literal).
func (e Error) RevealBody() []byte {
	if e.revealed == nil {
		return bytes.Clone(e.Body)
	}
	return []byte(*e.revealed)
}

// RevealHeader returns the response headers as the SDK kept them before it masked the values
// of the headers it does not know harmless (see Header): every header but Authorization,
// Proxy-Authorization, Cookie and Set-Cookie, the call's credentials and sent Secrets masked
// in every value and Location redacted like a URL. Call it to read a header on purpose (a
// rate-limit count, a vendor's id), never to log the result. It returns a copy of Header for
// an Error that the SDK did not build (a literal).
func (e Error) RevealHeader() http.Header {
	if e.revealHeader == nil {
		return e.Header.Clone()
	}
	return e.revealHeader()
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e Error) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e Error) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

func statusText(code int) string {
	if code == 0 {
		return "no response"
	}
	if t := http.StatusText(code); t != "" {
		return fmt.Sprintf("%d %s", code, t)
	}
	return fmt.Sprintf("status %d", code)
}

// maxSnippet bounds the part of an undecoded body shown in Error.
const maxSnippet = 200

// message is the text of the decoded body, else a snippet of a text body, masked by red.
func (e *Error) message(red redact.Masker) string {
	switch {
	case e.Problem != nil:
		return e.Problem.summary(red)
	case e.Bank != nil:
		return e.Bank.summary(red)
	}
	return snippet(e.Body, e.Header.Get("Content-Type"), red)
}

// snippet returns a short, single-line excerpt of a body that is not HTML, or "".
func snippet(body []byte, contentType string, red redact.Masker) string {
	s := strings.Join(strings.Fields(string(body)), " ")
	if s == "" || strings.Contains(strings.ToLower(contentType), "html") || s[0] == '<' {
		return ""
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	if len(s) > maxSnippet {
		cut := maxSnippet
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return red.Text(s)
}

// Unwrap returns the status sentinel ([StatusSentinel]) and the decoded body (*[Problem] or
// *[BankError]) when there is one, for errors.Is and errors.As.
func (e *Error) Unwrap() []error {
	if e == nil {
		return nil
	}
	errs := make([]error, 0, 2)
	if s := StatusSentinel(e.StatusCode); s != nil {
		errs = append(errs, s)
	}
	switch {
	case e.Problem != nil:
		errs = append(errs, e.Problem)
	case e.Bank != nil:
		errs = append(errs, e.Bank)
	}
	return errs
}

// LogValue makes the error log as a group of its fields (status, method, url, correlation_id,
// trace_id, retry_after, truncated, message), all redacted.
func (e Error) LogValue() slog.Value {
	red, msg := redact.Masker(redact.Default()), e.msg
	if e.text != "" {
		red = rendered{} // NewError masked the fields with the call's masker
	} else {
		msg = e.message(red)
	}
	attrs := []slog.Attr{
		slog.Int("status", e.StatusCode),
		slog.String("method", red.Text(e.Method)),
		slog.String("url", red.Text(e.URL)),
	}
	if e.CorrelationID != "" {
		attrs = append(attrs, slog.String("correlation_id", red.Text(e.CorrelationID)))
	}
	if e.TraceID != "" {
		attrs = append(attrs, slog.String("trace_id", red.Text(e.TraceID)))
	}
	if e.RetryAfter > 0 {
		attrs = append(attrs, slog.Duration("retry_after", e.RetryAfter))
	}
	if e.Truncated {
		attrs = append(attrs, slog.Bool("truncated", true))
	}
	if msg != "" {
		attrs = append(attrs, slog.String("message", red.Text(msg)))
	}
	return slog.GroupValue(attrs...)
}
