package paging_test

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// drainRows is the number of rows the drain benchmarks read.
const drainRows = 100_000

// BenchmarkDrain reads 100,000 rows from the sandbox in each style, through the engine and
// through a hand-written loop over the same fetch function (the same client, the same decoding
// into the same models); page/typed does the same through the SDK client: the generated
// RTPTransactions iterator against a loop over ListRTPTransactions. Every iteration drains
// once each way, the two in alternating order, so that both see the same machine: on a shared
// machine the load drifts between sub-benchmarks run one after the other, and the ratio of two
// such runs moved by ±10% where the interleaved one moves by 1–2%. It reports both throughputs
// and their ratio (x-loop: engine rows/s over loop rows/s; target ≥ 0.9), and the allocations
// of each drain and their ratio (allocs-x-loop: engine over loop; target ≤ 1.0, the sandbox's
// own allocations, in-process, count on both sides alike); ns/op and allocs/op cover both drains.
func BenchmarkDrain(b *testing.B) {
	srv := pagingtest.NewServer(b, pagingtest.WithRecords(drainRows), pagingtest.WithClientID("client-1"))
	defer srv.Close()
	srv.DisableRecording()
	ctx := context.Background()

	b.Run("row", func(b *testing.B) {
		fetch := previousDay(srv)
		benchPair(b, engineDrain(b, core.Config{Style: core.StyleRow}, fetch), func() int {
			n := 0
			for start := 1; ; start += 1000 {
				pg, err := fetch(ctx, core.Position{Style: core.StyleRow, Start: start, Size: 1000})
				if err != nil {
					b.Fatal(err)
				}
				n += len(pg.Items)
				if len(pg.Items) < 1000 || start+999 >= pg.Total {
					return n
				}
			}
		})
	})
	b.Run("offset", func(b *testing.B) {
		fetch := participants(srv)
		benchPair(b, engineDrain(b, core.Config{Style: core.StyleOffset, PageSize: 1000}, fetch), func() int {
			n := 0
			for off := 0; ; off += 1000 {
				pg, err := fetch(ctx, core.Position{Style: core.StyleOffset, Start: off, Size: 1000})
				if err != nil {
					b.Fatal(err)
				}
				n += len(pg.Items)
				if len(pg.Items) < 1000 || off+1000 >= pg.Total {
					return n
				}
			}
		})
	})
	b.Run("page", func(b *testing.B) {
		fetch := rtpList(srv, pagingtest.Query)
		benchPair(b, engineDrain(b, core.Config{Style: core.StylePage}, fetch), func() int {
			n := 0
			for page := 1; ; page++ {
				pg, err := fetch(ctx, core.Position{Style: core.StylePage, Start: page, Size: 1000})
				if err != nil {
					b.Fatal(err)
				}
				n += len(pg.Items)
				if pg.LastPage || len(pg.Items) == 0 {
					return n
				}
			}
		})
	})
	b.Run("page/typed", func(b *testing.B) {
		c, err := paging.New(srv.URL, core.WithHTTPClient(srv.HTTPClient()), paging.WithRateLimit(0))
		if err != nil {
			b.Fatal(err)
		}
		engine := func() int {
			n := 0
			for _, err := range c.RTPTransactions(ctx, rtpReq) {
				if err != nil {
					b.Fatal(err)
				}
				n++
			}
			return n
		}
		benchPair(b, engine, func() int {
			n := 0
			for page := 1; ; page++ {
				res, err := c.ListRTPTransactions(ctx, paging.ListRTPTransactionsRequest{PageNumber: page, PageSize: 1000, Body: rtpReq})
				if err != nil {
					b.Fatal(err)
				}
				n += len(res.Transactions)
				if res.Metadata.Page.LastPage || len(res.Transactions) == 0 {
					return n
				}
			}
		})
	})
	// The SDK's typed iterator against what a user would write without it: net/http and
	// encoding/json into hand-written structs (strings for the scalars, json.Number for the
	// amount), a page of 1000 at a time, the same requests. allocs-x-loop is the SDK's
	// allocations (engine, transport and generated decoders) over the hand-written loop's.
	b.Run("page/hand", func(b *testing.B) {
		c, err := paging.New(srv.URL, core.WithHTTPClient(srv.HTTPClient()), paging.WithRateLimit(0))
		if err != nil {
			b.Fatal(err)
		}
		hc := srv.HTTPClient()
		benchPair(b, func() int {
			n := 0
			for _, err := range c.RTPTransactions(ctx, rtpReq) {
				if err != nil {
					b.Fatal(err)
				}
				n++
			}
			return n
		}, func() int {
			n := 0
			for page := 1; ; page++ {
				res, err := handRTPPage(ctx, hc, srv.URL, page)
				if err != nil {
					b.Fatal(err)
				}
				n += len(res.Transactions)
				if res.Metadata.Page.LastPage || len(res.Transactions) == 0 {
					return n
				}
			}
		})
	})
}

