package transport

import (
	"context"
	"crypto/tls"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"
)

// BankTokenPath is where the bank issues bearer tokens.
const BankTokenPath = "/oauth/v1/token"

// bankTokenLifetime is the refresh period the bank documents (every 24 hours); it is used when
// the token response carries no expires_in.
const bankTokenLifetime = 24 * time.Hour

// BankCredentials are what the bank issues at onboarding for its token flow.
type BankCredentials struct {
	// ConsumerKey and ConsumerSecret are the application credentials, sent as HTTP Basic auth.
	ConsumerKey, ConsumerSecret string
	// ClientID and ClientSecret are sent in the form body as Id and Key.
	ClientID, ClientSecret string
}

// BankTokenSource returns a token source for the bank's client-credentials flow: POST
// {baseURL}/oauth/v1/token over mutual TLS (tlsConfig carries the client certificate), HTTP
// Basic consumer credentials, form fields Id, Key and grant_type=client_credentials, and an
// X-CorrelationId header. The token is cached and refreshed before it expires (24 hours when the
// response does not say). hc may be nil; its transport is cloned to apply tlsConfig.
func BankTokenSource(ctx context.Context, baseURL string, cred BankCredentials, tlsConfig *tls.Config, hc *http.Client) (oauth2.TokenSource, error) {
	u, err := url.Parse(strings.TrimRight(baseURL, "/") + BankTokenPath)
	if err != nil {
		return nil, err
	}
	if err := CheckSecure(u.Scheme, u.Hostname(), false); err != nil {
		return nil, err
	}
	if cred.ConsumerKey == "" || cred.ConsumerSecret == "" || cred.ClientID == "" || cred.ClientSecret == "" {
		return nil, errors.New("issuerkit: BankCredentials needs ConsumerKey, ConsumerSecret, ClientID and ClientSecret")
	}
	client, err := httpClientFor(hc, tlsConfig)
	if err != nil {
		return nil, err
	}
	cc := *client
	cc.Transport = correlationTransport{next: transportOf(client)}
	cfg := clientcredentials.Config{
		ClientID:       cred.ConsumerKey,
		ClientSecret:   cred.ConsumerSecret,
		TokenURL:       u.String(),
		AuthStyle:      oauth2.AuthStyleInHeader,
		EndpointParams: url.Values{"Id": {cred.ClientID}, "Key": {cred.ClientSecret}},
	}
	tokenCtx := context.WithValue(ctx, oauth2.HTTPClient, &cc)
	// cfg.Token fetches every time; SharedTokenSource does the caching (cfg.TokenSource would
	// cache a token without expiry forever).
	return NewSharedTokenSource(bankFetcher{fetch: func() (*oauth2.Token, error) { return cfg.Token(tokenCtx) }}), nil
}

func transportOf(c *http.Client) http.RoundTripper {
	if c.Transport != nil {
		return c.Transport
	}
	return http.DefaultTransport
}

// bankFetcher fetches a new token on every call and gives a token without expires_in the
// bank's documented lifetime, less a margin, so it is refreshed in time instead of being
// trusted forever.
type bankFetcher struct{ fetch func() (*oauth2.Token, error) }

func (d bankFetcher) Token() (*oauth2.Token, error) {
	t, err := d.fetch()
	if err == nil && t.Expiry.IsZero() {
		c := *t
		c.Expiry = time.Now().Add(bankTokenLifetime - 5*time.Minute)
		t = &c
	}
	return t, err
}

// correlationTransport adds an X-CorrelationId to the token request.
type correlationTransport struct{ next http.RoundTripper }

func (t correlationTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	r := req.Clone(req.Context())
	if r.Header.Get(CorrelationHeader) == "" {
		r.Header.Set(CorrelationHeader, newCorrelationID())
	}
	return t.next.RoundTrip(r)
}
