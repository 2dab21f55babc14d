package sdkclient

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/transport"
)

// ErrInvalidArgument is matched (errors.Is) by every error a method returns for an argument it
// refuses before sending anything, such as an empty path parameter or an invalid header. It is
// the transport's own, so that the pipeline's refusals match it too.
var ErrInvalidArgument = transport.ErrInvalidArgument

// MissingArgument reports an empty required argument of method.
func MissingArgument(method, arg string) error {
	return fmt.Errorf("%w: %s: %s is empty", ErrInvalidArgument, method, arg)
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
// operation's path, however many times it percent-decodes it: a dot segment ("." or "..", or
// only dots, also before a ";" path parameter, as Tomcat reads "..;"), a "/" or "\", or a
// control character. The error matches ErrInvalidArgument and never quotes the value.
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

// unsafeSegment returns why v, one path segment, could be read as something else ("" when it
// cannot), checking v and each of its successive percent-decodings. Decoding shortens the
// text, so the loop ends.
func unsafeSegment(v string) string {
	for {
		if why := unsafeDecoded(v); why != "" {
			return why
		}
		if strings.IndexByte(v, '%') < 0 {
			return ""
		}
		d, err := url.PathUnescape(v)
		if err != nil || d == v {
			return ""
		}
		v = d
	}
}

// unsafeDecoded is unsafeSegment for one decoding of the segment.
func unsafeDecoded(v string) string {
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '/' || c == '\\':
			return "holds a path separator"
		case c < 0x20 || c == 0x7f:
			return "holds a control character"
		}
	}
	seg, _, _ := strings.Cut(v, ";")
	if seg != "" && strings.Trim(seg, ".") == "" {
		return "is a dot segment"
	}
	return ""
}
