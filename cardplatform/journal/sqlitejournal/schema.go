package sqlitejournal

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// migrations are the schema's steps, in order: migrations[i] takes the schema from version i
// to i+1. A step is never edited once released; a change is a new step at the end.
var migrations = []string{
	// 1: the entries. Times are microseconds since the Unix epoch, UTC (0: zero time), as the
	// Store's clock keeps them.
	`CREATE TABLE journal_entries (
		key          TEXT    NOT NULL PRIMARY KEY,
		operation    TEXT    NOT NULL,
		scope        TEXT    NOT NULL,
		request_hash TEXT    NOT NULL,
		request      BLOB,
		state        TEXT    NOT NULL CHECK (state IN ('pending', 'sending', 'committed', 'refused', 'review')),
		attempts     INTEGER NOT NULL DEFAULT 0,
		snapshot     BLOB,
		send_by      INTEGER NOT NULL DEFAULT 0,
		result       BLOB,
		verdict      BLOB,
		due_at       INTEGER NOT NULL DEFAULT 0,
		worker       TEXT    NOT NULL DEFAULT '',
		fence        INTEGER NOT NULL DEFAULT 0,
		lease_until  INTEGER NOT NULL DEFAULT 0,
		created_at   INTEGER NOT NULL,
		updated_at   INTEGER NOT NULL
	) STRICT;
	CREATE INDEX journal_entries_scope ON journal_entries (scope);
	CREATE INDEX journal_entries_state ON journal_entries (state, created_at, key);`,
}

// SchemaVersion is the version of the schema this package creates and reads: the number of
// its migrations.
const SchemaVersion = 1

// ErrNewerSchema matches Open's error when the database's schema is newer than this package
// knows (written by a later release): it neither reads nor writes such a database.
var ErrNewerSchema = errors.New("sqlitejournal: the database's schema is newer than this release knows")

// migrate brings the schema to SchemaVersion in one immediate transaction, so that stores
// opening one file at once apply each step once.
func migrate(ctx context.Context, db *sql.DB) (err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlitejournal: migrate: %w", err)
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if _, err = tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS journal_schema_version (version INTEGER NOT NULL) STRICT`); err != nil {
		return fmt.Errorf("sqlitejournal: migrate: %w", err)
	}
	var version int
	switch err = tx.QueryRowContext(ctx, `SELECT version FROM journal_schema_version`).Scan(&version); {
	case errors.Is(err, sql.ErrNoRows):
		if _, err = tx.ExecContext(ctx, `INSERT INTO journal_schema_version (version) VALUES (0)`); err != nil {
			return fmt.Errorf("sqlitejournal: migrate: %w", err)
		}
	case err != nil:
		return fmt.Errorf("sqlitejournal: migrate: %w", err)
	}
	if version > len(migrations) {
		err = fmt.Errorf("%w: version %d, this release knows up to %d", ErrNewerSchema, version, len(migrations))
		return err
	}
	for v := version; v < len(migrations); v++ {
		if _, err = tx.ExecContext(ctx, migrations[v]); err != nil {
			return fmt.Errorf("sqlitejournal: migration to version %d: %w", v+1, err)
		}
	}
	if _, err = tx.ExecContext(ctx, `UPDATE journal_schema_version SET version = ?`, len(migrations)); err != nil {
		return fmt.Errorf("sqlitejournal: migrate: %w", err)
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("sqlitejournal: migrate: %w", err)
	}
	return nil
}
