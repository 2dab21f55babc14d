// Package sqlitejournal is the embedded Store of the exactly-once journal
// (github.com/issuerkit/issuerkit-go/cardplatform/journal): one SQLite file, through
// modernc.org/sqlite (pure Go, no cgo). It is a module of its own, so that the SDK's module
// graph carries no database driver.
//
//	s, err := sqlitejournal.Open(ctx, "payouts.journal")
//	if err != nil { ... }
//	defer s.Close()
//	j, err := journal.New(client, s, journal.Options{})
//
// # What the database guarantees
//
// Every write (Insert, Lease, Update) is one transaction begun with BEGIN IMMEDIATE: the
// database's write lock is taken before the transaction reads, so a Lease's checks (the
// entry, every other entry of its scope) and its grant, and an Update's fence check and its
// write, happen with no other writer between them, in this process or another on the same
// file. A Store serialises its own writers on one connection; another process's writer waits
// up to 10 s (busy_timeout) for the lock. The file is in WAL mode with synchronous=FULL: a
// write is on disk, power loss included, when it returns, and reads do not wait for writers.
// The Store's clock is this machine's (microseconds, UTC), read after the lock is taken, so
// every process on the file agrees on when a lease ends. Keep the file on a local disk: SQLite's
// locks are not reliable on network file systems. For workers on several machines, use
// pgjournal.
//
// # Schema and migration
//
// Open creates the schema or migrates it to SchemaVersion, in one immediate transaction:
// the table journal_schema_version holds the version, and each release's migrations are
// ordered SQL steps applied once. A file whose schema is newer than this release knows is
// refused (ErrNewerSchema): an older binary never writes a newer journal. The entries are
// in journal_entries (one row per key; times in microseconds since the Unix epoch, 0 for
// none), indexed by scope and by (state, created_at, key).
//
// # Tests
//
//	go -C cardplatform/journal/sqlitejournal test -race ./...
//
// runs journaltest.RunStoreTests, the conformance suite of every Store, on a new file per
// test, and again across two Stores opened on one file (what two processes see), and the
// tests of the schema's migration. No server is needed.
package sqlitejournal
