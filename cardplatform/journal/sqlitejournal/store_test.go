package sqlitejournal_test

import (
	"path/filepath"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/journaltest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/sqlitejournal"
)

func open(t *testing.T, path string) *sqlitejournal.Store {
	t.Helper()
	s, err := sqlitejournal.Open(t.Context(), path)
	if err != nil {
		t.Fatalf("Open(%q): %v", path, err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

func TestStore(t *testing.T) {
	journaltest.RunStoreTests(t, func(t *testing.T) journal.Store {
		return open(t, filepath.Join(t.TempDir(), "journal.db"))
	})
}

// TestStoreTwoHandles runs the suite with every call going to one of two Stores opened on
// one file, in turn: what two processes on the file see of each other's writes.
func TestStoreTwoHandles(t *testing.T) {
	journaltest.RunStoreTests(t, func(t *testing.T) journal.Store {
		path := filepath.Join(t.TempDir(), "journal.db")
		return journaltest.RoundRobin(open(t, path), open(t, path))
	})
}

func newEntry(key string) journal.Entry {
	return journal.Entry{Key: key, Operation: "createDisbursement", Scope: "s", RequestHash: "h", State: journal.StatePending}
}
