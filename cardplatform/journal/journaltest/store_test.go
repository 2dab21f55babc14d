package journaltest_test

import (
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/journaltest"
)

func TestStore(t *testing.T) {
	journaltest.RunStoreTests(t, func(*testing.T) journal.Store { return journaltest.NewStore() })
}

// TestRoundRobin runs the suite across three handles on one in-memory journal (each call to
// the next): RoundRobin must change nothing a Store does.
func TestRoundRobin(t *testing.T) {
	journaltest.RunStoreTests(t, func(*testing.T) journal.Store {
		s := journaltest.NewStore()
		return journaltest.RoundRobin(s, s, s)
	})
}
