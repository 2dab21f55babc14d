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

// RequiredHeader is a required header parameter of an operation, which may come from the
// request field, the call's options (WithHeader) or the client's (WithOperationHeader).
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
// the path: it refuses an empty value (MissingArgument) and any value a server, a proxy or a
// framework could read as other than one segment of the path (unsafeSegment), with an error
// matching ErrInvalidArgument that never quotes the value.
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
// segments unsafeSegment refuses, for every method and the {version} segment.
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
// cannot), checking every form a reader could make of it: its successive percent-decodings
// and NFKC normalisations in any order ("％２ｅ" is "%2e" under NFKC, which decodes to "."). The
// forms are few (decoding shortens, NFKC is idempotent); past maxForms the value is refused.
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

// unsafeDecoded is unsafeSegment for one form: dot segments, "/" and "\", control characters,
// "?" and "#" (which end the path for a reader that decodes them), ";" (Tomcat, Jetty and
// Spring drop the rest of the segment: "victim;x" is read as "victim") and the slashes NFKC
// keeps that Windows' "best fit" code pages turn into "/" and "\". No identifier of these
// APIs holds any of them.
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

// bestFitSeparators: division slash, fraction slash, big solidus, set minus, big reverse solidus.
const bestFitSeparators = "\u2215\u2044\u29f8\u2216\u29f9"
