package cardplatform_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"reflect"
	"sort"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// settleFixture prepares a sandbox for one write whose read-back the SDK runs: the server's
// options (records to preload) and the write's arguments after ctx (also the Snapshot
// method's). secret is a value of the request the snapshot must never hold.
type settleFixture struct {
	opts   []cardplatformtest.Option
	args   func(t *testing.T, c *cardplatform.Client) []any
	secret string
}

var (
	program = mustGUID(cardplatformtest.DefaultProgramGUID)
	company = mustGUID(cardplatformtest.DefaultCompanyGUID)
)

func mustGUID(s string) core.GUID {
	g, err := core.ParseGUID(s)
	if err != nil {
		panic(err)
	}
	return g
}

// newCard creates a PENDING card for a new person in the default program.
func newCard(t *testing.T, c *cardplatform.Client) *cardplatform.CreateCardResponse {
	t.Helper()
	r, err := c.CreateCard(context.Background(), cardplatform.CreateCardRequest{ProgramGUID: program,
		Person: cardplatform.Person{FirstName: "Ada", LastName: "Lovelace"}})
	require.NoError(t, err)
	return r
}

// newAccount opens an account on the wallet of a new card.
func newAccount(t *testing.T, c *cardplatform.Client) core.GUID {
	t.Helper()
	card := newCard(t, c)
	a, err := c.CreateAccount(context.Background(), cardplatform.CreateAccountRequest{WalletGUID: card.Card.WalletGUID,
		ProgramGUID: program, AccountName: "Spending", AccountType: "SPENDING"})
	require.NoError(t, err)
	return a.AccountGUID
}

var (
	checkAccount = mustGUID("3b0d8a52-7c41-4f5e-9d26-5a8e1c7b2f90")
	checkPerson  = mustGUID("9c2e4f61-0a3b-4d7c-8e15-2f6a9b0c3d47")
	checkTxn     = mustGUID("c41f7a2e-6b8d-4e30-9a51-7d2c0e8f1b36")
)

