package cardplatformtest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// The typed-client tests: one case per operation of the card platform, each a small flow
// through *cardplatform.Client against the sandbox that asserts the typed result and the
// request on the wire (sent). runCases fails a case that never inspected the request of its
// own operation, and TestEveryOperationHasAClientTest fails when an operation of the spec has
// no case, so a new operation cannot go untested.

// opCase tests the operation op (the spec's operationId) through the typed client.
type opCase struct {
	op  string
	run func(t *testing.T, e *env)
}

var (
	inspectedMu sync.Mutex
	inspected   = map[string]bool{}
)

// runCases runs each case as a subtest with a sandbox of its own on a settable clock
// (2024-05-01T10:20:30, e.clock), and fails a case whose operation's request was never
// checked on the wire.
func runCases(t *testing.T, cases []opCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.op, func(t *testing.T) {
			inspectedMu.Lock()
			delete(inspected, tc.op)
			inspectedMu.Unlock()
			clk := newClock()
			e := newEnv(t, cardplatformtest.WithClock(clk.now))
			e.clock = clk
			tc.run(t, e)
			inspectedMu.Lock()
			defer inspectedMu.Unlock()
			assert.True(t, inspected[tc.op], "the case never checked a request of %s on the wire", tc.op)
		})
	}
}

// wire is a request of the client as the sandbox received it.
type wire struct {
	cardplatformtest.Request
	// q is the parsed query.
	q url.Values
	// js is the body decoded as JSON with exact numbers (json.Number); nil without a body.
	js map[string]any
}

// obj returns the JSON object member name of w's body.
func (w wire) obj(t *testing.T, name string) map[string]any {
	t.Helper()
	m, ok := w.js[name].(map[string]any)
	require.True(t, ok, "body member %s is an object: %s", name, w.Body)
	return m
}

// sent returns the one request of operation op the sandbox received, checked as sentN does.
func sent(t *testing.T, e *env, op, method, path string) wire {
	t.Helper()
	return sentN(t, e, op, 1, method, path)[0]
}

// sentN checks that the sandbox received exactly n requests of operation op, each with the
// method and path given (path under /api/v1/), the bearer token (masked by the recorder), a
// correlation id, an Accept without wildcard, and, when it has a body, Content-Type exactly
// application/json and a JSON object as body; without a body, no Content-Type.
func sentN(t *testing.T, e *env, op string, n int, method, path string) []wire {
	t.Helper()
	reqs := e.srv.RequestsFor(op)
	require.Len(t, reqs, n, "requests of %s", op)
	out := make([]wire, 0, n)
	for _, r := range reqs {
		assert.Equal(t, method, r.Method, op)
		assert.Equal(t, path, r.Path, op)
		assert.True(t, strings.HasPrefix(r.Path, "/api/v1/"), "path with the version: %s", r.Path)
		r.Header = r.RevealHeader() // as sent (the credentials masked), not as printed
		assert.Equal(t, "Bearer ****", r.Header.Get("Authorization"), "bearer token sent")
		assert.NotEmpty(t, r.Header.Get("X-CorrelationId"), "correlation id sent")
		accept := r.Header.Get("Accept")
		assert.NotEmpty(t, accept)
		assert.NotContains(t, accept, "*", "no wildcard media type in Accept")
		w := wire{Request: r}
		w.q = r.RevealQuery()
		r.Body = r.RevealBody() // what went on the wire, secrets included
		w.Request = r
		if len(r.Body) == 0 {
			assert.Empty(t, r.Header.Values("Content-Type"), "no Content-Type without a body")
		} else {
			assert.Equal(t, []string{"application/json"}, r.Header.Values("Content-Type"), "%s sends application/json", op)
			dec := json.NewDecoder(bytes.NewReader(r.Body))
			dec.UseNumber()
			require.NoError(t, dec.Decode(&w.js), "body of %s is a JSON object: %s", op, r.Body)
		}
		out = append(out, w)
	}
	inspectedMu.Lock()
	inspected[op] = true
	inspectedMu.Unlock()
	return out
}

// num is an exact JSON number of a decoded body.
func num(s string) json.Number { return json.Number(s) }

// program is the sandbox's default program.
var program = core.MustParseGUID(cardplatformtest.DefaultProgramGUID)

// ada is the cardholder of the flows.
func ada() cardplatform.Person {
	return cardplatform.Person{
		FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.org",
		MobileNumber: "+15555550100", ClientReferenceID: "emp-1815",
	}
}

// issue creates a card for a new person (or for person, when its PersonGUID is set) in prog.
func issue(t *testing.T, e *env, prog core.GUID, person cardplatform.Person) *cardplatform.CreateCardResponse {
	t.Helper()
	c, err := e.client.CreateCard(context.Background(), cardplatform.CreateCardRequest{Person: person, ProgramGUID: prog})
	require.NoError(t, err)
	require.NotEmpty(t, c.Card.CardProxy)
	return c
}

// openAccount creates a card for Ada and an account in its wallet.
func openAccount(t *testing.T, e *env) (*cardplatform.CreateCardResponse, *cardplatform.CreateAccountResponseDTO) {
	t.Helper()
	c := issue(t, e, program, ada())
	a, err := e.client.CreateAccount(context.Background(), cardplatform.CreateAccountRequest{
		WalletGUID: c.Card.WalletGUID, AccountName: "Spending", AccountType: "CHECKING",
	})
	require.NoError(t, err)
	return c, a
}

// credit moves an account's balance by amount through AdjustAccountBalance.
func credit(t *testing.T, e *env, acct core.GUID, amount string) *cardplatform.AdjustBalanceResponse {
	t.Helper()
	r, err := e.client.AdjustAccountBalance(context.Background(), cardplatform.AdjustBalanceRequest{
		AccountGUID: acct, Amount: dec(t, amount), Description: "test credit",
	})
	require.NoError(t, err)
	return r
}

// newCompany creates a company with its own program.
func newCompany(t *testing.T, e *env) *cardplatform.CompanyProgramDTO {
	t.Helper()
	c, err := e.client.CreateCompany(context.Background(), cardplatform.CreateCompany{CompanyName: "Acme Payroll LLC", ProgramName: "Acme Payroll"})
	require.NoError(t, err)
	return c
}

// problemOf asserts that err is the package's *Error with status and returns it.
func problemOf(t *testing.T, err error, status int) *core.Error {
	t.Helper()
	var e *core.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, status, e.StatusCode, "%v", err)
	return e
}

// badRequest asserts a 400 whose ProblemDetails names field, and returns its errors map.
func badRequest(t *testing.T, err error, field string) map[string][]string {
	t.Helper()
	require.ErrorIs(t, err, core.ErrBadRequest)
	e := problemOf(t, err, 400)
	require.NotNil(t, e.Problem, "400 carries a ProblemDetails body")
	var pe *core.Problem
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, 400, pe.Status)
	assert.NotEmpty(t, pe.Errors[field], "errors names %s: %v", field, pe.Errors)
	return pe.Errors
}
