package crashtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// envWorker names the variable that makes a test binary a worker process: the path of its
// workerConfig.
const envWorker = "ISSUERKIT_CRASH_WORKER"

// workerConfig is what the parent tells a worker process.
type workerConfig struct {
	// Name is the worker's name in leases; Seed orders its walk through the plan.
	Name string
	Seed uint64
	// Sandbox and Token reach the parent's sandbox; DSN the store; Plan the plan's file.
	Sandbox, Token, DSN, Plan string
	// Lease and Settle are the journal's Options.
	Lease, Settle time.Duration
	// Goroutines is how many payouts the worker writes at once.
	Goroutines int
	// Deadline is when the parent gives up: a worker still running then exits, as does one
	// whose parent is gone, so that no worker outlives its test.
	Deadline time.Time
}

// Worker is the body of a driver's TestCrashWorker: run by Run in a process of its own, it
// writes every payout of the plan through a journal on the store open gives, in an order of
// its own, with a recovery pass on a timer (Journal.Run), until every payout is settled, in
// review or pending behind a review of its scope. Started by hand (without the parent's
// variable) it skips.
func Worker(t *testing.T, open Open) {
	path := os.Getenv(envWorker)
	if path == "" {
		t.Skip("a worker process of TestCrash: it runs when TestCrash starts it")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cfg workerConfig
	if err := json.Unmarshal(b, &cfg); err != nil {
		t.Fatalf("worker config: %v", err)
	}
	plan, err := readPlan(cfg.Plan)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, err := open(ctx, cfg.DSN)
	if err != nil {
		t.Fatalf("open the store: %v", err)
	}
	c, err := cardplatform.New(cfg.Sandbox, core.WithStaticToken(cfg.Token))
	if err != nil {
		t.Fatal(err)
	}
	j, err := journal.New(c, st, journal.Options{Worker: cfg.Name, Lease: cfg.Lease, Settle: cfg.Settle})
	if err != nil {
		t.Fatal(err)
	}
	w := &worker{name: cfg.Name, j: j, st: st, plan: plan, done: make([]bool, len(plan.Payouts)), due: make([]time.Time, len(plan.Payouts))}
	order := rand.New(rand.NewPCG(cfg.Seed, 0)).Perm(len(plan.Payouts))
	goroutines := max(1, cfg.Goroutines)
	start := time.Now()
	// As a service does: a recovery pass at start and on a timer (Run), and every payout
	// through Do; those Do could not settle (an outcome unknown, a busy scope) through Do
	// again once due, until each is settled, in review or behind a review; then every payout
	// through Do once more, which must find each so.
	runCtx, stopRun := context.WithCancel(ctx)
	ran := make(chan struct{})
	go func() {
		defer close(ran)
		_ = j.Run(runCtx, 200*time.Millisecond)
	}()
	go watchParent(cfg.Deadline)
	passes := 0
	for left := len(order); left != 0; left = w.left(ctx) {
		passes++
		settled, err := w.pass(ctx, order, goroutines)
		if err != nil {
			t.Fatal(err)
		}
		if settled == 0 {
			time.Sleep(100 * time.Millisecond) // nothing moved: wait for a scope, a DueAt, a lease
		}
	}
	stopRun()
	<-ran
	for i := range w.done {
		w.done[i], w.due[i] = false, time.Time{}
	}
	if _, err := w.pass(ctx, order, goroutines); err != nil {
		t.Fatal(err)
	}
	if left := w.left(ctx); left != 0 {
		t.Fatalf("%d payouts not settled after the last pass", left)
	}
	fmt.Printf("%s: every payout settled, in review or blocked by a review, %d passes, %v; %s\n",
		cfg.Name, passes, time.Since(start).Round(time.Millisecond), w.summary())
}

// watchParent ends this process when its parent is gone (it was reparented) or the
// parent's deadline has passed: no worker outlives its test.
func watchParent(deadline time.Time) {
	parent := os.Getppid()
	for range time.Tick(100 * time.Millisecond) {
		if os.Getppid() != parent || time.Now().After(deadline) {
			fmt.Fprintln(os.Stderr, "crashtest worker: the parent is gone or gave up; exiting")
			os.Exit(3)
		}
	}
}

// worker is one worker process's state.
type worker struct {
	name string
	j    *journal.Journal
	st   journal.Store
	plan *Plan

	mu       sync.Mutex
	done     []bool      // settled, in review or blocked, as this worker last saw it
	due      []time.Time // when a payout not done is due, as the store last said
	states   map[journal.State]int
	settling int
	errs     map[string]int // transient errors by where they happened
	first    map[string]string
}

// note counts a transient error (a fault of the sandbox, a busy store) and keeps the first of
// each place for the summary.
func (w *worker) note(where string, err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.errs == nil {
		w.errs, w.first = map[string]int{}, map[string]string{}
	}
	if w.errs[where]++; w.errs[where] == 1 {
		w.first[where] = err.Error()
	}
}

// pass writes every payout this worker has not seen settled and that is due through Do,
// goroutines at a time, and returns how many it found settled or in review. A key reused with another request
// fails the worker: the plan never does that.
func (w *worker) pass(ctx context.Context, order []int, goroutines int) (int, error) {
	idx := make(chan int)
	var wg sync.WaitGroup
	var fatal error
	settled := 0
	for range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range idx {
				p := w.plan.Payouts[i]
				res, err := journal.Do(ctx, w.j, journal.CreateDisbursement, p.Key, w.plan.Request(p))
				w.mu.Lock()
				switch {
				case err == nil && res.State.Settled(), errors.Is(err, journal.ErrReview):
					w.done[i] = true
					settled++
					if w.states == nil {
						w.states = map[journal.State]int{}
					}
					w.states[res.State]++
				case errors.Is(err, journal.ErrSettling):
					w.settling++
				case errors.Is(err, journal.ErrKeyReused):
					fatal = fmt.Errorf("%s: %w", p.Key, err)
				case err == nil:
					fatal = fmt.Errorf("%s: Do returned %s without an error", p.Key, res.State)
				}
				w.mu.Unlock()
				if err != nil && !errors.Is(err, journal.ErrReview) && !errors.Is(err, journal.ErrSettling) {
					w.note("Do", err)
				}
			}
		}()
	}
	var todo []int
	now := time.Now()
	w.mu.Lock()
	for _, i := range order {
		if !w.done[i] && !w.due[i].After(now) {
			todo = append(todo, i)
		}
	}
	w.mu.Unlock()
	for _, i := range todo {
		idx <- i
	}
	close(idx)
	wg.Wait()
	return settled, fatal
}

