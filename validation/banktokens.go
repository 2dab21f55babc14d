package validation

import (
	"context"
	"crypto/tls"
	"net/http"

	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"golang.org/x/oauth2"
)

// BankTokenSource returns a cached, refreshing token source for the bank's client-credentials
// flow (POST {baseURL}/oauth/v1/token over mutual TLS). Pass it to core.WithTokenSource (one
// source can serve a validation and a paging client), and call its Close when the clients are
// no longer used.
func BankTokenSource(ctx context.Context, baseURL string, cred core.BankCredentials, tlsConfig *tls.Config, hc *http.Client) (*BankTokens, error) {
	s, err := sdkclient.BankTokenSource(ctx, baseURL, cred, tlsConfig, hc)
	if err != nil {
		return nil, err
	}
	return &BankTokens{s}, nil
}

// sharedTokenSource names the embedded source of BankTokens without exporting it.
type sharedTokenSource = sdkclient.SharedTokenSource

// BankTokens is the token source BankTokenSource returns: an oauth2.TokenSource whose token is
// cached, shared by every client it is given to, and refreshed in the background shortly
// before it expires. Its credentials are masked in every error and log of those clients.
type BankTokens struct {
	*sharedTokenSource
}

// Token returns the cached token while it is good, else fetches one (one request at a time,
// shared by every caller). After Close it fails with an error matching ErrTokenSource.
func (b *BankTokens) Token() (*oauth2.Token, error) { return b.sharedTokenSource.Token() }

// Close stops the source: a token request in flight is cancelled, no refresh (in the
// background or on demand) starts again, and every later call of a client using the source
// fails with ErrTokenSource before sending. It returns nil and is safe to call more than once.
func (b *BankTokens) Close() error { return b.sharedTokenSource.Close() }
