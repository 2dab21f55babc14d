package redact

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/internal/mask"
)

// IsSensitiveKey reports whether the value of a JSON member named key is a secret for the
// Default Redactor (see Redactor.IsSensitiveKey).
func IsSensitiveKey(key string) bool { return std.IsSensitiveKey(key) }

// IsSensitiveKey reports whether the value of a JSON member named key is a secret. The name
// is matched twice:
//
//   - whole: lower-cased (ASCII) and stripped of '_' and '-', it is one of r's keys, so
//     "cardNumber", "card_number" and "Card-Number" all match "cardnumber";
//   - by its words (split at '_', '-', '.', spaces and camelCase humps, lower-cased): one word
//     is a sensitive term (pin, cvv, cvc, cvx, csc, pan, ssn, dob, birthday, password, secret,
//     token, key, track, ...; see sensitiveWords) or two or three adjacent words a sensitive
//     phrase (card number, account number/no, security code, tax id, date of birth, ...),
//     unless a word says the value is about the secret rather than the secret itself (mask,
//     set, match, status, type, length, ...; see qualifierWords): "new_pin", "pin_code",
//     "card_cvv", "security_code", "bank_account_number", "account_no" and "birthday" match;
//     "mask_card_pan", "pin_set", "ssnMatch" and "tokens" do not.
//
// It does not allocate for names up to 64 bytes without sensitive words.
func (r *Redactor) IsSensitiveKey(key string) bool {
	var buf [64]byte
	k := appendNormalKey(buf[:0], key)
	if len(k) == 0 {
		return false
	}
	if _, ok := r.keys[string(k)]; ok {
		return true
	}
	return sensitiveByWords(key)
}

// sensitiveWords are the words that make a member name sensitive wherever they stand in it.
var sensitiveWords = map[string]bool{
	"pin": true, "cvv": true, "cvv2": true, "cvc": true, "cvc2": true, "cvx": true, "cvx2": true, "csc": true,
	"pan": true, "ssn": true, "dob": true, "birthday": true, "birthdate": true, "password": true,
	"passwd": true, "passcode": true, "secret": true, "token": true, "key": true, "track": true, "track1": true,
	"track2": true, "trackdata": true, "cardnumber": true, "accountnumber": true, "accountno": true,
	"securitycode": true, "taxid": true, "itin": true, "dateofbirth": true, "authorization": true,
}

// sensitivePhrases are adjacent words that make a member name sensitive.
var sensitivePhrases = [...][]string{
	{"card", "number"}, {"card", "no"}, {"card", "num"}, {"account", "number"}, {"account", "no"},
	{"account", "num"}, {"acct", "number"}, {"acct", "no"}, {"acct", "num"}, {"security", "code"},
	{"card", "code"}, {"tax", "id"}, {"tax", "number"}, {"date", "of", "birth"}, {"birth", "date"},
	{"id", "no"}, {"id", "number"}, {"social", "security"},
}

// qualifierWords say that a member is about a secret, not the secret: a masked form, a flag,
// a match result, a kind or a length.
var qualifierWords = map[string]bool{
	"mask": true, "masked": true, "set": true, "match": true, "matched": true, "status": true,
	"type": true, "length": true, "len": true, "count": true, "last4": true, "present": true,
	"required": true, "verified": true, "valid": true, "format": true, "indicator": true,
	"ind": true, "flag": true, "enabled": true, "changed": true, "expiry": true, "expiration": true,
	"policy": true, "attempts": true, "tries": true,
}

// sensitiveByWords applies the word rule of IsSensitiveKey. It does not allocate for names up
// to 64 bytes of at most 16 words.
func sensitiveByWords(key string) bool {
	var lower [64]byte
	var spans [16][2]int
	low := append(lower[:0], key...)
	for i, c := range low {
		if 'A' <= c && c <= 'Z' {
			low[i] = c + 'a' - 'A'
		}
	}
	words := wordSpans(spans[:0], key)
	word := func(i int) []byte { return low[words[i][0]:words[i][1]] }
	found := false
	for i := range words {
		w := word(i)
		if qualifierWords[string(w)] {
			return false
		}
		if sensitiveWords[string(w)] {
			found = true
			continue
		}
	phrases:
		for _, ph := range sensitivePhrases {
			if i+len(ph) > len(words) {
				continue
			}
			for k, p := range ph {
				if string(word(i+k)) != p {
					continue phrases
				}
			}
			found = true
		}
	}
	return found
}

