package pgjournal_test

import (
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/internal/crashtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/pgjournal"
)

// BenchmarkPayouts measures payouts per second through the bare client and through the
// journal on a Postgres schema of its own (PG_DSN), against the same in-process sandbox
// (crashtest.Bench; the figures are in the package doc).
func BenchmarkPayouts(b *testing.B) {
	crashtest.Bench(b, func(b *testing.B) journal.Store {
		s, err := pgjournal.Open(b.Context(), schemaDSN(b))
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(s.Close)
		return s
	})
}
