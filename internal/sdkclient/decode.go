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
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// maxSuccessBody caps a JSON success body the SDK decodes into memory.
const maxSuccessBody = 64 << 20

// errTooLarge is the DecodeError cause of a success body over maxSuccessBody.
var errTooLarge = fmt.Errorf("body larger than %d bytes", maxSuccessBody)

// JSON finishes a call whose success body is JSON: it passes err through, else reads the body
// whole (at most 64 MiB, readBody) and decodes it into a new T with the SDK's own decoder
// (jsonx.UnmarshalLimited; unknown fields kept, one JSON value and white space only). A body
// that is lost or does not decode is a *DecodeError, inside an *core.OutcomeUnknownError for
// an unsafe operation (AnswerLost: the 2xx says it ran).
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
	DrainAndClose(resp.Body)
	if rerr != nil && isTimeout(rerr) { // limitedBody made it an outcome unknown already
		return nil, rerr
	}
	v := new(T)
	if rerr == nil {
		rerr = unmarshal(v, data, lim)
	}
	if rerr != nil {
		return nil, AnswerLost(resp, NewDecodeError(resp, rerr))
	}
	return v, nil
}

// isTimeout reports whether err is or wraps a *core.TimeoutError (a function of its own: the
// target of errors.As is allocated only when there is an error).
func isTimeout(err error) bool {
	var te *core.TimeoutError
	return errors.As(err, &te)
}

// NewDecodeError returns the *DecodeError of resp, a 2xx whose body did not decode with err,
// its text masked by the call's redactor (MaskCause).
func NewDecodeError(resp *http.Response, err error) *core.DecodeError {
	red := ResponseRedactor(resp)
	return &core.DecodeError{
		StatusCode:    resp.StatusCode,
		CorrelationID: red.Text(CorrelationID(resp)), // the server may echo anything
		Err:           MaskCause(red, err),
	}
}

// MaskCause returns err when its text holds nothing red masks, else a maskedError of its text
// masked by red, the number literals encoding/json quotes ("number 4111…") as jsonx.Excerpt.
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
	return &maskedError{msg: masked, err: err}
}

// unmarshal decodes data into v with jsonx.UnmarshalLimited, the items bounded by lim. An
// empty body, and null, are errors of their own.
func unmarshal(v any, data []byte, lim jsonx.Limit) error {
	if len(trimSpace(data)) == 0 {
		return errors.New("empty body")
	}
	if string(trimSpace(data)) == "null" { // not an empty record or a nil list
		return errors.New("null body")
	}
	return jsonx.UnmarshalLimited(data, v, lim)
}

// readBody reads resp's body whole, up to maxSuccessBody bytes. A body of up to maxPooledBuf
// bytes is read into *buf, the pooled buffer, which grows with the bytes that arrive and goes
// back to the pool grown. A longer one goes on into chunks never copied as they grow, then:
//
//   - with a Content-Length, once half of it arrived, into one buffer of that length and a
//     byte more: at most 1.5 times a body as long as announced, 3 times the bytes of one that
//     stops short (an announcement is a claim: nothing is reserved for it before half is there);
//   - without one, into chunks each a quarter of the bytes so far (at least 64 KiB), joined at
//     the end: at most 2.25 times the body and 64 KiB.
//
// TestReadBodyCostIsAFixedMultiple checks the multiples.
func readBody(resp *http.Response, buf *[]byte) ([]byte, error) {
	announced := resp.ContentLength
	if announced > maxSuccessBody {
		return nil, errTooLarge
	}
	cur := (*buf)[:0]
	var full [][]byte // the chunks filled before cur, in order
	total := 0        // the bytes in full
	for {
		var err error
		cur, err = fill(resp.Body, cur)
		if total+len(cur) > maxSuccessBody {
			return nil, errTooLarge
		}
		if err == io.EOF {
			return join(full, total, cur), nil
		}
		if err != nil {
			return nil, err
		}
		// cur is full and the body goes on.
		if full == nil && cap(cur) < maxPooledBuf {
			cur = growBuf(cur, announced)
			*buf = cur // back to the pool grown
			continue
		}
		full = append(full, cur)
		total += len(cur)
		if half := (announced + 2) / 2; announced > int64(total) && int64(total) >= half {
			exact := make([]byte, 0, announced+1)
			for _, c := range full {
				exact = append(exact, c...)
			}
			full, total, cur = [][]byte{}, 0, exact // not nil: the pooled buffer is done
			continue
		}
		cur = make([]byte, 0, chunkSize(total, announced))
	}
}

// growBuf returns b, full, copied into a buffer of twice its capacity (at least minBuf), or of
// the announced length n and a byte more when that is less, never over maxPooledBuf.
func growBuf(b []byte, n int64) []byte {
	c := max(2*cap(b), minBuf)
	if n > int64(len(b)) && n < int64(c) {
		c = int(n) + 1
	}
	c = min(c, maxPooledBuf)
	grown := make([]byte, len(b), c)
	copy(grown, b)
	return grown
}

// minChunk is the smallest chunk readBody reads into once the pooled buffer is full.
const minChunk = maxPresize

// chunkSize returns the size of the chunk read after total bytes of a body announced as n
// bytes (n < 0: not): up to half of n and no more than total, else a quarter of total, at
// least minChunk; never past maxSuccessBody and one byte.
func chunkSize(total int, n int64) int {
	var size int
	if half := int((n + 2) / 2); n > int64(total) && half > total {
		size = min(total, half-total)
	} else {
		size = max(total/4, minChunk)
	}
	return max(min(size, maxSuccessBody+1-total), 1)
}

// fill reads from r into b until b is full, or r fails or ends (io.EOF).
func fill(r io.Reader, b []byte) ([]byte, error) {
	for len(b) < cap(b) {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err != nil {
			return b, err
		}
	}
	return b, nil
}

// join returns the chunks full (total bytes) followed by last, in one buffer of the exact
// size; last itself when there are no chunks.
func join(full [][]byte, total int, last []byte) []byte {
	if len(full) == 0 {
		return last
	}
	out := make([]byte, 0, total+len(last))
	for _, c := range full {
		out = append(out, c...)
	}
	return append(out, last...)
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
