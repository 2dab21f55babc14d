package pagingtest

import (
	"strconv"

	"github.com/issuerkit/issuerkit-go/paging"
)

// Seed holds records the sandbox serves instead of its synthetic ones, list by list, for a
// test that needs given rows: a service reconciling known ACH transactions loads exactly
// those and pages through them with the real client. A nil list leaves that endpoint's
// synthetic records (WithRecords); an empty, non-nil list serves none. Records are served in
// the order given, paged as the endpoint pages; the request's filters (account number, dates,
// amounts) are not applied, except that account transactions are served for their account.
type Seed struct {
	// ACHTransactions are the ACH transactions of POST /accounts/transactions/v1/ach/list
	// (Client.ACHTransactions, ListACHTransactions).
	ACHTransactions []paging.ACHListTransaction
	// ACHAddenda are the addenda of POST /ach/payments/v1/status/addenda (Client.ACHAddenda),
	// for any uuid. A page starts at the first addenda whose AddendaSequenceNumber is at
	// least startAddendaSequenceNumber (a number that does not parse counts as 0), and the
	// page holding the last one carries the end message 1002040-50I.
	ACHAddenda []paging.ACHAddenda
	// WireTransactions are the wires of POST /wireInquiry/v1/transactions/list
	// (Client.WireTransactionsByPage).
	WireTransactions []paging.WireListTransaction
	// WireDetails are the wires of the legacy POST /wireInquiry/v1/transactions/details
	// (Client.WireTransactions).
	WireDetails []paging.WireTransaction
	// RTPTransactions are the real-time payments of POST /rtp/v1/transactions/list
	// (Client.RTPTransactions).
	RTPTransactions []paging.RTPListTransaction
	// RTPParticipants are the parties of GET /rtp/v1/payment/rtp/participant
	// (Client.RTPParticipants).
	RTPParticipants []paging.Party
	// PreviousDayTransactions are the rows of POST /ddaReports/accounts/v1/transactions/list
	// (Client.PreviousDayTransactions).
	PreviousDayTransactions []paging.PreviousDayTransaction
	// CommercialAccounts are the accounts of GET /commercial/accounts/v1/list
	// (Client.CommercialAccounts); GET /commercial/accounts/v1/{accountId} finds them by
	// AccountID.
	CommercialAccounts []paging.CommercialAccount
	// AccountTransactions are the transactions of the previous-day and current-day reads of
	// GET /commercial/accounts/v1/{accountId}/transactions/... (Client.
	// PreviousDayAccountTransactions, CurrentDayAccountTransactions): an account's read serves
	// those whose AccountID is that account, or empty.
	AccountTransactions []paging.CommercialTransaction
}

// WithSeed serves the given records instead of the synthetic ones, list by list (see Seed).
// It may be given more than once; the records of a list add up.
func WithSeed(seed Seed) Option {
	return func(c *config) {
		c.seed.ACHTransactions = add(c.seed.ACHTransactions, seed.ACHTransactions)
		c.seed.ACHAddenda = add(c.seed.ACHAddenda, seed.ACHAddenda)
		c.seed.WireTransactions = add(c.seed.WireTransactions, seed.WireTransactions)
		c.seed.WireDetails = add(c.seed.WireDetails, seed.WireDetails)
		c.seed.RTPTransactions = add(c.seed.RTPTransactions, seed.RTPTransactions)
		c.seed.RTPParticipants = add(c.seed.RTPParticipants, seed.RTPParticipants)
		c.seed.PreviousDayTransactions = add(c.seed.PreviousDayTransactions, seed.PreviousDayTransactions)
		c.seed.CommercialAccounts = add(c.seed.CommercialAccounts, seed.CommercialAccounts)
		c.seed.AccountTransactions = add(c.seed.AccountTransactions, seed.AccountTransactions)
	}
}

// add appends more to list, keeping a non-nil empty list non-nil (an empty list serves none).
func add[T any](list, more []T) []T {
	if list == nil && more == nil {
		return nil
	}
	out := make([]T, 0, len(list)+len(more))
	return append(append(out, list...), more...)
}

// source returns the number of records an endpoint serves and record i (1-based) of them: the
// given ones (WithSeed) when there are any, else the synthetic ones of WithRecords.
func source[T any](s *Server, seeded []T, synthetic func(int) T) (int, func(int) T) {
	if seeded == nil {
		return s.cfg.records, synthetic
	}
	return len(seeded), func(i int) T { return seeded[i-1] }
}

// sequenceOf reads an addenda sequence number; text that is not a number counts as 0.
func sequenceOf(a paging.ACHAddenda) int {
	n, err := strconv.Atoi(a.AddendaSequenceNumber)
	if err != nil {
		return 0
	}
	return n
}
