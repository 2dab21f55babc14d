package sqlitejournal_test

import (
	"path/filepath"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/internal/crashtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/sqlitejournal"
)

// BenchmarkPayouts measures payouts per second through the bare client and through the
// journal on a new SQLite file, against the same in-process sandbox (crashtest.Bench; the
// figures are in the package doc).
func BenchmarkPayouts(b *testing.B) {
	crashtest.Bench(b, func(b *testing.B) journal.Store {
		s, err := sqlitejournal.Open(b.Context(), filepath.Join(b.TempDir(), "bench.journal"))
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { _ = s.Close() })
		return s
	})
}
