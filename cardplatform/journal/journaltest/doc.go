// Package journaltest holds what a journal.Store is tested with: RunStoreTests, the
// conformance suite every driver runs (sqlitejournal and pgjournal each run it against their
// database), and NewStore, an in-memory Store for the tests of code built on the journal.
//
// NewStore keeps entries in one process's memory: it is not durable and not shared, so it
// proves nothing about crashes or fleets. Use it in unit tests only.
package journaltest
