package cardplatform_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// rewriteItems decodes a listing, applies f to every item and encodes it again.
func rewriteItems(f func(it map[string]any)) func([]byte) []byte {
	return func(body []byte) []byte {
		d := json.NewDecoder(bytes.NewReader(body))
		d.UseNumber()
		var ans map[string]any
		if d.Decode(&ans) != nil {
			return body
		}
		list, _ := ans["items"].([]any)
		for _, it := range list {
			if m, ok := it.(map[string]any); ok {
				f(m)
			}
		}
		b, _ := json.Marshal(ans)
		return b
	}
}

// TestSettleDisbursementIssue32: the two read-backs issue 32 observed telling a caller to pay
// again, or to pay nothing, now answer StillUnknown with the reason to review. A listing whose
// accounts lack account_guid (renamed by a new API version or a gateway) gave NotCommitted,
// the signal to send the payout again; a new account of another person (the platform ignored
// the person filter) gave Committed for a payout that never ran. The same for cards.
func TestSettleDisbursementIssue32(t *testing.T) {
	for _, tc := range []struct {
		name    string
		rewrite func(it map[string]any)
		reason  cardplatform.Reason
	}{
		{"account_guid missing", func(it map[string]any) { delete(it, "account_guid"); delete(it, "card_proxy") }, cardplatform.ReasonIdentityMissing},
		{"another person's", func(it map[string]any) { it["person_guid"] = foreignGUID }, cardplatform.ReasonForeignOwner},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			srv := cardplatformtest.NewServer(t)
			program, person := payee(t, srv)
			// The person has an account already, so the rewrite has an item to act on.
			_, err := srv.Client().CreateDisbursement(ctx, payout(program, person, "earlier"))
			require.NoError(t, err)

			accounts := newHostileProxy(t, srv, http.MethodPost, "/api/v1/accounts/search")
			c, err := cardplatform.New(accounts.URL, core.WithStaticToken(srv.Token()), core.WithInsecureHTTP())
			require.NoError(t, err)
			req := payout(program, person, "never ran")
			snap, err := c.SnapshotDisbursement(ctx, req)
			require.NoError(t, err)
			require.Len(t, snap.Seen, 1)
			lose(t, srv, req, cardplatformtest.Fault{Drop: true})
			time.Sleep(5 * time.Millisecond)
			// And one account of another person the platform lists although it was filtered out.
			if tc.reason == cardplatform.ReasonForeignOwner {
				accounts.set(func(body []byte) []byte {
					var ans map[string]any
					d := json.NewDecoder(bytes.NewReader(body))
					d.UseNumber()
					require.NoError(t, d.Decode(&ans))
					ans["items"] = append(ans["items"].([]any), map[string]any{"account_guid": core.NewGUID().String(),
						"account_type": "DISBURSEMENT", "person_guid": foreignGUID})
					ans["total"] = json.Number("2")
					b, _ := json.Marshal(ans)
					return b
				})
			} else {
				accounts.set(rewriteItems(tc.rewrite))
			}
			rec, err := c.SettleDisbursement(ctx, snap, cardplatform.SettleOptions{Settle: time.Millisecond})
			require.NoError(t, err)
			assert.Equal(t, cardplatform.StillUnknown, rec.Outcome, rec.Evidence)
			assert.Equal(t, tc.reason, rec.Reason, rec.Evidence)
			assert.False(t, rec.Reason.Wait(), "a review, not a wait")
			assert.Len(t, srv.Disbursements(), 1, "the sandbox agrees: the payout never ran")

			// Cards: the same listing faults on SearchCards.
			cards := newHostileProxy(t, srv, http.MethodGet, "/api/v1/cards")
			cc, err := cardplatform.New(cards.URL, core.WithStaticToken(srv.Token()), core.WithInsecureHTTP())
			require.NoError(t, err)
			creq := cardplatform.CreateCardRequest{ProgramGUID: program, Person: cardplatform.Person{PersonGUID: person}}
			csnap, err := cc.SnapshotCard(ctx, creq)
			require.NoError(t, err)
			require.NoError(t, srv.FailNext("CreateCard", 1, cardplatformtest.Fault{Drop: true}))
			_, err = srv.Client().CreateCard(ctx, creq)
			require.ErrorIs(t, err, core.ErrOutcomeUnknown)
			time.Sleep(5 * time.Millisecond)
			cards.set(rewriteItems(tc.rewrite))
			rec, err = cc.SettleCard(ctx, csnap, cardplatform.SettleOptions{Settle: time.Millisecond})
			require.NoError(t, err)
			assert.Equal(t, cardplatform.StillUnknown, rec.Outcome, rec.Evidence)
			assert.Equal(t, tc.reason, rec.Reason, rec.Evidence)
		})
	}
}

