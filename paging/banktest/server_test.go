package banktest_test

import (
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/banktest"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
)

var inquiry = validation.Inquiry{
	SecondaryID:   validationtest.SecondaryID,
	RoutingNumber: validationtest.RoutingNumber,
	AccountNumber: core.NewSecret(validationtest.AccountPerson),
	AcctOwner:     validation.AcctOwner{FirstName: "Pat", LastName: "Lee"},
}

// achReq is an ACH transactions filter of the bank as published (the default form).
func achReq() paging.ACHListRequest {
	from, to := core.MustParseDate("2025-01-02"), core.MustParseDate("2025-01-09")
	return paging.ACHListRequest{AccountNumber: core.NewSecret("3123456789"), FromDate: from, ToDate: to}
}

func achList() paging.ListACHTransactionsRequest {
	return paging.ListACHTransactionsRequest{PageNumber: 1, PageSize: 20, Body: achReq()}
}

// worstSecond returns the most arrivals in any one-second window.
func worstSecond(as []banktest.Arrival) int {
	at := make([]time.Time, len(as))
	for i, a := range as {
		at[i] = a.Time
	}
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

// TestOriginLocksOutOnTheSixth: the sandbox accepts 5 requests of a credential in one second,
// on both APIs together; the 6th is answered 429 with the lock-out in Retry-After, and so is
// every later request of that credential, whichever API; another credential is not locked out.
func TestOriginLocksOutOnTheSixth(t *testing.T) {
	srv := banktest.NewServer(t, banktest.WithLockout(90*time.Second))
	send := func(path, tok string) *http.Response {
		req, err := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := srv.HTTPClient().Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		return resp
	}
	for i := range 5 {
		path := "/accounts/validations/v2/healthCheck"
		if i%2 == 1 {
			path = "/rtp/v1/payment/rtp/participant"
		}
		assert.NotEqual(t, http.StatusTooManyRequests, send(path, banktest.Token).StatusCode, "request %d", i+1)
	}
	resp := send("/accounts/validations/v2/healthCheck", banktest.Token)
	if time.Since(srv.Arrivals()[0].Time) < time.Second {
		require.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "the 6th in one second")
		assert.Equal(t, "90", resp.Header.Get("Retry-After"))
		resp = send("/rtp/v1/payment/rtp/participant", banktest.Token)
		assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "locked out on the other API too")
		assert.NotEqual(t, http.StatusTooManyRequests, send("/accounts/validations/v2/healthCheck", "another-token").StatusCode,
			"another credential")
		assert.True(t, srv.Arrivals()[5].Refused)
	} else {
		t.Log("the machine took over a second for 5 requests: the window check is skipped")
	}
}

// TestValidationLockoutLocksOutPagingClient: on one origin, a 429 earned by the validation
// client (its limiter turned off, 6 requests in one second) locks out the paging client of
// the same credential: it fails with *LockoutError without reaching the origin. The clients
// of another banktest Server are not locked out.
func TestValidationLockoutLocksOutPagingClient(t *testing.T) {
	srv := banktest.NewServer(t, banktest.WithValidationClientOptions(validation.WithRateLimit(0)))
	other := banktest.NewServer(t)
	var err error
	for range 6 {
		if _, err = srv.ValidationClient().VerifyAccount(t.Context(), inquiry); err != nil {
			break
		}
	}
	require.ErrorIs(t, err, core.ErrRateLimited, "6 requests at once: the 6th is refused")
	n := len(srv.Arrivals())
	_, err = srv.PagingClient().ListACHTransactions(t.Context(), achList())
	var le *core.LockoutError
	require.ErrorAs(t, err, &le, "the paging client of the same credential is locked out")
	assert.Greater(t, le.Wait, time.Minute)
	assert.Len(t, srv.Arrivals(), n, "the locked-out call never reached the origin")

	_, err = other.PagingClient().ListACHTransactions(t.Context(), achList())
	assert.NoError(t, err, "another sandbox's client")
	_, err = other.ValidationClient().VerifyAccount(t.Context(), inquiry)
	assert.NoError(t, err, "another sandbox's client")
}

// TestTwoRatesOneBudget: a validation client at the default rate and a paging client at 2
// requests a second, one credential, never bring more than 5 requests into a second at an
// origin that locks out on the 6th: every call succeeds and the stricter rate paces both.
//
// The stricter rate is the shared limiter's 1.84 a second (92% of 2): requests written at
// least 543 ms apart (each turn comes one interval after the previous request was seen
// written, whatever delayed it before), so a fourth request in one second needs the server
// to see the first of four 630 ms later than the fourth, after their writes: a margin that
// holds on a loaded 2-core machine. Without the shared budget the two clients send 4.6 + 1.84
// a second.
func TestTwoRatesOneBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("takes about five seconds")
	}
	srv := banktest.NewServer(t, banktest.WithListsOptions(pagingtest.WithRecords(200)),
		banktest.WithPagingClientOptions(paging.WithRateLimit(2)))
	var wg sync.WaitGroup
	wg.Go(func() {
		for range 5 {
			_, err := srv.ValidationClient().VerifyAccount(t.Context(), inquiry)
			assert.NoError(t, err)
		}
	})
	wg.Go(func() {
		n := 0
		for _, err := range srv.PagingClient().ACHTransactions(t.Context(), achReq(), core.WithPageSize(20), core.WithMaxItems(100), core.WithEagerPrefetch(4)) {
			if !assert.NoError(t, err) {
				return
			}
			n++
		}
		assert.Equal(t, 100, n)
	})
	wg.Wait()
	as := srv.Arrivals()
	require.Len(t, as, 10)
	for _, a := range as {
		assert.False(t, a.Refused, "refused: %s %s", a.Method, a.Path)
	}
	if !assert.LessOrEqual(t, worstSecond(as), 3, "the stricter rate, 1.84/s, paces both clients") {
		for _, a := range as {
			t.Logf("%s %s at +%v", a.Method, a.Path, a.Time.Sub(as[0].Time).Round(time.Millisecond))
		}
	}
}