// settleFixtures holds one fixture per operation whose spec names a read-back; the test fails
// for an operation that has none, so a new one cannot go untested.
var settleFixtures = map[string]settleFixture{
	"activateCard": {args: func(t *testing.T, c *cardplatform.Client) []any {
		return []any{newCard(t, c).Card.CardProxy, cardplatform.CardStatusDTO{}}
	}},
	"changeCardStatus": {args: func(t *testing.T, c *cardplatform.Client) []any {
		return []any{newCard(t, c).Card.CardProxy, cardplatform.CardStatusDTO{CardStatus: "SUSPENDED", StatusReason: "fraud check"}}
	}},
	"changePersonCardStatus": {args: func(t *testing.T, c *cardplatform.Client) []any {
		return []any{newCard(t, c).Card.CardProxy, cardplatform.PersonCardStatusDTO{PersonCardStatus: "SETTLE-TEST"}}
	}},
	"setCardPin": {secret: "9731", args: func(t *testing.T, c *cardplatform.Client) []any {
		p := newCard(t, c).Card.CardProxy
		return []any{p, cardplatform.CardPINDTO{CardProxy: p, PIN: core.NewSecret("9731")}}
	}},
	"replaceCard": {args: func(t *testing.T, c *cardplatform.Client) []any {
		return []any{newCard(t, c).Card.CardProxy, cardplatform.ReplaceCardRequest{ReplacementReason: "LOST"}}
	}},
	"updateCardIssuanceType": {args: func(t *testing.T, c *cardplatform.Client) []any {
		_, err := c.ConfigureProgram(context.Background(), cardplatform.ConfigProgramRequest{ProgramGUID: program,
			Configurations: []cardplatform.ProgramConfiguration{{Name: "DEFAULT_ISSUANCE_TYPE", Value: "VIRTUAL"}}})
		require.NoError(t, err)
		return []any{newCard(t, c).Card.CardProxy, cardplatform.IssuanceTypeRequest{IssuanceType: "FULL"}}
	}},
	"assignCard": {args: func(t *testing.T, c *cardplatform.Client) []any {
		card, other := newCard(t, c), newCard(t, c)
		return []any{cardplatform.AssignCardDTO{CardProxy: card.Card.CardProxy, PersonGUID: other.Person.PersonGUID, ProgramGUID: program}}
	}},
	"updateCard": {args: func(t *testing.T, c *cardplatform.Client) []any {
		// Details absent before prove nothing once absent after (StillUnknown): start from others.
		p := newCard(t, c).Card.CardProxy
		_, err := c.UpdateCard(context.Background(), cardplatform.UpdateCardRequest{CardProxy: p, SupplementalDetails: cardplatform.SupplementalDetails{
			Invoices: []cardplatform.Invoice{{InvoiceNumber: "INV-1", InvoiceAmount: core.NewDecimalFromInt(100, 2)}}}})
		require.NoError(t, err)
		return []any{cardplatform.UpdateCardRequest{CardProxy: p, SupplementalDetails: cardplatform.SupplementalDetails{
			Invoices: []cardplatform.Invoice{{InvoiceNumber: "INV-7", InvoiceAmount: core.NewDecimalFromInt(12550, 2), InvoiceDescription: "tools"}}}}}
	}},
	"changeAccountStatus": {args: func(t *testing.T, c *cardplatform.Client) []any {
		return []any{newAccount(t, c), cardplatform.AccountStatusUser{AccountStatus: "SUSPENDED", StatusReason: "review"}}
	}},
	"adjustAccountBalance": {args: func(t *testing.T, c *cardplatform.Client) []any {
		return []any{cardplatform.AdjustBalanceRequest{AccountGUID: newAccount(t, c), Amount: core.NewDecimalFromInt(123456, 2), ExternalReference: "wire-1"}}
	}},
	"createAccount": {args: func(t *testing.T, c *cardplatform.Client) []any {
		return []any{cardplatform.CreateAccountRequest{WalletGUID: newCard(t, c).Card.WalletGUID, ProgramGUID: program, AccountName: "Savings", AccountType: "SAVINGS"}}
	}},
	"createBulkOrder": {args: func(t *testing.T, c *cardplatform.Client) []any {
		return []any{cardplatform.BulkOrderRequest{ProgramGUID: program, CompanyGUID: company, Quantity: 25,
			Person: cardplatform.Person{FirstName: "Ada", LastName: "Lovelace"}}}
	}},
	"cancelBulkOrder": {args: func(t *testing.T, c *cardplatform.Client) []any {
		o, err := c.CreateBulkOrder(context.Background(), cardplatform.BulkOrderRequest{ProgramGUID: program, CompanyGUID: company, Quantity: 5,
			Person: cardplatform.Person{FirstName: "Ada", LastName: "Lovelace"}})
		require.NoError(t, err)
		return []any{cardplatform.BulkOrderRef{OrderGUID: o.OrderGUID}}
	}},
	"changeCheckStatus": {
		opts: []cardplatformtest.Option{cardplatformtest.WithSeed(cardplatformtest.Seed{
			Persons:  []cardplatform.Person{{PersonGUID: checkPerson, FirstName: "Grace", LastName: "Hopper"}},
			Accounts: []cardplatformtest.SeedAccount{{Account: cardplatform.AccountDTO{AccountGUID: checkAccount}, PersonGUID: checkPerson.String()}},
			Checks: []cardplatform.CheckDTO{{TxnGUID: checkTxn, AccountGUID: checkAccount, PersonGUID: checkPerson, CheckNumber: "1001",
				CheckStatus: "ISSUED", Amount: core.NewDecimalFromInt(5000, 2), PayeeName: "ACME"}},
		})},
		args: func(t *testing.T, c *cardplatform.Client) []any {
			return []any{cardplatform.CheckStatusDTO{AccountGUID: checkAccount, CheckNumber: "1001", TxnGUID: checkTxn, NewStatus: "STOPPED"}}
		}},
	"configureProgram": {args: func(t *testing.T, c *cardplatform.Client) []any {
		return []any{cardplatform.ConfigProgramRequest{ProgramGUID: program, Configurations: []cardplatform.ProgramConfiguration{{Name: "SETTLE_TEST", Value: "on"}}}}
	}},
	"performCompanyKyb": {args: func(t *testing.T, c *cardplatform.Client) []any {
		return []any{cardplatform.PerformKYBRequest{CompanyGUID: company}}
	}},
	"createCard": {args: func(t *testing.T, c *cardplatform.Client) []any {
		return []any{cardplatform.CreateCardRequest{ProgramGUID: program, Person: cardplatform.Person{PersonGUID: newCard(t, c).Person.PersonGUID}}}
	}},
	"createDisbursement": {args: func(t *testing.T, c *cardplatform.Client) []any {
		return []any{payout(program, newCard(t, c).Person.PersonGUID, "settle-1")}
	}},
}

// readbackOperations returns the spec's operations whose x-issuerkit-readback names read-backs
// (with), sorted.
func readbackOperations(t *testing.T) []string {
	t.Helper()
	spec, err := openapi3.NewLoader().LoadFromFile(filepath.Join("..", "openapi", "cardplatform.yaml"))
	require.NoError(t, err)
	var ids []string
	for _, item := range spec.Paths.Map() {
		for _, op := range item.Operations() {
			if ext, ok := op.Extensions["x-issuerkit-readback"].(map[string]any); ok {
				if with, _ := ext["with"].([]any); len(with) > 0 {
					ids = append(ids, op.OperationID)
				}
			}
		}
	}
	sort.Strings(ids)
	return ids
}

