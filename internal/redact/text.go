package redact

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/issuerkit/issuerkit-go/internal/mask"
)

// Text masks s with the Default Redactor: card numbers and SSNs, control and bidi characters
// escaped (see Redactor.Text).
func Text(s string) string { return EscapeControls(maskCards(s, nil)) }

// Text is the SDK's sanitizer of every text it writes (error texts, log records, span
// attributes): s with r's secret values (the credentials and Secrets the call sent, the
// client's) replaced by SecretMask, then card numbers and SSNs masked as maskCards does (except
// r's plain values, WithPlain), then control and bidi characters escaped (EscapeControls), so
// that a server's text can neither forge a log line nor reorder what a terminal shows.
func (r *Redactor) Text(s string) string { return EscapeControls(r.maskText(s)) }

// maskText is Text without the escaping, for the strings of a JSON body, which JSON escapes.
func (r *Redactor) maskText(s string) string { return maskCards(r.MaskSecrets(s), r.plain) }

// EscapeControls returns s with every control character (C0, DEL, C1), bidi control (U+061C,
// U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), line and paragraph separator (U+2028,
// U+2029) and invalid byte escaped as Go writes it (\n, \r, \t, \x1b, \u202e), not dropped:
// the text stays one line and shows what was sent. s is returned as it is when it holds none.
func EscapeControls(s string) string {
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if needsEscape(r, n) {
			break
		}
		i += n
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case !needsEscape(r, n):
			b.WriteString(s[i : i+n])
		case r == utf8.RuneError:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		i += n
	}
	return b.String()
}

// needsEscape reports whether the rune r, n bytes long in its text, is escaped by
// EscapeControls.
func needsEscape(r rune, n int) bool {
	switch {
	case r == utf8.RuneError && n == 1:
		return true
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f):
		return true
	case r == 0x061c || r == 0x200e || r == 0x200f || (r >= 0x202a && r <= 0x202e) ||
		(r >= 0x2066 && r <= 0x2069) || r == 0x2028 || r == 0x2029:
		return true
	}
	return false
}

// maskCards returns s with card numbers and social security numbers masked by mask.Mask:
//
//   - a run of 13 to 19 digits that passes the Luhn check, written plain or in groups separated
//     by single spaces or dashes ("4111111111111111", "4111 1111 1111 1111", "4111-1111-1111-1111");
//     when a longer run of groups fails the check, each sequence of whole groups that passes is
//     masked ("4111-1111-1111-1111-12" masks the first four groups);
//   - an SSN written ddd-dd-dddd.
//
// A GUID (8-4-4-4-12 hexadecimal digits) is never a card number, even when its first groups are
// digits that pass the Luhn check.
//
// A run counts only where it stands alone: a digit run glued to letters or to more digits (an
// identifier such as "US25010900000001", a 20-digit reference) is left as it is. Everything
// else in s is kept byte for byte, and so is a run that is exactly one of plain (identifiers
// declared non-sensitive).
func maskCards(s string, plain []string) string {
	var b strings.Builder
	last := 0 // s[last:i] not yet copied
	for i := 0; i < len(s); {
		if !isDigit(s[i]) || (i > 0 && isAlnum(s[i-1])) {
			i++
			continue
		}
		if n := guidAt(s, i); n > 0 {
			i += n // a GUID is an identifier, even when its groups are digits passing the Luhn check
			continue
		}
		if n := ssnAt(s, i); n > 0 {
			if slices.Contains(plain, s[i:i+n]) {
				i += n
				continue
			}
			b.WriteString(s[last:i])
			b.WriteString(mask.Mask(s[i : i+n]))
			i += n
			last = i
			continue
		}
		groups, end := digitGroups(s, i)
		next := end
		if end < len(s) && isAlnum(s[end]) {
			// The last group is glued to a letter: it starts an identifier, not a card number.
			groups = groups[:len(groups)-1]
			next = skipAlnum(s, end)
		}
		for _, span := range panSpans(s, groups) {
			if slices.Contains(plain, s[span[0]:span[1]]) {
				continue
			}
			b.WriteString(s[last:span[0]])
			b.WriteString(mask.Mask(s[span[0]:span[1]]))
			last = span[1]
		}
		i = next
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isAlnum(c byte) bool {
	return isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func skipAlnum(s string, i int) int {
	for i < len(s) && isAlnum(s[i]) {
		i++
	}
	return i
}

// guidAt reports the length of a GUID (8-4-4-4-12 hexadecimal digits, either case) starting at
// s[i] and not continued by a letter, a digit or a dash, or 0.
func guidAt(s string, i int) int {
	const pattern = "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
	if len(s)-i < len(pattern) {
		return 0
	}
	for k := 0; k < len(pattern); k++ {
		c := s[i+k]
		if pattern[k] == '-' && c != '-' || pattern[k] == 'x' && !isHex(c) {
			return 0
		}
	}
	end := i + len(pattern)
	if end < len(s) && (isAlnum(s[end]) || s[end] == '-') {
		return 0
	}
	return len(pattern)
}

func isHex(c byte) bool { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') }

// ssnAt reports the length of an SSN (ddd-dd-dddd) starting at s[i], or 0. The SSN must not
// continue with a letter, a digit or another dash-separated digit group.
func ssnAt(s string, i int) int {
	const pattern = "ddd-dd-dddd"
	if len(s)-i < len(pattern) {
		return 0
	}
	for k := 0; k < len(pattern); k++ {
		c := s[i+k]
		if pattern[k] == 'd' && !isDigit(c) || pattern[k] == '-' && c != '-' {
			return 0
		}
	}
	end := i + len(pattern)
	if end < len(s) && (isAlnum(s[end]) || (s[end] == '-' || s[end] == ' ') && end+1 < len(s) && isDigit(s[end+1])) {
		return 0
	}
	return len(pattern)
}

// digitGroups reads the run of digit groups starting at s[i]: groups of digits separated by a
// single space or dash. It returns the [start, end) of each group and the end of the run.
func digitGroups(s string, i int) (groups [][2]int, end int) {
	for {
		start := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		groups = append(groups, [2]int{start, i})
		if i+1 < len(s) && (s[i] == ' ' || s[i] == '-') && isDigit(s[i+1]) {
			i++
			continue
		}
		return groups, i
	}
}

// panSpans returns the spans of s to mask in a run of digit groups: the whole run when it is a
// card number, else the longest card numbers made of whole consecutive groups, left to right.
func panSpans(s string, groups [][2]int) [][2]int {
	var spans [][2]int
	for a := 0; a < len(groups); {
		found := false
		// Longest window first: extend b as far as 19 digits allow, then shrink.
		digits, b := 0, a
		for b < len(groups) && digits+(groups[b][1]-groups[b][0]) <= 19 {
			digits += groups[b][1] - groups[b][0]
			b++
		}
		for ; b > a; b-- {
			if digits >= 13 && luhnSpan(s, groups[a][0], groups[b-1][1]) {
				spans = append(spans, [2]int{groups[a][0], groups[b-1][1]})
				a = b
				found = true
				break
			}
			digits -= groups[b-1][1] - groups[b-1][0]
		}
		if !found {
			a++
		}
	}
	return spans
}

// luhnSpan reports whether the digits in s[start:end] (separators skipped) pass the Luhn check.
func luhnSpan(s string, start, end int) bool {
	sum, double := 0, false
	for i := end - 1; i >= start; i-- {
		c := s[i]
		if !isDigit(c) {
			continue
		}
		d := int(c - '0')
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0
}
