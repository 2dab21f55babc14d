package journal

import (
	"context"
	"errors"
	"time"
)

// State is where an entry of the journal stands.
type State string

const (
	// StatePending: the intent is recorded; no attempt of it has been marked, so no byte of it
	// has left. Safe to send.
	StatePending State = "pending"
	// StateSending: an attempt was marked before its bytes could leave; it may have reached the
	// platform. Only a read-back settles it; it is never sent again on a guess.
	StateSending State = "sending"
	// StateCommitted: the platform ran the write (its answer, or a read-back proved it). Final.
	StateCommitted State = "committed"
	// StateRefused: the platform answered the write with an error: it did nothing. Final.
	StateRefused State = "refused"
	// StateReview: a read-back could not prove the outcome and waiting will not help (a
	// cardplatform.Reason whose Wait is false), or the attempts ran out. A person decides
	// (Journal.Resolve). Its scope stays closed to other writes until then.
	StateReview State = "review"
)

// Settled reports whether s is final (committed or refused).
func (s State) Settled() bool { return s == StateCommitted || s == StateRefused }

// Entry is one write in the journal, as a Store keeps it. The engine fills every field; a
// Store stores and returns them unchanged, except the lease fields (Worker, Fence,
// LeaseUntil), CreatedAt and UpdatedAt, which the Store sets from its own clock.
type Entry struct {
	// Key is the caller's reference for this write (a payout id): one write per key, ever.
	Key string
	// Operation is the write's operation id ("createDisbursement").
	Operation string
	// Scope names what the write's read-back reads ("searchAccounts?person_guid=…&program_guid=…").
	// Entries of one scope are sent one at a time: a Store grants no lease on an entry while
	// another entry of its scope is leased or in StateSending or StateReview, so a read-back
	// never sees another write of the journal in flight.
	Scope string
	// RequestHash is the SHA-256 (hex) of the request as the engine encodes it: the same key
	// with another request is refused (ErrKeyReused).
	RequestHash string
	// Request is the request as the engine encodes it, sealed when the Journal has a Sealer:
	// what a recovery pass sends again after a read-back proved an attempt not committed. Its
	// secrets are in clear (Wire prints only its length).
	Request Wire
	// State is where the entry stands; Attempts how many attempts were marked sending.
	State    State
	Attempts int
	// Snapshot is the read-back snapshot (JSON of cardplatform.Snapshot) of the latest attempt,
	// taken before it was marked; SendBy the time after which no byte of that attempt can leave
	// (the lease's end when it was marked): a read-back proves "not committed" only after SendBy
	// plus the Settle time.
	Snapshot []byte
	SendBy   time.Time
	// Result is the platform's answer (JSON) when it answered, or the refusal (JSON of the
	// engine's record of the error) for StateRefused. An answer's secrets are in clear (Wire
	// prints only its length).
	Result Wire
	// Verdict is the latest read-back's outcome, reason and evidence (JSON), kept with the entry.
	Verdict []byte
	// DueAt is when the entry should next be looked at by a recovery pass (a read-back's
	// SettleAt); zero means now.
	DueAt time.Time
	// Worker, Fence and LeaseUntil are the lease: who holds it, the fencing token (incremented
	// by every grant), and when it ends by the Store's clock.
	Worker     string
	Fence      int64
	LeaseUntil time.Time
	// CreatedAt and UpdatedAt are set by the Store's clock.
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Store is where a Journal keeps its entries: one small interface, implemented by the SQLite
// (sqlitejournal) and Postgres (pgjournal) drivers, each a module of its own, and checked by
// journaltest.RunStoreTests. Every method is atomic; a Store uses one clock (the database's)
// for leases, so workers on several machines agree on when a lease ends.
type Store interface {
	// Insert records e (State pending, no lease) if no entry holds e.Key, and returns the
	// stored entry with inserted true; if one does, it returns that entry unchanged and false.
	Insert(ctx context.Context, e Entry) (stored Entry, inserted bool, err error)
	// Get returns the entry of key, or an error matching ErrNotFound.
	Get(ctx context.Context, key string) (Entry, error)
	// Lease grants worker the lease on key for ttl: Worker = worker, Fence incremented,
	// LeaseUntil = the Store's now + ttl. It refuses with an error matching ErrBusy when the
	// entry is settled, when another worker's lease on it has not ended, or when another entry
	// of its Scope is leased (lease not ended) or in StateSending or StateReview. The check and
	// the grant are one atomic step for the whole scope. An entry in StateReview is leased
	// (the lease is how Journal.Resolve writes a person's verdict) but never sent: Due leaves
	// it out, and the engine sends only pending entries and sending ones a read-back proved
	// not committed.
	Lease(ctx context.Context, key, worker string, ttl time.Duration) (Entry, error)
	// Update stores e's State, Attempts, Snapshot, SendBy, Result, Verdict, DueAt and Request
	// if the stored entry holds a lease (Worker not empty) and its Worker and Fence are e's;
	// else it refuses with ErrFenced. When e marks a new attempt (MarksAttempt: into
	// StateSending, or a resend's Attempts while sending) it also requires the lease not to
	// have ended by the Store's clock (ErrFenced otherwise), and sets e.SendBy to the lease's
	// end: the moment after which the attempt's bytes must not leave. With release true the
	// lease is given up (Worker cleared, LeaseUntil zero; Fence kept). It returns the stored
	// entry.
	Update(ctx context.Context, e Entry, release bool) (Entry, error)
	// Due returns up to limit entries a recovery pass should look at now: pending or sending,
	// not leased (or lease ended), DueAt reached; oldest first (CreatedAt, then Key).
	Due(ctx context.Context, limit int) ([]Entry, error)
	// List returns up to limit entries in state, oldest first, after the key after (""
	// for the first page): the review queue, or any state.
	List(ctx context.Context, state State, after string, limit int) ([]Entry, error)
	// Stats counts the entries by state and gives the CreatedAt of the oldest entry not
	// settled (zero when there is none).
	Stats(ctx context.Context) (Stats, error)
}

// MarksAttempt reports whether Update(e) over the stored entry marks a new attempt: e is in
// StateSending and the stored entry is not, or e's Attempts differ from the stored entry's
// (a resend after a read-back proved the previous attempt not committed). Every Store applies
// this one rule; keeping an entry in StateSending with its Attempts (an outcome unknown,
// a read-back still unknown) marks nothing and keeps e's SendBy.
func MarksAttempt(stored, e Entry) bool {
	return e.State == StateSending && (stored.State != StateSending || e.Attempts != stored.Attempts)
}

// Stats is what Store.Stats reports.
type Stats struct {
	// ByState counts the entries of each state.
	ByState map[State]int64
	// OldestUnsettled is the CreatedAt of the oldest entry that is pending, sending or in
	// review; zero when every entry is settled.
	OldestUnsettled time.Time
}

var (
	// ErrNotFound matches Store.Get's error for a key no entry holds, and so Lookup's.
	ErrNotFound = errors.New("journal: no entry with this key")
	// ErrBusy matches Store.Lease's error when the entry or its scope is held elsewhere, or the
	// entry is settled.
	ErrBusy = errors.New("journal: entry or its scope is busy")
	// ErrFenced matches Store.Update's error when the caller's lease was taken over (another
	// Fence or Worker) or, on the move into StateSending, has ended.
	ErrFenced = errors.New("journal: lease lost (fenced)")
)
