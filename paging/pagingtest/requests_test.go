package pagingtest_test

import (
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// TestRequestLogMasksSecrets: Requests() kept the account numbers of the request bodies and
// the bearer token in clear, and test output printed them. They are masked in the body, the
// headers and %v/%+v/%#v of the log; RevealBody gives the body as received.
func TestRequestLogMasksSecrets(t *testing.T) {
	const acct, token = "3123456789", "paging-test-token-1"
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(3))
	c, err := paging.New(srv.URL, core.WithHTTPClient(srv.HTTPClient()), paging.WithRateLimit(0), core.WithStaticToken(token))
	require.NoError(t, err)
	from, to := core.MustParseDate("2025-01-02"), core.MustParseDate("2025-01-09")
	for _, err := range c.ACHTransactions(t.Context(), paging.ACHListRequest{AccountNumber: core.NewSecret(acct), FromDate: from, ToDate: to}) {
		require.NoError(t, err)
	}
	reqs := srv.Requests()
	require.NotEmpty(t, reqs)
	printed := fmt.Sprintf("%v\n%+v\n%#v", reqs, reqs, reqs)
	for _, secret := range []string{acct, token} {
		assert.NotContains(t, printed, secret)
		for _, r := range reqs {
			assert.NotContains(t, string(r.Body), secret)
			assert.NotContains(t, fmt.Sprint(r.Header), secret)
			assert.NotContains(t, r.Query.Encode(), secret)
		}
	}
	assert.Contains(t, string(reqs[0].RevealBody()), `"accountNumber":"`+acct+`"`, "RevealBody is the body as received")
	assert.Contains(t, string(reqs[0].Body), `"accountNumber"`, "the member is still there, masked")
}

// TestRequestLogMasksListsOfSecrets: %s of Requests() showed "accountNumber":["…"], a list
// under a sensitive name (issue 33, bug 6). Every rendering of the log masks it.
func TestRequestLogMasksListsOfSecrets(t *testing.T) {
	const acct, acct2 = "3123456789", "000111222333"
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(3), pagingtest.WithDocumentedAPI())
	c := srv.Client()
	from, to := core.MustParseDate("2025-01-02"), core.MustParseDate("2025-01-09")
	req := paging.PreviousDayRequest{AccountNumber: []core.Secret{core.NewSecret(acct), core.NewSecret(acct2)}, FromDate: from, ToDate: to}
	for _, err := range c.PreviousDayTransactions(t.Context(), req) {
		require.NoError(t, err)
	}
	reqs := srv.Requests()
	require.NotEmpty(t, reqs)
	require.Contains(t, string(reqs[0].RevealBody()), acct, "the list went out in clear")
	for _, verb := range []string{"%s", "%v", "%+v", "%#v", "%q", "%x", "%d"} {
		printed := fmt.Sprintf(verb, reqs)
		for _, secret := range []string{acct, acct2, fmt.Sprintf("%x", acct)} {
			assert.NotContains(t, printed, secret, verb)
		}
	}
	assert.Contains(t, string(reqs[0].Body), `"accountNumber":["`, "the member is still there, masked")
}

// TestResetRequests: ResetRequests forgets the requests received so far, as the other
// sandboxes' does; the requests after it are recorded.
func TestResetRequests(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(3))
	c := srv.Client()
	from, to := core.MustParseDate("2025-01-02"), core.MustParseDate("2025-01-09")
	walk := func() {
		for _, err := range c.ACHTransactions(t.Context(), paging.ACHListRequest{AccountNumber: core.NewSecret("3123456789"), FromDate: from, ToDate: to}) {
			require.NoError(t, err)
		}
	}
	walk()
	require.NotEmpty(t, srv.Requests())
	srv.ResetRequests()
	assert.Empty(t, srv.Requests())
	assert.Empty(t, srv.RequestsFor("ACHTransactions"))
	walk()
	assert.NotEmpty(t, srv.RequestsFor("ACHTransactions"), "recording goes on after a reset")
}
