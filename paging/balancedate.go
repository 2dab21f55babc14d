package paging

import (
	"fmt"
	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"strings"
)

// BalanceDate reads BalanceAsOf, the date of the account's balances, in either form the bank
// sends it: a date ("2025-01-09", the bank's own example) or a date-time
// ("2019-08-24T14:15:22Z", as its file declares the member). It returns the date, and the
// date-time when one was sent (the zero Timestamp for a plain date); the zero Date and
// Timestamp when the account carries no balances. Any other text is an error (which quotes
// no more than an excerpt of it); the account itself always decodes, whatever the text.
func (a CommercialAccount) BalanceDate() (core.Date, core.Timestamp, error) {
	s := a.BalanceAsOf
	if s == "" {
		return core.Date{}, core.Timestamp{}, nil
	}
	if !strings.Contains(s, "T") {
		d, err := core.ParseDate(s)
		if err != nil {
			return core.Date{}, core.Timestamp{}, fmt.Errorf("paging: balanceAsOf %s: not a date or a date-time", jsonx.Excerpt(s))
		}
		return d, core.Timestamp{}, nil
	}
	ts, err := core.ParseTimestamp(s)
	if err != nil {
		return core.Date{}, core.Timestamp{}, fmt.Errorf("paging: balanceAsOf %s: not a date or a date-time", jsonx.Excerpt(s))
	}
	d, err := core.ParseDate(s[:strings.IndexByte(s, 'T')])
	if err != nil {
		return core.Date{}, core.Timestamp{}, fmt.Errorf("paging: balanceAsOf %s: not a date or a date-time", jsonx.Excerpt(s))
	}
	return d, ts, nil
}
