package sqlitejournal_test

import (
	"errors"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestLookupFromAnotherProcess: payouts written through a Journal on one handle of the file
// (one answered, one whose answer was lost) are looked up through another handle and another
// Journal, as a support tool in another process would: the answered one reads as Do returned
// it, the lost one as sending; the lookups send nothing and leave the rows as they were.
func TestLookupFromAnotherProcess(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "journal.db")
	srv := cardplatformtest.NewServer(t)
	program := core.MustParseGUID(cardplatformtest.DefaultProgramGUID)
	card, err := srv.Client().CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: program,
		Person: cardplatform.Person{FirstName: "Mary", LastName: "Jackson"}})
	if err != nil {
		t.Fatal(err)
	}
	payout := func(ref string) cardplatform.DisbursementDTO {
		return cardplatform.DisbursementDTO{ProgramGUID: program, Amount: core.NewDecimalFromInt(100, 2),
			ClientReferenceID: ref, Person: cardplatform.Person{PersonGUID: card.Person.PersonGUID}}
	}
	o := journal.Options{Worker: "writer", Settle: time.Hour}
	writer, err := journal.New(srv.Client(), open(t, path), o)
	if err != nil {
		t.Fatal(err)
	}
	done, err := journal.Do(ctx, writer, journal.CreateDisbursement, "p", payout("p"))
	if err != nil || done.Response == nil {
		t.Fatalf("Do: %+v, %v", done, err)
	}
	if err := srv.FailNext("CreateDisbursement", 1, cardplatformtest.Fault{DropAnswer: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := journal.Do(ctx, writer, journal.CreateDisbursement, "q", payout("q")); !errors.Is(err, journal.ErrSettling) {
		t.Fatalf("Do q: %v, want ErrSettling", err)
	}

	other := open(t, path)
	o.Worker = "support"
	support, err := journal.New(srv.Client(), other, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"p", "q"} {
		before, err := other.Get(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		requests := len(srv.Requests())
		r, err := journal.Lookup(ctx, support, journal.CreateDisbursement, key)
		switch key {
		case "p":
			if err != nil || !reflect.DeepEqual(r, done) {
				t.Errorf("Lookup(p) = %+v, %v; want Do's %+v, nil", r, err, done)
			}
		case "q":
			var se *journal.SettlingError
			if !errors.As(err, &se) || se.State != journal.StateSending || r.State != journal.StateSending || r.Response != nil {
				t.Errorf("Lookup(q) = %+v, %v; want sending and a *SettlingError", r, err)
			}
		}
		after, err := other.Get(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(before, after) {
			t.Errorf("Lookup(%s) changed the row:\n%+v\n%+v", key, before, after)
		}
		if n := len(srv.Requests()); n != requests {
			t.Errorf("Lookup(%s) sent %d requests", key, n-requests)
		}
	}
	if _, err := journal.Lookup(ctx, support, journal.CreateDisbursement, "nobody"); !errors.Is(err, journal.ErrNotFound) {
		t.Errorf("Lookup(nobody): %v, want ErrNotFound", err)
	}
}
