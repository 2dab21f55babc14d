package crashtest

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// Bench is the body of a driver's benchmark: payouts per second through the bare client
// (CreateDisbursement) and through a journal on the store open returns (journal.Do: insert,
// snapshot, mark, send, settle), against the same in-process sandbox, one payee per payout
// goroutine so that no payout waits for another's scope. Run it with -cpu 1,4 to see one
// writer and four; it reports writes/s.
func Bench(b *testing.B, open func(b *testing.B) journal.Store) {
	b.Run("bare", func(b *testing.B) {
		bench(b, func(c *cardplatform.Client) func(ctx context.Context, key string, req cardplatform.DisbursementDTO) error {
			return func(ctx context.Context, _ string, req cardplatform.DisbursementDTO) error {
				_, err := c.CreateDisbursement(ctx, req)
				return err
			}
		})
	})
	b.Run("journal", func(b *testing.B) {
		st := open(b)
		bench(b, func(c *cardplatform.Client) func(ctx context.Context, key string, req cardplatform.DisbursementDTO) error {
			j, err := journal.New(c, st, journal.Options{})
			if err != nil {
				b.Fatal(err)
			}
			return func(ctx context.Context, key string, req cardplatform.DisbursementDTO) error {
				_, err := journal.Do(ctx, j, journal.CreateDisbursement, key, req)
				return err
			}
		})
	})
}

// bench runs write b.N times over b's parallelism, each goroutine paying a payee of its own.
func bench(b *testing.B, write func(c *cardplatform.Client) func(ctx context.Context, key string, req cardplatform.DisbursementDTO) error) {
	srv := cardplatformtest.NewServer(b)
	ctx := b.Context()
	c := srv.Client()
	program := core.MustParseGUID(cardplatformtest.DefaultProgramGUID)
	w := write(c)
	run := core.NewGUID().String()[:8]
	var n, g atomic.Int64
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		created, err := c.CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: program,
			Person: cardplatform.Person{FirstName: fmt.Sprintf("Bench%d", g.Add(1)), LastName: "Payee", Email: "bench@example.com"}})
		if err != nil {
			b.Error(err)
			return
		}
		for pb.Next() {
			key := fmt.Sprintf("%s-%d", run, n.Add(1))
			req := cardplatform.DisbursementDTO{ProgramGUID: program, Amount: core.NewDecimalFromInt(1000, 2),
				ClientReferenceID: key, Person: cardplatform.Person{PersonGUID: created.Person.PersonGUID}}
			if err := w(ctx, key, req); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(n.Load())/time.Since(start).Seconds(), "writes/s")
}
