package validation

import (
	"context"

	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// CheckedAt returns Timestamp parsed as a date-time without zone (2024-05-01T10:20:30, with
// optional fractional seconds), and false when it is empty or not a date-time. Timestamp is
// free text in the bank's published file and only informative, so text that does not parse
// is kept as sent in Timestamp and never fails the health check.
func (h *HealthCheckResponse) CheckedAt() (core.Timestamp, bool) {
	ts, err := core.ParseTimestamp(h.Timestamp)
	if err != nil {
		return core.Timestamp{}, false
	}
	return ts, true
}

// HealthCheck checks connectivity to the service, on the path of the configured version.
//
// It is a read: retried after a connection failure or a 408, 429, 500, 502, 503 or 504 answer.
// Every non-2xx answer is a *[core.Error] unwrapping to the bank's *[core.BankError].
func (c *Client) HealthCheck(ctx context.Context, opts ...core.CallOption) (*HealthCheckResponse, error) {
	op := opCheckHealth
	if c.core.APIVersion == v2 {
		op = opCheckHealthV2
	}
	r := sdkclient.Request{Op: op, Path: "/accounts/validations/" + c.core.APIVersion + "/healthCheck"}
	return sdkclient.Call[HealthCheckResponse](ctx, &c.core, r, opts)
}
