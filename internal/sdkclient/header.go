package sdkclient

import (
	"fmt"
	"net/http"
	"unicode/utf8"

	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// ErrInvalidArgument matches every error for a value the SDK refuses before sending anything
// (core.ErrInvalidArgument).
var ErrInvalidArgument = core.ErrInvalidArgument

// CheckHeader reports, with an error matching ErrInvalidArgument, a header name that is not an
// HTTP token (RFC 9110, 5.1) or a value invalidValueByte refuses. net/http refuses such a
// request only inside the RoundTripper, where a failure proves nothing about delivery. The
// error quotes the name (%q), never the value, which may be a credential.
func CheckHeader(name, value string) error {
	if !validHeaderName(name) {
		return fmt.Errorf("%w: header name %q is not an HTTP token", ErrInvalidArgument, name)
	}
	if i := invalidValueByte(value); i >= 0 {
		return fmt.Errorf("%w: the value of header %q holds a control character (byte %d)", ErrInvalidArgument, name, i)
	}
	return nil
}

// checkHeaders runs CheckHeader over every value of h.
func checkHeaders(h http.Header) error {
	for k, vs := range h {
		if len(vs) == 0 {
			if err := CheckHeader(k, ""); err != nil {
				return err
			}
		}
		for _, v := range vs {
			if err := CheckHeader(k, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkCorrelationID refuses a correlation id that is not a valid header value, unquoted (log
// forging).
func checkCorrelationID(id string) error {
	if i := invalidValueByte(id); i >= 0 {
		return fmt.Errorf("%w: the correlation id holds a control character (byte %d)", ErrInvalidArgument, i)
	}
	return nil
}

// validHeaderName reports whether s is a non-empty token: "!#$%&'*+-.^_`|~", digits and
// letters.
func validHeaderName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c == '!' || c == '#' || c == '$' || c == '%' || c == '&' || c == '\'' || c == '*' || c == '+' ||
			c == '-' || c == '.' || c == '^' || c == '_' || c == '`' || c == '|' || c == '~':
		default:
			return false
		}
	}
	return true
}

// invalidValueByte returns the index of the first byte of s that starts what a header value
// may not hold, or -1: a C0 control but a tab (CR and LF would inject headers), DEL, a C1
// control (NEL, CSI) or a bidi control, which would forge what a log viewer or terminal shows.
// A byte that is not UTF-8 (obs-text) passes, as net/http sends it.
func invalidValueByte(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < ' ' && c != '\t' || c == 0x7f {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r >= 0x80 && r <= 0x9f || isBidiControl(r) {
			return i
		}
		i += n
	}
	return -1
}

// isBidiControl reports whether r is one of Unicode's explicit bidirectional formatting
// characters.
func isBidiControl(r rune) bool {
	return r == 0x061c || r == 0x200e || r == 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
}