// left counts the payouts neither settled, in review nor pending behind a review of their
// scope (only a person's verdict, Journal.Resolve, moves those), as the store has them, and
// marks the others done; -1 when the store could not say.
func (w *worker) left(ctx context.Context) int {
	review, err := w.st.List(ctx, journal.StateReview, "", len(w.plan.Payouts)+1)
	if err != nil {
		w.note("list", err)
		return -1
	}
	scopes := map[string]bool{}
	for _, e := range review {
		scopes[e.Scope] = true
	}
	left := 0
	for i, p := range w.plan.Payouts {
		if w.done[i] {
			continue
		}
		e, err := w.st.Get(ctx, p.Key)
		if err == nil {
			w.due[i] = e.DueAt
		}
		switch {
		case err == nil && e.State == journal.StatePending && scopes[e.Scope]:
			w.done[i] = true
			continue
		case err == nil && (e.State.Settled() || e.State == journal.StateReview):
			w.done[i] = true
			continue
		case err != nil && !errors.Is(err, journal.ErrNotFound):
			w.note("get", err)
		}
		left++
	}
	return left
}

// summary describes what this worker saw.
func (w *worker) summary() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	s := fmt.Sprintf("results %v, still settling %d times", w.states, w.settling)
	for where, n := range w.errs {
		s += fmt.Sprintf("; %d errors in %s (first: %s)", n, where, w.first[where])
	}
	return s
}
