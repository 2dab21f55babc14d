package redact

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/issuerkit/issuerkit-go/internal/mask"
)

// IsSensitiveKey reports whether the value of a JSON member named key is a secret for the
// Default Redactor (see Redactor.IsSensitiveKey).
func IsSensitiveKey(key string) bool { return std.IsSensitiveKey(key) }

// IsSensitiveKey reports whether the value of a JSON member named key is a secret: key
// matches one of r's keys once both are lower-cased (ASCII) and stripped of '_' and '-', so
// "cardNumber", "card_number" and "Card-Number" all match "cardnumber". It does not allocate
// for names up to 64 bytes.
func (r *Redactor) IsSensitiveKey(key string) bool {
	var buf [64]byte
	k := appendNormalKey(buf[:0], key)
	if len(k) == 0 {
		return false
	}
	_, ok := r.keys[string(k)]
	return ok
}

// appendNormalKey appends key lower-cased (ASCII) and without '_' and '-' to b.
func appendNormalKey(b []byte, key string) []byte {
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case c == '_' || c == '-':
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}

func normalizeKey(s string) string { return string(appendNormalKey(nil, s)) }

// JSON masks body with the Default Redactor (see Redactor.JSON).
func JSON(body []byte) []byte { return std.JSON(body) }

// JSON returns body with its secrets masked.
//
// When body is a JSON document, the result is the same document, written compactly with its
// members in their original order, in which
//
//   - the string and number values of sensitive members (IsSensitiveKey) are replaced by the
//     JSON string mask.Mask gives (a PAN sent as a number becomes a masked string);
//   - every other string, member names included, is masked as r.Text masks it (r's secret
//     values too), and a number holding a secret value becomes a masked string.
//
// Only scalar values are masked by their key: an array or object under a sensitive name is
// walked like any other value, so validation messages such as
// {"errors":{"pin":["PIN must be 4 digits"]}} stay readable (card numbers inside are still
// masked by Text).
//
// Input that is not valid JSON (a body cut off by a size cap, an HTML error page, plain text)
// gets Text, after a best-effort pass that masks any string or number following a quoted
// sensitive name and a colon, so a truncated body is still masked. JSON never panics; an empty
// body is returned as it is. Whatever the path, no secret value of r survives in the result:
// a last pass masks any that the structure hid (a value split by an escape sequence is masked
// once decoded).
func (r *Redactor) JSON(body []byte) []byte {
	if len(bytes.TrimSpace(body)) == 0 {
		return body
	}
	doc := bytes.TrimPrefix(body, []byte("\xef\xbb\xbf")) // a UTF-8 byte order mark
	if json.Valid(doc) {
		if out, ok := r.redactValid(doc); ok {
			return r.maskSecretsBytes(out)
		}
	}
	return []byte(r.maskText(string(r.redactLenient(body))))
}

// frame is one open object or array while re-encoding.
type frame struct {
	object    bool
	n         int  // members or elements written so far
	wantKey   bool // object: the next string token is a member name
	sensitive bool // object: the member whose value comes next is sensitive
}

// redactValid re-encodes a valid JSON document token by token, masking as JSON documents.
func (r *Redactor) redactValid(doc []byte) ([]byte, bool) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	out := make([]byte, 0, len(doc)+len(doc)/8)
	var stack []frame

	// beforeValue writes what precedes a value and reports whether the value is directly
	// under a sensitive name.
	beforeValue := func() bool {
		if len(stack) == 0 {
			return false
		}
		top := &stack[len(stack)-1]
		if top.object {
			top.wantKey = true
			return top.sensitive
		}
		if top.n > 0 {
			out = append(out, ',')
		}
		top.n++
		return false
	}

	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, false
		}
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{', '[':
				beforeValue()
				out = append(out, byte(v))
				stack = append(stack, frame{object: v == '{', wantKey: v == '{'})
			case '}', ']':
				if len(stack) == 0 {
					return nil, false
				}
				stack = stack[:len(stack)-1]
				out = append(out, byte(v))
			}
		case string:
			if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].wantKey {
				top := &stack[n-1]
				if top.n > 0 {
					out = append(out, ',')
				}
				top.n++
				top.wantKey = false
				top.sensitive = r.IsSensitiveKey(v)
				out = appendString(out, r.maskText(v))
				out = append(out, ':')
				continue
			}
			if beforeValue() {
				out = appendString(out, mask.Mask(v))
			} else {
				out = appendString(out, r.maskText(v))
			}
		case json.Number:
			switch {
			case beforeValue():
				out = appendString(out, mask.Mask(v.String()))
			case r.ContainsSecret(v.String()):
				out = appendString(out, r.MaskSecrets(v.String()))
			default:
				out = append(out, v...)
			}
		case bool:
			beforeValue()
			if v {
				out = append(out, "true"...)
			} else {
				out = append(out, "false"...)
			}
		case nil:
			beforeValue()
			out = append(out, "null"...)
		default:
			return nil, false
		}
	}
	if len(stack) != 0 {
		return nil, false
	}
	return out, true
}

