package sqlitejournal

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go
)

// Store is a journal.Store in one SQLite file. It is safe for concurrent use, and several
// Stores (in one process or several) may open the same file: every write is one immediate
// transaction, so they take turns.
type Store struct {
	write *sql.DB // one connection: the process's writers queue here, not on SQLite's busy handler
	read  *sql.DB // reads, beside the writer (WAL)
}

var _ journal.Store = (*Store)(nil)

// busyTimeout is how long a write waits for another process's transaction to end before it
// fails with SQLITE_BUSY.
const busyTimeout = 10 * time.Second

// dsn returns the modernc.org/sqlite data source name for path: a file: URI (any byte of the
// path escaped) with the connection's settings, applied by the driver on every connection.
func dsn(path string, readOnly bool) string {
	q := url.Values{}
	q.Set("_busy_timeout", fmt.Sprint(busyTimeout.Milliseconds()))
	q.Set("_journal_mode", "WAL")
	q.Set("_synchronous", "FULL") // a commit is on disk when it returns, power loss included
	if readOnly {
		q.Set("_query_only", "1")
	} else {
		q.Set("_txlock", "immediate")
	}
	path = filepath.ToSlash(path)
	if !strings.HasPrefix(path, "/") {
		path = "/" + path // C:/dir/j.db: file:///C:/dir/j.db
	}
	return (&url.URL{Scheme: "file", Path: path, RawQuery: q.Encode()}).String()
}

// Open opens the journal in the SQLite file at path (created when missing), creates or
// migrates its schema, and returns the Store. A schema newer than this package knows is an
// error matching ErrNewerSchema. Close releases it.
func Open(ctx context.Context, path string) (*Store, error) {
	if path == "" || path == ":memory:" {
		return nil, fmt.Errorf("sqlitejournal: Open needs a file path (got %q): a journal in memory survives no crash", path)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("sqlitejournal: %w", err)
	}
	w, err := sql.Open("sqlite", dsn(abs, false))
	if err != nil {
		return nil, fmt.Errorf("sqlitejournal: %w", err)
	}
	w.SetMaxOpenConns(1)
	if err := migrate(ctx, w); err != nil {
		_ = w.Close()
		return nil, err
	}
	r, err := sql.Open("sqlite", dsn(abs, true))
	if err != nil {
		_ = w.Close()
		return nil, fmt.Errorf("sqlitejournal: %w", err)
	}
	r.SetMaxOpenConns(4)
	return &Store{write: w, read: r}, nil
}

// Close closes the Store's connections.
func (s *Store) Close() error {
	return errors.Join(s.read.Close(), s.write.Close())
}

// now is the Store's clock: this machine's, to the microsecond (all Stores of one SQLite
// file run on the machine that holds it). It is read inside each write transaction, after
// the database lock is taken, so that times follow the order of the writes.
func now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

// micros and fromMicros convert the Store's times to and from their column values: the
// microseconds since the Unix epoch, 0 for the zero time.
func micros(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMicro()
}

func fromMicros(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return time.UnixMicro(v).UTC()
}

const columns = `key, operation, scope, request_hash, request, state, attempts, snapshot, send_by,
	result, verdict, due_at, worker, fence, lease_until, created_at, updated_at`

type scanner interface{ Scan(dest ...any) error }

func scanEntry(row scanner) (journal.Entry, error) {
	var e journal.Entry
	var sendBy, dueAt, leaseUntil, created, updated int64
	err := row.Scan(&e.Key, &e.Operation, &e.Scope, &e.RequestHash, &e.Request, &e.State, &e.Attempts,
		&e.Snapshot, &sendBy, &e.Result, &e.Verdict, &dueAt, &e.Worker, &e.Fence, &leaseUntil, &created, &updated)
	if err != nil {
		return journal.Entry{}, err
	}
	e.SendBy, e.DueAt, e.LeaseUntil = fromMicros(sendBy), fromMicros(dueAt), fromMicros(leaseUntil)
	e.CreatedAt, e.UpdatedAt = fromMicros(created), fromMicros(updated)
	return e, nil
}