// handRTPList is a page of RTP transactions as a hand-written client would decode it.
type handRTPList struct {
	Metadata struct {
		Page struct {
			LastPage     bool `json:"lastPage"`
			PageNumber   int  `json:"pageNumber"`
			PageSize     int  `json:"pageSize"`
			TotalPages   int  `json:"totalPages"`
			TotalRecords int  `json:"totalRecords"`
		} `json:"page"`
	} `json:"metadata"`
	Transactions []struct {
		Beneficiary                struct{ Name string }          `json:"beneficiary"`
		Creditor                   struct{ Name string }          `json:"creditor"`
		CreditorAccount            struct{ AccountNumber string } `json:"creditorAccount"`
		Debtor                     struct{ Name string }          `json:"debtor"`
		DebtorAccount              struct{ AccountNumber string } `json:"debtorAccount"`
		Originator                 struct{ Name string }          `json:"originator"`
		RequestReference           string                         `json:"requestReference"`
		SendersReference           string                         `json:"sendersReference"`
		TransactionAmount          json.Number                    `json:"transactionAmount"`
		TransactionDate            string                         `json:"transactionDate"`
		TransactionID              string                         `json:"transactionId"`
		TransactionStatus          string                         `json:"transactionStatus"`
		TransactionStatusTimestamp string                         `json:"transactionStatusTimestamp"`
	} `json:"transactions"`
}

// handRTPPage fetches page number page (1000 rows) of RTP transactions with net/http and
// encoding/json.
func handRTPPage(ctx context.Context, hc *http.Client, base string, page int) (*handRTPList, error) {
	body := `{"accountNumber":"3123456789","fromDate":"2025-01-01","toDate":"2025-01-10"}`
	u := fmt.Sprintf("%s/rtp/v1/transactions/list?pageNumber=%d&pageSize=1000", base, page)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("status %d", resp.StatusCode)
	}
	var out handRTPList
	return &out, json.NewDecoder(resp.Body).Decode(&out)
}

// engineDrain returns a drain of every item of fetch's pages for cfg through the engine.
func engineDrain[T any](b *testing.B, cfg core.Config, fetch core.FetchFunc[T]) func() int {
	return func() int {
		n := 0
		for _, err := range core.Items(context.Background(), cfg, fetch) {
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		return n
	}
}

// benchPair runs engine and loop once each per iteration, in alternating order, and reports
// the throughput of each and their ratio.
func benchPair(b *testing.B, engine, loop func() int) {
	b.ReportAllocs()
	var te, tl time.Duration
	var ae, al uint64 // allocations (mallocs) of the engine's and the loop's drains
	var ms runtime.MemStats
	timed := func(drain func() int, d *time.Duration, allocs *uint64) {
		runtime.ReadMemStats(&ms)
		m0, t0 := ms.Mallocs, time.Now()
		if n := drain(); n != drainRows {
			b.Fatalf("drained %d rows, want %d", n, drainRows)
		}
		*d += time.Since(t0)
		runtime.ReadMemStats(&ms)
		*allocs += ms.Mallocs - m0
	}
	i := 0
	for b.Loop() {
		if i%2 == 0 {
			timed(engine, &te, &ae)
			timed(loop, &tl, &al)
		} else {
			timed(loop, &tl, &al)
			timed(engine, &te, &ae)
		}
		i++
	}
	rows := float64(i * drainRows)
	b.ReportMetric(rows/te.Seconds(), "engine-rows/s")
	b.ReportMetric(rows/tl.Seconds(), "loop-rows/s")
	b.ReportMetric(tl.Seconds()/te.Seconds(), "x-loop")
	b.ReportMetric(float64(ae)/float64(i), "engine-allocs/drain")
	b.ReportMetric(float64(al)/float64(i), "loop-allocs/drain")
	b.ReportMetric(float64(ae)/float64(al), "allocs-x-loop")
}

// BenchmarkDrainHeap drains 10,000 to 1,000,000 rows by row range and reports the peak
// HeapInuse seen between pages (sandbox included: it runs in-process) and the bytes allocated
// per row. The peak must stay flat: the engine holds one page, not the rows.
func BenchmarkDrainHeap(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			srv := pagingtest.NewServer(b, pagingtest.WithRecords(n))
			defer srv.Close()
			srv.DisableRecording()
			fetch := previousDay(srv)
			var peak uint64
			var ms runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&ms)
			before := ms.TotalAlloc
			loops := 0
			for b.Loop() {
				loops++
				it := core.NewIterator(context.Background(), core.Config{Style: core.StyleRow}, fetch)
				for pg, err := range it.Pages() {
					if err != nil {
						b.Fatal(err)
					}
					_ = pg
					runtime.ReadMemStats(&ms)
					peak = max(peak, ms.HeapInuse)
				}
			}
			runtime.ReadMemStats(&ms)
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
			b.ReportMetric(float64(ms.TotalAlloc-before)/float64(loops*n), "alloc-B/row")
		})
	}
}

