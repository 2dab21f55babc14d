package crashtest

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
)

// Report is what the check found: the journal's entries held against what the platform did.
type Report struct {
	// Keys is how many payouts the plan holds; Paid how many of them the platform queued
	// (once or more).
	Keys, Paid int
	// Committed, Refused and Review count the entries in each state at the end; ReviewPaid
	// those in review that the platform did queue; Blocked the entries left pending because
	// an entry of their scope is in review (a person's verdict opens the scope again).
	Committed, Refused, Review, ReviewPaid, Blocked int
	// Answered and ReadBack split Committed: settled by the platform's answer, or by a
	// read-back after the answer was lost (counted by agree).
	Answered, ReadBack int
	// Resent counts the entries sent more than once (a read-back proved the earlier attempts
	// not committed).
	Resent int
	// Duplicates counts the keys the platform queued more than once; Lost the keys whose
	// journal state contradicts the platform (committed but not queued, or queued but
	// refused, pending or missing); Unsettled the keys neither settled, in review nor
	// blocked; Stray the platform's payouts of no key of the plan; Unproved the settled or
	// review entries without their evidence (a refusal's record, a review's verdict).
	Duplicates, Lost, Unsettled, Stray, Unproved int
	// Disagree counts the committed keys whose recorded result (Do's Result, asked again)
	// names another payout than the one the platform queued for the key: another
	// disbursement (an answer) or another account (a read-back).
	Disagree int
	// Problems describes the first problems found, one line each.
	Problems []string
}

// maxProblems is how many problems a Report describes.
const maxProblems = 20

func (r *Report) problem(count *int, format string, args ...any) {
	*count++
	if len(r.Problems) < maxProblems {
		r.Problems = append(r.Problems, fmt.Sprintf(format, args...))
	}
}

// Err returns an error describing the problems, nil when there are none.
func (r *Report) Err() error {
	if r.Duplicates+r.Lost+r.Unsettled+r.Stray+r.Unproved+r.Disagree == 0 {
		return nil
	}
	return fmt.Errorf("%d sent twice, %d lost, %d unsettled, %d stray, %d without evidence, %d disagreeing:\n  %s",
		r.Duplicates, r.Lost, r.Unsettled, r.Stray, r.Unproved, r.Disagree, strings.Join(r.Problems, "\n  "))
}

// String gives the counts on one line.
func (r *Report) String() string {
	return fmt.Sprintf("%d keys: %d paid, %d committed (%d by the platform's answer, %d by a read-back), %d refused, %d in review (%d of them paid), %d blocked behind a review, %d resent after a read-back; %d sent twice, %d lost, %d unsettled, %d stray, %d without evidence, %d disagreeing",
		r.Keys, r.Paid, r.Committed, r.Answered, r.ReadBack, r.Refused, r.Review, r.ReviewPaid, r.Blocked, r.Resent,
		r.Duplicates, r.Lost, r.Unsettled, r.Stray, r.Unproved, r.Disagree)
}