// get reads key's entry in q (a transaction or the read pool); ErrNotFound when absent.
func get(ctx context.Context, q interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}, key string) (journal.Entry, error) {
	e, err := scanEntry(q.QueryRowContext(ctx, `SELECT `+columns+` FROM journal_entries WHERE key = ?`, key))
	if errors.Is(err, sql.ErrNoRows) {
		return journal.Entry{}, fmt.Errorf("%w: %q", journal.ErrNotFound, key)
	}
	if err != nil {
		return journal.Entry{}, fmt.Errorf("sqlitejournal: read %q: %w", key, err)
	}
	return e, nil
}

// inTx runs f in one immediate transaction (BEGIN IMMEDIATE: the database's write lock is
// taken before f reads anything), committed when f returns nil, rolled back otherwise.
func (s *Store) inTx(ctx context.Context, f func(tx *sql.Tx, now time.Time) error) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlitejournal: begin: %w", err)
	}
	if err := f(tx, now()); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlitejournal: commit: %w", err)
	}
	return nil
}

// Insert implements journal.Store.
func (s *Store) Insert(ctx context.Context, e journal.Entry) (stored journal.Entry, inserted bool, err error) {
	err = s.inTx(ctx, func(tx *sql.Tx, now time.Time) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO journal_entries (`+columns+`)
			VALUES (?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, '', 0, 0, ?, ?)
			ON CONFLICT (key) DO NOTHING`,
			e.Key, e.Operation, e.Scope, e.RequestHash, e.Request, e.Attempts, e.Snapshot, micros(e.SendBy),
			e.Result, e.Verdict, micros(e.DueAt), micros(now), micros(now))
		if err != nil {
			return fmt.Errorf("sqlitejournal: insert %q: %w", e.Key, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("sqlitejournal: insert %q: %w", e.Key, err)
		}
		inserted = n == 1
		stored, err = get(ctx, tx, e.Key)
		return err
	})
	if err != nil {
		return journal.Entry{}, false, err
	}
	return stored, inserted, nil
}

// Get implements journal.Store.
func (s *Store) Get(ctx context.Context, key string) (journal.Entry, error) {
	return get(ctx, s.read, key)
}

// Lease implements journal.Store: the entry's checks, its scope's and the grant are one
// immediate transaction.
func (s *Store) Lease(ctx context.Context, key, worker string, ttl time.Duration) (journal.Entry, error) {
	if err := journal.CheckLeaseArgs(worker, ttl); err != nil {
		return journal.Entry{}, err
	}
	var n journal.Entry
	err := s.inTx(ctx, func(tx *sql.Tx, now time.Time) error {
		e, err := get(ctx, tx, key)
		if err != nil {
			return err
		}
		n, err = journal.GrantLease(e, worker, ttl, now, func() (bool, error) {
			// journal.ScopeBlocks, as SQL.
			var blocking int
			err := tx.QueryRowContext(ctx, `SELECT count(*) FROM journal_entries
				WHERE scope = ? AND key <> ? AND ((worker <> '' AND lease_until > ?) OR state IN ('sending', 'review'))`,
				e.Scope, key, micros(now)).Scan(&blocking)
			if err != nil {
				return false, fmt.Errorf("sqlitejournal: lease %q: %w", key, err)
			}
			return blocking > 0, nil
		})
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE journal_entries SET worker = ?, fence = ?, lease_until = ?, updated_at = ? WHERE key = ?`,
			n.Worker, n.Fence, micros(n.LeaseUntil), micros(n.UpdatedAt), key)
		if err != nil {
			return fmt.Errorf("sqlitejournal: lease %q: %w", key, err)
		}
		return nil
	})
	if err != nil {
		return journal.Entry{}, err
	}
	return n, nil
}

