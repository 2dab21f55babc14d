package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// story runs the payouts of the example on the embedded sandbox, whose faults lose their
// answers, and checks each step: it returns an error on anything unexpected.
func (p *service) story(ctx context.Context, srv *cardplatformtest.Server, request func(name, ref string, cents int64) cardplatform.DisbursementDTO, key func(ref string) string) error {
	s := p.s
	sent := func() int { return len(srv.RequestsFor("CreateDisbursement")) }

	// Five payouts whose answers are lost or that must wait: a ran (answer lost after), b
	// never arrived, c1 and c2 go to Mary (c2 waits for c1), d ran (answer lost after).
	lost := []struct {
		name, ref string
		cents     int64
		fault     *cardplatformtest.Fault
		what      string
	}{
		{"Katherine", "a", 25075, &cardplatformtest.Fault{DropAnswer: true}, "ran, answer lost"},
		{"Dorothy", "b", 12000, &cardplatformtest.Fault{Drop: true}, "never ran"},
		{"Mary", "c1", 5000, &cardplatformtest.Fault{DropAnswer: true}, "ran, answer lost"},
		{"Mary", "c2", 7000, nil, ""},
		{"Annie", "d", 9900, &cardplatformtest.Fault{DropAnswer: true}, "ran, answer lost"},
	}
	for _, l := range lost {
		if l.fault != nil {
			if err := srv.FailNext("CreateDisbursement", 1, *l.fault); err != nil {
				return err
			}
		}
		before := sent()
		_, err := p.pay(ctx, request(l.name, l.ref, l.cents))
		var se *journal.SettlingError
		if !errors.As(err, &se) {
			return fmt.Errorf("payout %s: want it settling, got %v", l.ref, err)
		}
		n := sent() - before
		switch {
		case l.fault != nil && (n != 1 || se.State != journal.StateSending || !errors.Is(err, core.ErrOutcomeUnknown)):
			return fmt.Errorf("payout %s: sent %d time(s), %s (%v), want sent once, outcome unknown", l.ref, n, se.State, err)
		case l.fault != nil:
			s.Step("pay "+l.ref+" ("+l.name+")", "outcome unknown, sent once (platform side: %s), journal: sending", l.what)
		case n != 0 || se.State != journal.StatePending:
			return fmt.Errorf("payout %s: sent %d time(s), %s (%v), want it waiting, unsent", l.ref, n, se.State, err)
		default:
			s.Step("pay "+l.ref+" ("+l.name+")", "not sent: it waits for c1, another payout to Mary whose outcome is unknown (her read-back could not tell them apart), journal: pending")
		}
	}
	// Another system pays Annie too, outside the journal: d's read-back will find two new
	// accounts where d can have made one.
	other := request("Annie", "other", 1500)
	other.ClientReferenceID = "other-system-" + other.ClientReferenceID
	if _, err := srv.Client().CreateDisbursement(ctx, other); err != nil {
		return err
	}
	s.Step("other system", "pays Annie outside the journal, while d is unsettled")

	// A restart: the journal is all that is left of the five payouts.
	if err := p.restart(ctx); err != nil {
		return err
	}
	stats, err := p.st.Stats(ctx)
	if err != nil {
		return err
	}
	s.Step("restart", "journal reopened: %d payouts sending, %d pending", stats.ByState[journal.StateSending], stats.ByState[journal.StatePending])

	before := sent()
	rep, err := p.j.Recover(ctx)
	if err != nil {
		return err
	}
	if rep.Committed != 4 || rep.Review != 1 || rep.Sent != 2 || rep.Resent != 1 || sent()-before != 2 {
		return fmt.Errorf("recovery pass: %+v, %d sent, want 4 committed, 1 in review, b sent again and c2 sent", rep, sent()-before)
	}
	s.Step("recover", "one pass: %d committed, %d in review; %d sent (b again, c2 for the first time)", rep.Committed, rep.Review, rep.Sent)

	// What the journal recorded, asked again with each key: nothing is sent.
	before = sent()
	for _, l := range lost[:4] {
		ref := l.ref
		r, err := p.pay(ctx, request(l.name, l.ref, l.cents))
		switch {
		case err != nil:
			return fmt.Errorf("%s: %w", ref, err)
		case r.State != journal.StateCommitted:
			return fmt.Errorf("%s: %s, want committed", ref, r.State)
		case r.Response == nil && r.ReadBack != nil && r.Attempts == 1:
			s.Step("settled "+ref, "committed by its read-back (account %s): the platform ran it, not sent again", r.ReadBack.New[0])
		case r.Response != nil && r.Attempts == 2:
			s.Step("settled "+ref, "not committed (read-back), sent again once: %s %s", r.Response.Amount, r.Response.Status)
		case r.Response != nil && r.Attempts == 1:
			s.Step("settled "+ref, "sent once c1 settled: %s %s", r.Response.Amount, r.Response.Status)
		default:
			return fmt.Errorf("%s: committed after %d attempts, answer %v, read-back %v", ref, r.Attempts, r.Response != nil, r.ReadBack)
		}
	}

	// d: in review. A person reads the evidence, checks the platform, and decides.
	d := request(lost[4].name, lost[4].ref, lost[4].cents)
	if _, err := p.pay(ctx, d); !errors.Is(err, journal.ErrReview) {
		return fmt.Errorf("d: %v, want it in review", err)
	}
	items, err := p.j.Review(ctx)
	if err != nil {
		return err
	}
	if len(items) != 1 || items[0].Key != key("d") {
		return fmt.Errorf("review: %+v, want d alone", items)
	}
	s.Step("review d", "%s", items[0].Why)
	var found string
	for _, x := range srv.Disbursements() {
		if x.ClientReferenceID == key("d") {
			found = x.DisbursementGUID.String()
		}
	}
	if found == "" {
		return errors.New("d: not on the platform")
	}
	if err := p.j.Resolve(ctx, key("d"), true, "found on the platform: disbursement "+found); err != nil {
		return err
	}
	r, err := p.pay(ctx, d)
	if err != nil || r.State != journal.StateCommitted {
		return fmt.Errorf("d after the review: %s (%v)", r.State, err)
	}
	s.Step("resolve d", "a person found it on the platform (disbursement %s): committed, never sent again", found)
	if n := sent() - before; n != 0 {
		return fmt.Errorf("asking the journal again sent %d payouts", n)
	}

	// What the platform did, read from the sandbox's state: every payout exactly once.
	paid := map[string]int{}
	for _, x := range srv.Disbursements() {
		paid[x.ClientReferenceID]++
	}
	for _, ref := range []string{"a", "b", "c1", "c2", "d"} {
		if got := paid[key(ref)]; got != 1 {
			return fmt.Errorf("platform: payout %s queued %d time(s), want once", ref, got)
		}
	}
	s.Step("platform", "a, b, c1, c2 and d paid once each; %d CreateDisbursement requests in all (b twice, the other system once)", sent())
	return nil
}

