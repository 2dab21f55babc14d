package cardplatformtest

import (
	"fmt"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// Disbursement is a disbursement the sandbox queued, as Server.Disbursements returns it: the
// answer the platform gave (or would have given, when the answer was lost) and the request's
// client reference.
type Disbursement struct {
	cardplatform.DisbursementResponse
	// ClientReferenceID is the request's client_reference_id (empty when it sent none).
	ClientReferenceID string
}

// Account is an account of the sandbox, as Server.Accounts returns it, with its owner.
type Account struct {
	cardplatform.AccountDTO
	// PersonGUID is the person who owns the account (zero for program accounts).
	PersonGUID core.GUID
}

// Disbursements returns the disbursements the sandbox queued, oldest first, including those
// whose answer a Fault{DropAnswer: true} lost. It reads the sandbox's state directly, without
// a request, so that a test can assert what happened on the platform's side.
func (s *Server) Disbursements() []Disbursement {
	a := s.api
	a.mu.Lock()
	defer a.mu.Unlock()
	out := make([]Disbursement, 0, len(a.disburse))
	for _, d := range a.disburse {
		out = append(out, Disbursement{DisbursementResponse: export[cardplatform.DisbursementResponse](d.resp), ClientReferenceID: d.ref})
	}
	return out
}

// Accounts returns the sandbox's accounts in the order they were created (preloaded ones
// first), with their balances as they stand. Like Disbursements, it sends no request.
func (s *Server) Accounts() []Account {
	a := s.api
	a.mu.Lock()
	defer a.mu.Unlock()
	out := make([]Account, 0, len(a.acctOrder))
	for _, id := range a.acctOrder {
		acct := a.accounts[id]
		out = append(out, Account{AccountDTO: export[cardplatform.AccountDTO](&acct.dto), PersonGUID: acct.person})
	}
	return out
}

// Cards returns the sandbox's cards in the order they were created (preloaded ones first),
// with their PAN and CVV (Secret values, masked when printed). Like Disbursements, it sends
// no request.
func (s *Server) Cards() []cardplatform.CardDTO {
	a := s.api
	a.mu.Lock()
	defer a.mu.Unlock()
	out := make([]cardplatform.CardDTO, 0, len(a.cardOrder))
	for _, proxy := range a.cardOrder {
		out = append(out, export[cardplatform.CardDTO](&a.cards[proxy].dto))
	}
	return out
}

// export copies a record of the sandbox's server types into the client's type of the same
// schema (convert). Both are generated from one schema, so a failure is a bug of the sandbox.
func export[T any](v any) T {
	out, err := convert[T](v)
	if err != nil {
		panic(fmt.Sprintf("cardplatformtest: %T to %T: %v", v, out, err))
	}
	return out
}
