package journal

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform"
)

// ReviewItem is an entry waiting for a person's verdict, with its evidence.
type ReviewItem struct {
	// Key is the caller's key; Operation the write's operation id; Scope what its read-back
	// reads (no other write of the scope is sent until it is resolved).
	Key, Operation, Scope string
	// Attempts is how many attempts were marked sending.
	Attempts int
	// ReadBack is the latest read-back's verdict and evidence (nil when none ran: the
	// stored request or snapshot could not be read).
	ReadBack *cardplatform.SettleResult
	// Why says in words why it is in review.
	Why string
	// Created is when the intent was recorded; Age how long ago, when Review ran.
	Created time.Time
	Age     time.Duration
}

// Review returns every entry in review, oldest first: writes whose outcome no read-back could
// prove (and waiting will not help), or that a read-back proved not committed MaxAttempts
// times. Each keeps its scope closed until a person decides with Resolve.
func (j *Journal) Review(ctx context.Context) ([]ReviewItem, error) {
	var out []ReviewItem
	after := ""
	now := time.Now()
	for {
		page, err := j.s.List(ctx, StateReview, after, 256)
		if err != nil {
			return out, fmt.Errorf("journal: listing the review: %w", err)
		}
		for _, e := range page {
			it := ReviewItem{Key: e.Key, Operation: e.Operation, Scope: e.Scope, Attempts: e.Attempts, Created: e.CreatedAt, Age: now.Sub(e.CreatedAt)}
			if v, ok := readVerdict(e); ok {
				if !v.ReadAt.IsZero() {
					it.ReadBack = v.readBack()
				}
				it.Why = v.Words
				if v.Evidence != "" {
					it.Why += ": " + v.Evidence
				}
				if v.Error != "" {
					it.Why += ": " + v.Error
				}
			}
			if v, _ := readVerdict(e); v.Outcome == cardplatform.NotCommitted {
				it.Why = fmt.Sprintf("proved not committed %d times (MaxAttempts): %s", e.Attempts, it.Why)
			}
			out = append(out, it)
		}
		if len(page) < 256 {
			return out, nil
		}
		after = page[len(page)-1].Key
	}
}

// ErrNotInReview matches Resolve's error for an entry that is not in review.
var ErrNotInReview = errors.New("journal: entry not in review")

// Resolve records a person's verdict on an entry in review: committed true settles it
// StateCommitted (they found the write done), false StateRefused with a Refusal holding the
// note (they found it not done; it is never sent again under this key: send it with a new
// key if it is still wanted). The note is kept with the entry's verdict. Its scope opens to
// the writes waiting on it.
func (j *Journal) Resolve(ctx context.Context, key string, committed bool, note string) error {
	e, err := j.s.Get(ctx, key)
	if err != nil {
		return fmt.Errorf("journal: resolving: %w", err)
	}
	if e.State != StateReview {
		return fmt.Errorf("%w (it is %s)", ErrNotInReview, e.State)
	}
	e, err = j.s.Lease(ctx, key, j.worker, j.lease)
	if err != nil {
		return fmt.Errorf("journal: resolving: %w", err)
	}
	if e.State != StateReview {
		_, _ = j.s.Update(ctx, e, true)
		return fmt.Errorf("%w (it is %s)", ErrNotInReview, e.State)
	}
	v, _ := readVerdict(e)
	v.Resolved, v.Note = true, note
	e.Verdict = marshal(v)
	if committed {
		e.State = StateCommitted
	} else {
		e.State = StateRefused
		e.Result = marshal(recorded{Refusal: &Refusal{Detail: note, Resolved: true}})
	}
	if _, err := j.s.Update(ctx, e, true); err != nil {
		return fmt.Errorf("journal: resolving: %w", err)
	}
	return nil
}
