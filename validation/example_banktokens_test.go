package validation_test

import (
	"context"
	"crypto/tls"
	"log"
	"os"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/validation"
)

// BankTokenSource serves the bank's clients (validation and paging) one cached, refreshing
// token; Close stops it when the clients are done. (Not run: it needs the bank and a client
// certificate.)
func ExampleBankTokenSource() {
	ctx := context.Background()
	cert, err := tls.LoadX509KeyPair(os.Getenv("BANK_CLIENT_CERT"), os.Getenv("BANK_CLIENT_KEY_FILE"))
	if err != nil {
		log.Fatal(err)
	}
	tlsConfig := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	bankURL := os.Getenv("BANK_BASE_URL")
	ts, err := validation.BankTokenSource(ctx, bankURL, validation.BankCredentials{
		ConsumerKey: os.Getenv("BANK_CONSUMER_KEY"), ConsumerSecret: os.Getenv("BANK_CONSUMER_SECRET"),
		ClientID: os.Getenv("BANK_CLIENT_ID"), ClientSecret: os.Getenv("BANK_CLIENT_KEY"),
	}, tlsConfig, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer ts.Close() // no token request, and no refresh, after this

	v, err := validation.New(bankURL, validation.WithTokenSource(ts), validation.WithTLSConfig(tlsConfig))
	if err != nil {
		log.Fatal(err)
	}
	b, err := paging.New(bankURL, paging.WithTokenSource(ts), paging.WithTLSConfig(tlsConfig))
	if err != nil {
		log.Fatal(err)
	}
	_, _ = v, b
}
