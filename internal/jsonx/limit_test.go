package jsonx_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/paging"
)

var errTooMany = errors.New("too many")

// TestLimitBoundsTheItemsArrayOnly: the bound applies to the array the Limit names (the
// top-level object's member, matched as the models match names, each occurrence of a repeated
// name), not to arrays nested in the items or elsewhere, and to a top-level array.
func TestLimitBoundsTheItemsArrayOnly(t *testing.T) {
	lim := jsonx.Limit{Member: "items", Max: 2, Err: errTooMany}
	for in, wantErr := range map[string]bool{
		`{"items":[{},{}],"total":9}`:                                  false,
		`{"items":[{},{},{}]}`:                                         true,
		`{"ITEMS":[{},{},{}]}`:                                         true, // decoded into Items, as encoding/json folds names
		`{"it\u0065ms":[{},{},{}]}`:                                    true, // an escaped name is the same name
		`{"items":[{}],"items":[{},{},{}]}`:                            true,
		`{"items":[],"items":[{},{}]}`:                                 false,
		`{"items":[{"supplemental_details":{"invoices":[{},{},{}]}}]}`: false, // nested: not the page's items
		`{"other":[1,2,3],"items":[{}]}`:                               false,
	} {
		var p cardplatform.CardDTOSearchResponse
		err := jsonx.UnmarshalLimited([]byte(in), &p, lim)
		if wantErr {
			assert.ErrorIs(t, err, errTooMany, in)
			assert.Contains(t, err.Error(), "(at most 2)", in)
		} else {
			assert.NoError(t, err, in)
		}
	}
	top := jsonx.Limit{Max: 2, Err: errTooMany}
	var list []cardplatform.AccountBalancesDTO
	require.NoError(t, jsonx.UnmarshalLimited([]byte(`[{},{}]`), &list, top))
	assert.Len(t, list, 2)
	assert.ErrorIs(t, jsonx.UnmarshalLimited([]byte(`[{},{},{}]`), &list, top), errTooMany)
	var names []string
	assert.ErrorIs(t, jsonx.UnmarshalLimited([]byte(`["a","b","c"]`), &names, top), errTooMany)
	// A union kept as raw JSON (the RTP participants) is counted too.
	var parties paging.ParticipantListResponse
	err := jsonx.UnmarshalLimited([]byte(`{"parties":[{},{},{}]}`), &parties, jsonx.Limit{Member: "parties", Max: 2, Err: errTooMany})
	assert.ErrorIs(t, err, errTooMany)
}

// TestLimitRefusesBeforeBuildingAnItem: an array beyond its bound is refused before any element
// is decoded: the error is the bound's even when every element is invalid for its type.
func TestLimitRefusesBeforeBuildingAnItem(t *testing.T) {
	in := `{"items":[` + strings.Repeat(`{"card_proxy":1},`, 10) + `{}]}`
	var p cardplatform.CardDTOSearchResponse
	err := jsonx.UnmarshalLimited([]byte(in), &p, jsonx.Limit{Member: "items", Max: 5, Err: errTooMany})
	assert.ErrorIs(t, err, errTooMany)
	assert.Empty(t, p.Items)
	// Within the bound the same elements fail as encoding/json fails them.
	var ute *json.UnmarshalTypeError
	err = jsonx.UnmarshalLimited([]byte(in), &p, jsonx.Limit{Member: "items", Max: 20, Err: errTooMany})
	assert.ErrorAs(t, err, &ute)
}

// TestUnmarshalLimitedDecodesAsUnmarshalJSON: without a bound, UnmarshalLimited decodes a
// model and a list of models as their UnmarshalJSON and encoding/json do.
func TestUnmarshalLimitedDecodesAsUnmarshalJSON(t *testing.T) {
	in := []byte(`[{"available_balance":12.50,"x":{"y":[1]}},{},{"ledger_balance":-1e3}]`)
	var got, want []cardplatform.AccountBalancesDTO
	require.NoError(t, jsonx.UnmarshalLimited(in, &got, jsonx.Limit{}))
	require.NoError(t, json.Unmarshal(in, &want))
	assert.Equal(t, want, got)
	assert.Error(t, jsonx.UnmarshalLimited([]byte(`[{}] x`), &got, jsonx.Limit{}), "trailing data")
}
