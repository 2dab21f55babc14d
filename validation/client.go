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
func (c *Client) HealthCheck(ctx context.Context) (*HealthCheckResponse, error) {
	if err := checkVersion(c.version); err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/accounts/validations/"+c.version+"/healthCheck", nil)
	if err != nil {
		return nil, err
	}
	return sdkclient.JSON[HealthCheckResponse](c.pipeline.Do(req))
}

// BankCredentials are what the bank issues at onboarding for its token flow.
type BankCredentials = transport.BankCredentials

// BankTokenSource returns a cached, refreshing token source for the bank's client-credentials
// flow (POST {baseURL}/oauth/v1/token over mutual TLS). Pass it to WithTokenSource.
func BankTokenSource(ctx context.Context, baseURL string, cred BankCredentials, tlsConfig *tls.Config, hc *http.Client) (oauth2.TokenSource, error) {
	return transport.BankTokenSource(ctx, baseURL, cred, tlsConfig, hc)
}
