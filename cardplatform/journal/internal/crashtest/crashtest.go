// Package crashtest is the crash test of the journal's store drivers, written once: a parent
// test (Run) starts the card platform's sandbox with random faults and worker processes (the
// test binary run again, Worker), kills them with SIGKILL at random moments and starts them
// again, until every payout of a plan of thousands is settled or in review; then it holds the
// journal against what the sandbox did: no payout sent twice, none lost. Each driver module
// (sqlitejournal, pgjournal) calls it from its crash_test.go:
//
//	func TestCrash(t *testing.T)       { crashtest.Run(t, crashtest.Config{DSN: dsn, Open: open, Workers: 3}) }
//	func TestCrashWorker(t *testing.T) { crashtest.Worker(t, open) }
//
// Every key must end paid at most once; committed in the journal if and only if the platform
// queued it (or in review, where a person decides); refused with the platform's refusal;
// or pending behind an entry of its scope in review (only Journal.Resolve opens the scope).
// A committed key's recorded result must name the payout the platform queued for it.
//
// ISSUERKIT_CRASH_WRITES sets how many payouts (default 1000: 90 s on SQLite and 35 s on
// Postgres under -race on two loaded cores) and ISSUERKIT_CRASH_SEED the seed of the plan,
// the faults and the kill times, which Run prints. Bench is the drivers' shared benchmark.
package crashtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// Open opens a driver's store from its DSN (a file path, a connection string). A Store with
// a Close method is closed when the check is done.
type Open func(ctx context.Context, dsn string) (journal.Store, error)

// Config is one driver's crash test.
type Config struct {
	// DSN is given to Open, in every worker process and for the check.
	DSN string
	// Open opens the store.
	Open Open
	// Workers is how many worker processes run at once: several on a store shared by a fleet
	// (Postgres), 1 on an embedded one (SQLite), killed and started again.
	Workers int
	// Goroutines is how many payouts each worker writes at once (default 4).
	Goroutines int
}

// The journal's options in the workers. Lease bounds how long a killed worker's lease holds
// a scope; Settle is how long after an attempt's last possible byte the sandbox may still
// run it (it runs a request as soon as it has read it: a second covers a loaded machine).
const (
	lease  = 2 * time.Second
	settle = time.Second
)

// Environment variables that size and replay a run.
const (
	envWrites = "ISSUERKIT_CRASH_WRITES"
	envSeed   = "ISSUERKIT_CRASH_SEED"
)

// defaultWrites is the size of a run in CI.
const defaultWrites = 1000

