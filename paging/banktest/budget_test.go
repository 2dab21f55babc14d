package banktest_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/banktest"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// budgetRequests is how many requests each part of TestBudgetHolds sends:
// ISSUERKIT_BUDGET_REQUESTS when set (the measurement: 1000), else 20, so that the README's
// test command stays fast (about 10 s, the parts run in parallel).
func budgetRequests(t *testing.T) int {
	n := 20
	if s := os.Getenv("ISSUERKIT_BUDGET_REQUESTS"); s != "" {
		var err error
		n, err = strconv.Atoi(s)
		require.NoError(t, err, "ISSUERKIT_BUDGET_REQUESTS")
		require.Positive(t, n, "ISSUERKIT_BUDGET_REQUESTS")
	}
	return n
}

// childURLEnv, when set, makes TestBudgetHolds run as a child process (a replica of an
// exporter restarted again and again): it drains the ACH list at that URL until killed.
const childURLEnv = "BANKTEST_BUDGET_CHILD_URL"

const budgetPageSize = 5

// drain pages through the ACH list of the bank at url with a client of the process's default
// budget (5 a second, 92% of it used), prefetching up to 4 pages (concurrent turns), until the
// list ends or an error.
func drain(ctx context.Context, c *paging.Client, pages int) error {
	for _, err := range c.ACHTransactions(ctx, achReq(), core.WithPageSize(budgetPageSize),
		core.WithMaxItems(budgetPageSize*pages), core.WithEagerPrefetch(4)) {
		if err != nil {
			return err
		}
	}
	return nil
}

// TestBudgetHolds: no one-second window at the bank ever holds a sixth request of a credential
// (banktest refuses it with 429 and locks the credential out), with one process draining
// lists with prefetch at the default budget, and across restarts: an exporter process killed
// (SIGKILL) right after one of its requests reached the bank, and started again at once,
// over and over. The budget is the SDK's default (5 a second, of which 92% is used), the
// in-process limiter's: each process starts as if the last second's budget were spent.
//
// Each part sends budgetRequests requests (20; ISSUERKIT_BUDGET_REQUESTS=1000 for the
// measurement, about 4 minutes a part, the parts in parallel) and logs the rate reached.
func TestBudgetHolds(t *testing.T) {
	if url := os.Getenv(childURLEnv); url != "" {
		runChild(t, url)
		return
	}
	if testing.Short() {
		t.Skip("real time: about 10 s")
	}
	n := budgetRequests(t)
	t.Run("one process", func(t *testing.T) {
		t.Parallel()
		srv := banktest.NewServer(t, banktest.WithListsOptions(pagingtest.WithRecords(budgetPageSize*n)))
		require.NoError(t, drain(t.Context(), srv.PagingClient(), n))
		as := srv.Arrivals()
		require.Len(t, as, n)
		checkBudget(t, as)
	})
	t.Run("restarts", func(t *testing.T) {
		t.Parallel()
		perProcess := 10
		srv := banktest.NewServer(t, banktest.WithListsOptions(pagingtest.WithRecords(budgetPageSize*(perProcess+20))))
		restarts := 0
		for len(srv.Arrivals()) < n {
			want := min(len(srv.Arrivals())+perProcess, n)
			cmd := exec.Command(os.Args[0], "-test.run=^TestBudgetHolds$", "-test.count=1")
			cmd.Env = append(os.Environ(), childURLEnv+"="+srv.URL)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			require.NoError(t, cmd.Start())
			done := make(chan struct{})
			go func() { _ = cmd.Wait(); close(done) }()
		poll:
			for len(srv.Arrivals()) < want {
				select {
				case <-done:
					break poll
				case <-time.After(2 * time.Millisecond):
				}
			}
			_ = cmd.Process.Kill() // kill -9, right after its last request reached the bank
			<-done
			if len(srv.Arrivals()) < want {
				checkBudget(t, srv.Arrivals()) // the arrivals around a refusal
			}
			require.GreaterOrEqual(t, len(srv.Arrivals()), want, "the child process ended early:\n%s", out.String())
			restarts++
		}
		t.Logf("%d processes, each killed right after a request reached the bank", restarts)
		checkBudget(t, srv.Arrivals())
	})
}

// runChild is the child process of TestBudgetHolds: a client on the process's default budget
// draining lists at url until killed.
func runChild(t *testing.T, url string) {
	c, err := paging.New(url, core.WithStaticToken(banktest.Token))
	require.NoError(t, err)
	for {
		require.NoError(t, drain(t.Context(), c, 1<<20))
	}
}

// checkBudget asserts that no one-second window holds more than 5 arrivals and none was
// refused, and logs the most arrivals in a window, the shortest span of six, and the rate reached: arrivals a second over the whole run, and the longest
// run of arrivals spaced under a second.
func checkBudget(t *testing.T, as []banktest.Arrival) {
	t.Helper()
	for _, a := range as {
		assert.False(t, a.Refused, "refused at %v: %s %s", a.Time, a.Method, a.Path)
	}
	worst := worstSecond(as)
	at := make([]time.Time, len(as))
	for i, a := range as {
		at[i] = a.Time
	}
	slices.SortFunc(at, time.Time.Compare)
	if !assert.LessOrEqual(t, worst, banktest.DefaultRate, "arrivals in one second") {
		for i := 5; i < len(at); i++ {
			if at[i].Sub(at[i-5]) < time.Second {
				for _, a := range at[max(i-7, 0):min(i+3, len(at))] {
					t.Logf("arrival at +%v", a.Sub(at[i-5]).Round(time.Millisecond))
				}
				break
			}
		}
	}
	// The closest six arrivals: a second or more apart, or a sixth request in one second.
	closest := time.Duration(1<<63 - 1)
	for i := 5; i < len(at); i++ {
		closest = min(closest, at[i].Sub(at[i-5]))
	}
	if len(at) > 5 {
		t.Logf("at most %d arrivals in any one-second window; the closest six span %v", worst, closest.Round(time.Millisecond))
	}
	if len(at) > 1 {
		span := at[len(at)-1].Sub(at[0])
		t.Logf("%d arrivals in %v: %.2f a second over the whole run (restarts included)", len(at), span.Round(time.Millisecond),
			float64(len(at)-1)/span.Seconds())
		// The steady rate: between gaps of a second or more (a restart's hold).
		best, from := 0.0, 0
		for i := 1; i <= len(at); i++ {
			if i == len(at) || at[i].Sub(at[i-1]) >= 900*time.Millisecond {
				if i-1-from >= 5 {
					best = max(best, float64(i-1-from)/at[i-1].Sub(at[from]).Seconds())
				}
				from = i
			}
		}
		t.Logf("fastest run between restarts: %.3f a second (%.1f%% of the bank's 5)", best, best*20)
	}
}
