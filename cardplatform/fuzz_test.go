package cardplatform_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/internal/jsonx/jsonxtest"
	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// The public decode paths of the card platform under the fuzzer, over HTTP: a record
// (GetCard), a list (ListFees), a search page (SearchCards) and the ProblemDetails error body.
// Each success body must decode as jsonxtest.CheckDecode says (invalid JSON is a *DecodeError,
// a decoded value round-trips with its unknown members); nothing may panic. Seeds are in
// testdata/fuzz/<target>/ as well as below. CI runs each target for a short budget
// (.ci/run); locally: go test -run '^$' -fuzz '^FuzzDecodeCard$' -fuzztime 30s ./cardplatform/

// fuzzServer answers every request with the status and body the fuzzer chose last.
type fuzzServer struct {
	*httptest.Server
	status      atomic.Int32
	body        atomic.Pointer[[]byte]
	contentType atomic.Pointer[string]
}

func newFuzzServer(f *testing.F) (*fuzzServer, *cardplatform.Client) {
	s := &fuzzServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", *s.contentType.Load())
		body := *s.body.Load()
		if isGzip(body) {
			w.Header().Set("Content-Encoding", "gzip") // a server that compresses unasked
		}
		w.WriteHeader(int(s.status.Load()))
		_, _ = w.Write(body)
	}))
	f.Cleanup(s.Close)
	c, err := cardplatform.New(s.URL, core.WithStaticToken("tok"), core.WithHTTPClient(s.Client()),
		core.WithRetry(core.RetryOptions{MaxAttempts: 1}))
	if err != nil {
		f.Fatal(err)
	}
	return s, c
}

// serve sets what the server answers next.
func (s *fuzzServer) serve(status int, contentType string, body []byte) {
	s.status.Store(int32(status))
	s.contentType.Store(&contentType)
	s.body.Store(&body)
}

// isGzip reports whether body starts as gzip data does: the fuzz server sends it with
// Content-Encoding: gzip.
func isGzip(body []byte) bool { return len(body) >= 2 && body[0] == 0x1f && body[1] == 0x8b }

// checkSuccess fails t when the call's outcome for a 200 body breaks a decode promise. A
// compressed body (sent with Content-Encoding: gzip, which the SDK never asks for) is refused
// unread, so no input inflates (issue 26).
func checkSuccess(t *testing.T, body []byte, err error, v any) {
	t.Helper()
	var de *core.DecodeError
	if err != nil && !errors.As(err, &de) {
		t.Fatalf("a 200 body failed with %T, not *DecodeError: %v", err, err)
	}
	if isGzip(body) != errors.Is(err, sdkclient.ErrCompressedBody) {
		t.Fatalf("a 200 body with gzip %v gave %v", isGzip(body), err)
	}
	if err != nil {
		_ = fmt.Sprintf("%v %+v", err, err)
	}
	if e := jsonxtest.CheckDecode(body, err, v); e != nil {
		t.Fatal(e)
	}
}

var fuzzCardSeeds = []string{
	cardJSON,
	`{}`, `null`, `[]`, ``, `{"card_proxy":"p","x":{"\u0041":[1,"\u00e9",{"b":null}]}}`,
	"{\"\x12\":\"\"}", `{"card_number":"4111111111111111","cvv":"123","sys_utcinserted":"2024-05-01T10:20:30"}`,
	`{"supplemental_details":{"invoices":[{"invoice_amount":-0.0e+1,"extra":{"k":"v"}}]}}`,
	`{"supplemental_details":{"invoices":[{"invoice_amount":1e999},{"invoice_amount":1e39}]}}`,
	string(gzipped(cardJSON)),
}

// gzipped returns s compressed with gzip.
func gzipped(s string) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, _ = zw.Write([]byte(s))
	_ = zw.Close()
	return buf.Bytes()
}

func FuzzDecodeCard(f *testing.F) {
	srv, c := newFuzzServer(f)
	for _, s := range fuzzCardSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		srv.serve(http.StatusOK, "application/json", body)
		card, err := c.GetCard(context.Background(), "p")
		checkSuccess(t, body, err, card)
	})
}

func FuzzDecodeList(f *testing.F) {
	srv, c := newFuzzServer(f)
	for _, s := range []string{`[]`, `null`, `[{}]`, `[{"fee_amount":1.25,"fee_name":"n","x":[1]},{"fee_guid":"0b8a0c4e-5c1f-4a51-9d8e-000000000001"}]`,
		`[null]`, `{}`, "[{\"\x01\":1}]", `[{"fee_amount":"1.5"}]`} {
		f.Add([]byte(s))
	}
	req := cardplatform.ListFeesRequest{ProgramGUID: core.MustParseGUID("0b8a0c4e-5c1f-4a51-9d8e-000000000001")}
	f.Fuzz(func(t *testing.T, body []byte) {
		srv.serve(http.StatusOK, "application/json", body)
		fees, err := c.ListFees(context.Background(), req)
		checkSuccess(t, body, err, fees)
	})
}

func FuzzDecodeSearchPage(f *testing.F) {
	srv, c := newFuzzServer(f)
	for _, s := range []string{`{"items":[],"total":0}`, `{"items":[` + cardJSON + `],"total":1}`, `{"items":null}`,
		`{"total":"3"}`, `{"items":[{}],"total":1,"next":"x"}`, `null`, `{"items":{}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		srv.serve(http.StatusOK, "application/json", body)
		page, err := c.SearchCards(context.Background(), cardplatform.SearchCardsRequest{})
		checkSuccess(t, body, err, page)
	})
}

// FuzzDecodeProblemBody: whatever a 400 carries (ProblemDetails, HTML, nothing, garbage), the
// call fails with an *Error of status 400 matching ErrBadRequest, which formats without panic.
func FuzzDecodeProblemBody(f *testing.F) {
	srv, c := newFuzzServer(f)
	for _, s := range []string{
		`{"type":"https://tools.ietf.org/html/rfc9110#section-15.5.1","title":"One or more validation errors occurred.","status":400,"errors":{"person.email":["bad"]},"traceId":"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"}`,
		`{"title":"x","detail":"tok","extensions":{"a":1}}`, `<html>502</html>`, ``, `null`, `{"errors":[1,2]}`, `{"status":"4e2"}`,
	} {
		f.Add([]byte(s), uint8(0))
	}
	f.Add([]byte(`<html>bad</html>`), uint8(2))
	types := []string{"application/problem+json", "application/json", "text/html", "text/plain; charset=utf-8", ""}
	f.Fuzz(func(t *testing.T, body []byte, contentType uint8) {
		srv.serve(http.StatusBadRequest, types[int(contentType)%len(types)], body)
		card, err := c.GetCard(context.Background(), "p")
		var e *core.Error
		if card != nil || !errors.As(err, &e) || e.StatusCode != http.StatusBadRequest || !errors.Is(err, core.ErrBadRequest) {
			t.Fatalf("a 400 gave %v, %T %v", card, err, err)
		}
		_ = fmt.Sprintf("%v %+v %#v", err, err, err)
		var pe *core.Problem
		if errors.As(err, &pe) {
			_ = fmt.Sprintf("%v %+v", pe, pe)
		}
	})
}
