package sqlitejournal_test

import (
	"database/sql"
	"errors"
	"net/url"
	"path/filepath"
	"sync"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal/sqlitejournal"
	_ "modernc.org/sqlite"
)

// rawDB opens path with the driver alone, to look at what Open left in the file.
func rawDB(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", (&url.URL{Scheme: "file", Path: path}).String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

func TestSchemaCreatedOnceAndKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dir with ? and # in it", "j.db")
	if _, err := sqlitejournal.Open(t.Context(), path); err == nil {
		t.Fatal("Open in a missing directory: no error")
	}
	path = filepath.Join(t.TempDir(), "a ?b=c #d.db") // every byte of the path is the file's name
	s := open(t, path)
	if _, _, err := s.Insert(t.Context(), newEntry("k")); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// Opened again: migrations not run twice, the entry still there.
	s = open(t, path)
	if _, err := s.Get(t.Context(), "k"); err != nil {
		t.Fatalf("Get after reopening: %v", err)
	}
	db := rawDB(t, path)
	var version, rows int
	if err := db.QueryRow(`SELECT version, (SELECT count(*) FROM journal_schema_version) FROM journal_schema_version`).Scan(&version, &rows); err != nil {
		t.Fatal(err)
	}
	if version != sqlitejournal.SchemaVersion || rows != 1 {
		t.Fatalf("journal_schema_version: version %d in %d rows; want %d in 1", version, rows, sqlitejournal.SchemaVersion)
	}
	var mode string
	if err := db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal_mode = %q, %v; want wal", mode, err)
	}
}

func TestSchemaNewerRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.db")
	s := open(t, path)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := rawDB(t, path).Exec(`UPDATE journal_schema_version SET version = ?`, sqlitejournal.SchemaVersion+1); err != nil {
		t.Fatal(err)
	}
	s2, err := sqlitejournal.Open(t.Context(), path)
	if !errors.Is(err, sqlitejournal.ErrNewerSchema) {
		if s2 != nil {
			_ = s2.Close()
		}
		t.Fatalf("Open of a newer schema: %v, want ErrNewerSchema", err)
	}
}

func TestOpenRefusesMemory(t *testing.T) {
	for _, path := range []string{"", ":memory:"} {
		if s, err := sqlitejournal.Open(t.Context(), path); err == nil {
			_ = s.Close()
			t.Fatalf("Open(%q): no error; a journal in memory survives no crash", path)
		}
	}
}

// TestOpenConcurrently opens one new file from eight Stores at once: the schema is created
// once (one immediate transaction each), and every Store works.
func TestOpenConcurrently(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.db")
	var wg sync.WaitGroup
	stores := make([]*sqlitejournal.Store, 8)
	errs := make([]error, 8)
	for i := range stores {
		wg.Go(func() { stores[i], errs[i] = sqlitejournal.Open(t.Context(), path) })
	}
	wg.Wait()
	for i, s := range stores {
		if errs[i] != nil {
			t.Fatalf("Open %d: %v", i, errs[i])
		}
		t.Cleanup(func() { _ = s.Close() })
	}
	for i, s := range stores {
		if _, inserted, err := s.Insert(t.Context(), newEntry("k")); err != nil || inserted != (i == 0) {
			t.Fatalf("Insert through Store %d: inserted %v, %v", i, inserted, err)
		}
	}
}
