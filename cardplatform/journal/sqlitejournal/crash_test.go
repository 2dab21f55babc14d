package sqlitejournal_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/internal/crashtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/sqlitejournal"
)

// openCrash opens the crash test's journal file.
func openCrash(ctx context.Context, path string) (journal.Store, error) {
	return sqlitejournal.Open(ctx, path)
}

// TestCrash writes a plan of keyed payouts through the journal on one SQLite file, one worker
// process at a time, killed with SIGKILL at random moments and started again, against a
// sandbox that loses answers, drops requests and answers 5xx; then no payout may be sent
// twice or lost (crashtest.Run). ISSUERKIT_CRASH_WRITES scales it up for a soak.
func TestCrash(t *testing.T) {
	crashtest.Run(t, crashtest.Config{DSN: filepath.Join(t.TempDir(), "crash.journal"), Open: openCrash, Workers: 1})
}

// TestCrashWorker is a worker process of TestCrash; run by hand it skips.
func TestCrashWorker(t *testing.T) { crashtest.Worker(t, openCrash) }