// BenchmarkPrefetch drains 50 pages of 100 rows with 10 ms of latency per page at prefetch
// depth k, first page alone (k=) and with EagerPrefetch (eager/k=), through the SDK client and
// its own transport (a pool of 64 idle connections per host; no rate limit). The target is at
// most 1.25 × (50 × 10 ms / k) per drain. floor-ms is the least the schedule allows: with the
// first page alone (nothing says how many pages there are before it answers) and the other 49
// at most k at a time, 10 ms × (1 + ⌈49 / k⌉); eager, 10 ms × ⌈50 / k⌉.
//
// Two servers: mem replays the sandbox's answers from memory after the latency (the SDK's and
// the engine's own cost, as against a remote bank), loopback is the sandbox over HTTP, whose
// encoding and socket work share the machine's cores with the client.
func BenchmarkPrefetch(b *testing.B) {
	srv := pagingtest.NewServer(b, pagingtest.WithRecords(5000), pagingtest.WithLatency(10*time.Millisecond))
	defer srv.Close()
	srv.DisableRecording()
	direct := pagingtest.NewServer(b, pagingtest.WithRecords(5000)) // what mem replays, without latency
	defer direct.Close()
	direct.DisableRecording()
	servers := []struct {
		name string
		opts []core.Option
	}{
		{"mem", []core.Option{core.WithHTTPClient(&http.Client{Transport: newReplay(direct.HTTPClient().Transport, 10*time.Millisecond)})}},
		{"loopback", nil},
	}
	for _, sv := range servers {
		c, err := paging.New(srv.URL, append(sv.opts, paging.WithRateLimit(0))...)
		if err != nil {
			b.Fatal(err)
		}
		for _, eager := range []bool{false, true} {
			for _, k := range []int{0, 1, 2, 4, 8} {
				if eager && k == 0 {
					continue
				}
				name := fmt.Sprintf("%s/k=%d", sv.name, k)
				floor := 10 * (1 + (49+k-1)/max(k, 1))
				opts := []core.IterOption{core.WithPageSize(100), core.WithPrefetch(k)}
				if eager {
					name, floor = fmt.Sprintf("%s/eager/k=%d", sv.name, k), 10*((50+k-1)/k)
					opts[1] = core.WithEagerPrefetch(k)
				}
				drain := func() {
					n := 0
					for _, err := range c.PreviousDayTransactions(context.Background(), pdReq, opts...) {
						if err != nil {
							b.Fatal(err)
						}
						n++
					}
					if n != 5000 {
						b.Fatalf("drained %d rows", n)
					}
				}
				b.Run(name, func(b *testing.B) {
					drain() // mem records its answers; both warm their connections
					for b.Loop() {
						drain()
					}
					per := b.Elapsed() / time.Duration(b.N)
					b.ReportMetric(float64(per.Microseconds())/1000, "ms/drain")
					if k > 0 {
						b.ReportMetric(1.25*500/float64(k), "target-ms")
						b.ReportMetric(float64(floor), "floor-ms")
					}
				})
			}
		}
	}
}
