package cardplatform_test

import (
	"encoding/json"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestModelsKeepUnknownMembers decodes a card with members the spec does not name, at the top
// and in nested records, and encodes it again: nothing is lost, numbers stay byte-exact.
func TestModelsKeepUnknownMembers(t *testing.T) {
	in := `{
	  "card_proxy": "1234567890123",
	  "Card_Status": "ACTIVE",
	  "loyalty_points": 12345678901234567890.123,
	  "flags": {"contactless": true, "limits": [1e400, -0.000]},
	  "card_tracking_detail": {"card_package_name": "STANDARD", "carrier_code": "USPS-1"},
	  "supplemental_details": {
	    "invoices": [{"invoice_number": "INV-1", "invoice_amount": 125.50, "tax": 0.10000000000000000001}],
	    "statement_cycle": "MONTHLY"
	  }
	}`
	var c cardplatform.CardDTO
	require.NoError(t, json.Unmarshal([]byte(in), &c))
	assert.Equal(t, "1234567890123", c.CardProxy)
	assert.Equal(t, cardplatform.CardStatus("ACTIVE"), c.CardStatus, "member names match case-insensitively, as in encoding/json")
	assert.NotContains(t, c.AdditionalProperties.Names(), "Card_Status", "a member decoded into a field is not kept twice")
	assert.Equal(t, `12345678901234567890.123`, string(c.AdditionalProperties.Map()["loyalty_points"]))
	assert.Equal(t, `{"contactless": true, "limits": [1e400, -0.000]}`, string(c.AdditionalProperties.Map()["flags"]))
	assert.Equal(t, `"USPS-1"`, string(c.CardTrackingDetail.AdditionalProperties.Map()["carrier_code"]))
	assert.Equal(t, `"MONTHLY"`, string(c.SupplementalDetails.AdditionalProperties.Map()["statement_cycle"]))
	require.Len(t, c.SupplementalDetails.Invoices, 1)
	assert.Equal(t, "125.50", c.SupplementalDetails.Invoices[0].InvoiceAmount.String())
	assert.Equal(t, `0.10000000000000000001`, string(c.SupplementalDetails.Invoices[0].AdditionalProperties.Map()["tax"]))

	// Stored with the wire encoder, the unknown members are kept exactly; json.Marshal, a
	// text for people and logs, masks their values (issue 33: by allowlist).
	masked, err := json.Marshal(c)
	require.NoError(t, err)
	assert.Contains(t, string(masked), `"loyalty_points":"********************.123"`)
	assert.NotContains(t, string(masked), "USPS-1")
	out, err := core.MarshalWire(c)
	require.NoError(t, err)
	assert.Contains(t, string(out), `"loyalty_points":12345678901234567890.123`)
	assert.Contains(t, string(out), `"tax":0.10000000000000000001`)
	assert.Contains(t, string(out), `"limits":[1e400,-0.000]`, "encoding/json compacts the raw value; its bytes are kept")
	var again cardplatform.CardDTO
	require.NoError(t, json.Unmarshal(out, &again))
	assert.Equal(t, c.CardProxy, again.CardProxy)
	out2, err := core.MarshalWire(again)
	require.NoError(t, err)
	assert.Equal(t, string(out), string(out2), "decode → encode is stable")

	var none cardplatform.CardDTO
	require.NoError(t, json.Unmarshal([]byte(fullCardJSON), &none))
	assert.Zero(t, none.AdditionalProperties, "no unknown member: no map")
	assert.Zero(t, none.SupplementalDetails.Invoices[0].AdditionalProperties)
}

// TestRequestsCarryExtraMembers: a caller sends members the spec does not name, sorted after
// the named fields; a named field wins over an extra of the same name.
func TestRequestsCarryExtraMembers(t *testing.T) {
	promo := core.NewExtras(map[string]json.RawMessage{"promo_code": json.RawMessage(`"X"`), "amount": json.RawMessage(`999`)})
	amount, err := core.ParseDecimal("2.50")
	require.NoError(t, err)
	for name, req := range map[string]any{
		"FeeApplyRequest":          cardplatform.FeeApplyRequest{RequestCode: "ATM", Amount: amount, AdditionalProperties: promo},
		"DisbursementDTO":          cardplatform.DisbursementDTO{Amount: amount, AdditionalProperties: promo},
		"AdjustBalanceRequest":     cardplatform.AdjustBalanceRequest{Amount: amount, AdditionalProperties: promo},
		"DisputeChargebackRequest": cardplatform.DisputeChargebackRequest{Amount: amount, AdditionalProperties: promo},
	} {
		t.Run(name, func(t *testing.T) {
			out, err := core.MarshalWire(req) // what is sent; json.Marshal masks (issue 33)
			require.NoError(t, err)
			assert.Contains(t, string(out), `"amount":2.50`)
			assert.NotContains(t, string(out), `999`)
			assert.Contains(t, string(out), `,"promo_code":"X"}`)
		})
	}

	bad := cardplatform.FeeApplyRequest{AdditionalProperties: core.NewExtras(map[string]json.RawMessage{"x": json.RawMessage(`{`)})}
	_, err = json.Marshal(bad)
	assert.Error(t, err, "an extra member that is not valid JSON fails the encoding")
}

// TestEmptyStringsDecodeAsUnset: a service writing "" for an empty GUID, date-time or date does
// not fail the response.
func TestEmptyStringsDecodeAsUnset(t *testing.T) {
	in := `{"card":{"card_proxy":"p","person_guid":"","sys_utcinserted":"","logical_expiration_date":"",
	        "wallet_guid":"3fa85f64-5717-4562-b3fc-2c963f66afa6"},
	        "person":{"person_guid":"","birth_date":"","first_name":"Ada"}}`
	var r cardplatform.CreateCardResponse
	require.NoError(t, json.Unmarshal([]byte(in), &r))
	assert.True(t, r.Card.PersonGUID.IsZero())
	assert.True(t, r.Card.SysUTCInserted.IsZero())
	assert.True(t, r.Card.LogicalExpirationDate.IsZero())
	assert.False(t, r.Card.WalletGUID.IsZero())
	assert.True(t, r.Person.BirthDate.IsZero())
	assert.Equal(t, "Ada", r.Person.FirstName)

	out, err := json.Marshal(r.Card)
	require.NoError(t, err)
	assert.JSONEq(t, `{"card_proxy":"p","wallet_guid":"3fa85f64-5717-4562-b3fc-2c963f66afa6"}`, string(out), "unset values are omitted")

	var bad cardplatform.CardDTO
	err = json.Unmarshal([]byte(`{"person_guid":"not-a-guid"}`), &bad)
	assert.ErrorIs(t, err, core.ErrInvalidGUID)
}

// TestAmountZeroIsSent: omitzero omits an unset amount, never an amount of 0.
func TestAmountZeroIsSent(t *testing.T) {
	out, err := json.Marshal(cardplatform.AdjustBalanceRequest{Amount: core.NewDecimalFromInt(0, 0)})
	require.NoError(t, err)
	assert.JSONEq(t, `{"amount":0}`, string(out))

	var zero cardplatform.FeeApplyRequest
	require.NoError(t, json.Unmarshal([]byte(`{"amount":0.00}`), &zero))
	out, err = json.Marshal(zero)
	require.NoError(t, err)
	assert.JSONEq(t, `{"amount":0.00}`, string(out), "a decoded 0.00 is set and sent back")

	out, err = json.Marshal(cardplatform.AdjustBalanceRequest{})
	require.NoError(t, err)
	assert.JSONEq(t, `{}`, string(out), "an unset amount is omitted")
}