// TestSettleReasons: each StillUnknown a program can act on names its reason: too early
// (with SettleAt, so the caller need not add Taken and Settle), other writes in flight, a
// read that failed (the error beside a StillUnknown), a snapshot of another write (no
// read-back); a proved outcome has ReasonNone.
func TestSettleReasons(t *testing.T) {
	ctx := context.Background()
	srv := cardplatformtest.NewServer(t)
	program, person := payee(t, srv)
	req := payout(program, person, "reasons")
	snap, err := srv.Client().SnapshotDisbursement(ctx, req)
	require.NoError(t, err)
	lose(t, srv, req, cardplatformtest.Fault{Drop: true})

	rec, err := srv.Client().SettleDisbursement(ctx, snap, cardplatform.SettleOptions{Settle: time.Hour})
	require.NoError(t, err)
	assert.Equal(t, cardplatform.StillUnknown, rec.Outcome)
	assert.Equal(t, cardplatform.ReasonTooEarly, rec.Reason, rec.Evidence)
	assert.True(t, rec.Reason.Wait())
	assert.Equal(t, snap.Taken.Add(time.Hour), rec.SettleAt)

	rec, err = srv.Client().SettleDisbursement(ctx, snap, cardplatform.SettleOptions{InFlight: 1, Settle: time.Millisecond})
	require.NoError(t, err)
	assert.Equal(t, cardplatform.ReasonInFlight, rec.Reason, rec.Evidence)
	assert.True(t, rec.Reason.Wait())

	require.NoError(t, srv.FailNext("SearchAccounts", 1, cardplatformtest.Fault{Status: http.StatusBadRequest}))
	rec, err = srv.Client().SettleDisbursement(ctx, snap, cardplatform.SettleOptions{Settle: time.Millisecond})
	require.Error(t, err)
	assert.Equal(t, cardplatform.StillUnknown, rec.Outcome)
	assert.Equal(t, cardplatform.ReasonReadFailed, rec.Reason, rec.Evidence)

	cardSnap, err := srv.Client().SnapshotCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: program, Person: cardplatform.Person{PersonGUID: person}})
	require.NoError(t, err)
	rec, err = srv.Client().SettleDisbursement(ctx, cardSnap, cardplatform.SettleOptions{})
	require.ErrorIs(t, err, core.ErrInvalidArgument)
	assert.Equal(t, cardplatform.StillUnknown, rec.Outcome)
	assert.Equal(t, cardplatform.ReasonNoReadBack, rec.Reason)
	assert.False(t, rec.Reason.Wait())

	time.Sleep(2 * time.Millisecond)
	rec, err = srv.Client().SettleDisbursement(ctx, snap, cardplatform.SettleOptions{Settle: time.Millisecond})
	require.NoError(t, err)
	assert.Equal(t, cardplatform.NotCommitted, rec.Outcome, rec.Evidence)
	assert.Equal(t, cardplatform.ReasonNone, rec.Reason)

	for r := cardplatform.ReasonNone; r <= cardplatform.ReasonNoReadBack; r++ {
		assert.NotEqual(t, "unknown reason", r.String(), "%d", int(r))
	}
	assert.Equal(t, "unknown reason", cardplatform.Reason(99).String())
	assert.False(t, cardplatform.Reason(99).Wait(), "a reason a program does not know is a review")
}

