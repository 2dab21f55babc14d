package fakekit_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformfake"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingfake"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationfake"
)

// fakeUnderTest is one client's fake, faking one method, with its verbs as functions.
type fakeUnderTest struct {
	name      string
	method    string // the faked method
	operation string // its operation id, as Call.Operation records it
	other     string // a method of the client the test does not call
	// call calls the faked method through the fake's Client; callOwn through a client of one's
	// own on the fake's HTTPClient.
	call, callOwn func(context.Context) error
	calls         func() int
	callsFor      func(name string) int
	reset         func()
	badClient     func() // Client given an option New refuses
}

func fakesUnderTest() []fakeUnderTest {
	cp := &cardplatformfake.Fake{GetCard: func(_ context.Context, proxy string) (*cardplatform.CardDTO, error) {
		return &cardplatform.CardDTO{CardProxy: proxy}, nil
	}}
	vf := &validationfake.Fake{HealthCheck: func(context.Context) (*validation.HealthCheckResponse, error) {
		return &validation.HealthCheckResponse{}, nil
	}}
	pf := &pagingfake.Fake{GetCommercialAccount: func(_ context.Context, id string, _ paging.GetCommercialAccountRequest) (*paging.CommercialAccount, error) {
		return &paging.CommercialAccount{}, nil
	}}
	return []fakeUnderTest{
		{name: "cardplatformfake", method: "GetCard", operation: "getCard", other: "CreateDisbursement",
			call: func(ctx context.Context) error { _, err := cp.Client().GetCard(ctx, "p1"); return err },
			callOwn: func(ctx context.Context) error {
				c, err := cardplatform.New("https://own.invalid", core.WithHTTPClient(cp.HTTPClient()), core.WithStaticToken("t"))
				if err != nil {
					return err
				}
				_, err = c.GetCard(ctx, "p1")
				return err
			},
			calls: func() int { return len(cp.Calls()) }, callsFor: func(n string) int { return len(cp.CallsFor(n)) },
			reset: cp.ResetCalls, badClient: func() { cp.Client(core.WithHTTPClient(nil)) }},
		{name: "validationfake", method: "HealthCheck", operation: "checkHealthV2", other: "VerifyAccount",
			call: func(ctx context.Context) error { _, err := vf.Client().HealthCheck(ctx); return err },
			callOwn: func(ctx context.Context) error {
				c, err := validation.New("https://own.invalid", core.WithHTTPClient(vf.HTTPClient()), core.WithStaticToken("t"))
				if err != nil {
					return err
				}
				_, err = c.HealthCheck(ctx)
				return err
			},
			calls: func() int { return len(vf.Calls()) }, callsFor: func(n string) int { return len(vf.CallsFor(n)) },
			reset: vf.ResetCalls, badClient: func() { vf.Client(core.WithHTTPClient(nil)) }},
		{name: "pagingfake", method: "GetCommercialAccount", operation: "getCommercialAccount", other: "ListACHTransactions",
			call: func(ctx context.Context) error {
				_, err := pf.Client().GetCommercialAccount(ctx, "A1", paging.GetCommercialAccountRequest{})
				return err
			},
			callOwn: func(ctx context.Context) error {
				c, err := paging.New("https://own.invalid", core.WithHTTPClient(pf.HTTPClient()), core.WithStaticToken("t"))
				if err != nil {
					return err
				}
				_, err = c.GetCommercialAccount(ctx, "A1", paging.GetCommercialAccountRequest{})
				return err
			},
			calls: func() int { return len(pf.Calls()) }, callsFor: func(n string) int { return len(pf.CallsFor(n)) },
			reset: pf.ResetCalls, badClient: func() { pf.Client(core.WithHTTPClient(nil)) }},
	}
}

// TestFakesShareOneShape runs the verbs every fake offers, the counterparts of a sandbox's:
// Client and a client of one's own on HTTPClient reach the faked function; Calls, CallsFor
// (by method name and by operation id) and ResetCalls read and forget what the fake received;
// CallsFor panics on a name that is neither, naming the method meant; Client panics, naming
// the error, on an option New refuses.
func TestFakesShareOneShape(t *testing.T) {
	for _, f := range fakesUnderTest() {
		t.Run(f.name, func(t *testing.T) {
			require.NoError(t, f.call(t.Context()))
			require.NoError(t, f.callOwn(t.Context()))
			assert.Equal(t, 2, f.calls())
			assert.Equal(t, 2, f.callsFor(f.method))
			assert.Equal(t, 2, f.callsFor(f.operation))
			assert.Equal(t, 0, f.callsFor(f.other), "a method not called")
			f.reset()
			assert.Equal(t, 0, f.calls())
			require.NoError(t, f.call(t.Context()))
			assert.Equal(t, 1, f.callsFor(f.method))

			msg := panicText(func() { f.callsFor(strings.ToLower(f.method)) })
			assert.Contains(t, msg, "did you mean "+f.method, "a name differing in case names the method")
			msg = panicText(func() { f.callsFor("NoSuchMethod") })
			assert.Contains(t, msg, f.name+`: unknown operation "NoSuchMethod"`)
			msg = panicText(f.badClient)
			assert.Contains(t, msg, f.name+": Client: ")
			assert.Contains(t, msg, "WithHTTPClient(nil)")
		})
	}
}

// panicText returns what fn panics with, or "" when it returns.
func panicText(fn func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	fn()
	return ""
}