// wordSpans appends the [start, end) of each word of a member name to spans: words are split
// at '_', '-', '.', spaces and the humps of camelCase ("bankAccountNO": bank, account, no;
// "CVV2Code": cvv2, code; "URLValue": url, value). A digit stays with the word before it.
func wordSpans(spans [][2]int, key string) [][2]int {
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start {
			spans = append(spans, [2]int{start, end})
		}
		start = -1
	}
	isLower := func(c byte) bool { return 'a' <= c && c <= 'z' }
	isUpper := func(c byte) bool { return 'A' <= c && c <= 'Z' }
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case c == '_' || c == '-' || c == '.' || c == ' ':
			flush(i)
			continue
		case isUpper(c) && start >= 0:
			prev := key[i-1]
			if isLower(prev) || '0' <= prev && prev <= '9' || isUpper(prev) && i+1 < len(key) && isLower(key[i+1]) {
				flush(i)
			}
		}
		if start < 0 {
			start = i
		}
	}
	flush(len(key))
	return spans
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
// An array or object under a sensitive name has every string and number inside it masked
// ({"accountNumber":["3123456789"]}, {"card":{"cvv":{"value":"737"}}}), except inside the
// "errors" member of a problem details body, whose member names name the fields a validation
// message is about: there an array or object under a sensitive name is walked like any other
// value, so validation messages such as {"errors":{"pin":["PIN must be 4 digits"]}} stay
// readable (card numbers inside are still masked by Text).
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
		if out, ok := r.redactValid(doc, false); ok {
			return r.maskSecretsBytes(out)
		}
	}
	return []byte(r.maskText(string(r.redactLenient(body))))
}

// MaskValues masks body with the Default Redactor as values the SDK does not model (see
// Redactor.MaskValues).
func MaskValues(body []byte) []byte { return std.MaskValues(body) }

// MaskValues returns the JSON document body with every string and number value masked by
// mask.Mask, at any depth, keeping its structure, its member names (masked as JSON masks
// them), booleans and nulls: how the SDK prints what it does not model (unknown members, the
// members of an error body beyond its schema), by allowlist rather than by a list of the
// names that may hold a secret. Input that is not valid JSON becomes the JSON string
// "[REDACTED]".
func (r *Redactor) MaskValues(body []byte) []byte {
	doc := bytes.TrimPrefix(bytes.TrimSpace(body), []byte("\xef\xbb\xbf"))
	if json.Valid(doc) {
		if out, ok := r.redactValid(doc, true); ok {
			return r.maskSecretsBytes(out)
		}
	}
	return []byte(`"[REDACTED]"`)
}

// LogBody returns a request body as the request logs of the sandboxes and fakes print it: an
// empty body as it is, else MaskValues of it (every string and number value masked at any
// depth, member names and structure kept; a body that is not JSON becomes "[REDACTED]").
func LogBody(body []byte) []byte {
	if len(bytes.TrimSpace(body)) == 0 {
		return bytes.Clone(body)
	}
	return MaskValues(body)
}

// redactValid re-encodes a valid JSON document compactly, masking as JSON documents (all:
// masking every string and number, as MaskValues).
func (r *Redactor) redactValid(doc []byte, all bool) ([]byte, bool) {
	d := jsonx.NewDecoder(doc)
	out, err := r.redactValue(&d, make([]byte, 0, len(doc)+len(doc)/8), all, all, false)
	if err == nil {
		err = d.End()
	}
	return out, err == nil
}

