package pgjournal_test

import (
	"context"
	"crypto/rand"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/journaltest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/pgjournal"
	"github.com/jackc/pgx/v5"
)

// testDSN returns PG_DSN, the database the tests run against. Without it the tests skip
// locally and fail in CI (CI=true), where .ci/run starts a throw-away cluster and sets it.
func testDSN(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv("PG_DSN")
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("PG_DSN is not set: .ci/run starts a Postgres server and sets it; the Postgres tests must run in CI")
		}
		t.Skip("PG_DSN is not set: set it to a Postgres database the tests may create schemas in (postgres://user@127.0.0.1:port/db), or run the tests under .ci/with-postgres")
	}
	return dsn
}

// schemaDSN creates a schema of its own for t (dropped at its end) and returns PG_DSN with
// that schema as the search_path: each test starts from an empty journal.
func schemaDSN(t testing.TB) string {
	t.Helper()
	dsn := testDSN(t)
	conn, err := pgx.Connect(t.Context(), dsn)
	if err != nil {
		t.Fatalf("connect to PG_DSN: %v", err)
	}
	defer conn.Close(context.Background())
	schema := "journal_test_" + strings.ToLower(rand.Text()[:12])
	if _, err := conn.Exec(t.Context(), `CREATE SCHEMA `+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, dsn)
		if err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, `DROP SCHEMA `+schema+` CASCADE`); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	return withParam(t, dsn, "search_path", schema)
}

// withParam adds a run-time parameter to a postgres:// DSN.
func withParam(t testing.TB, dsn, name, value string) string {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		t.Fatalf("PG_DSN must be a postgres:// URL (got %v)", err)
	}
	q := u.Query()
	q.Set(name, value)
	u.RawQuery = q.Encode()
	return u.String()
}

func open(t *testing.T, dsn string) *pgjournal.Store {
	t.Helper()
	s, err := pgjournal.Open(t.Context(), dsn)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(s.Close)
	return s
}

func TestStore(t *testing.T) {
	testDSN(t)
	journaltest.RunStoreTests(t, func(t *testing.T) journal.Store { return open(t, schemaDSN(t)) })
}

// TestStoreTwoPools runs the suite with every call going to one of two Stores, each with a
// pool of its own, on one database, in turn: what two workers of a fleet see.
func TestStoreTwoPools(t *testing.T) {
	testDSN(t)
	journaltest.RunStoreTests(t, func(t *testing.T) journal.Store {
		dsn := schemaDSN(t)
		return journaltest.RoundRobin(open(t, dsn), open(t, dsn))
	})
}
