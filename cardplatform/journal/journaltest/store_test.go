package journaltest_test

import (
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/journaltest"
)

func TestStore(t *testing.T) {
	journaltest.RunStoreTests(t, func(*testing.T) journal.Store { return journaltest.NewStore() })
}
