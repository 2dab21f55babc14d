// Package mask masks secret values the one way the SDK shows them everywhere (errors, logs,
// String and MarshalJSON of a Secret): every character hidden but the last four.
package mask

import (
	"strings"
	"unicode/utf8"
)

// maskRune replaces each hidden character.
const maskRune = '*'

// Mask returns s with every character but the last four replaced, so that logs and error
// texts can still tell two values apart without revealing them. Values of eight characters or
// fewer are masked whole. Mask("4111111111111111") == "************1111".
// Characters are Unicode code points; invalid UTF-8 bytes count as one character each and,
// when shown, are shown as U+FFFD.
func Mask(s string) string {
	n := utf8.RuneCountInString(s)
	hide := n - Kept(n)
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if hide > 0 {
			r = maskRune
			hide--
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Kept returns how many trailing characters Mask shows of a value of n characters.
func Kept(n int) int {
	if n > 8 {
		return 4
	}
	return 0
}
