package validation

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// Violation is one problem of an Inquiry found before sending it: the field, as a path of
// JSON names inside the Inquiry (for example "AcctOwner.zipCode"), and the errorCode the
// service itself answers for it. Reason never contains the field's value (it may be a secret).
type Violation struct {
	// Field is the JSON path of the field inside the Inquiry.
	Field string
	// Code is the service's errorCode for this problem.
	Code ErrorCode
	// Reason says what is wrong, without the value.
	Reason string
}

// String returns "Field: Reason (errorCode Code)".
func (v Violation) String() string {
	return fmt.Sprintf("%s: %s (errorCode %s, %s)", v.Field, v.Reason, string(v.Code), v.Code.String())
}

// ErrInvalidInquiry is matched by errors.Is for every *InquiryError.
var ErrInvalidInquiry = errors.New("validation: invalid inquiry")

// InquiryError reports every problem of an Inquiry that the client-side rules of the service
// found. VerifyAccount returns it before any request is sent.
type InquiryError struct {
	// Violations lists every problem, in field order.
	Violations []Violation
}

// Error implements error: every violation, separated by "; ".
func (e InquiryError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e InquiryError) errorText() string {
	parts := make([]string, len(e.Violations))
	for i, v := range e.Violations {
		parts[i] = v.String()
	}
	return "validation: invalid inquiry: " + strings.Join(parts, "; ")
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e InquiryError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e InquiryError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e InquiryError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Is reports whether target is ErrInvalidInquiry.
func (e *InquiryError) Is(target error) bool { return target == ErrInvalidInquiry }

// Codes returns the errorCode of every violation, in order.
func (e *InquiryError) Codes() []ErrorCode {
	out := make([]ErrorCode, len(e.Violations))
	for i, v := range e.Violations {
		out[i] = v.Code
	}
	return out
}

// Field returns the violation of the field with the JSON path field, and whether there is one.
func (e *InquiryError) Field(field string) (Violation, bool) {
	for _, v := range e.Violations {
		if v.Field == field {
			return v, true
		}
	}
	return Violation{}, false
}

// Validate checks inq against every rule of the service and returns nil or an *InquiryError
// listing every problem with the errorCode the service would answer:
//
//   - serviceType: exactly "Owner" (104); VerifyAccount fills it in when empty.
//   - secondaryId: present (006), letters and digits (104), at most 10 (011).
//   - additionalId: at most 10 (011).
//   - routingNumber: present (006), nine digits with a valid ABA check digit (001).
//   - accountNumber: present (006), at most 17 characters (008), letters and digits only, no
//     separators and no leading zero (003).
//   - amount: whole dollars or dollars.cents, at most 12 characters (013).
//   - AcctOwner names: first and last name, or business name; a first or last name alone
//     without a business name is 006. Lengths: first, last, middle name 40, business name 87,
//     prefix and suffix 4, address lines 40, city 25, idNo 28, idState 2 to 6 (011 / 010).
//   - AcctOwner formats: state two letters, zipCode five or nine digits with an optional dash
//     and no space, homePhone and workPhone ten digits, ssn four or nine digits, dob YYYYMMDD
//     and a real date (104 for a non-digit or non-letter, 107 for a wrong layout); idType one
//     character 0-9 or A-Z (011 / 104).
//   - Client: clientDate YYYY-MM-DD and a real date, clientTime HH:MM:SS (105) when present;
//     userDefined at most 255 (011).
//
// An owner with no name at all is valid: the service answers it with conditionCode 304. The
// three combinations of business name with a first and/or last name are deprecated by the
// service but still accepted; see AcctOwner.DeprecatedNames.
func (inq Inquiry) Validate() error {
	var c checker
	if inq.ServiceType != "" && inq.ServiceType != ServiceTypeOwner {
		c.add("serviceType", ErrorCodeImproperDataTypeOrValue, `must be "Owner" (case-sensitive)`)
	} else if inq.ServiceType == "" {
		c.add("serviceType", ErrorCodeMissingRequiredField, "missing")
	}
	switch {
	case inq.SecondaryID == "":
		c.add("secondaryId", ErrorCodeMissingRequiredField, "missing")
	case !allOf(inq.SecondaryID, isAlnum):
		c.add("secondaryId", ErrorCodeImproperDataTypeOrValue, "letters and digits only")
	default:
		c.maxLen("secondaryId", inq.SecondaryID, 10)
	}
	c.maxLen("additionalId", inq.AdditionalID, 10)
	switch {
	case inq.RoutingNumber == "":
		c.add("routingNumber", ErrorCodeMissingRequiredField, "missing")
	case len(inq.RoutingNumber) != 9 || !allOf(inq.RoutingNumber, isDigit):
		c.add("routingNumber", ErrorCodeInvalidRoutingNumber, "must be nine digits")
	case !ValidABA(inq.RoutingNumber):
		c.add("routingNumber", ErrorCodeInvalidRoutingNumber, "ABA check digit does not match")
	}
	acct := inq.AccountNumber.Reveal()
	switch {
	case acct == "":
		c.add("accountNumber", ErrorCodeMissingRequiredField, "missing")
	case utf8.RuneCountInString(acct) > 17:
		c.add("accountNumber", ErrorCodeAccountNumberLengthIncorrect, "longer than 17 characters")
	case !allOf(acct, isAlnum):
		c.add("accountNumber", ErrorCodeInvalidAccountNumber, "letters and digits only, no separators")
	case acct[0] == '0':
		c.add("accountNumber", ErrorCodeInvalidAccountNumber, "no leading zeroes")
	}
	if inq.Amount != "" && !validAmount(inq.Amount) {
		c.add("amount", ErrorCodeInvalidAmount, "whole dollars or dollars.cents, at most 12 characters")
	}
	c.owner(inq.AcctOwner)
	c.client(inq.Client)
	if len(c.v) == 0 {
		return nil
	}
	return &InquiryError{Violations: c.v}
}

// DeprecatedNames reports whether o combines a business name with a first and/or last name:
// the three owner shapes the service marks as deprecated. They are still accepted and sent.
func (o AcctOwner) DeprecatedNames() bool {
	return o.BusinessName != "" && (o.FirstName != "" || o.LastName != "")
}

// ValidABA reports whether s is nine digits whose ABA routing number checksum
// (3·d1 + 7·d2 + d3 + 3·d4 + 7·d5 + d6 + 3·d7 + 7·d8 + d9) is a multiple of ten.
func ValidABA(s string) bool {
	if len(s) != 9 || !allOf(s, isDigit) {
		return false
	}
	weights := [9]int{3, 7, 1, 3, 7, 1, 3, 7, 1}
	sum := 0
	for i := range 9 {
		sum += int(s[i]-'0') * weights[i]
	}
	return sum%10 == 0
}

// checker collects violations.
type checker struct{ v []Violation }

func (c *checker) add(field string, code ErrorCode, reason string) {
	c.v = append(c.v, Violation{Field: field, Code: code, Reason: reason})
}

// maxLen adds 011 when s has more than n characters.
func (c *checker) maxLen(field, s string, n int) {
	if utf8.RuneCountInString(s) > n {
		c.add(field, ErrorCodeFieldTooLong, fmt.Sprintf("longer than %d characters", n))
	}
}

// digits checks an optional all-digit field: 104 for a non-digit, 107 when its length is not
// one of lens.
func (c *checker) digits(field, s, what string, lens ...int) {
	if s == "" {
		return
	}
	if !allOf(s, isDigit) {
		c.add(field, ErrorCodeImproperDataTypeOrValue, "digits only")
		return
	}
	for _, n := range lens {
		if len(s) == n {
			return
		}
	}
	c.add(field, ErrorCodeInvalidRequiredFormat, "must be "+what)
}

func (c *checker) owner(o AcctOwner) {
	const p = "AcctOwner."
	if o.BusinessName == "" && (o.FirstName == "") != (o.LastName == "") {
		if o.FirstName == "" {
			c.add(p+"firstName", ErrorCodeMissingRequiredField, "required with lastName when businessName is empty")
		} else {
			c.add(p+"lastName", ErrorCodeMissingRequiredField, "required with firstName when businessName is empty")
		}
	}
	c.maxLen(p+"firstName", o.FirstName, 40)
	c.maxLen(p+"lastName", o.LastName, 40)
	c.maxLen(p+"middleName", o.MiddleName, 40)
	c.maxLen(p+"namePrefix", o.NamePrefix, 4)
	c.maxLen(p+"nameSuffix", o.NameSuffix, 4)
	c.maxLen(p+"businessName", o.BusinessName, 87)
	c.maxLen(p+"addressLine1", o.AddressLine1, 40)
	c.maxLen(p+"addressLine2", o.AddressLine2, 40)
	c.maxLen(p+"city", o.City, 25)
	if o.State != "" {
		if !allOf(o.State, isLetter) {
			c.add(p+"state", ErrorCodeImproperDataTypeOrValue, "letters only")
		} else if len(o.State) != 2 {
			c.add(p+"state", ErrorCodeInvalidRequiredFormat, "must be a two-letter abbreviation")
		}
	}
	if o.ZipCode != "" && !validZip(o.ZipCode) {
		c.add(p+"zipCode", ErrorCodeInvalidRequiredFormat, "five or nine digits, optional dash, no space")
	}
	c.digits(p+"homePhone", o.HomePhone, "ten digits", 10)
	c.digits(p+"workPhone", o.WorkPhone, "ten digits", 10)
	c.digits(p+"ssn", o.SSN.Reveal(), "four or nine digits", 4, 9)
	if dob := o.DOB.Reveal(); dob != "" {
		c.digits(p+"dob", dob, "YYYYMMDD", 8)
		if len(dob) == 8 && allOf(dob, isDigit) {
			if _, err := time.Parse("20060102", dob); err != nil {
				c.add(p+"dob", ErrorCodeInvalidRequiredFormat, "not a real date (YYYYMMDD)")
			}
		}
	}
	if o.IDType != "" {
		if utf8.RuneCountInString(o.IDType) > 1 {
			c.add(p+"idType", ErrorCodeFieldTooLong, "one character")
		} else if !allOf(o.IDType, func(r rune) bool { return isDigit(r) || ('A' <= r && r <= 'Z') }) {
			c.add(p+"idType", ErrorCodeImproperDataTypeOrValue, "0-9 or A-Z")
		}
	}
	c.maxLen(p+"idNo", o.IDNo.Reveal(), 28)
	if o.IDState != "" {
		if utf8.RuneCountInString(o.IDState) < 2 {
			c.add(p+"idState", ErrorCodeFieldTooShort, "at least two characters")
		}
		c.maxLen(p+"idState", o.IDState, 6)
	}
}

func (c *checker) client(cl ClientRecord) {
	if cl.ClientDate != "" {
		if _, err := time.Parse("2006-01-02", cl.ClientDate); err != nil || len(cl.ClientDate) != 10 {
			c.add("Client.clientDate", ErrorCodeBadLayoutOrFormat, "must be YYYY-MM-DD")
		}
	}
	if cl.ClientTime != "" {
		if _, err := time.Parse("15:04:05", cl.ClientTime); err != nil || len(cl.ClientTime) != 8 {
			c.add("Client.clientTime", ErrorCodeBadLayoutOrFormat, "must be HH:MM:SS")
		}
	}
	c.maxLen("Client.userDefined", cl.UserDefined, 255)
}

// validAmount: whole dollars (1-12 digits) or dollars.cents (1-9 digits, a dot, two digits).
func validAmount(s string) bool {
	if len(s) > 12 {
		return false
	}
	whole, cents, dot := strings.Cut(s, ".")
	if whole == "" || !allOf(whole, isDigit) {
		return false
	}
	return !dot || (len(cents) == 2 && allOf(cents, isDigit))
}

// validZip: 12345, 123456789 or 12345-6789.
func validZip(s string) bool {
	switch len(s) {
	case 5, 9:
		return allOf(s, isDigit)
	case 10:
		return s[5] == '-' && allOf(s[:5], isDigit) && allOf(s[6:], isDigit)
	}
	return false
}

func allOf(s string, f func(rune) bool) bool {
	for _, r := range s {
		if !f(r) {
			return false
		}
	}
	return true
}

func isDigit(r rune) bool  { return '0' <= r && r <= '9' }
func isLetter(r rune) bool { return ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') }
func isAlnum(r rune) bool  { return isDigit(r) || isLetter(r) }
