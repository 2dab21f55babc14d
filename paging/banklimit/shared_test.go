package banklimit_test

import (
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
)

// bank is one origin serving both the account validation and the list endpoints (the
// sandboxes behind a proxy), as the bank does: it clocks every request's arrival and can
// answer the next one 429.
type bank struct {
	*httptest.Server
	mu   sync.Mutex
	at   []time.Time
	fail atomic.Bool // answer the next request 429
}

func newBank(t *testing.T) *bank {
	lists := pagingtest.NewServer(t, pagingtest.WithRecords(200), pagingtest.WithDocumentedAPI()) // the /ddaReports row list
	val := validationtest.NewServer(t, validationtest.WithRateLimit(0))
	proxy := func(raw string) http.Handler {
		u, err := url.Parse(raw)
		require.NoError(t, err)
		return httputil.NewSingleHostReverseProxy(u)
	}
	toLists, toVal := proxy(lists.URL), proxy(val.URL)
	b := &bank{}
	b.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b.mu.Lock()
		b.at = append(b.at, time.Now())
		b.mu.Unlock()
		if b.fail.CompareAndSwap(true, false) {
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		if strings.HasPrefix(r.URL.Path, "/accounts/validations/") {
			toVal.ServeHTTP(w, r)
			return
		}
		toLists.ServeHTTP(w, r)
	}))
	t.Cleanup(b.Close)
	return b
}

func (b *bank) arrivals() []time.Time {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.at)
}

// worstSecond returns the most requests that arrived in any one-second window.
func worstSecond(at []time.Time) int {
	slices.SortFunc(at, time.Time.Compare)
	worst := 0
	for i := range at {
		n := 0
		for _, t2 := range at[i:] {
			if t2.Sub(at[i]) < time.Second {
				n++
			}
		}
		worst = max(worst, n)
	}
	return worst
}

var inquiry = validation.Inquiry{
	SecondaryID:   validationtest.SecondaryID,
	RoutingNumber: validationtest.RoutingNumber,
	AccountNumber: core.NewSecret(validationtest.AccountPerson),
	AcctOwner:     validation.AcctOwner{FirstName: "Pat", LastName: "Lee"},
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
	at := b.arrivals()
	require.Len(t, at, 22)
	assert.LessOrEqual(t, worstSecond(at), 5, "requests at the bank in one second, both clients together")

	// A 429 on the paging client locks the validation client out.
	b.fail.Store(true)
	_, err = p.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq()})
	require.ErrorIs(t, err, core.ErrRateLimited)
	_, err = v.VerifyAccount(t.Context(), inquiry)
	var le *core.LockoutError
	require.ErrorAs(t, err, &le, "locked out by the other client's 429")
	assert.ErrorIs(t, err, core.ErrRateLimited)
	assert.Len(t, b.arrivals(), 23, "the locked-out call never reached the bank")
}

// TestPrivateBudget: WithPrivateBudget, or another credential (WithCredentialID), keeps a client out of the
// shared lock-out.
func TestPrivateBudget(t *testing.T) {
	b := newBank(t)
	tok := validationtest.Token
	p, err := paging.New(b.URL, paging.WithDocumentedAPI(), core.WithStaticToken(tok))
	require.NoError(t, err)
	b.fail.Store(true)
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
