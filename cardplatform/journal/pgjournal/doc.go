// Package pgjournal is the Postgres Store of the exactly-once journal
// (github.com/issuerkit/issuerkit-go/cardplatform/journal), for a fleet of workers on one
// database, through github.com/jackc/pgx/v5. It is a module of its own, so that the SDK's
// module graph carries no database driver.
//
//	s, err := pgjournal.Open(ctx, "postgres://payouts@db.internal:5432/payouts")
//	if err != nil { ... }
//	defer s.Close()
//	j, err := journal.New(client, s, journal.Options{})
//
// New takes a *pgxpool.Pool the service already has instead.
//
// # What the database guarantees
//
// The Store's clock is the database's clock_timestamp(): every worker, on any machine, agrees
// on when a lease ends, whatever its own clock says. Every Lease and Update is one READ
// COMMITTED transaction that first takes a transaction-scoped advisory lock on its entry's
// scope (pg_advisory_xact_lock(hashtextextended(scope, 0))), then reads the entry FOR UPDATE
// and the clock. So the writes of one scope run one at a time, each seeing what the one before
// it committed: a Lease's checks (the entry; every other entry of its scope leased, sending or
// in review) and its grant are one step, an Update's fence check and its write are one step,
// and an attempt can be marked sending only while its lease lasts by the clock of that step.
// Scopes whose hashes collide share a lock: they wait for each other, nothing worse. Insert is
// INSERT … ON CONFLICT DO NOTHING: one entry per key, however many workers insert it at once.
// Due skips the entries another transaction holds at that moment (FOR UPDATE SKIP LOCKED)
// rather than wait for them; the Lease is what excludes. Every Lease and Update commits with
// synchronous_commit on, whatever the server or role sets: it returns once the write is on
// the server's disk (and its synchronous standbys', if any), so a crash of the server cannot
// lose a mark into sending (and with it the reason not to send again). An Insert's commit may
// be lost only with everything after it.
//
// # Schema and migration
//
// Open and New create the schema, or migrate it to SchemaVersion, in the connection's
// search_path (set it in the DSN, search_path=…, to keep the journal in a schema of its own),
// in one transaction behind an advisory lock, so that a fleet starting at once migrates
// once. The table journal_schema_version holds the version; each release's migrations are
// ordered SQL steps applied once. A database whose schema is newer than this release knows is
// refused (ErrNewerSchema): an older binary never writes a newer journal. The entries are in
// journal_entries (one row per key; a NULL time is the zero time), indexed by scope and by
// (state, created_at, key). The role needs CREATE on the schema the first time, and SELECT,
// INSERT, UPDATE on the two tables after.
//
// # Tests
//
// The tests run against a real server named by PG_DSN, a postgres:// URL of a database in
// which they may create schemas (one per test, dropped at its end):
//
//	PG_DSN='postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable' \
//	  go -C cardplatform/journal/pgjournal test -race ./...
//
// or, with a throw-away cluster on a loopback port started for the command and removed after
// it (Postgres installed by apt-get when missing):
//
//	.ci/with-postgres go -C cardplatform/journal/pgjournal test -race ./...
//
// Without PG_DSN they skip, saying so, except in CI (CI=true), where they fail: .ci/run
// starts such a cluster for them. They run journaltest.RunStoreTests, the conformance suite of every Store, on one
// Store and across two Stores with pools of their own (two workers of a fleet), and the tests
// of the schema's migration.
//
// # Crash test and throughput
//
// The crash test writes 1000 keyed payouts (20 per person, so that scopes collide) through the
// journal on one schema, three worker processes at once, killed with SIGKILL at random
// moments (one every 0.1 to 1.2 s) and started again, against the sandbox with
// random faults (answers lost after the payout ran, requests dropped, 5xx, 400, answers
// slower than a lease, the read-back's search failing); then it holds every key against the
// payouts the sandbox queued: none sent twice, none lost, each settled or in review (the
// harness, shared with sqlitejournal, is cardplatform/journal/internal/crashtest).
// ISSUERKIT_CRASH_WRITES scales it up for a soak, ISSUERKIT_CRASH_SEED replays a run's plan
// and faults (each run prints the value that replays it).
//
// The benchmark compares payouts per second through the bare client and through the
// journal, against the same in-process sandbox, one payee per goroutine:
//
//	PG_DSN=… go -C cardplatform/journal/pgjournal test -run '^$' -bench . -benchtime 300x -count 6 -cpu 1,4 . | benchstat -
//
// On two shared, loaded cores (AMD EPYC, Linux, Go 1.26), the server on the same machine
// (Postgres 15, fsync on; ± is benchstat's spread):
//
//	                   sec/op          writes/s
//	Payouts/bare       124.7µ ± 72%    8.030k ± 42%
//	Payouts/bare-4     138.8µ ± 58%    7.273k ± 75%
//	Payouts/journal    14.83m ± 19%     67.50 ± 23%
//	Payouts/journal-4  3.480m ± 16%     288.6 ± 14%
//
// A journaled payout adds the read-back's snapshot (one search) and four transactions
// (Insert, Lease, the attempt marked, the answer recorded), each committed to the WAL: one
// writer waits for every flush, four share them (group commit).
package pgjournal
