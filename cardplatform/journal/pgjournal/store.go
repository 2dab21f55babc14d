package pgjournal

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Store is a journal.Store in a Postgres database, for a fleet of workers: safe for concurrent
// use, and any number of Stores, on any number of machines, may share one database.
type Store struct {
	pool *pgxpool.Pool
	own  bool // Open made the pool: Close closes it
}

var _ journal.Store = (*Store)(nil)

// Open connects to the database at dsn (a postgres:// URL or key=value string, as
// pgxpool.ParseConfig reads it), creates or migrates the schema in the connection's
// search_path, and returns the Store. A schema newer than this package knows is an error
// matching ErrNewerSchema. Close closes the pool Open made.
func Open(ctx context.Context, dsn string) (*Store, error) {
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return nil, fmt.Errorf("pgjournal: %w", err)
	}
	s, err := New(ctx, pool)
	if err != nil {
		pool.Close()
		return nil, err
	}
	s.own = true
	return s, nil
}

// New returns a Store on pool (the caller's, which Close leaves open), after creating or
// migrating the schema as Open does.
func New(ctx context.Context, pool *pgxpool.Pool) (*Store, error) {
	if err := migrate(ctx, pool); err != nil {
		return nil, err
	}
	return &Store{pool: pool}, nil
}

// Close closes the pool if Open made it.
func (s *Store) Close() {
	if s.own {
		s.pool.Close()
	}
}

const columns = `key, operation, scope, request_hash, request, state, attempts, snapshot, send_by,
	result, verdict, due_at, worker, fence, lease_until, created_at, updated_at`

// null returns t for a timestamptz parameter: NULL for the zero time.
func null(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t
}

func utc(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}

// scanEntry reads the columns, and then extra, from row.
func scanEntry(row pgx.Row, extra ...any) (journal.Entry, error) {
	var e journal.Entry
	var sendBy, dueAt, leaseUntil *time.Time
	var created, updated time.Time
	dest := append([]any{&e.Key, &e.Operation, &e.Scope, &e.RequestHash, &e.Request, &e.State, &e.Attempts,
		&e.Snapshot, &sendBy, &e.Result, &e.Verdict, &dueAt, &e.Worker, &e.Fence, &leaseUntil, &created, &updated}, extra...)
	if err := row.Scan(dest...); err != nil {
		return journal.Entry{}, err
	}
	e.SendBy, e.DueAt, e.LeaseUntil = utc(sendBy), utc(dueAt), utc(leaseUntil)
	e.CreatedAt, e.UpdatedAt = created.UTC(), updated.UTC()
	return e, nil
}

// readCommitted is the isolation of every transaction of the Store, whatever the database's
// default: the scope's advisory lock, not the isolation level, orders the writes of a scope,
// and each statement reads what the transactions before it committed.
var readCommitted = pgx.TxOptions{IsoLevel: pgx.ReadCommitted}

func notFound(key string) error { return fmt.Errorf("%w: %q", journal.ErrNotFound, key) }

// Insert implements journal.Store: INSERT … ON CONFLICT DO NOTHING, then, when another
// transaction holds the key, a read of its entry in a statement of its own (which sees it
// committed).
func (s *Store) Insert(ctx context.Context, e journal.Entry) (journal.Entry, bool, error) {
	stored, err := scanEntry(s.pool.QueryRow(ctx, `INSERT INTO journal_entries (`+columns+`)
		SELECT $1::text, $2::text, $3::text, $4::text, $5::bytea, 'pending', $6::integer, $7::bytea,
			$8::timestamptz, $9::bytea, $10::bytea, $11::timestamptz, '', 0, NULL, now, now
		FROM (SELECT clock_timestamp() AS now) AS clock
		ON CONFLICT (key) DO NOTHING RETURNING `+columns,
		e.Key, e.Operation, e.Scope, e.RequestHash, e.Request, e.Attempts, e.Snapshot, null(e.SendBy),
		e.Result, e.Verdict, null(e.DueAt)))
	switch {
	case err == nil:
		return stored, true, nil
	case !errors.Is(err, pgx.ErrNoRows):
		return journal.Entry{}, false, fmt.Errorf("pgjournal: insert %q: %w", e.Key, err)
	}
	stored, err = s.Get(ctx, e.Key)
	if err != nil {
		return journal.Entry{}, false, err
	}
	return stored, false, nil
}

