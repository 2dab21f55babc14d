package cardplatform_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const cardJSON = `{"card_proxy":"proxy-123","card_number":"4111111111111111","mask_card_pan":"411111XXXXXX1111",
"card_status":"PENDING","issuance_type":"SOMETHING_NEW","sys_utcinserted":"2024-05-01T10:20:30.1234567",
"supplemental_details":{"invoices":[{"invoice_number":"INV-1","invoice_amount":12345678901234567.89}]}}`

func newClient(t *testing.T, h http.HandlerFunc) (*cardplatform.Client, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		h(w, r)
	}))
	t.Cleanup(srv.Close)
	c, err := cardplatform.New(srv.URL, core.WithStaticToken("tok"),
		core.WithRetry(core.RetryOptions{BaseDelay: 1, MaxDelay: 10_000_000}))
	require.NoError(t, err)
	return c, &hits
}

func TestGetCardDecodesSDKTypes(t *testing.T) {
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		assert.Equal(t, "/api/v1/cards/proxy-123", r.URL.Path, "version v1 filled in")
		assert.Equal(t, "Bearer tok", r.Header.Get("Authorization"))
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, cardJSON)
	})
	card, err := c.GetCard(context.Background(), "proxy-123")
	require.NoError(t, err)
	assert.Equal(t, "2024-05-01T10:20:30.1234567", card.SysUTCInserted.String(), "zone-less timestamp kept exactly")
	assert.Equal(t, "12345678901234567.89", card.SupplementalDetails.Invoices[0].InvoiceAmount.String(), "money decoded exactly")
	assert.Equal(t, cardplatform.IssuanceType("SOMETHING_NEW"), card.IssuanceType, "unknown enum values decode")
	assert.Equal(t, "4111111111111111", card.CardNumber.Reveal())
	printed := fmt.Sprintf("%v %+v %#v", card.CardNumber, *card, *card)
	assert.NotContains(t, printed, "4111111111111111", "the PAN never prints")

	out, err := json.Marshal(card)
	require.NoError(t, err)
	assert.Contains(t, string(out), `"SOMETHING_NEW"`, "unknown enum values round-trip")
	assert.Contains(t, string(out), `12345678901234567.89`)
}

func TestNewRejectsBadConfiguration(t *testing.T) {
	_, err := cardplatform.New("http://platform.example.com", core.WithStaticToken("t"))
	assert.ErrorIs(t, err, core.ErrInsecureTransport)
	_, err = cardplatform.New("http://platform.example.com", core.WithStaticToken("t"), core.WithInsecureHTTP())
	assert.NoError(t, err)
	_, err = cardplatform.New("platform.example.com")
	assert.Error(t, err)
	_, err = cardplatform.New("https://platform.example.com", cardplatform.WithAPIVersion("v1/../x"))
	assert.Error(t, err)
}

func TestDecodeErrorOnBadSuccessBody(t *testing.T) {
	// Nothing is decoded into silence: a body cut short, with trailing text, of the wrong JSON
	// kind, or with a bad value is a DecodeError, never a partly filled result.
	for _, body := range []string{
		`{"sys_utcinserted":"yesterday"}`,
		`{"card_proxy":"proxy-123"`,
		`{"card_proxy":"proxy-123","supplemental_details":{"invoices":[{"invoice_amount":1}]}`,
		`{"card_proxy":"proxy-123"} {}`,
		`[]`,
		`null`,
		`"card"`,
		``,
	} {
		t.Run(body, func(t *testing.T) {
			c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.WriteString(w, body)
			})
			card, err := c.GetCard(context.Background(), "p")
			assert.Nil(t, card)
			var de *core.DecodeError
			require.ErrorAs(t, err, &de)
			assert.Equal(t, 200, de.StatusCode)
			assert.NotEmpty(t, de.CorrelationID)
		})
	}
}
