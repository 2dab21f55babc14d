package sdkclient

import (
	"context"
	"crypto/tls"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/redact"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"
)

// BankTokenPath is where the bank issues bearer tokens.
const BankTokenPath = "/oauth/v1/token"

// bankTokenLifetime is the refresh period the bank documents (every 24 hours); it is used when
// the token response carries no expires_in.
const bankTokenLifetime = 24 * time.Hour

// bankFetchTimeout bounds one token request, so that a stalled token endpoint cannot hold
// the refresh (and its goroutine) forever.
const bankFetchTimeout = 30 * time.Second

// BankTokenSource returns a token source for the bank's client-credentials flow: POST
// {baseURL}/oauth/v1/token over mutual TLS (tlsConfig carries the client certificate), HTTP
// Basic consumer credentials, form fields Id, Key and grant_type=client_credentials, and an
// X-CorrelationId header. The token is cached, shared by every caller, and refreshed shortly
// before it expires (24 hours when the response does not say); see SharedTokenSource. hc may
// be nil; its transport is cloned to apply tlsConfig, and a redirect of the token request to
// another origin is refused.
//
// ctx is used for its values only: refreshes run on a context owned by the source, which ends
// with Close, so a request-scoped ctx that ends after start-up does not break later refreshes.
// Each token request is bounded by 30 seconds. Close ends the source (see
// SharedTokenSource.Close). Its four credentials, their URL-encoded forms and the base64 value
// of the Basic Authorization header are masked in every error and log of a pipeline that uses
// it, and in
// its own errors.
func BankTokenSource(ctx context.Context, baseURL string, cred core.BankCredentials, tlsConfig *tls.Config, hc *http.Client) (*SharedTokenSource, error) {
	u, err := url.Parse(strings.TrimRight(baseURL, "/") + BankTokenPath)
	if err != nil {
		return nil, fmt.Errorf("issuerkit: invalid bank base URL: %w", err)
	}
	if err := CheckSecure(u.Scheme, u.Hostname(), false); err != nil {
		return nil, err
	}
	if cred.ConsumerKey == "" || cred.ConsumerSecret == "" || cred.ClientID == "" || cred.ClientSecret == "" {
		return nil, errors.New("issuerkit: core.BankCredentials needs ConsumerKey, ConsumerSecret, ClientID and ClientSecret")
	}
	secrets := append([]string{cred.ConsumerKey, cred.ConsumerSecret, cred.ClientID, cred.ClientSecret},
		basicForms(cred.ConsumerKey, cred.ConsumerSecret)...)
	red := redact.New(redact.Config{Secrets: secrets})
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
	// cfg.Token fetches every time; SharedTokenSource does the caching (cfg.TokenSource would
	// cache a token without expiry forever).
	fetch := func(ctx context.Context) (*oauth2.Token, error) {
		ctx, cancel := context.WithTimeout(ctx, bankFetchTimeout)
		defer cancel()
		t, err := cfg.Token(context.WithValue(ctx, oauth2.HTTPClient, &cc))
		if err != nil {
			return nil, cleanTokenError(err, red)
		}
		if t.Expiry.IsZero() {
			// The bank's documented lifetime, less a margin, so the token is refreshed in time
			// instead of being trusted forever.
			c := *t
			c.Expiry = time.Now().Add(bankTokenLifetime - 5*time.Minute)
			t = &c
		}
		return t, nil
	}
	return newSharedTokenSource(context.WithoutCancel(ctx), fetch, secrets), nil
}

// basicForms returns the encoded values of the HTTP Basic credentials a token request carries,
// so that an endpoint echoing its Authorization header does not leak them in base64: the
// user and password as sent (URL-encoded first, as golang.org/x/oauth2 does) and as given,
// each in padded and unpadded standard base64.
func basicForms(user, password string) []string {
	var out []string
	for _, pair := range [...]string{
		url.QueryEscape(user) + ":" + url.QueryEscape(password),
		user + ":" + password,
	} {
		out = append(out, base64.StdEncoding.EncodeToString([]byte(pair)), base64.RawStdEncoding.EncodeToString([]byte(pair)))
	}
	return out
}

// cleanTokenError masks the credentials in a token request's error: an
// *oauth2.RetrieveError keeps its type but has its texts masked and its Response reduced to
// the status and masked headers (the original's Request carries the Basic credentials).
func cleanTokenError(err error, red *redact.Redactor) error {
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) {
		return cleanError(err, red)
	}
	c := *re
	c.Body = red.JSON(re.Body)
	c.ErrorCode, c.ErrorDescription, c.ErrorURI = red.Text(re.ErrorCode), red.Text(re.ErrorDescription), red.Text(re.ErrorURI)
	if r := re.Response; r != nil {
		c.Response = &http.Response{
			Status: r.Status, StatusCode: r.StatusCode, Proto: r.Proto, ProtoMajor: r.ProtoMajor, ProtoMinor: r.ProtoMinor,
			Header: red.ErrorHeader(r.Header), Body: http.NoBody, ContentLength: r.ContentLength,
		}
	}
	return &c
}

func transportOf(c *http.Client) http.RoundTripper {
	if c.Transport != nil {
		return c.Transport
	}
	return http.DefaultTransport
}

// correlationTransport adds an X-CorrelationId to the token request.
type correlationTransport struct{ next http.RoundTripper }

func (t correlationTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	r := req.Clone(req.Context())
	if r.Header.Get(CorrelationHeader) == "" {
		r.Header.Set(CorrelationHeader, NewUUID())
	}
	return t.next.RoundTrip(r)
}