// Get implements journal.Store.
func (s *Store) Get(ctx context.Context, key string) (journal.Entry, error) {
	e, err := scanEntry(s.pool.QueryRow(ctx, `SELECT `+columns+` FROM journal_entries WHERE key = $1`, key))
	if errors.Is(err, pgx.ErrNoRows) {
		return journal.Entry{}, notFound(key)
	}
	if err != nil {
		return journal.Entry{}, fmt.Errorf("pgjournal: read %q: %w", key, err)
	}
	return e, nil
}

// locked runs f in a transaction (READ COMMITTED) that holds key's scope: a transaction-scoped
// advisory lock on the scope's hash, taken before the entry is read FOR UPDATE with the
// database's clock_timestamp(). Every Lease and Update of a scope's entries runs under its
// lock, so each one's checks see what the one before it committed, and their clock readings
// follow the order in which they ran.
func (s *Store) locked(ctx context.Context, key, what string, f func(tx pgx.Tx, e journal.Entry, now time.Time) error) error {
	err := pgx.BeginTxFunc(ctx, s.pool, readCommitted, func(tx pgx.Tx) error {
		// The scope never changes, so it may be read before its lock is held. A scope's hash may
		// be another scope's too: then both wait on one lock, nothing worse. The entry is read
		// in the next statement, whose snapshot is taken once the lock is held. The commit
		// waits for the disk (synchronous_commit on, for this transaction) whatever the server
		// or the role sets: a mark into sending lost in a crash of the server would let the
		// attempt be sent again.
		if err := tx.QueryRow(ctx, `SELECT 1 FROM journal_entries, pg_advisory_xact_lock(hashtextextended(scope, 0)),
				set_config('synchronous_commit', 'on', true)
			WHERE key = $1`, key).Scan(new(int)); err != nil {
			return err
		}
		var now time.Time
		e, err := scanEntry(tx.QueryRow(ctx, `SELECT `+columns+`, clock_timestamp() FROM journal_entries
			WHERE key = $1 FOR UPDATE`, key), &now)
		if err != nil {
			return err
		}
		return f(tx, e, now.UTC())
	})
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return notFound(key)
	case err == nil, errors.Is(err, journal.ErrBusy), errors.Is(err, journal.ErrFenced):
		return err
	}
	return fmt.Errorf("pgjournal: %s %q: %w", what, key, err)
}