// Update implements journal.Store: the fence check and the write are one immediate
// transaction.
func (s *Store) Update(ctx context.Context, e journal.Entry, release bool) (journal.Entry, error) {
	var n journal.Entry
	err := s.inTx(ctx, func(tx *sql.Tx, now time.Time) error {
		old, err := get(ctx, tx, e.Key)
		if err != nil {
			return err
		}
		if n, err = journal.ApplyUpdate(old, e, release, now); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE journal_entries SET state = ?, attempts = ?, snapshot = ?, send_by = ?,
			result = ?, verdict = ?, due_at = ?, request = ?, worker = ?, lease_until = ?, updated_at = ? WHERE key = ?`,
			n.State, n.Attempts, n.Snapshot, micros(n.SendBy), n.Result, n.Verdict, micros(n.DueAt), n.Request,
			n.Worker, micros(n.LeaseUntil), micros(n.UpdatedAt), e.Key)
		if err != nil {
			return fmt.Errorf("sqlitejournal: update %q: %w", e.Key, err)
		}
		return nil
	})
	if err != nil {
		return journal.Entry{}, err
	}
	n.Snapshot, n.Result = bytes.Clone(n.Snapshot), bytes.Clone(n.Result)
	n.Verdict, n.Request = bytes.Clone(n.Verdict), bytes.Clone(n.Request)
	return n, nil
}

func (s *Store) query(ctx context.Context, what, query string, args ...any) ([]journal.Entry, error) {
	rows, err := s.read.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("sqlitejournal: %s: %w", what, err)
	}
	defer rows.Close()
	var out []journal.Entry
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlitejournal: %s: %w", what, err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlitejournal: %s: %w", what, err)
	}
	return out, nil
}

// Due implements journal.Store.
func (s *Store) Due(ctx context.Context, limit int) ([]journal.Entry, error) {
	n := micros(now())
	return s.query(ctx, "due", `SELECT `+columns+` FROM journal_entries
		WHERE state IN ('pending', 'sending') AND (worker = '' OR lease_until <= ?) AND due_at <= ?
		ORDER BY created_at, key LIMIT ?`, n, n, max(limit, 0))
}

// List implements journal.Store; an empty state lists every state.
func (s *Store) List(ctx context.Context, state journal.State, after string, limit int) ([]journal.Entry, error) {
	var from journal.Entry
	if after != "" {
		var err error
		if from, err = get(ctx, s.read, after); err != nil {
			return nil, fmt.Errorf("sqlitejournal: the cursor of List: %w", err)
		}
	}
	return s.query(ctx, "list", `SELECT `+columns+` FROM journal_entries
		WHERE (? = '' OR state = ?) AND (created_at, key) > (?, ?)
		ORDER BY created_at, key LIMIT ?`, state, state, micros(from.CreatedAt), from.Key, max(limit, 0))
}

// Stats implements journal.Store, in one statement (one snapshot of the journal).
func (s *Store) Stats(ctx context.Context) (journal.Stats, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT state, count(*), min(created_at) FROM journal_entries GROUP BY state`)
	if err != nil {
		return journal.Stats{}, fmt.Errorf("sqlitejournal: stats: %w", err)
	}
	defer rows.Close()
	st := journal.Stats{ByState: map[journal.State]int64{}}
	for rows.Next() {
		var state journal.State
		var n, oldest int64
		if err := rows.Scan(&state, &n, &oldest); err != nil {
			return journal.Stats{}, fmt.Errorf("sqlitejournal: stats: %w", err)
		}
		st.ByState[state] = n
		if t := fromMicros(oldest); !state.Settled() && (st.OldestUnsettled.IsZero() || t.Before(st.OldestUnsettled)) {
			st.OldestUnsettled = t
		}
	}
	if err := rows.Err(); err != nil {
		return journal.Stats{}, fmt.Errorf("sqlitejournal: stats: %w", err)
	}
	return st, nil
}