// appendString appends s as a JSON string. Only the characters JSON requires are escaped
// (quote, backslash, control characters), plus U+2028 and U+2029; s is valid UTF-8 because it
// comes from the decoder.
func appendString(out []byte, s string) []byte {
	const hex = "0123456789abcdef"
	out = append(out, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				out = append(out, '\\', c)
			case c == '\n':
				out = append(out, '\\', 'n')
			case c == '\r':
				out = append(out, '\\', 'r')
			case c == '\t':
				out = append(out, '\\', 't')
			case c < 0x20:
				out = append(out, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				out = append(out, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			out = append(out, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			out = append(out, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			out = append(out, s[i:i+size]...)
		}
		i += size
	}
	return append(out, '"')
}

// maxLenientKey bounds the length of a quoted name that redactLenient considers.
const maxLenientKey = 64

// redactLenient masks, in input that is not valid JSON, the string or number that follows a
// quoted sensitive name and a colon. It does not trust the input's quoting: every quote is
// tried as the start of a name, so garbage before a secret (an unbalanced quote) cannot hide
// it. An unterminated string (a body cut off mid-value) is masked to its end. Everything else
// is copied as it is.
func (r *Redactor) redactLenient(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); {
		if b[i] != '"' {
			out = append(out, b[i])
			i++
			continue
		}
		// Only short names matter: bound the scan so that input full of quotes stays linear.
		end, closed := stringEnd(b[:min(len(b), i+maxLenientKey+2)], i)
		colon := skipSpace(b, end)
		if !closed || colon >= len(b) || b[colon] != ':' ||
			!r.IsSensitiveKey(unquoteLenient(b[i+1:end-1])) {
			out = append(out, b[i])
			i++
			continue
		}
		j := skipSpace(b, colon+1)
		out = append(out, b[i:j]...)
		i = j
		if j >= len(b) {
			break
		}
		switch c := b[j]; {
		case c == '"':
			vend, vclosed := stringEnd(b, j)
			content := b[j+1 : vend]
			if vclosed {
				content = b[j+1 : vend-1]
			}
			out = append(out, '"')
			out = append(out, mask.Mask(string(content))...)
			i = vend
			if vclosed {
				i-- // the closing quote is tried as the start of a name in turn
			}
		case c == '-' || isDigit(c):
			k := j
			for k < len(b) && (isDigit(b[k]) || strings.IndexByte("+-.eE", b[k]) >= 0) {
				k++
			}
			out = append(out, '"')
			out = append(out, mask.Mask(string(b[j:k]))...)
			out = append(out, '"')
			i = k
		}
	}
	return out
}

// stringEnd returns the index just after the JSON string literal starting at b[i] (a quote),
// and whether it was closed; an unterminated literal ends at len(b).
func stringEnd(b []byte, i int) (int, bool) {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1, true
		}
	}
	return len(b), false
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// unquoteLenient decodes the content of a JSON string literal, or returns it raw when it does
// not decode.
func unquoteLenient(content []byte) string {
	var s string
	lit := make([]byte, 0, len(content)+2)
	lit = append(append(append(lit, '"'), content...), '"')
	if err := json.Unmarshal(lit, &s); err != nil {
		return string(content)
	}
	return s
}
