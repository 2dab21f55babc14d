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
//
// # Crash test and throughput
//
// The crash test writes 1000 keyed payouts (20 per person, so that scopes collide) through the
// journal on one file, one worker process at a time, killed with SIGKILL every 0.1 to 1.2 s
// and started again, against the sandbox with random faults (answers lost after the payout
// ran, requests dropped, 5xx, 400, answers slower than a lease, the read-back's search
// failing); then it holds every key against the payouts the sandbox queued: none sent twice,
// none lost, each settled or in review (the harness, shared with pgjournal, is
// cardplatform/journal/internal/crashtest). ISSUERKIT_CRASH_WRITES scales it up for a soak,
// ISSUERKIT_CRASH_SEED replays a run's plan and faults (each run prints the value that replays it).
//
// The benchmark compares payouts per second through the bare client and through the
// journal, against the same in-process sandbox, one payee per goroutine:
//
//	go -C cardplatform/journal/sqlitejournal test -run '^$' -bench . -benchtime 300x -count 6 -cpu 1,4 . | benchstat -
//
// On two shared, loaded cores (AMD EPYC, Linux, Go 1.26; ± is benchstat's spread):
//
//	                   sec/op          writes/s
//	Payouts/bare       132.6µ ± 25%    7.542k ± 20%
//	Payouts/bare-4     149.8µ ± 21%    6.678k ± 27%
//	Payouts/journal    3.949m ± 47%     256.6 ± 33%
//	Payouts/journal-4  3.569m ± 22%     280.3 ± 18%
//
// A journaled payout adds the read-back's snapshot (one search) and four transactions
// (Insert, Lease, the attempt marked, the answer recorded), each on disk when it returns
// (synchronous=FULL), on the Store's one writing connection: about 4 ms here.
package sqlitejournal