// Lease implements journal.Store: the entry's checks, its scope's and the grant run under the
// scope's lock (see locked).
func (s *Store) Lease(ctx context.Context, key, worker string, ttl time.Duration) (journal.Entry, error) {
	if err := journal.CheckLeaseArgs(worker, ttl); err != nil {
		return journal.Entry{}, err
	}
	var out journal.Entry
	err := s.locked(ctx, key, "lease", func(tx pgx.Tx, e journal.Entry, now time.Time) error {
		n, err := journal.GrantLease(e, worker, ttl, now, func() (bool, error) {
			// journal.ScopeBlocks, as SQL.
			var blocked bool
			err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM journal_entries
				WHERE scope = $1 AND key <> $2 AND ((worker <> '' AND lease_until > $3) OR state IN ('sending', 'review')))`,
				e.Scope, key, now).Scan(&blocked)
			return blocked, err
		})
		if err != nil {
			return err
		}
		out, err = scanEntry(tx.QueryRow(ctx, `UPDATE journal_entries
			SET worker = $2, fence = $3, lease_until = $4, updated_at = $5 WHERE key = $1 RETURNING `+columns,
			key, n.Worker, n.Fence, n.LeaseUntil, n.UpdatedAt))
		return err
	})
	if err != nil {
		return journal.Entry{}, err
	}
	return out, nil
}

// Update implements journal.Store: the fence check and the write run under the scope's lock
// (see locked).
func (s *Store) Update(ctx context.Context, e journal.Entry, release bool) (journal.Entry, error) {
	var out journal.Entry
	err := s.locked(ctx, e.Key, "update", func(tx pgx.Tx, old journal.Entry, now time.Time) error {
		n, err := journal.ApplyUpdate(old, e, release, now)
		if err != nil {
			return err
		}
		out, err = scanEntry(tx.QueryRow(ctx, `UPDATE journal_entries
			SET state = $2, attempts = $3, snapshot = $4, send_by = $5, result = $6, verdict = $7, due_at = $8,
				request = $9, worker = $10, lease_until = $11, updated_at = $12
			WHERE key = $1 RETURNING `+columns,
			e.Key, n.State, n.Attempts, n.Snapshot, null(n.SendBy), n.Result, n.Verdict, null(n.DueAt),
			n.Request, n.Worker, null(n.LeaseUntil), n.UpdatedAt))
		return err
	})
	if err != nil {
		return journal.Entry{}, err
	}
	return out, nil
}

func (s *Store) query(ctx context.Context, what, query string, args ...any) ([]journal.Entry, error) {
	rows, err := s.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("pgjournal: %s: %w", what, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (journal.Entry, error) { return scanEntry(row) })
	if err != nil {
		return nil, fmt.Errorf("pgjournal: %s: %w", what, err)
	}
	return out, nil
}

// Due implements journal.Store. It skips (SKIP LOCKED) the entries a Lease or Update of
// another transaction holds at that moment, rather than wait for them: a recovery pass has no
// use for an entry another worker is taking, and Lease, not Due, is what excludes.
func (s *Store) Due(ctx context.Context, limit int) ([]journal.Entry, error) {
	return s.query(ctx, "due", `SELECT `+columns+` FROM journal_entries, (SELECT clock_timestamp() AS now) AS clock
		WHERE state IN ('pending', 'sending') AND (worker = '' OR lease_until <= now) AND (due_at IS NULL OR due_at <= now)
		ORDER BY created_at, key LIMIT $1 FOR UPDATE OF journal_entries SKIP LOCKED`, max(limit, 0))
}

// List implements journal.Store; an empty state lists every state.
func (s *Store) List(ctx context.Context, state journal.State, after string, limit int) ([]journal.Entry, error) {
	if after == "" {
		return s.query(ctx, "list", `SELECT `+columns+` FROM journal_entries
			WHERE ($1 = '' OR state = $1) ORDER BY created_at, key LIMIT $2`, state, max(limit, 0))
	}
	from, err := s.Get(ctx, after)
	if err != nil {
		return nil, fmt.Errorf("pgjournal: the cursor of List: %w", err)
	}
	return s.query(ctx, "list", `SELECT `+columns+` FROM journal_entries
		WHERE ($1 = '' OR state = $1) AND (created_at, key) > ($2, $3)
		ORDER BY created_at, key LIMIT $4`, state, from.CreatedAt, from.Key, max(limit, 0))
}

// Stats implements journal.Store, in one statement (one snapshot of the journal).
func (s *Store) Stats(ctx context.Context) (journal.Stats, error) {
	rows, err := s.pool.Query(ctx, `SELECT state, count(*), min(created_at) FROM journal_entries GROUP BY state`)
	if err != nil {
		return journal.Stats{}, fmt.Errorf("pgjournal: stats: %w", err)
	}
	defer rows.Close()
	st := journal.Stats{ByState: map[journal.State]int64{}}
	for rows.Next() {
		var state journal.State
		var n int64
		var oldest time.Time
		if err := rows.Scan(&state, &n, &oldest); err != nil {
			return journal.Stats{}, fmt.Errorf("pgjournal: stats: %w", err)
		}
		st.ByState[state] = n
		if !state.Settled() && (st.OldestUnsettled.IsZero() || oldest.Before(st.OldestUnsettled)) {
			st.OldestUnsettled = oldest.UTC()
		}
	}
	if err := rows.Err(); err != nil {
		return journal.Stats{}, fmt.Errorf("pgjournal: stats: %w", err)
	}
	return st, nil
}
