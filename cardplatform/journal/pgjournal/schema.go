package pgjournal

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// migrations are the schema's steps, in order: migrations[i] takes the schema from version i
// to i+1. A step is never edited once released; a change is a new step at the end.
var migrations = []string{
	// 1: the entries; a time column is NULL for the zero time.
	`CREATE TABLE journal_entries (
		key          text        NOT NULL PRIMARY KEY,
		operation    text        NOT NULL,
		scope        text        NOT NULL,
		request_hash text        NOT NULL,
		request      bytea,
		state        text        NOT NULL CHECK (state IN ('pending', 'sending', 'committed', 'refused', 'review')),
		attempts     integer     NOT NULL DEFAULT 0,
		snapshot     bytea,
		send_by      timestamptz,
		result       bytea,
		verdict      bytea,
		due_at       timestamptz,
		worker       text        NOT NULL DEFAULT '',
		fence        bigint      NOT NULL DEFAULT 0,
		lease_until  timestamptz,
		created_at   timestamptz NOT NULL,
		updated_at   timestamptz NOT NULL
	);
	CREATE INDEX journal_entries_scope ON journal_entries (scope);
	CREATE INDEX journal_entries_state ON journal_entries (state, created_at, key);`,
}

// SchemaVersion is the version of the schema this package creates and reads: the number of
// its migrations.
const SchemaVersion = 1

// ErrNewerSchema matches Open's and New's error when the database's schema is newer than this
// package knows (written by a later release): it neither reads nor writes such a database.
var ErrNewerSchema = errors.New("pgjournal: the database's schema is newer than this release knows")

// migrate brings the schema (in the connection's search_path) to SchemaVersion in one
// transaction, behind a transaction-scoped advisory lock, so that a fleet starting at once
// applies each step once.
func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	err := pgx.BeginTxFunc(ctx, pool, readCommitted, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('issuerkit-go journal schema', 0))`); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS journal_schema_version (version integer NOT NULL)`); err != nil {
			return err
		}
		var version int
		switch err := tx.QueryRow(ctx, `SELECT version FROM journal_schema_version`).Scan(&version); {
		case errors.Is(err, pgx.ErrNoRows):
			if _, err := tx.Exec(ctx, `INSERT INTO journal_schema_version (version) VALUES (0)`); err != nil {
				return err
			}
		case err != nil:
			return err
		}
		if version > len(migrations) {
			return fmt.Errorf("%w: version %d, this release knows up to %d", ErrNewerSchema, version, len(migrations))
		}
		for v := version; v < len(migrations); v++ {
			if _, err := tx.Exec(ctx, migrations[v]); err != nil {
				return fmt.Errorf("migration to version %d: %w", v+1, err)
			}
		}
		_, err := tx.Exec(ctx, `UPDATE journal_schema_version SET version = $1`, len(migrations))
		return err
	})
	if err != nil && !errors.Is(err, ErrNewerSchema) {
		return fmt.Errorf("pgjournal: migrate: %w", err)
	}
	return err
}
