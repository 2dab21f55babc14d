package apierror

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fuzzBodies are the seeds shared by the decoder fuzzers.
var fuzzBodies = []string{
	problemValidation, problemNotFound, problemWithSecrets,
	bankAOA104, bankConnect503, bankInquiry400, bankPayment400, gatewayHTML502,
	"", "{}", "null", `{"status":"4e2"}`, `{"errors":{"a":"b"}}`, problemValidation[:77],
	`{"ServiceError":{"error":{"detail":{"detail":{"code":1}}}}}`,
}

// checkResponse runs body through FromResponse and checks what every *Error must satisfy.
func checkResponse(t *testing.T, status int, contentType string, body []byte, decode Decoder) *Error {
	t.Helper()
	resp := &http.Response{StatusCode: status, Header: http.Header{"Content-Type": {contentType}},
		Body: io.NopCloser(bytes.NewReader(body))}
	e := FromResponse(resp, RequestInfo{Method: "POST", URL: "https://h/x", CorrelationID: "c-1"}, decode, 1<<10)
	if e == nil || e.StatusCode != status {
		t.Fatalf("no error or wrong status for %q", body)
	}
	if e.Truncated != (len(body) > 1<<10) {
		t.Fatalf("Truncated = %v for a %d-byte body", e.Truncated, len(body))
	}
	msg := e.Error()
	if !strings.Contains(msg, "POST https://h/x") || !strings.Contains(msg, "correlation id c-1") {
		t.Fatalf("Error() lacks the request: %q", msg)
	}
	if s := StatusSentinel(status); s != nil && !errors.Is(e, s) {
		t.Fatalf("status %d does not match its sentinel", status)
	}
	_ = e.LogValue().String()
	_ = fmt.Sprintf("%+v %#v", e, e)
	return e
}

func FuzzDecodeProblem(f *testing.F) {
	for _, b := range fuzzBodies {
		f.Add([]byte(b), "application/problem+json", 400)
	}
	f.Add([]byte(gatewayHTML502), "text/html", 502)
	f.Fuzz(func(t *testing.T, body []byte, contentType string, status int) {
		d, ok := DecodeProblem(body, contentType)
		if ok != (d != nil) {
			t.Fatalf("ok = %v with decoded %v", ok, d)
		}
		if ok {
			p, isProblem := d.(*Problem)
			if !isProblem || p == nil {
				t.Fatalf("decoded %T %+v", d, d)
			}
			if p.Error() == "" {
				t.Fatal("empty Error()")
			}
		}
		e := checkResponse(t, status, contentType, body, DecodeProblem)
		var pe *Problem
		if errors.As(e, &pe) != (e.Problem != nil) {
			t.Fatal("errors.As to *Problem disagrees with Error.Problem")
		}
		if e.Bank != nil {
			t.Fatal("the problem decoder produced a bank error")
		}
	})
}

func FuzzDecodeBankError(f *testing.F) {
	for _, b := range fuzzBodies {
		f.Add([]byte(b), "application/json", 400)
	}
	f.Add([]byte(bankConnect503), "text/json", 503)
	f.Fuzz(func(t *testing.T, body []byte, contentType string, status int) {
		d, ok := DecodeBankError(body, contentType)
		if ok != (d != nil) {
			t.Fatalf("ok = %v with decoded %v", ok, d)
		}
		if ok {
			b, isBank := d.(*BankError)
			if !isBank || b == nil || b.Error() == "" {
				t.Fatalf("decoded %T %+v", d, d)
			}
			seen := map[string]bool{}
			for _, c := range b.Codes() {
				if c == "" || seen[c] {
					t.Fatalf("Codes() has an empty or repeated code: %q", b.Codes())
				}
				seen[c] = true
			}
			if b.Error() == "" {
				t.Fatal("empty Error()")
			}
		}
		e := checkResponse(t, status, contentType, body, DecodeBankError)
		var be *BankError
		if errors.As(e, &be) != (e.Bank != nil) {
			t.Fatal("errors.As to *BankError disagrees with Error.Bank")
		}
		// Property: a card number put in the body never reaches the error.
		const pan = "4111111111111111"
		if !bytes.Contains(body, []byte(pan)) && len(body) < 512 {
			withPAN := append(append([]byte(`{"ErrorMessage":"card `+pan+`","pan":"`+pan+`","x":`), body...), '}')
			e := checkResponse(t, status, contentType, withPAN, DecodeBankError)
			if strings.Contains(e.Error(), pan) || bytes.Contains(e.Body, []byte(pan)) ||
				strings.Contains(fmt.Sprintf("%#v", e), pan) {
				t.Fatalf("PAN survived in %q: %s / %s", withPAN, e.Error(), e.Body)
			}
		}
	})
}

func FuzzParseRetryAfter(f *testing.F) {
	now := time.Date(2025, 1, 10, 8, 15, 0, 0, time.UTC).Unix()
	for _, s := range []string{"120", "0", "-1", "1.5", "", " 7 ", "99999999999999999999",
		"Fri, 10 Jan 2025 08:17:00 GMT", "Friday, 10-Jan-25 08:16:00 GMT", "Fri Jan 10 08:15:30 2025", "Thu, 01 Jan 1970 00:00:00 GMT"} {
		f.Add(s, now)
	}
	f.Fuzz(func(t *testing.T, v string, nowUnix int64) {
		now := time.Unix(nowUnix, 0)
		d, ok := ParseRetryAfter(v, now)
		if d < 0 {
			t.Fatalf("negative duration %v for %q", d, v)
		}
		if !ok && d != 0 {
			t.Fatalf("not ok but %v for %q", d, v)
		}
		trimmed := strings.TrimSpace(v)
		if n, err := strconv.ParseInt(trimmed, 10, 64); err == nil && isDigits(trimmed) {
			if !ok {
				t.Fatalf("delta-seconds %q not accepted", v)
			}
			if n <= maxRetryAfterSeconds && d != time.Duration(n)*time.Second {
				t.Fatalf("%q gave %v", v, d)
			}
		}
		if strings.HasPrefix(trimmed, "-") && ok {
			if _, err := http.ParseTime(trimmed); err != nil {
				t.Fatalf("negative %q accepted", v)
			}
		}
	})
}