// TestSettleCardReadsEveryPage: a person with more cards than one page of SearchCards holds
// (25) is settled from the whole listing, read page by page: the lost card is found on the
// second page, and a listing that did not change is not committed.
func TestSettleCardReadsEveryPage(t *testing.T) {
	ctx := context.Background()
	srv := cardplatformtest.NewServer(t)
	program, person := payee(t, srv)
	req := cardplatform.CreateCardRequest{ProgramGUID: program, Person: cardplatform.Person{PersonGUID: person}}
	for range 30 {
		_, err := srv.Client().CreateCard(ctx, req)
		require.NoError(t, err)
	}
	for _, tc := range []struct {
		fault cardplatformtest.Fault
		want  cardplatform.Outcome
	}{{cardplatformtest.Fault{DropAnswer: true}, cardplatform.Committed}, {cardplatformtest.Fault{Drop: true}, cardplatform.NotCommitted}} {
		snap, err := srv.Client().SnapshotCard(ctx, req)
		require.NoError(t, err)
		require.Len(t, snap.Seen, len(srv.Cards()))
		require.NoError(t, srv.FailNext("CreateCard", 1, tc.fault))
		_, err = srv.Client().CreateCard(ctx, req)
		require.ErrorIs(t, err, core.ErrOutcomeUnknown)
		time.Sleep(2 * time.Millisecond)
		rec, err := srv.Client().SettleCard(ctx, snap, cardplatform.SettleOptions{Settle: time.Millisecond})
		require.NoError(t, err)
		assert.Equal(t, tc.want, rec.Outcome, rec.Evidence)
	}
}

// TestSettleStateNeedsTheValueBefore: a card answer that lacked card_status at the snapshot
// (a member hidden by a gateway) and shows the value sent afterwards does not prove the lost
// activation ran: the card may have been active all along. StillUnknown, not Committed.
func TestSettleStateNeedsTheValueBefore(t *testing.T) {
	var reads atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			w.Header().Set("Content-Type", "application/json")
			if reads.Add(1) == 1 {
				_, _ = w.Write([]byte(`{"card_proxy":"p1"}`))
				return
			}
			_, _ = w.Write([]byte(`{"card_proxy":"p1","card_status":"ACTIVE"}`))
			return
		}
		_, _ = io.Copy(io.Discard, r.Body)
		if conn, _, err := w.(http.Hijacker).Hijack(); err == nil { // the activation never ran
			_ = conn.Close()
		}
	}))
	defer srv.Close()
	c, err := cardplatform.New(srv.URL, core.WithStaticToken("tok"))
	require.NoError(t, err)
	ctx := context.Background()
	snap, err := c.SnapshotActivateCard(ctx, "p1", cardplatform.CardStatusDTO{})
	require.NoError(t, err)
	_, err = c.ActivateCard(ctx, "p1", cardplatform.CardStatusDTO{})
	require.ErrorIs(t, err, core.ErrOutcomeUnknown)
	time.Sleep(5 * time.Millisecond)
	r, err := c.SettleActivateCard(ctx, snap, cardplatform.SettleOptions{Settle: time.Millisecond})
	require.NoError(t, err)
	assert.Equal(t, cardplatform.StillUnknown, r.Outcome, r.Evidence)
	assert.Equal(t, cardplatform.ReasonMemberMissing, r.Reason, r.Evidence)
}

