package sdkclient

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/internal/redact"
	"github.com/issuerkit/issuerkit-go/internal/transport"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// maxSuccessBody caps a JSON success body the SDK decodes into memory (streams such as file
// downloads are not decoded here).
const maxSuccessBody = 64 << 20

// errTooLarge is the DecodeError cause of a success body over maxSuccessBody.
var errTooLarge = fmt.Errorf("body larger than %d bytes", maxSuccessBody)

// JSON finishes a call whose success body is JSON: it passes err through, else decodes the
// body into a new T, drains and closes the body. Unknown fields are ignored so that new server
// fields never break a caller. The body is read whole (at most 64 MiB) into a pooled buffer
// and decoded by the SDK's own decoder (jsonx.UnmarshalLimited: the generated models' and
// lists of models' decoders, never encoding/json's engine for them); the body must hold one
// JSON value and nothing but white space after it. A body that is lost or does not decode is
// a *DecodeError, inside an *core.OutcomeUnknownError for an operation that must not be
// repeated (the 2xx says it ran).
func JSON[T any](resp *http.Response, err error) (*T, error) {
	if err != nil {
		return nil, err
	}
	return decodeBody[T](resp, jsonx.Limit{})
}

// decodeBody is JSON for a response, the items of a page or list bounded by lim (a
// *DecodeError with core.ErrTooManyItems for one more).
func decodeBody[T any](resp *http.Response, lim jsonx.Limit) (*T, error) {
	buf := getBuf(resp.ContentLength)
	defer putBuf(buf)
	data, rerr := readBody(resp, buf)
	transport.DrainAndClose(resp.Body)
	if rerr != nil && isTimeout(rerr) {
		// The call's time limit ended the read: a timeout (an unknown outcome for an unsafe
		// request), not a body that failed to decode.
		return nil, rerr
	}
	v := new(T)
	if rerr == nil {
		rerr = unmarshal(v, data, lim)
	}
	if rerr != nil {
		// The status said the operation ran: for a write, an outcome unknown that is still
		// a *DecodeError (transport.AnswerLost).
		return nil, transport.AnswerLost(resp, NewDecodeError(resp, rerr))
	}
	return v, nil
}

// isTimeout reports whether err is or wraps a *core.TimeoutError (a function of its own so
// that the target of errors.As is allocated only when there is an error to look into).
func isTimeout(err error) bool {
	var te *core.TimeoutError
	return errors.As(err, &te)
}

// NewDecodeError returns the *DecodeError of resp, a 2xx whose body did not decode with err.
// Its text goes through the call's redactor like every other error of the call (the
// credentials the call sent, the client's secret values, card numbers and SSNs are masked),
// and the literal of a JSON number that encoding/json quotes is shown as an excerpt: err itself
// is kept only when nothing had to be masked, else replaced by an error with the masked text
// that still matches what err matched with errors.Is.
func NewDecodeError(resp *http.Response, err error) *core.DecodeError {
	red := transport.ResponseRedactor(resp)
	return &core.DecodeError{
		StatusCode:    resp.StatusCode,
		CorrelationID: red.Text(transport.CorrelationID(resp)), // the server may echo anything
		Err:           MaskCause(red, err),
	}
}

// MaskCause returns err when its text holds nothing red masks, else an error whose text is
// masked by red, with the number literals encoding/json quotes (a *json.UnmarshalTypeError's
// "number 4111…") shown as jsonx.Excerpt. The masked error matches what err matched with
// errors.Is but does not unwrap to it, since err's fields may hold the secret.
func MaskCause(red *redact.Redactor, err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	masked := msg
	var ute *json.UnmarshalTypeError
	if errors.As(err, &ute) {
		if lit, ok := strings.CutPrefix(ute.Value, "number "); ok {
			masked = strings.ReplaceAll(masked, ute.Value, "number "+jsonx.Excerpt(lit))
		}
	}
	masked = red.Text(masked)
	if masked == msg {
		return err
	}
	return &maskedCause{msg: masked, err: err}
}

// maskedCause is an error whose text held something to mask (see MaskCause).
type maskedCause struct {
	msg string
	err error
}

func (e *maskedCause) Error() string { return e.msg }

// Is reports whether the original error matches target.
func (e *maskedCause) Is(target error) bool { return errors.Is(e.err, target) }

// unmarshal decodes data into v with jsonx.UnmarshalLimited, the items bounded by lim. An
// empty body, and null, are errors of their own.
func unmarshal(v any, data []byte, lim jsonx.Limit) error {
	if len(trimSpace(data)) == 0 {
		return errors.New("empty body")
	}
	if string(trimSpace(data)) == "null" {
		// A success that promises a record or a list and sends null would otherwise decode
		// into an empty record or a nil list: nothing is decoded into silence.
		return errors.New("null body")
	}
	return jsonx.UnmarshalLimited(data, v, lim)
}

// readBody reads resp's body into *buf (growing it), up to maxSuccessBody bytes.
func readBody(resp *http.Response, buf *[]byte) ([]byte, error) {
	if resp.ContentLength > maxSuccessBody {
		return nil, errTooLarge
	}
	b := (*buf)[:0]
	for {
		if len(b) == cap(b) {
			b = growBuf(b, resp.ContentLength)
		}
		n, err := resp.Body.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if len(b) > maxSuccessBody {
			*buf = b
			return nil, errTooLarge
		}
		if err == io.EOF {
			*buf = b
			return b, nil
		}
		if err != nil {
			*buf = b
			return nil, err
		}
	}
}

// growBuf returns b, full, copied into a buffer of twice its capacity (at least minBuf), or of
// the announced length n and one byte more when that is less and b already holds more than
// half of it: a buffer grows only with the bytes that arrived, and reading a body allocates at
// most about twice its size in all (append's growth, 1.25× for large slices, cost five times
// the body: 5.4 MB for an answer of 1 MiB, issue 34).
func growBuf(b []byte, n int64) []byte {
	c := max(2*cap(b), minBuf)
	if n > int64(len(b)) && n < int64(c) {
		c = int(n) + 1
	}
	c = min(c, maxSuccessBody+1)
	grown := make([]byte, len(b), c)
	copy(grown, b)
	return grown
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\n' || b[0] == '\r') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}
