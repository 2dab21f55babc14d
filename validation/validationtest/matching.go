package validationtest

import (
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/issuerkit/issuerkit-go/validation"
)

// Match codes, shorter.
const (
	mY = validation.MatchCodeMatch
	mN = validation.MatchCodeNoMatch
	mC = validation.MatchCodeConditionalMatch
	mU = validation.MatchCodeNoData
)

// norm drops case, spacing and punctuation: the service's matching ignores all three.
func norm(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// ynu compares a sent value with the value on file: U when nothing is on file.
func ynu(sent, file string) validation.MatchCode {
	switch {
	case norm(file) == "":
		return mU
	case norm(sent) == norm(file):
		return mY
	default:
		return mN
	}
}

// ynuc is ynu with a conditional match when cond says the values partly agree.
func ynuc(sent, file string, cond func(s, f string) bool) validation.MatchCode {
	m := ynu(sent, file)
	if m == mN && cond(norm(sent), norm(file)) {
		return mC
	}
	return m
}

// matchOwner matches the owner fields sent against the owner on file. Only the fields sent get
// a code. The rules, per field of the service's table of match fields:
//
//   - firstName, lastName, middleName, state, idType, idState: Y, N, or U (nothing on file).
//   - namePrefix, nameSuffix: always U.
//   - name (first, middle and last together; only when first and last are sent): Y when all
//     sent parts match, C when the last name matches and the first name matches by initial,
//     else N; U when no person name is on file.
//   - businessName: Y, C when one contains the other, N; U when none is on file.
//   - address (lines one and two combined): Y, C when line one alone matches, N.
//   - city: Y, C when one is a prefix of the other, N. zipCode: Y, C when the five-digit
//     ZIP matches but not the +4, N.
//   - homePhone, workPhone: Y, C when the last seven digits match, N.
//   - ssn: four digits: Y or N against the last four. Nine digits: Y, C when only the last
//     four match, N.
//   - dob: Y, C when two of year, month and day match, N. idNo: Y, C when the last four
//     characters match, N.
func matchOwner(sent, file validation.AcctOwner) validation.AcctOwnerResponse {
	r := validation.AcctOwnerResponse{ConditionCode: validation.ConditionCodeNormal}
	if sent.FirstName != "" && sent.LastName != "" {
		r.NameMatch = matchName(sent, file)
	}
	if sent.FirstName != "" {
		r.FirstNameMatch = ynu(sent.FirstName, file.FirstName)
	}
	if sent.LastName != "" {
		r.LastNameMatch = ynu(sent.LastName, file.LastName)
	}
	if sent.MiddleName != "" {
		r.MiddleNameMatch = ynu(sent.MiddleName, file.MiddleName)
	}
	if sent.NamePrefix != "" {
		r.NamePrefixMatch = mU
	}
	if sent.NameSuffix != "" {
		r.NameSuffixMatch = mU
	}
	if sent.BusinessName != "" {
		r.BusinessNameMatch = ynuc(sent.BusinessName, file.BusinessName, func(s, f string) bool {
			return strings.Contains(s, f) || strings.Contains(f, s)
		})
	}
	if sent.AddressLine1 != "" || sent.AddressLine2 != "" {
		r.AddressMatch = ynu(sent.AddressLine1+sent.AddressLine2, file.AddressLine1+file.AddressLine2)
		if r.AddressMatch == mN && norm(sent.AddressLine1) != "" && norm(sent.AddressLine1) == norm(file.AddressLine1) {
			r.AddressMatch = mC
		}
	}
	if sent.City != "" {
		r.CityMatch = ynuc(sent.City, file.City, func(s, f string) bool {
			return strings.HasPrefix(s, f) || strings.HasPrefix(f, s)
		})
	}
	if sent.State != "" {
		r.StateMatch = ynu(sent.State, file.State)
	}
	if sent.ZipCode != "" {
		r.ZipCodeMatch = ynuc(sent.ZipCode, file.ZipCode, func(s, f string) bool {
			return len(s) >= 5 && len(f) >= 5 && s[:5] == f[:5]
		})
	}
	lastN := func(n int) func(s, f string) bool {
		return func(s, f string) bool { return len(s) >= n && len(f) >= n && s[len(s)-n:] == f[len(f)-n:] }
	}
	if sent.HomePhone != "" {
		r.HomePhoneMatch = ynuc(sent.HomePhone, file.HomePhone, lastN(7))
	}
	if sent.WorkPhone != "" {
		r.WorkPhoneMatch = ynuc(sent.WorkPhone, file.WorkPhone, lastN(7))
	}
	if ssn := sent.SSN.Reveal(); ssn != "" {
		r.SSNMatch = matchSSN(ssn, file.SSN.Reveal())
	}
	if dob := sent.DOB.Reveal(); dob != "" {
		r.DOBMatch = ynuc(dob, file.DOB.Reveal(), func(s, f string) bool {
			if len(s) != 8 || len(f) != 8 {
				return false
			}
			n := 0
			for _, p := range [][2]int{{0, 4}, {4, 6}, {6, 8}} {
				if s[p[0]:p[1]] == f[p[0]:p[1]] {
					n++
				}
			}
			return n >= 2
		})
	}
	if sent.IDType != "" {
		r.IDTypeMatch = ynu(sent.IDType, file.IDType)
	}
	if sent.IDNo.Reveal() != "" {
		r.IDNoMatch = ynuc(sent.IDNo.Reveal(), file.IDNo.Reveal(), lastN(4))
	}
	if sent.IDState != "" {
		r.IDStateMatch = ynu(sent.IDState, file.IDState)
	}
	r.OverallMatchScore = strconv.Itoa(score(r))
	return r
}

// matchName is nameMatch: first, middle (when sent) and last name together.
func matchName(sent, file validation.AcctOwner) validation.MatchCode {
	if norm(file.FirstName) == "" && norm(file.LastName) == "" {
		return mU
	}
	first, last := norm(sent.FirstName) == norm(file.FirstName), norm(sent.LastName) == norm(file.LastName)
	middle := sent.MiddleName == "" || norm(sent.MiddleName) == norm(file.MiddleName)
	switch {
	case first && last && middle:
		return mY
	case last && norm(sent.FirstName) != "" && norm(file.FirstName) != "" && norm(sent.FirstName)[0] == norm(file.FirstName)[0]:
		return mC
	default:
		return mN
	}
}

// matchSSN: Y only for an exact match (of the last four when four digits are sent); C, only
// for nine digits sent, when the last four match.
func matchSSN(sent, file string) validation.MatchCode {
	switch {
	case file == "":
		return mU
	case len(sent) == 4 && len(file) >= 4:
		if sent == file[len(file)-4:] {
			return mY
		}
		return mN
	case sent == file:
		return mY
	case len(file) >= 4 && sent[len(sent)-4:] == file[len(file)-4:]:
		return mC
	default:
		return mN
	}
}

// score is overallMatchScore: the share of the fields sent that matched, Y counting one and C
// one half, over the individual fields (not the nameMatch summary); prefix and suffix, always
// U, do not count; U counts as no match.
func score(r validation.AcctOwnerResponse) int {
	var sum float64
	n := 0
	for _, f := range r.Fields() {
		switch f.Field {
		case "name", "namePrefix", "nameSuffix":
			continue
		}
		n++
		switch f.Code {
		case mY:
			sum++
		case mC:
			sum += 0.5
		}
	}
	if n == 0 {
		return 0
	}
	return int(math.Round(100 * sum / float64(n)))
}
