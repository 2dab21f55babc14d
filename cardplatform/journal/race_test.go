package journal_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestWorkersRacingOverOneStore: four workers Do the same payouts at once (three per person,
// so scopes collide) while the sandbox loses answers, drops requests and answers 503, then
// recover until every payout is settled or in review. Each payout ran at most once, and a
// committed one exactly once; nothing is left pending or sending.
func TestWorkersRacingOverOneStore(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	persons := []core.GUID{f.person}
	for range 3 {
		c, err := f.srv.Client().CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: f.program,
			Person: cardplatform.Person{FirstName: "Ada", LastName: "Lovelace"}})
		require.NoError(t, err)
		persons = append(persons, c.Person.PersonGUID)
	}
	var keys []string
	reqs := map[string]cardplatform.DisbursementDTO{}
	for i := range 12 {
		key := fmt.Sprintf("payout-%02d", i)
		keys = append(keys, key)
		reqs[key] = cardplatform.DisbursementDTO{ProgramGUID: f.program, Amount: core.NewDecimalFromInt(int64(100+i), 2),
			ClientReferenceID: key, Person: cardplatform.Person{PersonGUID: persons[i%len(persons)]}}
	}
	for _, fault := range []cardplatformtest.Fault{{DropAnswer: true}, {Drop: true}, {Status: 503}, {DropAnswer: true}, {Drop: true}} {
		f.fail(t, "CreateDisbursement", 2, fault)
	}
	var journals []*journal.Journal
	for w := range 4 {
		journals = append(journals, f.journal(t, fmt.Sprintf("w%d", w), journal.Options{Settle: time.Millisecond, Lease: 10 * time.Second, MaxAttempts: 5}))
	}
	var wg sync.WaitGroup
	for _, j := range journals {
		wg.Go(func() {
			for _, key := range keys {
				_, err := journal.Do(ctx, j, journal.CreateDisbursement, key, reqs[key])
				if err != nil && !errors.Is(err, journal.ErrSettling) && !errors.Is(err, journal.ErrReview) {
					t.Errorf("%s: %v", key, err)
				}
			}
		})
	}
	wg.Wait()
	for round := 0; round < 200; round++ {
		open := 0
		for _, key := range keys {
			if s := f.entry(t, key).State; s == journal.StatePending || s == journal.StateSending {
				open++
			}
		}
		if open == 0 {
			break
		}
		time.Sleep(2 * time.Millisecond)
		for _, j := range journals {
			wg.Go(func() { _, _ = j.Recover(ctx) })
		}
		wg.Wait()
	}

	ran := map[string]int{}
	for _, d := range f.srv.Disbursements() {
		ran[d.ClientReferenceID]++
	}
	for _, key := range keys {
		e := f.entry(t, key)
		switch e.State {
		case journal.StateCommitted:
			assert.Equal(t, 1, ran[key], "%s committed: ran once", key)
		case journal.StateReview:
			assert.LessOrEqual(t, ran[key], 1, "%s in review: ran at most once", key)
			t.Logf("%s in review: %s", key, e.Verdict)
		default:
			t.Errorf("%s left %s", key, e.State)
		}
	}
	t.Logf("%d requests for %d payouts", f.sent(), len(keys))
}
