package cardplatformtest_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

func TestNewCardIsPendingAndGetCardHidesThePAN(t *testing.T) {
	e := newEnv(t)
	created := e.newCard()
	c := cardOf(created)
	assert.Equal(t, "PENDING", c["card_status"])
	assert.Equal(t, "FULL", c["issuance_type"])
	assert.NotContains(t, c, "card_number", "create does not reveal the PAN")
	assert.NotEmpty(t, created["fulfillment_data"])

	card, err := e.client.GetCard(context.Background(), c["card_proxy"].(string))
	require.NoError(t, err)
	assert.Equal(t, cardplatform.CardStatus("PENDING"), card.CardStatus)
	assert.True(t, card.CardNumber.IsZero(), "GetCard does not return the PAN")
	assert.Equal(t, c["mask_card_pan"], card.MaskCardPAN)

	pan := e.do("GET", "/cards/"+c["card_proxy"].(string)+"/showpan", nil).json(t)
	assert.Len(t, pan["card_number"], 16)
	assert.Len(t, pan["cvv"], 3)
	assert.Equal(t, c["mask_card_pan"], pan["card_number"].(string)[:6]+"XXXXXX"+pan["card_number"].(string)[12:])
}

func TestCreateCardForExistingPersonAndUnknownProgram(t *testing.T) {
	e := newEnv(t)
	first := e.newCard()
	person := first["person"].(map[string]any)["person_guid"]
	r := e.do("POST", "/cards", map[string]any{"person": map[string]any{"person_guid": person}, "program_guid": cardplatformtest.DefaultProgramGUID})
	require.Equal(t, http.StatusCreated, r.status, "%s", r.body)
	assert.Equal(t, person, cardOf(r.json(t))["person_guid"])

	r = e.do("POST", "/cards", map[string]any{"person": map[string]any{"first_name": "A", "last_name": "B"}, "program_guid": "11111111-1111-4111-8111-111111111111"})
	assert.Equal(t, http.StatusNotFound, r.status)
	assert.Equal(t, "Not Found", r.json(t)["title"], "404 of createCard has a ProblemDetails body")
}

func TestActivateAndStatusChanges(t *testing.T) {
	e := newEnv(t)
	proxy := cardOf(e.newCard())["card_proxy"].(string)

	r := e.do("POST", "/cards/"+proxy+"/activate", map[string]any{})
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Equal(t, cardplatformtest.CardStatusActive, r.json(t)["card_status"])
	fields := e.do("POST", "/cards/"+proxy+"/activate", map[string]any{}).problemFields(t)
	assert.Contains(t, fields, "card_status", "an active card cannot be activated again")

	r = e.do("POST", "/cards/"+proxy+"/status", map[string]any{"card_status": "LOST", "status_reason": "stolen"})
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Equal(t, "LOST", r.json(t)["card_status"], "open enum: any status is accepted")
	assert.Contains(t, e.do("POST", "/cards/"+proxy+"/status", map[string]any{}).problemFields(t), "card_status")

	card := e.do("GET", "/cards/"+proxy, nil).json(t)
	r = e.do("POST", "/cards/"+proxy+"/personcardstatus", map[string]any{"person_guid": card["person_guid"], "person_card_status": "INACTIVE"})
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Equal(t, "INACTIVE", r.json(t)["person_card_status"])
	fields = e.do("POST", "/cards/"+proxy+"/personcardstatus", map[string]any{
		"person_guid": "22222222-2222-4222-8222-222222222222", "person_card_status": "ACTIVE"}).problemFields(t)
	assert.Contains(t, fields, "person_guid")
}

func TestReplaceReturnsANewCard(t *testing.T) {
	e := newEnv(t)
	old := cardOf(e.newCard())
	proxy := old["card_proxy"].(string)
	r := e.do("POST", "/cards/"+proxy+"/replace", map[string]any{"replacement_reason": "DAMAGED"})
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	repl := r.json(t)
	assert.NotEqual(t, proxy, repl["card_proxy"])
	assert.Equal(t, proxy, repl["replaced_card_proxy"])
	assert.Equal(t, "PENDING", repl["card_status"])
	assert.NotEqual(t, old["mask_card_pan"], repl["mask_card_pan"])

	newCard := e.do("GET", "/cards/"+repl["card_proxy"].(string), nil).json(t)
	assert.Equal(t, old["person_guid"], newCard["person_guid"])
	assert.Equal(t, old["wallet_guid"], newCard["wallet_guid"])
	assert.Equal(t, cardplatformtest.CardStatusReplaced, e.do("GET", "/cards/"+proxy, nil).json(t)["card_status"])
	assert.Contains(t, e.do("POST", "/cards/"+proxy+"/replace", map[string]any{}).problemFields(t), "card_proxy", "a replaced card is not replaced twice")
}

