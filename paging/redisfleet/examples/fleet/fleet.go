package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/alicebob/miniredis/v2"

	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// config is what the flags set.
type config struct {
	Replicas, Pages, PageSize, Prefetch, FailAt int
	MaxLockout                                  time.Duration
}

// report is what a fleet run measured at the bank.
type report struct {
	Requests    []time.Time      // arrivals at the bank, in order
	Failed      time.Time        // arrival of the request answered 429 (zero: none)
	WorstSecond int              // most requests in any one-second window
	OverBudget  int              // one-second windows (one starting at each request) holding more than 5
	Elapsed     time.Duration    // first request to last
	PerSecond   float64          // requests / Elapsed
	Events      map[int][]event  // each replica's events
	Output      map[int][]string // each replica's other output
}

// runFleet starts the sandbox (and a miniredis unless REDIS_ADDR is set), runs cfg.Replicas
// processes of the program bin as replicas, prints the requests the bank receives each
// second, and returns what it saw once every replica has ended.
func runFleet(ctx context.Context, out io.Writer, bin string, cfg config) (*report, error) {
	if cfg.Replicas < 1 || cfg.Pages < cfg.Replicas || cfg.PageSize < 1 {
		return nil, fmt.Errorf("want at least one replica and one page each, got %+v", cfg)
	}
	perReplica := cfg.Pages / cfg.Replicas
	// The replicas drain the /ddaReports row list, served in the documented form.
	opts := []pagingtest.Option{pagingtest.WithRecords(perReplica * cfg.PageSize), pagingtest.WithDocumentedAPI()}
	if cfg.FailAt > 0 {
		opts = append(opts, pagingtest.WithFailure(http.StatusTooManyRequests, cfg.FailAt))
	}
	bank, err := pagingtest.Start(opts...)
	if err != nil {
		return nil, err
	}
	defer bank.Close()

	addr, where := os.Getenv("REDIS_ADDR"), "Redis at REDIS_ADDR"
	if addr == "" {
		m, err := miniredis.Run()
		if err != nil {
			return nil, err
		}
		defer m.Close()
		addr, where = m.Addr(), "in-process miniredis (set REDIS_ADDR to use a Redis)"
	}
	fmt.Fprintf(out, "fleet: %d replicas, %d pages of %d rows each, prefetch %d, %s %s, bank %s\n",
		cfg.Replicas, perReplica, cfg.PageSize, cfg.Prefetch, where, addr, bank.URL)

	rep := &report{Events: map[int][]event{}, Output: map[int][]string{}}
	var mu sync.Mutex
	var wg sync.WaitGroup
	errs := make([]error, cfg.Replicas)
	for i := range cfg.Replicas {
		cmd := exec.CommandContext(ctx, bin, "-replica",
			"-page-size", strconv.Itoa(cfg.PageSize), "-prefetch", strconv.Itoa(cfg.Prefetch),
			"-max-lockout", cfg.MaxLockout.String())
		cmd.Env = append(os.Environ(), envBank+"="+bank.URL, envRedis+"="+addr, envReplica+"="+strconv.Itoa(i+1),
			envRecords+"="+strconv.Itoa(perReplica*cfg.PageSize))
		cmd.Stderr = os.Stderr
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			return nil, err
		}
		if err := cmd.Start(); err != nil {
			return nil, fmt.Errorf("replica %d: %w", i+1, err)
		}
		wg.Go(func() {
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
				var ev event
				mu.Lock()
				if json.Unmarshal(sc.Bytes(), &ev) == nil && ev.Kind != "" {
					rep.Events[i+1] = append(rep.Events[i+1], ev)
					if ev.Kind != kindDone {
						fmt.Fprintf(out, "  replica %d: %s\n", i+1, ev)
					}
				} else {
					rep.Output[i+1] = append(rep.Output[i+1], sc.Text())
				}
				mu.Unlock()
			}
			if err := cmd.Wait(); err != nil {
				errs[i] = fmt.Errorf("replica %d: %w", i+1, err)
			}
		})
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	seen := 0
	for sec := 1; ; sec++ {
		select {
		case <-done:
			tick.Stop()
		case <-tick.C:
		}
		n := len(bank.Requests())
		fmt.Fprintf(out, "%3ds  the bank received %d requests (%d in all)\n", sec, n-seen, n)
		seen = n
		select {
		case <-done:
			return rep.finish(bank, cfg, errs)
		default:
		}
	}
}

// finish fills in the measures from the bank's request log.
func (r *report) finish(bank *pagingtest.Server, cfg config, errs []error) (*report, error) {
	for i, req := range bank.Requests() {
		r.Requests = append(r.Requests, req.Time)
		if i+1 == cfg.FailAt {
			r.Failed = req.Time
		}
	}
	slices.SortFunc(r.Requests, time.Time.Compare)
	r.WorstSecond, r.OverBudget = windows(r.Requests)
	if n := len(r.Requests); n > 1 {
		r.Elapsed = r.Requests[n-1].Sub(r.Requests[0])
		r.PerSecond = float64(n-1) / r.Elapsed.Seconds()
	}
	return r, errors.Join(errs...)
}

// windows returns the most arrivals (sorted) in any one-second window, and how many of the
// windows starting at an arrival hold more than 5.
func windows(at []time.Time) (worst, over int) {
	for i := range at {
		j, _ := slices.BinarySearchFunc(at, at[i].Add(time.Second), time.Time.Compare)
		worst = max(worst, j-i)
		if j-i > 5 {
			over++
		}
	}
	return worst, over
}
