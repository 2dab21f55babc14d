package banktest_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/banktest"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
)

// The tests of this file build clients of their own, with the process's default budget of
// their credential (validationtest.Token at the Server's origin), and measure what they send
// at the origin. newBank is the origin without its own rate limit, so that nothing but the
// clients' limiter holds the rate, serving the documented form's /ddaReports row list of 200
// records. A 429 comes from a fault (fail429): the lock-out it starts is kept by the process
// under the origin, and the Server's Close forgets it, so a later test's server on the same
// port (the kernel reuses ports) does not inherit it.
func newBank(t *testing.T) *banktest.Server {
	return banktest.NewServer(t, banktest.WithRateLimit(0),
		banktest.WithListsOptions(pagingtest.WithRecords(200), pagingtest.WithDocumentedAPI()))
}

// fail429 makes the next call of the client method name answer 429, without Retry-After
// (the bank's two minutes apply): on the list endpoints, or on the validation service when
// name is VerifyAccount.
func fail429(t *testing.T, b *banktest.Server, name string) {
	t.Helper()
	if name == "VerifyAccount" {
		require.NoError(t, b.Validation.FailNext(name, 1, validationtest.Fault{Status: 429}))
		return
	}
	require.NoError(t, b.Lists.FailNext(name, 1, pagingtest.Fault{Status: 429}))
}

func pdReq() paging.PreviousDayRequest {
	from, to := core.MustParseDate("2025-01-02"), core.MustParseDate("2025-01-09")
	return paging.PreviousDayRequest{AccountNumber: []core.Secret{core.NewSecret("3123456789")}, FromDate: from, ToDate: to}
}

// TestOneBudgetPerCredential: a validation client and a paging client built with the same
// credential for the same bank share its 5 requests a second (measured at the server, while
// one validates accounts in a loop and the other drains a report with prefetch), and a 429
// seen by one locks the other out: it fails with *LockoutError without reaching the bank.
func TestOneBudgetPerCredential(t *testing.T) {
	if testing.Short() {
		t.Skip("takes five seconds")
	}
	b := newBank(t)
	const tok = validationtest.Token
	v, err := validation.New(b.URL, core.WithStaticToken(tok))
	require.NoError(t, err)
	p, err := paging.New(b.URL, paging.WithDocumentedAPI(), core.WithStaticToken(tok))
	require.NoError(t, err)

	var wg sync.WaitGroup
	wg.Go(func() {
		for range 12 {
			_, err := v.VerifyAccount(t.Context(), inquiry)
			assert.NoError(t, err)
		}
	})
	wg.Go(func() {
		n := 0
		for _, err := range p.PreviousDayTransactions(t.Context(), pdReq(), core.WithPageSize(20), core.WithMaxItems(240), core.WithEagerPrefetch(4)) {
			assert.NoError(t, err)
			n++
		}
		assert.Equal(t, 200, n)
	})
	wg.Wait()
	at := b.Arrivals()
	require.Len(t, at, 22)
	assert.LessOrEqual(t, worstSecond(at), 5, "requests at the bank in one second, both clients together")

	// A 429 on the paging client locks the validation client out.
	fail429(t, b, "ListPreviousDayTransactions")
	_, err = p.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq()})
	require.ErrorIs(t, err, core.ErrRateLimited)
	_, err = v.VerifyAccount(t.Context(), inquiry)
	var le *core.LockoutError
	require.ErrorAs(t, err, &le, "locked out by the other client's 429")
	assert.ErrorIs(t, err, core.ErrRateLimited)
	assert.Len(t, b.Arrivals(), 23, "the locked-out call never reached the bank")
}

// TestOneBudgetWhateverTheRate: a validation client at the default rate and a paging client
// given a lower one (WithRateLimit(4)), of one credential at one bank, share one budget, and
// the stricter rate wins: at most 4 requests reach the bank in any one second, both clients
// together. The shared limiters used to be kept per rate: each client had a budget of its
// own, 4.5 + 3.6 requests a second, 8 in one second at a bank that locks out on the 6th.
func TestOneBudgetWhateverTheRate(t *testing.T) {
	if testing.Short() {
		t.Skip("takes four seconds")
	}
	b := newBank(t)
	const tok = validationtest.Token
	v, err := validation.New(b.URL, core.WithStaticToken(tok))
	require.NoError(t, err)
	p, err := paging.New(b.URL, core.WithStaticToken(tok), paging.WithRateLimit(4), paging.WithDocumentedAPI()) // the /ddaReports row list of newBank
	require.NoError(t, err)

	var wg sync.WaitGroup
	wg.Go(func() {
		for range 7 {
			_, err := v.VerifyAccount(t.Context(), inquiry)
			assert.NoError(t, err)
		}
	})
	wg.Go(func() {
		n := 0
		for _, err := range p.PreviousDayTransactions(t.Context(), pdReq(), core.WithPageSize(20), core.WithMaxItems(140), core.WithEagerPrefetch(4)) {
			assert.NoError(t, err)
			n++
		}
		assert.Equal(t, 140, n)
	})
	wg.Wait()
	at := b.Arrivals()
	require.Len(t, at, 14)
	assert.LessOrEqual(t, worstSecond(at), 4, "requests at the bank in one second, both clients together: the stricter rate (4/s) wins")
}

// TestPrivateBudget: WithPrivateBudget, or another credential (WithCredentialID), keeps a client out of the
// shared lock-out.
func TestPrivateBudget(t *testing.T) {
	b := newBank(t)
	tok := validationtest.Token
	p, err := paging.New(b.URL, paging.WithDocumentedAPI(), core.WithStaticToken(tok))
	require.NoError(t, err)
	fail429(t, b, "ListPreviousDayTransactions")
	_, err = p.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq()})
	require.ErrorIs(t, err, core.ErrRateLimited)
	for _, opts := range [][]core.Option{
		{core.WithStaticToken(tok), validation.WithPrivateBudget()},
		{core.WithStaticToken(tok), validation.WithCredentialID("another credential")},
	} {
		v, err := validation.New(b.URL, opts...)
		require.NoError(t, err)
		_, err = v.VerifyAccount(t.Context(), inquiry)
		assert.NoError(t, err)
	}
	v, err := validation.New(b.URL, core.WithStaticToken(tok))
	require.NoError(t, err)
	_, err = v.VerifyAccount(t.Context(), inquiry)
	var le *core.LockoutError
	assert.ErrorAs(t, err, &le, "same credential, shared lock-out")
}