func TestIssuanceTypeOnlyVirtualToFull(t *testing.T) {
	e := newEnv(t, cardplatformtest.WithSeed(cardplatformtest.Seed{Cards: []cardplatformtest.SeedCard{
		{Card: cardplatform.CardDTO{CardProxy: "9000000000001", IssuanceType: "VIRTUAL"}},
	}}))
	r := e.do("POST", "/cards/9000000000001/issuance_type", map[string]any{"issuance_type": "FULL"})
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Equal(t, "FULL", r.json(t)["issuance_type"])

	for _, to := range []string{"FULL", "VIRTUAL", "PREMIUM"} {
		fields := e.do("POST", "/cards/9000000000001/issuance_type", map[string]any{"issuance_type": to}).problemFields(t)
		assert.Contains(t, fields, "issuance_type", "FULL to %s is refused", to)
	}
}

func TestVirtualCardsFromProgramConfiguration(t *testing.T) {
	e := newEnv(t)
	r := e.do("POST", "/companies/configprogram", map[string]any{"program_guid": cardplatformtest.DefaultProgramGUID,
		"configurations": []map[string]any{{"name": "DEFAULT_ISSUANCE_TYPE", "value": "VIRTUAL"}}})
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Equal(t, "VIRTUAL", cardOf(e.newCard())["issuance_type"])
}

func TestSetAndGetPIN(t *testing.T) {
	e := newEnv(t)
	proxy := cardOf(e.newCard())["card_proxy"].(string)
	r := e.do("POST", "/cards/"+proxy+"/pin", map[string]any{"pin": "4321"})
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Equal(t, "4321", e.do("GET", "/cards/"+proxy+"/pin", nil).json(t)["pin"])
	assert.Equal(t, "4321", e.do("GET", "/cards/"+proxy+"/fulfillmentdata", nil).json(t)["pin"])
	assert.Contains(t, e.do("POST", "/cards/"+proxy+"/pin", map[string]any{"pin": "12"}).problemFields(t), "pin")
}

func TestValidateAssignDigitalPackageAndCardData(t *testing.T) {
	e := newEnv(t)
	created := e.newCard()
	proxy := cardOf(created)["card_proxy"].(string)
	pan := e.do("GET", "/cards/"+proxy+"/showpan", nil).json(t)

	r := e.do("POST", "/cards/validate", map[string]any{"card_number": pan["card_number"], "cvv": pan["cvv"]})
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Equal(t, proxy, r.json(t)["card_proxy"])
	assert.Equal(t, http.StatusNotFound, e.do("POST", "/cards/validate", map[string]any{"card_number": pan["card_number"], "cvv": "000"}).status)

	other := e.newCard()["person"].(map[string]any)["person_guid"]
	r = e.do("POST", "/cards/assign", map[string]any{"card_proxy": proxy, "person_guid": other})
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Equal(t, other, e.do("GET", "/cards/"+proxy, nil).json(t)["person_guid"])

	for _, ct := range []string{"application/json", "application/json-patch+json", "text/json", "application/vnd.issuer+json"} {
		r = e.do("POST", "/cards/digitalpackage", `{"card_proxy":"`+proxy+`","digital_package":"BLUE"}`, "Content-Type", ct)
		assert.Equal(t, http.StatusCreated, r.status, "%s: %s", ct, r.body)
	}

	r = e.do("POST", "/cards/RequestCardData", map[string]any{"card_proxy": proxy, "request_id": "r1"})
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Equal(t, "DECLINED", r.json(t)["decision"], "a pending card is not digitized")

	r = e.do("POST", "/cards/getgenericencryptedcarddata", map[string]any{"card_proxy": proxy})
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.NotEmpty(t, r.json(t)["encrypted_card_data"])
}

func TestUpdateCardAndSearchInvoices(t *testing.T) {
	e := newEnv(t)
	proxy := cardOf(e.newCard())["card_proxy"].(string)
	r := e.do("POST", "/cards/update", `{"card_proxy":"`+proxy+`","supplemental_details":{"invoices":[
		{"invoice_number":"INV-1","invoice_amount":12345678901234567.89,"invoice_status":"ACTIVE","invoice_date":"2024-05-01T00:00:00"}]}}`)
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	r = e.do("POST", "/cards/invoices/search", map[string]any{"card_proxy": proxy})
	require.Equal(t, http.StatusOK, r.status)
	assert.Contains(t, string(r.body), "12345678901234567.89", "money round-trips exactly")
}

func TestGetCardTypedNotFound(t *testing.T) {
	e := newEnv(t)
	_, err := e.client.GetCard(context.Background(), "0000000000000")
	require.Error(t, err)
	assert.True(t, errors.Is(err, core.ErrNotFound))
	var pe *core.Problem
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "Not Found", pe.Title)
}
