package cardplatformtest_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
)

func TestSeedFromJSON(t *testing.T) {
	var seed cardplatformtest.Seed
	require.NoError(t, json.Unmarshal([]byte(`{
		"programs": [{"program_guid": "0c0c0c0c-0c0c-4c0c-8c0c-0c0c0c0c0c0c", "program_name": "Payroll"}],
		"persons": [{"person_guid": "0d0d0d0d-0d0d-4d0d-8d0d-0d0d0d0d0d0d", "first_name": "Ann", "last_name": "Lee"}],
		"cards": [{"card": {"card_proxy": "5550000000001", "person_guid": "0d0d0d0d-0d0d-4d0d-8d0d-0d0d0d0d0d0d", "card_number": "4000056655665556"},
		           "program_guid": "0c0c0c0c-0c0c-4c0c-8c0c-0c0c0c0c0c0c", "pin": "9876"}],
		"accounts": [{"account": {"account_guid": "0e0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e", "program_guid": "0c0c0c0c-0c0c-4c0c-8c0c-0c0c0c0c0c0c", "ledger_balance": 10.50},
		              "person_guid": "0d0d0d0d-0d0d-4d0d-8d0d-0d0d0d0d0d0d", "accrued_interest": 0.07}]
	}`), &seed))
	e := newEnv(t, cardplatformtest.WithoutDefaultProgram(), cardplatformtest.WithSeed(seed))
	card := e.do("GET", "/cards/5550000000001", nil).json(t)
	assert.Equal(t, "400005XXXXXX5556", card["mask_card_pan"])
	assert.Equal(t, "PENDING", card["card_status"])
	assert.Equal(t, "9876", e.do("GET", "/cards/5550000000001/pin", nil).json(t)["pin"])
	assert.Contains(t, string(e.do("GET", "/accounts/0e0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e", nil).body), `"ledger_balance":10.50`)
	assert.Equal(t, http.StatusNotFound, e.do("GET", "/companies/"+cardplatformtest.DefaultProgramGUID, nil).status, "no default program")
}

func TestSeedWithDanglingReferenceFails(t *testing.T) {
	_, err := cardplatformtest.Start(cardplatformtest.WithSeed(cardplatformtest.Seed{
		Fees: []cardplatform.FeesResponse{{ProgramGUID: mustGUID(t, unknown), RequestCode: "X"}},
	}))
	assert.ErrorContains(t, err, "unknown program")
	_, err = cardplatformtest.Start(cardplatformtest.WithSeed(cardplatformtest.Seed{
		Cards: []cardplatformtest.SeedCard{{Card: cardplatform.CardDTO{PersonGUID: mustGUID(t, unknown)}}},
	}))
	assert.ErrorContains(t, err, "unknown person")
}