// TestSettleRefusesASnapshotWithoutItsChecks: a disbursement snapshot that lacks the owner
// or the account type its rule compares (stored by hand, or by an older version) would skip
// that check: it is refused (ReasonNoReadBack), never used.
func TestSettleRefusesASnapshotWithoutItsChecks(t *testing.T) {
	ctx := context.Background()
	srv := cardplatformtest.NewServer(t)
	program, person := payee(t, srv)
	snap, err := srv.Client().SnapshotDisbursement(ctx, payout(program, person, "checks"))
	require.NoError(t, err)
	require.Equal(t, map[string]string{"person_guid": person.String()}, snap.Owner)
	require.Equal(t, map[string]string{"account_type": "DISBURSEMENT"}, snap.Same)
	for name, edit := range map[string]func(s *cardplatform.Snapshot){
		"no owner":        func(s *cardplatform.Snapshot) { s.Owner = nil },
		"no account type": func(s *cardplatform.Snapshot) { s.Same = nil },
		"another type":    func(s *cardplatform.Snapshot) { s.Same = map[string]string{"account_type": "SAVINGS"} },
		"no person":       func(s *cardplatform.Snapshot) { delete(s.Args, "person_guid") },
	} {
		s := snap
		s.Args, s.Owner, s.Same = maps.Clone(snap.Args), maps.Clone(snap.Owner), maps.Clone(snap.Same)
		edit(&s)
		rec, err := srv.Client().SettleDisbursement(ctx, s, cardplatform.SettleOptions{})
		require.ErrorIs(t, err, core.ErrInvalidArgument, name)
		assert.Equal(t, cardplatform.StillUnknown, rec.Outcome, name)
		assert.Equal(t, cardplatform.ReasonNoReadBack, rec.Reason, name)
	}
}

// TestSettleCardHostilePages: a listing read page by page that the platform serves wrong is
// StillUnknown, never a verdict: a server that ignores start_index (page 2 repeats page 1: the
// cards repeat), or whose total moves between pages.
func TestSettleCardHostilePages(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name    string
		rewrite func(first *[]byte) func([]byte) []byte
		reason  cardplatform.Reason
	}{
		{"start_index ignored", func(first *[]byte) func([]byte) []byte {
			return func(b []byte) []byte {
				if *first == nil {
					*first = b
				}
				return *first
			}
		}, cardplatform.ReasonIdentityRepeated},
		{"total moves", func(first *[]byte) func([]byte) []byte {
			return func(b []byte) []byte {
				if *first == nil {
					*first = b
					return b
				}
				return regexp.MustCompile(`"total":[0-9]+`).ReplaceAll(b, []byte(`"total":1000`))
			}
		}, cardplatform.ReasonListingIncomplete},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := cardplatformtest.NewServer(t)
			program, person := payee(t, srv)
			req := cardplatform.CreateCardRequest{ProgramGUID: program, Person: cardplatform.Person{PersonGUID: person}}
			for range 30 {
				_, err := srv.Client().CreateCard(ctx, req)
				require.NoError(t, err)
			}
			proxy := newHostileProxy(t, srv, http.MethodGet, "/api/v1/cards")
			c, err := cardplatform.New(proxy.URL, core.WithStaticToken(srv.Token()), core.WithInsecureHTTP())
			require.NoError(t, err)
			snap, err := c.SnapshotCard(ctx, req)
			require.NoError(t, err)
			require.NoError(t, srv.FailNext("CreateCard", 1, cardplatformtest.Fault{Drop: true}))
			_, err = srv.Client().CreateCard(ctx, req)
			require.ErrorIs(t, err, core.ErrOutcomeUnknown)
			time.Sleep(2 * time.Millisecond)
			var first []byte
			proxy.set(tc.rewrite(&first))
			rec, err := c.SettleCard(ctx, snap, cardplatform.SettleOptions{Settle: time.Millisecond})
			require.NoError(t, err)
			require.NotNil(t, first, "the proxy served the listing")
			assert.Equal(t, cardplatform.StillUnknown, rec.Outcome, rec.Evidence)
			assert.Equal(t, tc.reason, rec.Reason, rec.Evidence)
		})
	}
}
