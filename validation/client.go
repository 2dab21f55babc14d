package validation

import (
	"context"
	"crypto/tls"
	"net/http"

	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/internal/transport"
	"golang.org/x/oauth2"
)

// HealthCheck checks connectivity to the service, on the path of the configured version.
//
// It is a read: retried after a connection failure or a 408, 429, 500, 502, 503 or 504 answer.
// Every non-2xx answer is an *Error unwrapping to the bank's *BankError.
func (c *Client) HealthCheck(ctx context.Context, opts ...CallOption) (*HealthCheckResponse, error) {
	if err := checkVersion(c.core.Version); err != nil {
		return nil, err
	}
	op := opCheckHealth
	if c.core.Version == V2 {
		op = opCheckHealthV2
	}
	r := sdkclient.Request{Op: op, Path: "/accounts/validations/" + c.core.Version + "/healthCheck"}
	return sdkclient.Call[HealthCheckResponse](ctx, &c.core, r, opts)
}

var (
	opCheckHealth   = operations.Op("checkHealth")
	opCheckHealthV2 = operations.Op("checkHealthV2")
)

// BankCredentials are what the bank issues at onboarding for its token flow.
type BankCredentials = transport.BankCredentials

// BankTokenSource returns a cached, refreshing token source for the bank's client-credentials
// flow (POST {baseURL}/oauth/v1/token over mutual TLS). Pass it to WithTokenSource.
func BankTokenSource(ctx context.Context, baseURL string, cred BankCredentials, tlsConfig *tls.Config, hc *http.Client) (oauth2.TokenSource, error) {
	return transport.BankTokenSource(ctx, baseURL, cred, tlsConfig, hc)
}
