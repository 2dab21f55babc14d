// Package journal runs the card platform's writes exactly once across crashes, restarts and
// fleets of workers: it records each write's intent and read-back snapshot durably before
// sending, marks every attempt before its bytes can leave, sends once, and settles an outcome
// unknown by the write's read-back (cardplatform's Reconcile methods), sending again only
// when a read-back proved the attempt not committed.
//
// Storage is one small interface, Store, with drivers in modules of their own: sqlitejournal
// (embedded, pure Go) and pgjournal (Postgres, for a fleet).
package journal
