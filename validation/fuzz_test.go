package validation_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/jsonx/jsonxtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
)

// The verifyAccount answers of both versions under the fuzzer, over HTTP. A 200 body that is
// not valid JSON is a *DecodeError; a valid one is a Result, or a *DecodeError, *FaultError
// or *ResultError; a decoded Result round-trips with its unknown members
// (jsonxtest.CheckDecode); nothing panics. Seeds are in testdata/fuzz/<target>/ as well as
// below; CI runs each target for a short budget (.ci/run).

// fuzzServer answers every request with the body the fuzzer chose last, status 200.
type fuzzServer struct {
	*httptest.Server
	body atomic.Pointer[[]byte]
}

func newFuzzServer(f *testing.F, opts ...core.Option) (*fuzzServer, *validation.Client) {
	s := &fuzzServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(*s.body.Load())
	}))
	f.Cleanup(s.Close)
	c, err := validation.New(s.URL, append([]core.Option{core.WithStaticToken("tok"), core.WithHTTPClient(s.Client()),
		core.WithRetry(core.RetryOptions{MaxAttempts: 1}), validation.WithRateLimit(0)}, opts...)...)
	if err != nil {
		f.Fatal(err)
	}
	return s, c
}

var fuzzInquiry = validation.Inquiry{
	ServiceType: validation.ServiceTypeOwner, SecondaryID: "SEC0001", RoutingNumber: "011000015",
	AccountNumber: core.NewSecret("123456789"),
}

func fuzzVerify(f *testing.F, envelope string, opts ...core.Option) {
	srv, c := newFuzzServer(f, opts...)
	for _, s := range []string{
		`{"` + envelope + `":{"AOAResponse":{"Result":{"errorCode":"000","accountNumber":"123456789","x":{"y":[1]},"AcctStatus":{"primaryStatusCode":"099","z":1}}}}}`,
		`{"` + envelope + `":{"AOAResponse":{"Result":{"errorCode":"104"}}}}`,
		`{"` + envelope + `":{"AOAResponse":{"errorResponse":{"businessFault":{"errorDescription":"not entitled"}}}}}`,
		`{"` + envelope + `":{}}`, `{}`, `null`, ``, `[]`, "{\"\x12\":1}",
		`{"` + envelope + `":{"AOAResponse":{"Result":{"errorCode":"000","amount":"1e3","Client":{"clientTime":"14:00:80"}}}}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		srv.body.Store(&body)
		res, err := c.VerifyAccount(context.Background(), fuzzInquiry)
		var (
			de *core.DecodeError
			fe *validation.FaultError
			re *validation.ResultError
		)
		switch {
		case err == nil:
		case !json.Valid(body) && !errors.As(err, &de):
			t.Fatalf("invalid JSON gave %T, not *DecodeError: %v", err, err)
		case !errors.As(err, &de) && !errors.As(err, &fe) && !errors.As(err, &re):
			t.Fatalf("a 200 body failed with %T: %v", err, err)
		}
		if err != nil {
			_ = fmt.Sprintf("%v %+v", err, err)
		}
		if e := jsonxtest.CheckDecode(body, err, res); e != nil {
			t.Fatal(e)
		}
	})
}

func FuzzDecodeVerifyV1(f *testing.F) { fuzzVerify(f, "accountValidationResponse") }

func FuzzDecodeVerifyV2(f *testing.F) {
	fuzzVerify(f, "accountValidationV2Response")
}
