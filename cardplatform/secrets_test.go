package cardplatform_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestModelsNeverLogSecrets logs models holding a PAN, CVV, PIN and track data through fmt and
// both slog handlers: the values must not appear, the rest of the model must.
func TestModelsNeverLogSecrets(t *testing.T) {
	const pan, cvv, pin, track = "4111111111111111", "737", "4821", "B4111111111111111^DOE/JOHN^2812"
	proxy := "proxy-123"
	amount, err := core.ParseDecimal("12.50")
	require.NoError(t, err)
	inv := []cardplatform.Invoice{{InvoiceAmount: amount}}
	card := &cardplatform.CardDTO{
		CardProxy:           proxy,
		CardNumber:          core.NewSecret(pan),
		CVV:                 core.NewSecret(cvv),
		SupplementalDetails: cardplatform.SupplementalDetails{Invoices: inv},
	}
	fulfil := cardplatform.EncryptedFulfillmentDetails{PIN: core.NewSecret(pin), Track1: core.NewSecret(track)}

	var out bytes.Buffer
	fmt.Fprintf(&out, "%v %+v %#v %s\n", card, *card, fulfil, card.CardNumber)
	slog.New(slog.NewJSONHandler(&out, leaktest.NoTime(nil))).Info("card", "card", card, "fulfilment", fulfil)
	slog.New(slog.NewTextHandler(&out, leaktest.NoTime(nil))).Info("card", "card", card, "fulfilment", fulfil)
	logged := out.String()
	for _, secret := range []string{pan, `"` + cvv + `"`, `"` + pin + `"`, track} {
		assert.NotContains(t, logged, secret)
	}
	assert.Contains(t, logged, "proxy-123")
	assert.Contains(t, logged, "12.50", "amounts are logged exactly")
	assert.Contains(t, logged, "1111", "the last four digits still tell cards apart")
}