// Run is the body of a driver's TestCrash: see the package doc.
func Run(t *testing.T, cfg Config) {
	writes, err := envInt(envWrites, defaultWrites)
	if err != nil || writes < 1 {
		t.Fatalf("%s: want a positive number of payouts (%v)", envWrites, err)
	}
	seed, err := envInt(envSeed, int(rand.Uint32()))
	if err != nil {
		t.Fatalf("%s: %v", envSeed, err)
	}
	t.Logf("seed %d (%s=%d replays the plan, the faults and the kill times), %d payouts, %d workers at once",
		seed, envSeed, seed, writes, max(1, cfg.Workers))
	rng := rand.New(rand.NewPCG(uint64(seed), 1))
	ctx := t.Context()

	srv := cardplatformtest.NewServer(t)
	program := core.MustParseGUID(cardplatformtest.DefaultProgramGUID)
	plan, err := makePlan(ctx, srv.Client(), program, fmt.Sprintf("p%d", seed), writes, rng)
	if err != nil {
		t.Fatal(err)
	}
	wf, err := schedule(srv, "CreateDisbursement", 3*writes, writeFaults(lease), rng)
	if err != nil {
		t.Fatal(err)
	}
	rf, err := schedule(srv, "SearchAccounts", 6*writes, readFaults, rng)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("faults queued: CreateDisbursement: %s; SearchAccounts: %s", wf, rf)
	dir := t.TempDir()
	planPath := filepath.Join(dir, "plan.json")
	if err := writePlan(planPath, plan); err != nil {
		t.Fatal(err)
	}

	f := &fleet{t: t, dir: dir, rng: rng, maxKills: max(10, writes/40), cfg: workerConfig{
		Sandbox: srv.URL, Token: srv.Token(), DSN: cfg.DSN, Plan: planPath,
		Lease: lease, Settle: settle, Goroutines: cfg.Goroutines,
	}}
	if f.cfg.Goroutines == 0 {
		f.cfg.Goroutines = 4
	}
	start, limit := time.Now(), timeout(t, writes)
	f.cfg.Deadline = start.Add(limit)
	runErr := f.run("w", max(1, cfg.Workers), limit)
	elapsed := time.Since(start)
	t.Logf("%d kills (SIGKILL), %d worker processes started, %v", f.kills, f.started, elapsed.Round(time.Millisecond))
	for _, s := range f.summaries {
		t.Log(s)
	}

	st, err := cfg.Open(ctx, cfg.DSN)
	if err != nil {
		t.Fatalf("open the store for the check: %v", err)
	}
	switch c := st.(type) {
	case interface{ Close() error }:
		defer c.Close()
	case interface{ Close() }:
		defer c.Close()
	}
	j, err := journal.New(srv.Client(), st, journal.Options{Worker: "check"})
	if err != nil {
		t.Fatal(err)
	}
	r, entries, err := inspect(ctx, st, j, plan, srv, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("sandbox: %d CreateDisbursement requests, %d payouts queued", len(srv.RequestsFor("CreateDisbursement")), len(srv.Disbursements()))
	t.Logf("journal: %s", r.String())
	t.Logf("%.0f payouts settled/s across kills and faults", float64(r.Committed+r.Refused)/elapsed.Seconds())
	if runErr != nil {
		t.Error(runErr)
	}
	if err := r.Err(); err != nil {
		t.Error(err)
	}
	if f.kills == 0 {
		t.Error("no worker was killed: the run proved nothing about crashes")
	}
	if t.Failed() || r.Review == 0 {
		return
	}

	// A person's verdicts: each entry in review resolved by what the platform shows (it
	// queued the payout: committed; it did not: not committed, Journal.Resolve), then one
	// worker, never killed, settles the payouts that waited behind them (the faults go on: a
	// payout may go to review in its turn, and is resolved in the next round). None may be
	// left in review or waiting after a few rounds.
	f.maxKills = f.kills
	byHand := map[string]bool{}
	for round := 1; r.Review > 0; round++ {
		if round > 5 {
			t.Fatalf("still %d in review after %d rounds of verdicts", r.Review, round-1)
		}
		reviewed := r.Review
		if err := resolve(ctx, j, plan, entries, srv, byHand); err != nil {
			t.Fatal(err)
		}
		limit = timeout(t, r.Blocked)
		f.cfg.Deadline = time.Now().Add(limit)
		if err := f.run(fmt.Sprintf("r%d.", round), 1, limit); err != nil {
			t.Fatal(err)
		}
		if r, entries, err = inspect(ctx, st, j, plan, srv, byHand); err != nil {
			t.Fatal(err)
		}
		t.Logf("after %d verdicts (%d committed in all) and one more worker: %s", reviewed, len(byHand), r.String())
		if err := r.Err(); err != nil {
			t.Fatal(err)
		}
	}
	if r.Blocked != 0 {
		t.Errorf("%d payouts blocked with no review left", r.Blocked)
	}
}

// inspect reads the entry of every key of plan from st and holds them against the payouts
// srv queued (check, then agree, leaving out the keys of byHand: committed by a person's
// verdict, with no answer or read-back of their own).
func inspect(ctx context.Context, st journal.Store, j *journal.Journal, plan *Plan, srv *cardplatformtest.Server, byHand map[string]bool) (Report, map[string]journal.Entry, error) {
	entries, err := readEntries(ctx, st, plan)
	if err != nil {
		return Report{}, nil, err
	}
	paid := map[string]int{}
	queued := map[string]cardplatformtest.Disbursement{}
	for _, d := range srv.Disbursements() {
		paid[d.ClientReferenceID]++
		if !byHand[d.ClientReferenceID] {
			queued[d.ClientReferenceID] = d
		}
	}
	r := check(plan, entries, paid)
	agree(ctx, j, plan, entries, queued, &r)
	return r, entries, nil
}

// resolve gives a person's verdict on every entry in review, by what the platform shows: the
// payout queued under the key, committed; none, not committed. It adds the keys it resolves
// committed to byHand.
func resolve(ctx context.Context, j *journal.Journal, plan *Plan, entries map[string]journal.Entry, srv *cardplatformtest.Server, byHand map[string]bool) error {
	queued := map[string]string{}
	for _, d := range srv.Disbursements() {
		queued[d.ClientReferenceID] = d.DisbursementGUID.String()
	}
	for _, p := range plan.Payouts {
		if entries[p.Key].State != journal.StateReview {
			continue
		}
		found, ok := queued[p.Key]
		note := "not on the platform"
		if ok {
			note, byHand[p.Key] = "found on the platform: disbursement "+found, true
		}
		if err := j.Resolve(ctx, p.Key, ok, note); err != nil {
			return fmt.Errorf("resolve %s: %w", p.Key, err)
		}
	}
	return nil
}

// timeout is how long the workers may take: the test's deadline less a margin for the check,
// and no more than a generous rate for writes payouts.
func timeout(t *testing.T, writes int) time.Duration {
	d := 2*time.Minute + time.Duration(writes)*100*time.Millisecond
	if dl, ok := t.Deadline(); ok {
		d = min(d, time.Until(dl)-30*time.Second)
	}
	return d
}

// readEntries reads the entry of every key of plan from st.
func readEntries(ctx context.Context, st journal.Store, plan *Plan) (map[string]journal.Entry, error) {
	entries := make(map[string]journal.Entry, len(plan.Payouts))
	for _, p := range plan.Payouts {
		e, err := st.Get(ctx, p.Key)
		switch {
		case errors.Is(err, journal.ErrNotFound):
		case err != nil:
			return nil, fmt.Errorf("get %s: %w", p.Key, err)
		default:
			entries[p.Key] = e
		}
	}
	return entries, nil
}

// fleet runs the worker processes and kills them.
type fleet struct {
	t   *testing.T
	dir string
	rng *rand.Rand
	cfg workerConfig

	maxKills, kills, started int
	summaries                []string
}

// slot is one worker's place in the fleet: a process at a time, started again after a kill.
type slot struct {
	name        string // the fleet's name for its workers: w1.1, w1.2, ...
	n, instance int
	cmd         *exec.Cmd
	log         string
	killed      bool
}

type exit struct {
	s   *slot
	err error
}

// run starts workers processes and kills one at random moments (every 100 ms to 1.2 s)
// until maxKills, starting it again at once, then waits for every worker to finish a pass
// with every payout settled or in review. A worker that fails, or no end by timeout, is an
// error; every process is ended before run returns.
func (f *fleet) run(name string, workers int, timeout time.Duration) error {
	exits := make(chan exit)
	slots := make([]*slot, workers)
	running := map[*slot]bool{}
	defer func() {
		for s := range running {
			_ = s.cmd.Process.Kill()
			<-exits
		}
	}()
	for i := range slots {
		slots[i] = &slot{name: name, n: i + 1}
		if err := f.start(slots[i], exits); err != nil {
			return err
		}
		running[slots[i]] = true
	}
	nextKill := func() time.Duration {
		return 100*time.Millisecond + time.Duration(f.rng.Int64N(int64(1100*time.Millisecond)))
	}
	kill := time.NewTimer(nextKill())
	defer kill.Stop()
	end := time.NewTimer(timeout)
	defer end.Stop()
	for len(running) > 0 {
		select {
		case e := <-exits:
			s := e.s
			delete(running, s)
			switch {
			case s.killed:
				s.killed = false
				if err := f.start(s, exits); err != nil {
					return err
				}
				running[s] = true
			case e.err != nil:
				return fmt.Errorf("worker %d.%d failed: %v\n%s", s.n, s.instance, e.err, tail(s.log))
			default:
				f.summaries = append(f.summaries, lastLine(s.log))
			}
		case <-kill.C:
			if f.kills >= f.maxKills {
				continue
			}
			var live []*slot
			for _, s := range slots {
				if running[s] && !s.killed {
					live = append(live, s)
				}
			}
			if len(live) > 0 {
				s := live[f.rng.IntN(len(live))]
				s.killed = true
				_ = s.cmd.Process.Kill() // SIGKILL on Unix
				f.kills++
			}
			kill.Reset(nextKill())
		case <-end.C:
			return fmt.Errorf("the workers did not finish in %v", timeout)
		}
	}
	return nil
}

// start starts slot s's next worker process, which reports its end on exits.
func (f *fleet) start(s *slot, exits chan<- exit) error {
	s.instance++
	f.started++
	cfg := f.cfg
	cfg.Name = fmt.Sprintf("%s%d.%d", s.name, s.n, s.instance)
	cfg.Seed = f.rng.Uint64()
	b, err := json.Marshal(cfg) // not a model: the worker's settings, no secret
	if err != nil {
		return err
	}
	path := filepath.Join(f.dir, cfg.Name+".json")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		return err
	}
	s.log = filepath.Join(f.dir, cfg.Name+".log")
	out, err := os.Create(s.log)
	if err != nil {
		return err
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashWorker$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), envWorker+"="+path)
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		out.Close()
		return fmt.Errorf("start worker %s: %w", cfg.Name, err)
	}
	s.cmd = cmd
	go func() {
		err := cmd.Wait()
		out.Close()
		exits <- exit{s, err}
	}()
	return nil
}

// tail returns the last lines of the file at path.
func tail(path string) string {
	b, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return strings.Join(lines[max(0, len(lines)-30):], "\n")
}

// lastLine returns the summary line of a worker's log: its last line that names it.
func lastLine(path string) string {
	b, _ := os.ReadFile(path)
	lines := bytes.Split(bytes.TrimSpace(b), []byte("\n"))
	for i := len(lines) - 1; i >= 0; i-- {
		if bytes.Contains(lines[i], []byte(": every payout")) {
			return string(lines[i])
		}
	}
	return path + ": no summary"
}

// envInt reads the variable name as an int, def when it is unset.
func envInt(name string, def int) (int, error) {
	v := os.Getenv(name)
	if v == "" {
		return def, nil
	}
	return strconv.Atoi(v)
}