// real pays one payout through the journal against a real platform, then runs a recovery
// pass, which finds nothing to settle unless the answer was lost.
func (p *service) real(ctx context.Context, req cardplatform.DisbursementDTO) error {
	s := p.s
	r, err := p.pay(ctx, req)
	var se *journal.SettlingError
	switch {
	case errors.As(err, &se):
		s.Step("pay", "not settled yet (%v), journal: %s", err, se.State)
	case err != nil:
		return fmt.Errorf("pay: %w", err)
	case r.State == journal.StateRefused:
		f := r.Refusal // the fields to fix, and the ids a support ticket asks for
		return fmt.Errorf("pay: refused: %d %s %s, fields %v (trace id %s, correlation id %s)",
			f.Status, f.Title, f.Detail, f.Errors, f.TraceID, f.CorrelationID)
	default:
		s.Step("pay", "%s %s %s, journal: committed", r.Response.DisbursementGUID, r.Response.Amount, r.Response.Status)
	}
	rep, err := p.j.Recover(ctx)
	if err != nil {
		return err
	}
	s.Step("recover", "%d payout(s) looked at, %d committed, %d waiting, %d in review", rep.Looked, rep.Committed, rep.Waiting, rep.Review)
	return nil
}

// steps prints one numbered line per step of the example.
type steps struct {
	w io.Writer
	n int
}

// Step prints the next line: the step's number, its name and the formatted detail.
func (s *steps) Step(name, format string, args ...any) {
	s.n++
	fmt.Fprintf(s.w, "%2d. %-20s %s\n", s.n, name, strings.TrimSpace(fmt.Sprintf(format, args...)))
}
