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

// bankTokenLifetime is the refresh period the bank documents, for an answer without expires_in.
const bankTokenLifetime = 24 * time.Hour

// bankFetchTimeout bounds one token request.
const bankFetchTimeout = 30 * time.Second

// BankTokenSource returns a token source for the bank's client-credentials flow: POST
// {baseURL}/oauth/v1/token over mutual TLS (tlsConfig), HTTP Basic consumer credentials, form
// fields Id, Key and grant_type=client_credentials, and an X-CorrelationId header; cached and
// refreshed as SharedTokenSource says (24 hours when the answer gives no lifetime). hc may be
// nil; its transport is cloned to apply tlsConfig. ctx gives its values only (refreshes run on
// the source's own context), each token request is bounded by 30 seconds, and the
// credentials, in every form they are sent, are masked in every error and log.
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

// basicForms returns the base64 forms (padded or not) of the HTTP Basic credentials, URL-encoded
// first as golang.org/x/oauth2 sends them and as given: an echoed Authorization header is masked.
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

// cleanTokenError masks the credentials in a token request's error; an *oauth2.RetrieveError
// keeps its type, its Response reduced to the status and masked headers (its Request holds
// the Basic credentials).
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
