package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"

	_ "modernc.org/sqlite" // database/sql driver "sqlite", pure Go (no cgo)
)

// The journal of pending writes: a payout is written down, with the snapshot its read-back
// needs, before it is sent, and settled when its answer arrives or when a reconciliation
// proves what happened. It survives a restart because it is a database: whatever the
// process was doing when it died, the next start finds every payout that may have reached
// the platform without a known outcome, and settles it without sending anything twice.
//
// The same works on Postgres with database/sql and a Postgres driver (for example the pgx
// stdlib driver "pgx"): the table is the same (TEXT columns; a TIMESTAMPTZ for updated_at if
// you prefer), the placeholders are $1, $2, ... instead of ?, and several workers share the
// journal safely by claiming the rows they reconcile inside a transaction with
// SELECT ... WHERE state = 'pending' FOR UPDATE SKIP LOCKED, so that no two workers settle or
// re-send the same payout. Keep the journal in the same database as the business record the
// payout belongs to, and write both in one transaction.

// schema creates the journal's table. ref is your id of the payout, sent as the
// disbursement's client_reference_id; snapshot is the cardplatform.Snapshot taken before the
// latest attempt was sent.
const schema = `CREATE TABLE IF NOT EXISTS payouts (
	ref            TEXT PRIMARY KEY,
	person         TEXT NOT NULL,
	request        TEXT NOT NULL,
	snapshot       TEXT NOT NULL,
	state          TEXT NOT NULL,
	attempts       INTEGER NOT NULL,
	correlation_id TEXT NOT NULL DEFAULT '',
	account        TEXT NOT NULL DEFAULT '',
	evidence       TEXT NOT NULL DEFAULT '',
	updated_at     TEXT NOT NULL
)`

// The states of a payout in the journal.
const (
	statePending   = "pending"   // may have reached the platform; outcome not known yet
	stateCommitted = "committed" // the platform queued it (its answer, or a read-back)
	stateRefused   = "refused"   // the platform answered with an error: it did nothing
)

// journal is the payouts table of one database.
type journal struct{ db *sql.DB }

// entry is one row of the journal.
type entry struct {
	Ref, Person, State, CorrelationID, Account, Evidence string
	Request                                              cardplatform.DisbursementDTO
	Snapshot                                             cardplatform.Snapshot
	Attempts                                             int
}

// openJournal opens (creating if needed) the SQLite journal at path.
func openJournal(ctx context.Context, path string) (*journal, error) {
	db, err := sql.Open("sqlite", path)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1) // one writer: SQLite's rule, and no SQLITE_BUSY in this program
	if _, err := db.ExecContext(ctx, schema); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("journal: %w", err)
	}
	return &journal{db: db}, nil
}

// Close closes the database.
func (j *journal) Close() error { return j.db.Close() }

// begin writes the payout down as pending, with the snapshot taken for this attempt, before
// it is sent. A payout already in the journal gets its new attempt's snapshot (after a
// reconciliation proved the previous attempt was not committed).
func (j *journal) begin(ctx context.Context, req cardplatform.DisbursementDTO, snap cardplatform.Snapshot, correlationID string) error {
	// The wire encoding, as the SDK sends it (core.MarshalWire): json.Marshal of a model is
	// masked for logs (Secrets, and text that looks like a card number or sits under a
	// sensitive name), and the journal resends this request after a reconciliation proves it
	// was not committed.
	r, err := core.MarshalWire(req)
	if err != nil {
		return err
	}
	s, err := json.Marshal(snap)
	if err != nil {
		return err
	}
	_, err = j.db.ExecContext(ctx, `INSERT INTO payouts (ref, person, request, snapshot, state, attempts, correlation_id, updated_at)
		VALUES (?, ?, ?, ?, ?, 1, ?, ?)
		ON CONFLICT (ref) DO UPDATE SET snapshot = excluded.snapshot, state = excluded.state,
			attempts = payouts.attempts + 1, correlation_id = excluded.correlation_id, updated_at = excluded.updated_at`,
		req.ClientReferenceID, req.Person.PersonGUID.String(), string(r), string(s), statePending, correlationID, now())
	return err
}

// settle records the outcome of a payout: committed (with its account) or refused.
func (j *journal) settle(ctx context.Context, ref, state, account, evidence string) error {
	res, err := j.db.ExecContext(ctx, `UPDATE payouts SET state = ?, account = ?, evidence = ?, updated_at = ? WHERE ref = ?`,
		state, account, evidence, now(), ref)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("journal: no payout %q", ref)
	}
	return nil
}

// note keeps the evidence of a reconciliation that settled nothing; the payout stays pending.
func (j *journal) note(ctx context.Context, ref, evidence string) error {
	_, err := j.db.ExecContext(ctx, `UPDATE payouts SET evidence = ?, updated_at = ? WHERE ref = ?`, evidence, now(), ref)
	return err
}

// pending returns the pending payouts, oldest first.
func (j *journal) pending(ctx context.Context) ([]entry, error) {
	return j.query(ctx, `WHERE state = ? ORDER BY updated_at, ref`, statePending)
}

// get returns one payout.
func (j *journal) get(ctx context.Context, ref string) (entry, error) {
	es, err := j.query(ctx, `WHERE ref = ?`, ref)
	if err == nil && len(es) == 0 {
		err = fmt.Errorf("journal: no payout %q", ref)
	}
	if err != nil {
		return entry{}, err
	}
	return es[0], nil
}

// context returns what the journal knows of the other payouts to person than ref: how many
// are pending (in flight: the read-back cannot tell them apart), and the accounts the
// committed ones created (not ref's).
func (j *journal) context(ctx context.Context, person, ref string) (inFlight int, known []string, err error) {
	others, err := j.query(ctx, `WHERE person = ? AND ref <> ?`, person, ref)
	if err != nil {
		return 0, nil, err
	}
	for _, e := range others {
		switch {
		case e.State == statePending:
			inFlight++
		case e.State == stateCommitted && e.Account != "":
			known = append(known, e.Account)
		}
	}
	return inFlight, known, nil
}

func (j *journal) query(ctx context.Context, where string, args ...any) ([]entry, error) {
	rows, err := j.db.QueryContext(ctx, `SELECT ref, person, request, snapshot, state, attempts, correlation_id, account, evidence FROM payouts `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []entry
	for rows.Next() {
		var e entry
		var req, snap string
		if err := rows.Scan(&e.Ref, &e.Person, &req, &snap, &e.State, &e.Attempts, &e.CorrelationID, &e.Account, &e.Evidence); err != nil {
			return nil, err
		}
		if err := errors.Join(json.Unmarshal([]byte(req), &e.Request), json.Unmarshal([]byte(snap), &e.Snapshot)); err != nil {
			return nil, fmt.Errorf("journal: payout %q: %w", e.Ref, err)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// now is the journal's timestamp: UTC, sortable as text.
func now() string { return time.Now().UTC().Format("2006-01-02T15:04:05.000000000Z") }
