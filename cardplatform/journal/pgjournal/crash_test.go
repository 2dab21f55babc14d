package pgjournal_test

import (
	"context"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/internal/crashtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/pgjournal"
)

// openCrash opens the crash test's journal, in the schema its DSN names.
func openCrash(ctx context.Context, dsn string) (journal.Store, error) {
	return pgjournal.Open(ctx, dsn)
}

// TestCrash writes a plan of keyed payouts through the journal on one Postgres schema, three
// worker processes at once, each killed with SIGKILL at random moments and started again,
// against a sandbox that loses answers, drops requests and answers 5xx; then no payout may
// be sent twice or lost (crashtest.Run). ISSUERKIT_CRASH_WRITES scales it up for a soak.
func TestCrash(t *testing.T) {
	crashtest.Run(t, crashtest.Config{DSN: schemaDSN(t), Open: openCrash, Workers: 3})
}

// TestCrashWorker is a worker process of TestCrash; run by hand it skips.
func TestCrashWorker(t *testing.T) { crashtest.Worker(t, openCrash) }