// redactValue re-encodes the next value of d onto out: a string or number masked by mask.Mask
// when masked, else as JSON masks it; an object or array with every string and number inside
// masked when all. Inside messages (the "errors" member of a problem), a container under a
// sensitive name is walked like any other value.
func (r *Redactor) redactValue(d *jsonx.Decoder, out []byte, masked, all, messages bool) ([]byte, error) {
	switch d.Peek() {
	case '{':
		if _, err := d.ObjectStart(); err != nil {
			return nil, err
		}
		out = append(out, '{')
		for n := 0; ; n++ {
			key, more, err := d.Member()
			if err != nil || !more {
				return append(out, '}'), err
			}
			if n > 0 {
				out = append(out, ',')
			}
			name := memberName(key)
			sensitive := r.IsSensitiveKey(name)
			out = append(jsonx.AppendPlainString(out, r.maskText(name)), ':')
			out, err = r.redactValue(d, out, all || sensitive, all || sensitive && !messages,
				messages || strings.EqualFold(name, "errors"))
			if err != nil {
				return nil, err
			}
		}
	case '[':
		if err := d.ArrayStart(); err != nil {
			return nil, err
		}
		out = append(out, '[')
		for n := 0; ; n++ {
			more, err := d.Elem()
			if err != nil || !more {
				return append(out, ']'), err
			}
			if n > 0 {
				out = append(out, ',')
			}
			if out, err = r.redactValue(d, out, all, all, messages); err != nil {
				return nil, err
			}
		}
	case '"':
		var s string
		if err := jsonx.DecodeString(d, &s); err != nil {
			return nil, err
		}
		if masked {
			return jsonx.AppendPlainString(out, mask.Mask(s)), nil
		}
		return jsonx.AppendPlainString(out, r.maskText(s)), nil
	}
	v, err := d.Value() // a number, true, false or null
	switch {
	case err != nil:
		return nil, err
	case v[0] != '-' && (v[0] < '0' || v[0] > '9'):
		return append(out, v...), nil
	case masked:
		return jsonx.AppendPlainString(out, mask.Mask(string(v))), nil
	case r.ContainsSecret(string(v)):
		return jsonx.AppendPlainString(out, r.MaskSecrets(string(v))), nil
	}
	return append(out, v...), nil
}

// memberName returns a member name from [jsonx.Decoder.Member] as encoding/json decodes it:
// invalid UTF-8 replaced by U+FFFD.
func memberName(key []byte) string {
	if utf8.Valid(key) {
		return string(key)
	}
	return unquoteLenient(key)
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

// MaskMembers returns the members of extras with their values masked by MaskValues (nil
// values kept nil, and values that are not valid JSON kept, for the encoder to refuse), for
// the models' JSON outside the wire: the unknown members of a model are printed by allowlist.
// It returns nil for no members.
func MaskMembers(extras map[string]json.RawMessage) map[string]json.RawMessage {
	if len(extras) == 0 {
		return nil
	}
	out := make(map[string]json.RawMessage, len(extras))
	for k, v := range extras {
		if v != nil && json.Valid(v) {
			v = std.MaskValues(v)
		}
		out[k] = v
	}
	return out
}

// MaskUnknownMembers returns the JSON object body with the values of its top-level members
// that known does not name masked by MaskValues, the others kept as they are: an error body
// prints its schema's members (already masked as JSON masks them) and masks what the SDK
// does not model. A body that is not a JSON object is returned as it is.
func (r *Redactor) MaskUnknownMembers(body []byte, known func(name string) bool) []byte {
	doc := bytes.TrimPrefix(bytes.TrimSpace(body), []byte("\xef\xbb\xbf"))
	if len(doc) == 0 || doc[0] != '{' || !json.Valid(doc) {
		return body
	}
	d := jsonx.NewDecoder(doc)
	if _, err := d.ObjectStart(); err != nil {
		return body
	}
	out := append(make([]byte, 0, len(doc)), '{')
	for {
		key, more, err := d.Member()
		if err != nil {
			return body
		}
		if !more {
			return r.maskSecretsBytes(append(out, '}'))
		}
		raw, err := d.Value()
		if err != nil {
			return body
		}
		if len(out) > 1 {
			out = append(out, ',')
		}
		name := memberName(key)
		out = append(jsonx.AppendPlainString(out, r.maskText(name)), ':')
		if known(name) {
			out = append(out, raw...)
		} else {
			out = append(out, r.MaskValues(raw)...)
		}
	}
}
