// Package exenvtest helps the examples' tests.
package exenvtest

import (
	"testing"

	"github.com/issuerkit/issuerkit-go/examples/internal/exenv"
)

// Unset clears, for the test t, every variable that would point an example at a real
// server, so that it runs against the embedded sandboxes.
func Unset(t testing.TB) {
	t.Helper()
	for _, k := range []string{exenv.EnvCardPlatformURL, exenv.EnvCardPlatformToken, exenv.EnvCardPlatformProgram, exenv.EnvBankURL, exenv.EnvBankClientID,
		exenv.EnvBankClientKey, exenv.EnvBankConsumerKey, exenv.EnvBankConsumerSecret, exenv.EnvBankClientCert, exenv.EnvBankClientKeyFile} {
		t.Setenv(k, "")
	}
}
