package sdkclient

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"

	"github.com/google/uuid"
)

// CorrelationHeader is the header that carries the correlation id end to end.
const CorrelationHeader = "X-CorrelationId"

// correlationKeyCanon is CorrelationHeader as http.Header stores it.
const correlationKeyCanon = "X-Correlationid"

type correlationKey struct{}

// WithCorrelationID returns a context whose requests carry id as their X-CorrelationId, so a
// caller can tie SDK calls to its own trace. Without it, each call gets a new UUID.
func WithCorrelationID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, correlationKey{}, id)
}

// CorrelationID returns the correlation id of a response: the server's echo when present,
// else the id the SDK sent.
func CorrelationID(resp *http.Response) string {
	if resp == nil {
		return ""
	}
	if id := resp.Header.Get(correlationKeyCanon); id != "" {
		return id
	}
	if resp.Request != nil {
		return resp.Request.Header.Get(correlationKeyCanon)
	}
	return ""
}

// setCorrelation sends and records the call's correlation id: the call's own, else the
// request's header, else the context's (WithCorrelationID, refused when invalid), else a new
// UUID.
func setCorrelation(req *http.Request, ci *callInfo) error {
	id := ci.correlationID()
	if id == "" {
		id = req.Header.Get(correlationKeyCanon)
	}
	if id == "" {
		id, _ = req.Context().Value(correlationKey{}).(string)
		if err := checkCorrelationID(id); err != nil {
			return err
		}
	}
	if id == "" {
		id = NewUUID()
	}
	// The header's value lives in the call's state: no allocation of its own.
	ci.correlation[0] = id
	req.Header[correlationKeyCanon] = ci.correlation[:]
	return nil
}

// NewUUID returns a random (version 4) UUID in its 36-character text form, with one
// allocation (uuid.NewString makes two): a new correlation id, and the value of a header
// parameter marked x-issuerkit-generated: uuid (the bank's x-fapi-interaction-id) that the
// caller left empty.
func NewUUID() string {
	var u uuid.UUID
	_, _ = rand.Read(u[:])  // crypto/rand.Read never fails; it ends the program instead
	u[6] = u[6]&0x0f | 0x40 // version 4
	u[8] = u[8]&0x3f | 0x80 // RFC 4122 variant
	var buf [36]byte
	hex.Encode(buf[0:8], u[0:4])
	buf[8] = '-'
	hex.Encode(buf[9:13], u[4:6])
	buf[13] = '-'
	hex.Encode(buf[14:18], u[6:8])
	buf[18] = '-'
	hex.Encode(buf[19:23], u[8:10])
	buf[23] = '-'
	hex.Encode(buf[24:], u[10:])
	return string(buf[:])
}
