package cardplatformtest_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestRequestLogMasksSecrets: the request log (Requests, RequestsFor) ends up in CI output when
// a test prints it; it kept {"pin":"4321"} and card numbers in clear. The same keys the SDK's
// logs mask are masked there, in the body and in %v/%+v/%#v of the requests; RevealBody gives
// the body as it arrived, for tests that check what went on the wire.
func TestRequestLogMasksSecrets(t *testing.T) {
	e := newEnv(t)
	c := issue(t, e, program, ada())
	_, err := e.client.SetCardPIN(context.Background(), c.Card.CardProxy, cardplatform.CardPINDTO{PIN: core.NewSecret("4321")})
	require.NoError(t, err)
	full := showPAN(t, e, c.Card.CardProxy)
	_, _ = e.client.ValidateCard(context.Background(), cardplatform.ValidateCardDTO{CardNumber: full.CardNumber, CVV: full.CVV})
	pan, cvv := full.CardNumber.Reveal(), full.CVV.Reveal()
	reqs := e.srv.Requests()
	require.NotEmpty(t, reqs)
	printed := fmt.Sprintf("%v\n%+v\n%#v", reqs, reqs, reqs)
	for _, secret := range []string{`"4321"`, pan, `"` + cvv + `"`, e.srv.Token()} {
		assert.NotContains(t, printed, secret)
		for _, r := range reqs {
			assert.NotContains(t, string(r.Body), secret)
			assert.NotContains(t, r.Query.Encode(), secret)
		}
	}
	pin := e.srv.RequestsFor("SetCardPIN")
	require.Len(t, pin, 1)
	assert.Contains(t, string(pin[0].Body), `"pin"`, "the member is still there, masked")
	assert.JSONEq(t, `{"pin":"4321"}`, string(pin[0].RevealBody()), "RevealBody is the body as received")
}
