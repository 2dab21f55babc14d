package validation

import "strconv"

// AccountState is what a Result says about the account, from its primaryStatusCode.
type AccountState int

const (
	// AccountUnknown: no status was returned, or its code is documented nowhere (neither in
	// the service's table of status codes nor by the bank). The code itself is kept in
	// Result.AcctStatus.PrimaryStatusCode; PrimaryStatusCode.Known tells the two cases apart.
	AccountUnknown AccountState = iota
	// AccountOpen: the account is open: in the participant's master file with no other
	// status (099, the service's table), or "Open Valid" (699, the bank's published v2 example).
	AccountOpen
	// AccountClosed: the account is closed (012).
	AccountClosed
	// AccountNotLocated: the routing and account number combination cannot be located (000).
	AccountNotLocated
	// AccountNoInformation: the account is known, with no positive or negative information
	// about it (096).
	AccountNoInformation
)

// String returns "open", "closed", "not located", "no information" or "unknown".
func (s AccountState) String() string {
	switch s {
	case AccountOpen:
		return "open"
	case AccountClosed:
		return "closed"
	case AccountNotLocated:
		return "not located"
	case AccountNoInformation:
		return "no information"
	default:
		return "unknown"
	}
}

// Account says what primaryStatusCode means for the account. The classes come from the
// spec's table (openapi/validation.yaml, PrimaryStatusCode's x-issuerkit-code-class), so a
// code added there is classified here; AccountUnknown only for a code documented nowhere.
func (r *Result) Account() AccountState { return r.AcctStatus.PrimaryStatusCode.accountState() }

// Condition returns the condition code of the owner response ("" when none was returned).
func (r *Result) Condition() ConditionCode { return r.AcctOwner.ConditionCode }

// Partial reports whether the result carries a condition code other than 000: the owner
// response is missing or incomplete, and the Result holds only what the service returned
// (often the account status).
func (r *Result) Partial() bool {
	c := r.AcctOwner.ConditionCode
	return c != "" && c != ConditionCodeNormal
}

// Score returns overallMatchScore (0 to 100) as an int, and false when the service returned
// none or a value that is not a number from 0 to 100.
func (r *Result) Score() (int, bool) {
	n, err := strconv.Atoi(r.AcctOwner.OverallMatchScore)
	if err != nil || n < 0 || n > 100 {
		return 0, false
	}
	return n, true
}

// OwnerMatched reports whether the owner matched: condition 000, the name (nameMatch, first
// and last name, or businessNameMatch) came back Y, and no field that was matched came back N.
func (r *Result) OwnerMatched() bool {
	o := r.AcctOwner
	if o.ConditionCode != ConditionCodeNormal {
		return false
	}
	name := o.NameMatch == MatchCodeMatch || o.BusinessNameMatch == MatchCodeMatch ||
		(o.FirstNameMatch == MatchCodeMatch && o.LastNameMatch == MatchCodeMatch)
	return name && len(o.With(MatchCodeNoMatch)) == 0
}

// FieldMatch is the match code of one owner field, named by its request field ("name" for
// nameMatch, "address" for addressMatch).
type FieldMatch struct {
	// Field is the field name without the "Match" suffix.
	Field string
	// Code is the match code returned for it.
	Code MatchCode
}

// Fields returns the match code of every field the service returned, in the order of the
// service's table of match fields.
func (o AcctOwnerResponse) Fields() []FieldMatch {
	all := []FieldMatch{
		{"name", o.NameMatch}, {"firstName", o.FirstNameMatch}, {"lastName", o.LastNameMatch},
		{"middleName", o.MiddleNameMatch}, {"namePrefix", o.NamePrefixMatch},
		{"nameSuffix", o.NameSuffixMatch}, {"businessName", o.BusinessNameMatch},
		{"address", o.AddressMatch}, {"city", o.CityMatch}, {"state", o.StateMatch},
		{"zipCode", o.ZipCodeMatch}, {"homePhone", o.HomePhoneMatch},
		{"workPhone", o.WorkPhoneMatch}, {"ssn", o.SSNMatch}, {"dob", o.DOBMatch},
		{"idType", o.IDTypeMatch}, {"idNo", o.IDNoMatch}, {"idState", o.IDStateMatch},
	}
	out := all[:0]
	for _, f := range all {
		if f.Code != "" {
			out = append(out, f)
		}
	}
	return out
}

// With returns the names of the fields whose match code is code.
func (o AcctOwnerResponse) With(code MatchCode) []string {
	var out []string
	for _, f := range o.Fields() {
		if f.Code == code {
			out = append(out, f.Field)
		}
	}
	return out
}

// Matched returns the fields that matched (Y).
func (o AcctOwnerResponse) Matched() []string { return o.With(MatchCodeMatch) }

// NotMatched returns the fields that did not match (N).
func (o AcctOwnerResponse) NotMatched() []string { return o.With(MatchCodeNoMatch) }

// ConditionallyMatched returns the fields that matched conditionally (C).
func (o AcctOwnerResponse) ConditionallyMatched() []string {
	return o.With(MatchCodeConditionalMatch)
}

// NoData returns the fields for which no identifying data was available (U).
func (o AcctOwnerResponse) NoData() []string { return o.With(MatchCodeNoData) }
