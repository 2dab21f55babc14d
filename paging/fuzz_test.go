package paging_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/internal/jsonx/jsonxtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// The bank's list pages and its error body under the fuzzer, over HTTP: each single-page
// method's 200 body must decode as jsonxtest.CheckDecode says (invalid JSON is a
// *DecodeError, a decoded page round-trips with its unknown members), and any body of a 400
// is an *Error of status 400; nothing panics. Seeds are the sandbox's own pages (below) and
// the files in testdata/fuzz/<target>/; CI runs each target for a short budget (.ci/run).

// fuzzServer answers every request with the status and body the fuzzer chose last.
type fuzzServer struct {
	*httptest.Server
	status atomic.Int32
	body   atomic.Pointer[[]byte]
}

func newFuzzServer(f *testing.F) (*fuzzServer, *paging.Client) {
	s := &fuzzServer{}
	s.status.Store(http.StatusOK)
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(int(s.status.Load()))
		_, _ = w.Write(*s.body.Load())
	}))
	f.Cleanup(s.Close)
	c, err := paging.New(s.URL, core.WithStaticToken("tok"), core.WithHTTPClient(s.Client()), paging.WithRateLimit(0),
		core.WithRetry(core.RetryOptions{MaxAttempts: 1}), paging.WithKeyClientID("k"),
		paging.WithDocumentedAPI()) // the legacy wire and /ddaReports lists too; decoding is the same in both forms
	if err != nil {
		f.Fatal(err)
	}
	return s, c
}

// seedPages adds to f the encodings of the pages get fetches from a sandbox of three records,
// each also with an unknown member, and the generic seeds.
func seedPages[T any](f *testing.F, get func(c *paging.Client) (T, error)) {
	sb := pagingtest.NewServer(f, pagingtest.WithRecords(3), pagingtest.WithDocumentedAPI())
	c, err := paging.New(sb.URL, core.WithHTTPClient(sb.HTTPClient()), paging.WithRateLimit(0), paging.WithKeyClientID("k"), paging.WithDocumentedAPI())
	if err != nil {
		f.Fatal(err)
	}
	v, err := get(c)
	if err != nil {
		f.Fatal(err)
	}
	b, err := jsonx.MarshalWire(v)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	if len(b) > 2 {
		f.Add(append([]byte(`{"unknown":{"a":[1,"\u00e9",null]},`), b[1:]...))
	}
	for _, s := range []string{`{}`, `null`, ``, `[]`, "{\"\x12\":\"\"}", `{"metadata":{"page":{"pageNumber":"1"}}}`} {
		f.Add([]byte(s))
	}
}

// checkPage fails t when the call's outcome for a 200 body breaks a decode promise.
func checkPage(t *testing.T, body []byte, err error, v any) {
	t.Helper()
	var de *core.DecodeError
	if err != nil && !errors.As(err, &de) {
		t.Fatalf("a 200 body failed with %T, not *DecodeError: %v", err, err)
	}
	if err != nil {
		_ = fmt.Sprintf("%v %+v", err, err)
	}
	if e := jsonxtest.CheckDecode(body, err, v); e != nil {
		t.Fatal(e)
	}
}

// fuzzPage runs the fuzzer on one single-page method.
func fuzzPage[T any](f *testing.F, get func(ctx context.Context, c *paging.Client) (T, error)) {
	seedPages(f, func(c *paging.Client) (T, error) { return get(context.Background(), c) })
	srv, c := newFuzzServer(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		srv.body.Store(&body)
		v, err := get(context.Background(), c)
		checkPage(t, body, err, v)
	})
}

func FuzzDecodeACHPage(f *testing.F) {
	fuzzPage(f, func(ctx context.Context, c *paging.Client) (*paging.ACHListResponse, error) {
		return c.ListACHTransactions(ctx, paging.ListACHTransactionsRequest{PageNumber: 1, PageSize: 3, Body: achReq})
	})
}

func FuzzDecodeRTPPage(f *testing.F) {
	fuzzPage(f, func(ctx context.Context, c *paging.Client) (*paging.RTPListResponse, error) {
		return c.ListRTPTransactions(ctx, paging.ListRTPTransactionsRequest{PageNumber: 1, PageSize: 3, Body: rtpReq})
	})
}

func FuzzDecodeRTPParticipantsPage(f *testing.F) {
	fuzzPage(f, func(ctx context.Context, c *paging.Client) (*paging.ParticipantListResponse, error) {
		return c.ListRTPParticipants(ctx, paging.ListRTPParticipantsRequest{KeyClientID: "k", Limit: 3, Offset: 0})
	})
}

func FuzzDecodeWirePage(f *testing.F) {
	fuzzPage(f, func(ctx context.Context, c *paging.Client) (*paging.WireListResponse, error) {
		return c.ListWireTransactionsByPage(ctx, wireReq)
	})
}

func FuzzDecodeWireDetailsPage(f *testing.F) {
	fuzzPage(f, func(ctx context.Context, c *paging.Client) (*paging.WireDetailsResponse, error) {
		return c.ListWireTransactions(ctx, paging.ListWireTransactionsRequest{StartRowIndex: 1, EndRowIndex: 3, Body: wireDetailsReq})
	})
}

func FuzzDecodePreviousDayPage(f *testing.F) {
	fuzzPage(f, func(ctx context.Context, c *paging.Client) (*paging.PreviousDayResponse, error) {
		return c.ListPreviousDayTransactions(ctx, paging.ListPreviousDayTransactionsRequest{StartRowIndex: 1, EndRowIndex: 3, Body: pdReq})
	})
}

func FuzzDecodeAddendaPage(f *testing.F) {
	fuzzPage(f, func(ctx context.Context, c *paging.Client) (*paging.ACHAddendaResponse, error) {
		return c.ListACHAddenda(ctx, paging.ListACHAddendaRequest{PageSize: 3, Body: paging.ACHAddendaRequest{UUID: "item-7"}})
	})
}

// FuzzDecodeBankErrorBody: whatever a 400 carries (the bank's error body in any of its
// shapes, HTML, nothing, garbage), the call fails with an *Error of status 400 matching
// ErrBadRequest, which formats without panic.
func FuzzDecodeBankErrorBody(f *testing.F) {
	for _, s := range []string{
		`{"ErrorMessage":"invalid page 0 of size 10","TransactionId":"sandbox-400"}`,
		`{"ServiceError":{"error":{"code":"E100","message":"bad","detail":{"detail":{"code":1}}}}}`,
		`{"ConnectError":{"status":503,"message":"down"}}`, `<html>502</html>`, ``, `null`, `[]`, `{"errors":[{"a":1}]}`,
	} {
		f.Add([]byte(s))
	}
	srv, c := newFuzzServer(f)
	srv.status.Store(http.StatusBadRequest)
	f.Fuzz(func(t *testing.T, body []byte) {
		srv.body.Store(&body)
		res, err := c.ListACHTransactions(context.Background(), paging.ListACHTransactionsRequest{PageNumber: 1, PageSize: 3, Body: achReq})
		var e *core.Error
		if res != nil || !errors.As(err, &e) || e.StatusCode != http.StatusBadRequest || !errors.Is(err, core.ErrBadRequest) {
			t.Fatalf("a 400 gave %v, %T %v", res, err, err)
		}
		_ = fmt.Sprintf("%v %+v %#v", err, err, err)
		var be *core.BankError
		if errors.As(err, &be) {
			_, _ = json.Marshal(be)
		}
	})
}
