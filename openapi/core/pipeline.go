package core

import (
	"context"
	"net/http"

	"github.com/issuerkit/issuerkit-go/internal/settings"
)

// Middleware is a step of your own in a client's pipeline (WithCallMiddleware,
// WithAttemptMiddleware): it may read and change the request's headers and context, call next
// to send it on, and inspect or replace the response. OperationID(req.Context()) names the
// operation. A step never sees the Authorization header; for an operation that moves money or
// changes state a second call of next is refused with ErrResendRefused and sends nothing. A
// request pointed at another scheme or host is refused by next with ErrInvalidArgument and
// not sent: the credentials are added after the step, for the client's base URL only.
type Middleware = func(req *http.Request, next Next) (*http.Response, error)

// Next sends the request on through the rest of the pipeline.
type Next = func(*http.Request) (*http.Response, error)

// OperationID returns the operationId of the SDK call ctx belongs to (the context of the
// request a Middleware step or a RoundTripper gets), "" outside one.
func OperationID(ctx context.Context) string {
	if c, ok := ctx.Value(settings.CallKey{}).(settings.Call); ok {
		return c.OperationID()
	}
	return ""
}

// Attempt returns the 1-based attempt number of the request whose context is ctx (1 outside
// an SDK call).
func Attempt(ctx context.Context) int {
	if c, ok := ctx.Value(settings.CallKey{}).(settings.Call); ok {
		return c.Attempt()
	}
	return 1
}