// call calls the method name of c with ctx and args and returns its results.
func call(t *testing.T, c *cardplatform.Client, name string, args ...any) []reflect.Value {
	t.Helper()
	m := reflect.ValueOf(c).MethodByName(name)
	require.True(t, m.IsValid(), "no method Client.%s", name)
	in := []reflect.Value{reflect.ValueOf(context.Background())}
	for _, a := range args {
		in = append(in, reflect.ValueOf(a))
	}
	return m.Call(in)
}

func errOf(v reflect.Value) error {
	err, _ := v.Interface().(error)
	return err
}

// TestEveryReadbackSettles runs, for every operation whose spec names a read-back, its
// generated (or, for CreateCard and CreateDisbursement, hand-written) Snapshot/Settle pair
// against the sandbox: the answer lost after the sandbox ran the write (DropAnswer) is
// Committed; the connection dropped before it ran (Drop) is NotCommitted once the settle time
// has passed, and StillUnknown before it, but StillUnknown (ReasonAmbiguous) for a rule that
// cannot prove a write absent (a delta rule: ProvesAbsence); another write in flight is
// StillUnknown; after a NotCommitted the write sent again succeeds and the same snapshot then
// reads Committed. The
// snapshot survives a JSON round trip (it is stored with the pending write) and never holds a
// secret of the request.
func TestEveryReadbackSettles(t *testing.T) {
	ids := readbackOperations(t)
	require.Greater(t, len(ids), 15, "the card platform's operations with a read-back")
	for _, id := range ids {
		names, ok := cardplatform.SettleMethods[id]
		if !assert.True(t, ok, "%s names a read-back but has no Snapshot/Settle pair: run go generate ./... (cardplatform/settle.gen.go)", id) {
			continue
		}
		fx, ok := settleFixtures[id]
		if !assert.True(t, ok, "%s: no fixture in settleFixtures: add one in cardplatform/settle_every_test.go", id) {
			continue
		}
		for _, tc := range []struct {
			name  string
			fault cardplatformtest.Fault
			want  cardplatform.Outcome
		}{
			{"answer lost after it ran", cardplatformtest.Fault{DropAnswer: true}, cardplatform.Committed},
			{"dropped before it ran", cardplatformtest.Fault{Drop: true}, cardplatform.NotCommitted},
		} {
			if tc.want == cardplatform.NotCommitted && !cardplatform.ProvesAbsence(id) {
				tc.want = cardplatform.StillUnknown
			}
			t.Run(id+"/"+tc.name, func(t *testing.T) {
				srv := cardplatformtest.NewServer(t, fx.opts...)
				c := srv.Client()
				args := fx.args(t, c)

				out := call(t, c, names.Snapshot, args...)
				require.NoError(t, errOf(out[1]))
				raw, err := json.Marshal(out[0].Interface())
				require.NoError(t, err)
				if fx.secret != "" {
					assert.NotContains(t, string(raw), fx.secret, "the snapshot holds the secret sent")
				}
				var snap cardplatform.Snapshot
				require.NoError(t, json.Unmarshal(raw, &snap))

				require.NoError(t, srv.FailNext(names.Write, 1, tc.fault))
				out = call(t, c, names.Write, args...)
				require.ErrorIs(t, errOf(out[len(out)-1]), core.ErrOutcomeUnknown)

				settle := func(opts cardplatform.SettleOptions) cardplatform.SettleResult {
					t.Helper()
					in := []any{snap, opts}
					if names.TakesRequest {
						in = append(in, args...)
					}
					out := call(t, c, names.Settle, in...)
					require.NoError(t, errOf(out[1]))
					return out[0].Interface().(cardplatform.SettleResult)
				}
				assert.Equal(t, cardplatform.StillUnknown, settle(cardplatform.SettleOptions{InFlight: 1}).Outcome,
					"another write in flight")
				if tc.fault.Drop {
					r := settle(cardplatform.SettleOptions{})
					assert.Equal(t, cardplatform.StillUnknown, r.Outcome, "before the default settle time: %s", r.Evidence)
				}
				time.Sleep(5 * time.Millisecond)
				r := settle(cardplatform.SettleOptions{Settle: time.Millisecond})
				require.Equal(t, tc.want, r.Outcome, r.Evidence)
				if tc.want == cardplatform.StillUnknown {
					assert.Equal(t, cardplatform.ReasonAmbiguous, r.Reason, r.Evidence)
				}
				assert.NotEmpty(t, r.Evidence)
				if fx.secret != "" {
					assert.NotContains(t, r.Evidence, fx.secret)
				}
				if tc.want != cardplatform.NotCommitted {
					return
				}
				out = call(t, c, names.Write, args...)
				require.NoError(t, errOf(out[len(out)-1]), "sent again after NotCommitted")
				r = settle(cardplatform.SettleOptions{Settle: time.Millisecond})
				assert.Equal(t, cardplatform.Committed, r.Outcome, "after sending again: %s", r.Evidence)
			})
		}
	}
}
