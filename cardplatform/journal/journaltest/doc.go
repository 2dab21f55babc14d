// Package journaltest is the test kit of package journal: an in-memory journal.Store for the
// tests of code built on the journal, and the conformance suite every Store driver runs.
//
//	srv := cardplatformtest.NewServer(t)
//	j, err := journal.New(srv.Client(), journaltest.NewStore(), journal.Options{Worker: "w1"})
//
//	// in a driver's own tests (sqlitejournal and pgjournal run it against their database):
//	journaltest.RunStoreTests(t, func(t *testing.T) journal.Store { return open(t) })
//
// # Verbs
//
//   - NewStore returns an in-memory Store that keeps every rule of the Store contract. It is
//     not durable and not shared, so it proves nothing about crashes or fleets: use it in
//     unit tests only.
//   - RunStoreTests(t, open) checks that the Stores open returns keep every rule of the
//     contract, each subtest on an empty journal of its own.
//   - RoundRobin(stores...) spreads a Store's calls over several handles on one database, so
//     that RunStoreTests also checks what two processes see of each other's writes.
//
// It pairs with cardplatformtest, the platform the journal's writes go to in a test, and
// with cardplatformfake for a unit test without a server.
package journaltest
