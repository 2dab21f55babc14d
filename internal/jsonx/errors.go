package jsonx

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Excerpt returns what an error text may quote of a value a server sent: its first two
// characters, quoted, and its length in bytes (`"ey…" (212 bytes)`), or only its length when
// it has eight bytes or fewer (`(4 bytes)`). A server can put anything anywhere, a bearer
// token or a card number included, so no error text quotes such a value whole (PCI DSS:
// never more of a PAN than its first six and last four digits, nothing of a CVV or PIN).
func Excerpt(s string) string {
	n := strconv.Itoa(len(s)) + " bytes)"
	if len(s) <= 8 {
		return "(" + n
	}
	i := 0
	for range 2 {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return strconv.Quote(s[:i]+"…") + " (" + n
}

// MemberError is the error of a generated UnmarshalJSON for the member key of model whose
// value did not decode. A member f names is quoted by name; any other member name came from
// the server and is shown as an [Excerpt] only.
func (f Fields) MemberError(model string, key []byte, err error) error {
	if f.Index(key) >= 0 {
		return fmt.Errorf("decoding %s member %q: %w", model, key, err)
	}
	return fmt.Errorf("decoding %s unknown member %s: %w", model, Excerpt(string(key)), err)
}
