package paging_test

import (
	"context"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"slices"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// BenchmarkBudget walks 30 pages (3,000 ACH transactions by pages of 100) through the default
// client (its rate limiter, the bank's five requests a second per credential) at page
// latencies of 50 ms to 1 s, with the default options (prefetch sized to the latency) and,
// for comparison, on demand (WithPrefetch(0)) and WithPrefetch(8). It reports the requests a
// second (req/s) and that rate against the bank's budget (budget-%): the rate at which the requests arrived, from the first to the
// last, and the most requests that arrived in any one-second window
// (max-in-1s, which must stay at most 5). The rate is counted from the second request: the
// first page goes alone (nothing says how many pages there are before it answers), which
// costs one latency per walk whatever the depth. Each walk takes six to nine seconds of real time:
// run it alone, once:
//
//	go test -run '^$' -bench Budget -benchtime 1x ./paging/
func BenchmarkBudget(b *testing.B) {
	type mode struct {
		name string
		opts []core.IterOption
	}
	modes := []mode{{"default", nil}, {"prefetch=0", []core.IterOption{core.WithPrefetch(0)}},
		{"prefetch=8", []core.IterOption{core.WithPrefetch(8)}}}
	for _, lat := range []time.Duration{50 * time.Millisecond, 100 * time.Millisecond, 300 * time.Millisecond, time.Second} {
		for _, m := range modes {
			if m.name == "prefetch=0" && lat > 300*time.Millisecond {
				continue // 30 s a walk: the latency alone sets the pace
			}
			b.Run(fmt.Sprintf("latency=%v/%s", lat, m.name), func(b *testing.B) {
				var rate, worst float64
				for b.Loop() {
					r, w := budgetWalk(b, lat, m.opts)
					rate, worst = r, max(worst, float64(w))
				}
				b.ReportMetric(rate, "req/s")
				b.ReportMetric(100*rate/core.BankRate, "budget-%")
				b.ReportMetric(worst, "max-in-1s")
				if worst > core.BankRate {
					b.Errorf("%v requests arrived in one second", worst)
				}
			})
		}
	}
}

// budgetWalk walks 30 pages from a new sandbox (a new origin: a budget of its own) and returns
// the requests a second and the most that arrived in any one second.
func budgetWalk(b *testing.B, lat time.Duration, opts []core.IterOption) (float64, int) {
	const pages = 30
	srv := pagingtest.NewServer(b, pagingtest.WithRecords(pages*100), pagingtest.WithLatency(lat))
	defer srv.Close()
	c, err := paging.New(srv.URL, core.WithHTTPClient(srv.HTTPClient()))
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for _, err := range c.ACHTransactions(context.Background(), achReq, append([]core.IterOption{core.WithPageSize(100)}, opts...)...) {
		if err != nil {
			b.Fatal(err)
		}
		n++
	}
	if n != pages*100 {
		b.Fatalf("walked %d rows", n)
	}
	reqs := srv.Requests()
	if len(reqs) != pages {
		b.Fatalf("%d requests for %d pages", len(reqs), pages)
	}
	at := make([]time.Time, len(reqs))
	for i, r := range reqs {
		at[i] = r.Time
	}
	slices.SortFunc(at, time.Time.Compare)
	worst := 0
	for i := range at {
		j := i
		for j < len(at) && at[j].Sub(at[i]) < time.Second {
			j++
		}
		worst = max(worst, j-i)
	}
	// The rate at which the requests reached the bank once the first page answered (it goes
	// alone: nothing says how many pages there are before it): pages − 2 intervals from the
	// second arrival to the last.
	return float64(pages-2) / at[len(at)-1].Sub(at[1]).Seconds(), worst
}
