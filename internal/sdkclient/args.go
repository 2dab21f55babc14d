package sdkclient

import (
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// MissingArgument reports an empty required argument of method.
func MissingArgument(method, arg string) error {
	return fmt.Errorf("%w: %s: %s is empty", ErrInvalidArgument, method, arg)
}

// SizeArgument reports a size parameter (param, in the request field arg) of method below
// least: 1 for a required size (0 or less bounds nothing, so the answer's count would have no
// bound), 0 for an optional one (0 is not sent; a negative size is no size a server documents).
func SizeArgument(method, arg, param string, value, least int64) error {
	want := "at least 1"
	if least < 1 {
		want += ", or 0 (not sent)"
	}
	return fmt.Errorf("%w: %s: %s (the size parameter %s) is %d, want %s", ErrInvalidArgument, method, arg, param, value, want)
}

// RequiredHeader is a required header parameter of an operation. The generated method lists
// it in Request.Required instead of refusing an empty request field, so that the header may
// also come from the call's options (WithHeader) or the client's (WithOperationHeader).
type RequiredHeader struct {
	Key    string // canonical header name (textproto.CanonicalMIMEHeaderKey)
	Method string // the Go method, for the error
	Arg    string // the request field that carries it, for the error
}

// missingHeader reports a required header that neither the request, the call nor the client
// gave a value.
func missingHeader(h RequiredHeader) error {
	return fmt.Errorf("%w: %s: %s is empty and no %s header is set (WithHeader, or the client's option)",
		ErrInvalidArgument, h.Method, h.Arg, h.Key)
}

// PathArgument checks the value of the path argument arg of method before it is escaped into
// the path. It refuses an empty value (MissingArgument) and, failing closed, any value that a
// server, a proxy or a web framework could read as something other than one segment of this
// operation's path, however many times it percent-decodes it and whether or not it applies
// Unicode NFKC normalisation first or between decodings (as some gateways do): a dot segment
// ("." or "..", or only dots; "．．" and "‥" are ".." under NFKC), a "/" or "\" (or a
// lookalike: "／", "＼", "∕"), a "?", "#" or ";" (which end the segment for a reader that
// decodes them), or a control character. The error matches ErrInvalidArgument and never quotes
// the value.
func PathArgument(method, arg, value string) error {
	if value == "" {
		return MissingArgument(method, arg)
	}
	if why := unsafeSegment(value); why != "" {
		return fmt.Errorf("%w: %s: %s %s", ErrInvalidArgument, method, arg, why)
	}
	return nil
}

// checkPath refuses a request path (escaped, after the base URL, with its query) one of whose
// segments unsafeSegment refuses: the last line of defence behind PathArgument, for every
// method, generated or written by hand, and for the {version} segment.
func checkPath(opID, path string) error {
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path = path[:i]
	}
	for n := 1; path != ""; n++ {
		path = strings.TrimPrefix(path, "/")
		seg := path
		if i := strings.IndexByte(path, '/'); i >= 0 {
			seg, path = path[:i], path[i:]
		} else {
			path = ""
		}
		if why := unsafeSegment(seg); why != "" {
			return fmt.Errorf("%w: %s: path segment %d %s", ErrInvalidArgument, opID, n, why)
		}
	}
	return nil
}

// maxForms bounds the forms unsafeSegment examines of one segment; a value that has more (many
// nested encodings) is refused rather than half-checked.
const maxForms = 64

// unsafeSegment returns why v, one path segment, could be read as something else ("" when it
// cannot), checking v and every form a server, a proxy or a gateway could read it as: each of
// its successive percent-decodings and its Unicode NFKC normalisation, in any order (NFKC turns
// "％２ｅ" into "%2e", which decodes to "."; "%EF%BC%8E" decodes to "．", whose NFKC form is ".").
// Decoding shortens the text and NFKC is idempotent, so the forms are few; past maxForms the
// value is refused.
func unsafeSegment(v string) string {
	seen := map[string]bool{v: true}
	queue := []string{v}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if why := unsafeDecoded(x); why != "" {
			return why
		}
		for _, next := range forms(x) {
			if !seen[next] {
				if len(seen) == maxForms {
					return "has too many nested encodings"
				}
				seen[next] = true
				queue = append(queue, next)
			}
		}
	}
	return ""
}

// forms returns what one step of a reader's processing may make of x: its percent-decoding
// (when it has a valid one) and its NFKC form (when x is not ASCII, which NFKC leaves as it is).
func forms(x string) []string {
	var out []string
	if strings.IndexByte(x, '%') >= 0 {
		if d, err := url.PathUnescape(x); err == nil && d != x {
			out = append(out, d)
		}
	}
	if !isASCII(x) {
		if n := norm.NFKC.String(x); n != x {
			out = append(out, n)
		}
	}
	return out
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// unsafeDecoded is unsafeSegment for one form of the segment. Besides dot segments, "/" and
// "\" and control characters, it refuses "?" and "#", which end the path for a reader that
// decodes them before routing ("x？/activate" would reach the card itself, its query
// "/activate"), and ";", from which Tomcat, Jetty and Spring drop the rest of the segment as a
// path parameter ("victim;x" read as "victim": another card than the one named). No
// identifier of these APIs (card proxies, account ids) holds any of them. It also refuses the
// division, fraction and set-minus slashes, which NFKC keeps but Windows' "best fit" code
// pages turn into "/" and "\".
func unsafeDecoded(v string) string {
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '/' || c == '\\':
			return "holds a path separator"
		case c == '?' || c == '#':
			return "holds a query or fragment delimiter"
		case c == ';':
			return "holds a path parameter delimiter"
		case c < 0x20 || c == 0x7f:
			return "holds a control character"
		}
	}
	if strings.ContainsAny(v, bestFitSeparators) {
		return "holds a path separator lookalike"
	}
	if v != "" && strings.Trim(v, ".") == "" {
		return "is a dot segment"
	}
	return ""
}

// bestFitSeparators are characters NFKC keeps that Windows' "best fit" mapping to a legacy code
// page turns into "/" or "\\": division slash, fraction slash, big solidus, set minus, big
// reverse solidus.
const bestFitSeparators = "\u2215\u2044\u29f8\u2216\u29f9"
