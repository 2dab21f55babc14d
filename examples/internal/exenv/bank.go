package exenv

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"os"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
)

// Environment variables of the bank's APIs.
const (
	EnvBankURL            = "BANK_BASE_URL"
	EnvBankClientID       = "BANK_CLIENT_ID"
	EnvBankClientKey      = "BANK_CLIENT_KEY"
	EnvBankConsumerKey    = "BANK_CONSUMER_KEY"
	EnvBankConsumerSecret = "BANK_CONSUMER_SECRET"
	EnvBankClientCert     = "BANK_CLIENT_CERT"
	EnvBankClientKeyFile  = "BANK_CLIENT_KEY_FILE"
)

// bank is the configuration of a real bank read from the environment.
type bank struct {
	url   string
	tls   *tls.Config
	token *validation.BankTokens
}

// close ends the token source's background refresh.
func (b *bank) close() {
	_ = b.token.Close()
}

// bankFromEnv reads the bank's variables; nil, nil when BANK_BASE_URL is unset.
func bankFromEnv(ctx context.Context) (*bank, error) {
	base := os.Getenv(EnvBankURL)
	if base == "" {
		return nil, nil
	}
	b := &bank{url: base, tls: &tls.Config{MinVersion: tls.VersionTLS12}}
	certFile, keyFile := os.Getenv(EnvBankClientCert), os.Getenv(EnvBankClientKeyFile)
	switch {
	case certFile != "" && keyFile != "":
		cert, err := tls.LoadX509KeyPair(certFile, keyFile)
		if err != nil {
			return nil, fmt.Errorf("client certificate (%s, %s): %w", EnvBankClientCert, EnvBankClientKeyFile, err)
		}
		b.tls.Certificates = []tls.Certificate{cert}
	case certFile != "" || keyFile != "":
		return nil, fmt.Errorf("set both %s and %s, or neither", EnvBankClientCert, EnvBankClientKeyFile)
	}
	cred := validation.BankCredentials{
		ConsumerKey: os.Getenv(EnvBankConsumerKey), ConsumerSecret: os.Getenv(EnvBankConsumerSecret),
		ClientID: os.Getenv(EnvBankClientID), ClientSecret: os.Getenv(EnvBankClientKey),
	}
	if cred.ConsumerKey == "" || cred.ConsumerSecret == "" || cred.ClientID == "" || cred.ClientSecret == "" {
		return nil, errors.New("with " + EnvBankURL + " set " + EnvBankConsumerKey + ", " + EnvBankConsumerSecret +
			", " + EnvBankClientID + " and " + EnvBankClientKey)
	}
	ts, err := validation.BankTokenSource(ctx, base, cred, b.tls, nil)
	if err != nil {
		return nil, err
	}
	b.token = ts
	return b, nil
}

// Validation is an account-validation client, pointed at the bank or at an embedded sandbox.
type Validation struct {
	// Client is the client to use.
	Client *validation.Client
	// Sandbox is the embedded sandbox, or nil against the bank.
	Sandbox *validationtest.Server
	// Where says what the client points at.
	Where string
	close func()
}

// Close stops the sandbox or the token source.
func (v *Validation) Close() { v.close() }

// NewValidation returns an account-validation client for the bank named by BANK_BASE_URL,
// or for a sandbox started with sandbox when it is unset. opts apply to the client in both
// cases (a sandbox client gets them through validationtest.WithClientOptions).
func NewValidation(ctx context.Context, sandbox []validationtest.Option, opts ...validation.Option) (*Validation, error) {
	b, err := bankFromEnv(ctx)
	if err != nil {
		return nil, err
	}
	if b == nil {
		srv, err := validationtest.Start(append(sandbox, validationtest.WithClientOptions(opts...))...)
		if err != nil {
			return nil, err
		}
		return &Validation{Client: srv.Client(), Sandbox: srv, Where: "embedded sandbox at " + srv.URL, close: srv.Close}, nil
	}
	c, err := validation.New(b.url, append([]validation.Option{validation.WithTokenSource(b.token), validation.WithTLSConfig(b.tls)}, opts...)...)
	if err != nil {
		b.close()
		return nil, err
	}
	return &Validation{Client: c, Where: b.url, close: b.close}, nil
}

// Paging is a client of the bank's list endpoints, pointed at the bank or at an embedded
// sandbox.
type Paging struct {
	// Client is the client to use.
	Client *paging.Client
	// Sandbox is the embedded sandbox, or nil against the bank.
	Sandbox *pagingtest.Server
	// Where says what the client points at.
	Where string
	close func()
}

// Close stops the sandbox or the token source.
func (p *Paging) Close() { p.close() }

// NewPaging returns a client of the list endpoints of the bank named by BANK_BASE_URL, or of
// a sandbox started with sandbox when it is unset; opts apply to the client in both cases.
func NewPaging(ctx context.Context, sandbox []pagingtest.Option, opts ...paging.Option) (*Paging, error) {
	b, err := bankFromEnv(ctx)
	if err != nil {
		return nil, err
	}
	if b == nil {
		srv, err := pagingtest.Start(sandbox...)
		if err != nil {
			return nil, err
		}
		c, err := paging.New(srv.URL, append([]paging.Option{paging.WithStaticToken("sandbox-token")}, opts...)...)
		if err != nil {
			srv.Close()
			return nil, err
		}
		return &Paging{Client: c, Sandbox: srv, Where: "embedded sandbox at " + srv.URL, close: srv.Close}, nil
	}
	c, err := paging.New(b.url, append([]paging.Option{paging.WithTokenSource(b.token), paging.WithTLSConfig(b.tls)}, opts...)...)
	if err != nil {
		b.close()
		return nil, err
	}
	return &Paging{Client: c, Where: b.url, close: b.close}, nil
}

// BankConfigured reports whether BANK_BASE_URL points the examples at a real bank.
func BankConfigured() bool { return os.Getenv(EnvBankURL) != "" }
