package validation_test

import (
	"context"
	"crypto/tls"
	"log"
	"os"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/validation"
)

// BankTokenSource serves the bank's clients (validation and paging) one cached, refreshing
// token over mutual TLS; Close stops it when the clients are done. Both clients speak the bank's
// published API with no switch. (Not run: it needs the bank and a client certificate.)
func ExampleBankTokenSource() {
	ctx := context.Background()
	bankURL := os.Getenv("BANK_BASE_URL")

	// Mutual TLS: the client certificate and key the bank issued at onboarding (PEM files).
	cert, err := tls.LoadX509KeyPair(os.Getenv("BANK_CLIENT_CERT"), os.Getenv("BANK_CLIENT_KEY_FILE"))
	if err != nil {
		log.Fatal(err)
	}
	tlsConfig := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}

	// POST {bankURL}/oauth/v1/token; ctx lends only its values: the source refreshes on its own.
	ts, err := validation.BankTokenSource(ctx, bankURL, core.BankCredentials{
		ConsumerKey:    os.Getenv("BANK_CONSUMER_KEY"),    // HTTP Basic user of the token request
		ConsumerSecret: os.Getenv("BANK_CONSUMER_SECRET"), // HTTP Basic password
		ClientID:       os.Getenv("BANK_CLIENT_ID"),       // form field Id
		ClientSecret:   os.Getenv("BANK_CLIENT_KEY"),      // form field Key
	}, tlsConfig, nil) // nil: the token requests use an *http.Client built with tlsConfig
	if err != nil {
		log.Fatal(err)
	}
	defer ts.Close() // no token request, and no refresh, after this

	v, err := validation.New(bankURL, core.WithTokenSource(ts), core.WithTLSConfig(tlsConfig))
	if err != nil {
		log.Fatal(err)
	}
	b, err := paging.New(bankURL, core.WithTokenSource(ts), core.WithTLSConfig(tlsConfig))
	if err != nil {
		log.Fatal(err)
	}
	_, _ = v, b
}
