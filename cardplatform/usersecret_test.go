package cardplatform_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// userPayout is a user's own struct holding Secrets, as a service would log it.
type userPayout struct {
	Card core.Secret
	CVV  core.Secret
	Acct core.Secret
	SSN  *core.Secret
	List []core.Secret
	Map  map[string]core.Secret
}

// TestSecretInAUsersStructNeverPrintsOrMarshals: slog's JSON handler encodes a user's struct
// with encoding/json, which wrote every Secret in clear (PAN+CVV, account number+SSN seen).
// The safe form is the default everywhere a user's tools print or marshal; the value itself
// comes out only through Reveal and the SDK's own wire encoder.
func TestSecretInAUsersStructNeverPrintsOrMarshals(t *testing.T) {
	const pan, cvv, acct, ssn = "4111111111111111", "737", "9876543210123", "123-45-6789"
	ssnSecret := core.NewSecret(ssn)
	p := userPayout{
		Card: core.NewSecret(pan), CVV: core.NewSecret(cvv), Acct: core.NewSecret(acct), SSN: &ssnSecret,
		List: []core.Secret{core.NewSecret(pan)}, Map: map[string]core.Secret{"k": core.NewSecret(cvv)},
	}
	var out bytes.Buffer
	slog.New(slog.NewJSONHandler(&out, leaktest.NoTime(nil))).Info("payout", "p", p, "ptr", &p, "card", p.Card)
	slog.New(slog.NewTextHandler(&out, leaktest.NoTime(nil))).Info("payout", "p", p, "ptr", &p)
	js, err := json.Marshal(p)
	require.NoError(t, err)
	out.Write(js)
	txt, err := p.Card.MarshalText()
	require.NoError(t, err)
	out.Write(txt)
	fmt.Fprintf(&out, "%v %+v %#v %s %q %x", p, p, p, p.Card, p.Card, p.Card)
	printed := out.String()
	for _, secret := range []string{pan, `"` + cvv + `"`, acct, ssn} {
		assert.NotContains(t, printed, secret)
	}
	assert.Contains(t, printed, "1111", "the last four still tell cards apart")
	assert.Equal(t, pan, p.Card.Reveal(), "Reveal is the way to the value")
}

// TestSecretsStillReachTheWire: with Secrets masked by encoding/json, the SDK still sends the
// real values (its own encoder), and the sandbox still stores and answers them in clear.
func TestSecretsStillReachTheWire(t *testing.T) {
	srv := cardplatformtest.NewServer(t)
	c := srv.Client()
	card, err := c.CreateCard(t.Context(), cardplatform.CreateCardRequest{
		ProgramGUID: core.MustParseGUID(cardplatformtest.DefaultProgramGUID),
		Person:      cardplatform.Person{FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.org", MobileNumber: "+15555550100"},
	})
	require.NoError(t, err)
	proxy := card.Card.CardProxy
	_, err = c.SetCardPIN(t.Context(), proxy, cardplatform.CardPINDTO{PIN: core.NewSecret("4821")})
	require.NoError(t, err)
	pin, err := c.GetCardPIN(t.Context(), proxy)
	require.NoError(t, err)
	assert.Equal(t, "4821", pin.PIN.Reveal(), "the PIN went out and came back in clear on the wire")
	full, err := c.ShowCardPAN(t.Context(), proxy)
	require.NoError(t, err)
	assert.Len(t, full.CardNumber.Reveal(), 16)
	assert.NotContains(t, full.CardNumber.Reveal(), "*", "the sandbox answers the PAN in clear")
	v, err := c.ValidateCard(t.Context(), cardplatform.ValidateCardDTO{CardNumber: full.CardNumber, CVV: full.CVV})
	require.NoError(t, err, "the sandbox received the real PAN and CVV")
	assert.Equal(t, proxy, v.CardProxy)
}
