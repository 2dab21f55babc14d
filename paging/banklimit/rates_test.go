package banklimit_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
)

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
	at := b.arrivals()
	require.Len(t, at, 14)
	assert.LessOrEqual(t, worstSecond(at), 4, "requests at the bank in one second, both clients together: the stricter rate (4/s) wins")
}
