package transport

import (
	"context"
	"net/http"

	"github.com/google/uuid"
)

// CorrelationHeader is the header that carries the correlation id end to end.
const CorrelationHeader = "X-CorrelationId"

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
	if id := resp.Header.Get(CorrelationHeader); id != "" {
		return id
	}
	if resp.Request != nil {
		return resp.Request.Header.Get(CorrelationHeader)
	}
	return ""
}

// correlationPolicy keeps the caller's X-CorrelationId header, else takes one from the
// context, else makes a new UUID; the id is recorded for errors and logs.
type correlationPolicy struct{}

func (correlationPolicy) Do(req *http.Request, next Next) (*http.Response, error) {
	id := req.Header.Get(CorrelationHeader)
	if id == "" {
		id, _ = req.Context().Value(correlationKey{}).(string)
	}
	if id == "" {
		id = newCorrelationID()
	}
	req.Header.Set(CorrelationHeader, id)
	infoOf(req).correlationID = id
	return next(req)
}

func newCorrelationID() string { return uuid.NewString() }
