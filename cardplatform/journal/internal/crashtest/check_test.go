package crashtest

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/journaltest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestCheckFindsEveryBreach holds check against a journal and a platform that disagree in
// each way a broken journal can: each case must be counted where it belongs, and a journal
// that agrees with the platform must pass.
func TestCheckFindsEveryBreach(t *testing.T) {
	plan := &Plan{Payouts: []Payout{{Key: "a"}, {Key: "b"}}}
	committed := func(scope string) journal.Entry {
		return journal.Entry{Scope: scope, State: journal.StateCommitted, Attempts: 1, Result: []byte(`{}`)}
	}
	for _, tc := range []struct {
		name    string
		entries map[string]journal.Entry
		paid    map[string]int
		want    func(r Report) int // the count that must be 1
		ok      bool
	}{
		{name: "agree: one committed and paid, one refused and not paid", ok: true,
			entries: map[string]journal.Entry{"a": committed("s"), "b": {Scope: "t", State: journal.StateRefused, Attempts: 1, Result: []byte(`{"status":400}`)}},
			paid:    map[string]int{"a": 1}},
		{name: "agree: one in review (paid), the other of its scope pending behind it", ok: true,
			entries: map[string]journal.Entry{"a": {Scope: "s", State: journal.StateReview, Attempts: 3, Verdict: []byte(`{}`)}, "b": {Scope: "s", State: journal.StatePending}},
			paid:    map[string]int{"a": 1}},
		{name: "sent twice", want: func(r Report) int { return r.Duplicates },
			entries: map[string]journal.Entry{"a": committed("s"), "b": committed("t")},
			paid:    map[string]int{"a": 2, "b": 1}},
		{name: "committed, never paid", want: func(r Report) int { return r.Lost },
			entries: map[string]journal.Entry{"a": committed("s"), "b": committed("t")},
			paid:    map[string]int{"a": 1}},
		{name: "paid, refused in the journal", want: func(r Report) int { return r.Lost },
			entries: map[string]journal.Entry{"a": committed("s"), "b": {Scope: "t", State: journal.StateRefused, Result: []byte(`{}`)}},
			paid:    map[string]int{"a": 1, "b": 1}},
		{name: "paid, not in the journal", want: func(r Report) int { return r.Lost },
			entries: map[string]journal.Entry{"a": committed("s")},
			paid:    map[string]int{"a": 1, "b": 1}},
		{name: "still sending", want: func(r Report) int { return r.Unsettled },
			entries: map[string]journal.Entry{"a": committed("s"), "b": {Scope: "t", State: journal.StateSending, Attempts: 1}},
			paid:    map[string]int{"a": 1}},
		{name: "pending, its scope free", want: func(r Report) int { return r.Unsettled },
			entries: map[string]journal.Entry{"a": committed("s"), "b": {Scope: "s", State: journal.StatePending}},
			paid:    map[string]int{"a": 1}},
		{name: "a payout of no key", want: func(r Report) int { return r.Stray },
			entries: map[string]journal.Entry{"a": committed("s"), "b": committed("t")},
			paid:    map[string]int{"a": 1, "b": 1, "c": 1}},
		{name: "review without its verdict", want: func(r Report) int { return r.Unproved },
			entries: map[string]journal.Entry{"a": committed("s"), "b": {Scope: "t", State: journal.StateReview}},
			paid:    map[string]int{"a": 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := check(plan, tc.entries, tc.paid)
			if tc.ok {
				assert.NoError(t, r.Err())
				return
			}
			assert.Equal(t, 1, tc.want(r), r.String())
			assert.Error(t, r.Err())
			assert.Len(t, r.Problems, 1)
		})
	}
}

// TestAgreeHoldsTheRecordAgainstThePlatform: a payout answered through the journal agrees
// with the payout the sandbox queued for its key, and disagrees with another.
func TestAgreeHoldsTheRecordAgainstThePlatform(t *testing.T) {
	srv := cardplatformtest.NewServer(t)
	ctx := t.Context()
	program := core.MustParseGUID(cardplatformtest.DefaultProgramGUID)
	plan, err := makePlan(ctx, srv.Client(), program, "agree", 1, rand.New(rand.NewPCG(1, 2)))
	require.NoError(t, err)
	require.False(t, plan.Payouts[0].Stranger)
	st := journaltest.NewStore()
	j, err := journal.New(srv.Client(), st, journal.Options{Worker: "t"})
	require.NoError(t, err)
	p := plan.Payouts[0]
	_, err = journal.Do(ctx, j, journal.CreateDisbursement, p.Key, plan.Request(p))
	require.NoError(t, err)
	entries, err := readEntries(ctx, st, plan)
	require.NoError(t, err)
	queued := map[string]cardplatformtest.Disbursement{}
	for _, d := range srv.Disbursements() {
		queued[d.ClientReferenceID] = d
	}
	require.Len(t, queued, 1)

	var r Report
	agree(ctx, j, plan, entries, queued, &r)
	assert.Equal(t, Report{Answered: 1}, r)

	other := queued[p.Key]
	other.DisbursementGUID = core.NewGUID()
	r = Report{}
	agree(ctx, j, plan, entries, map[string]cardplatformtest.Disbursement{p.Key: other}, &r)
	assert.Equal(t, 1, r.Disagree, r.Problems)
	assert.Len(t, srv.RequestsFor("CreateDisbursement"), 1, "asking again sends nothing")
}