// check holds the journal's entries (by key; a key absent was never recorded) against the
// payouts the platform queued (paid: how many times, by client reference) for the keys of
// plan. Every key must be paid at most once; a committed entry must be paid and a paid key
// must be committed or in review; every entry must be settled, in review, or pending behind a
// review of its scope; a refusal and a review must carry their evidence.
func check(plan *Plan, entries map[string]journal.Entry, paid map[string]int) Report {
	r := Report{Keys: len(plan.Payouts)}
	inPlan := make(map[string]bool, len(plan.Payouts))
	reviewScopes := map[string]bool{}
	for _, e := range entries {
		if e.State == journal.StateReview {
			reviewScopes[e.Scope] = true
		}
	}
	for _, p := range plan.Payouts {
		inPlan[p.Key] = true
		n := paid[p.Key]
		if n > 0 {
			r.Paid++
		}
		if n > 1 {
			r.problem(&r.Duplicates, "%s: queued %d times", p.Key, n)
		}
		e, ok := entries[p.Key]
		if !ok {
			if n > 0 {
				r.problem(&r.Lost, "%s: queued %d time(s), not in the journal", p.Key, n)
			} else {
				r.problem(&r.Unsettled, "%s: not in the journal", p.Key)
			}
			continue
		}
		if e.Attempts > 1 {
			r.Resent++
		}
		switch e.State {
		case journal.StateCommitted:
			r.Committed++
			if n == 0 {
				r.problem(&r.Lost, "%s: committed in the journal, never queued (attempts %d)", p.Key, e.Attempts)
			}
			if len(e.Result) == 0 && len(e.Verdict) == 0 {
				r.problem(&r.Unproved, "%s: committed with neither an answer nor a verdict", p.Key)
			}
		case journal.StateRefused:
			r.Refused++
			if n > 0 {
				r.problem(&r.Lost, "%s: refused in the journal, queued %d time(s)", p.Key, n)
			}
			if len(e.Result) == 0 {
				r.problem(&r.Unproved, "%s: refused without the platform's refusal", p.Key)
			}
		case journal.StateReview:
			r.Review++
			if n > 0 {
				r.ReviewPaid++
			}
			if len(e.Verdict) == 0 {
				r.problem(&r.Unproved, "%s: in review without a verdict", p.Key)
			}
		case journal.StatePending:
			switch {
			case n > 0:
				r.problem(&r.Lost, "%s: pending in the journal, queued %d time(s)", p.Key, n)
			case reviewScopes[e.Scope]:
				r.Blocked++
			default:
				r.problem(&r.Unsettled, "%s: pending, its scope free", p.Key)
			}
		default:
			r.problem(&r.Unsettled, "%s: %s (attempts %d), queued %d time(s)", p.Key, e.State, e.Attempts, n)
		}
	}
	var stray []string
	for ref := range paid {
		if !inPlan[ref] {
			stray = append(stray, ref)
		}
	}
	sort.Strings(stray)
	for _, ref := range stray {
		r.problem(&r.Stray, "%q: queued %d time(s), no key of the plan", ref, paid[ref])
	}
	return r
}

// agree asks j again (Do, which sends nothing for a settled key) for the result of every
// committed key and holds it against the payout the platform queued for the key (queued, by
// client reference): the answer's disbursement, or the read-back's one new account, must be
// that payout's.
func agree(ctx context.Context, j *journal.Journal, plan *Plan, entries map[string]journal.Entry, queued map[string]cardplatformtest.Disbursement, r *Report) {
	for _, p := range plan.Payouts {
		if entries[p.Key].State != journal.StateCommitted {
			continue
		}
		d, ok := queued[p.Key]
		if !ok {
			continue // counted lost by check
		}
		res, err := journal.Do(ctx, j, journal.CreateDisbursement, p.Key, plan.Request(p))
		switch {
		case err != nil || res.State != journal.StateCommitted:
			r.problem(&r.Disagree, "%s: committed in the store, Do says %s (%v)", p.Key, res.State, err)
		case res.Response != nil:
			r.Answered++
			if res.Response.DisbursementGUID != d.DisbursementGUID {
				r.problem(&r.Disagree, "%s: answered disbursement %s, the platform queued %s", p.Key, res.Response.DisbursementGUID, d.DisbursementGUID)
			}
		case res.ReadBack != nil && len(res.ReadBack.New) == 1:
			r.ReadBack++
			if res.ReadBack.New[0] != d.AccountGUID.String() {
				r.problem(&r.Disagree, "%s: read back account %s, the platform's payout made %s", p.Key, res.ReadBack.New[0], d.AccountGUID)
			}
		default:
			r.problem(&r.Disagree, "%s: committed with neither an answer nor a read-back's account (%+v)", p.Key, res.ReadBack)
		}
	}
}
