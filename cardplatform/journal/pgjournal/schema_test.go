package pgjournal_test

import (
	"errors"
	"sync"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/pgjournal"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func TestSchemaCreatedOnceAndKept(t *testing.T) {
	dsn := schemaDSN(t)
	s := open(t, dsn)
	if _, _, err := s.Insert(t.Context(), journal.Entry{Key: "k", Scope: "s", State: journal.StatePending}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = open(t, dsn)
	if _, err := s.Get(t.Context(), "k"); err != nil {
		t.Fatalf("Get after reopening: %v", err)
	}
	conn, err := pgx.Connect(t.Context(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(t.Context())
	var version, rows int
	if err := conn.QueryRow(t.Context(), `SELECT max(version), count(*) FROM journal_schema_version`).Scan(&version, &rows); err != nil {
		t.Fatal(err)
	}
	if version != pgjournal.SchemaVersion || rows != 1 {
		t.Fatalf("journal_schema_version: version %d in %d rows; want %d in 1", version, rows, pgjournal.SchemaVersion)
	}
}

func TestSchemaNewerRefused(t *testing.T) {
	dsn := schemaDSN(t)
	open(t, dsn).Close()
	conn, err := pgx.Connect(t.Context(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(t.Context())
	if _, err := conn.Exec(t.Context(), `UPDATE journal_schema_version SET version = $1`, pgjournal.SchemaVersion+1); err != nil {
		t.Fatal(err)
	}
	s, err := pgjournal.Open(t.Context(), dsn)
	if !errors.Is(err, pgjournal.ErrNewerSchema) {
		if s != nil {
			s.Close()
		}
		t.Fatalf("Open of a newer schema: %v, want ErrNewerSchema", err)
	}
}

// TestOpenConcurrently starts eight Stores at once on a new schema, as a fleet does: the
// schema is created once, and New leaves the caller's pool open.
func TestOpenConcurrently(t *testing.T) {
	dsn := schemaDSN(t)
	pool, err := pgxpool.New(t.Context(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() {
			s, err := pgjournal.New(t.Context(), pool)
			if err == nil {
				s.Close() // the caller's pool: left open
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("New %d: %v", i, err)
		}
	}
	if err := pool.Ping(t.Context()); err != nil {
		t.Fatalf("the caller's pool after Store.Close: %v", err)
	}
}
