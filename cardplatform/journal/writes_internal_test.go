package journal

import (
	"context"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestEverySettleRuleHasAWrite enumerates the spec's read-back rules (x-issuerkit-readback's
// settle): each has a Write in writesByOp, or is left out with its reason (a secret read
// back: SetCardPIN), and nothing else is journaled.
func TestEverySettleRuleHasAWrite(t *testing.T) {
	spec, err := openapi3.NewLoader().LoadFromFile(filepath.Join("..", "..", "openapi", "cardplatform.yaml"))
	require.NoError(t, err)
	var rules []string
	for _, item := range spec.Paths.Map() {
		for _, op := range item.Operations() {
			ext, _ := op.Extensions["x-issuerkit-readback"].(map[string]any)
			settle, ok := ext["settle"].(map[string]any)
			if !ok {
				continue
			}
			rules = append(rules, op.OperationID)
			w, journaled := writesByOp[op.OperationID]
			why, left := unjournaled[op.OperationID]
			switch {
			case settle["secret"] == true:
				assert.False(t, journaled, "%s: its read-back needs a secret again: it must not be journaled", op.OperationID)
				assert.Contains(t, why, "secret", op.OperationID)
			case assert.True(t, journaled, "%s has a read-back and no Write: run go generate ./... (cardplatform/journal/writes.gen.go)", op.OperationID):
				assert.False(t, left, op.OperationID)
				assert.Equal(t, op.OperationID, w.operation())
			}
		}
	}
	sort.Strings(rules)
	require.Len(t, rules, len(writesByOp)+len(unjournaled), "every journaled write has a rule: %v", rules)
	assert.Contains(t, rules, "createDisbursement")
	assert.Equal(t, map[string]bool{"setCardPin": true}, keysOf(unjournaled))
}

func keysOf(m map[string]string) map[string]bool {
	out := map[string]bool{}
	for k := range m {
		out[k] = true
	}
	return out
}

// TestScopesNameTheReadBack: a write's scope is its read-back's operation and arguments, so
// two writes whose read-backs read the same record share one.
func TestScopesNameTheReadBack(t *testing.T) {
	ctx := context.Background()
	scope := func(s string, err error) string {
		require.NoError(t, err)
		return s
	}
	g := core.MustParseGUID("6f1c2a4e-8b3d-4c5e-9a7f-1d2e3f4a5b6c")
	p := core.MustParseGUID("0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d")
	assert.Equal(t, "searchAccounts?person_guid="+p.String()+"&program_guid="+g.String(),
		scope(CreateDisbursement.scope(ctx, nil, cardplatform.DisbursementDTO{ProgramGUID: g, Person: cardplatform.Person{PersonGUID: p}})))
	a := scope(ActivateCard.scope(ctx, nil, ActivateCardArgs{CardProxy: "1234 5678"}))
	b := scope(ChangeCardStatus.scope(ctx, nil, ChangeCardStatusArgs{CardProxy: "1234 5678"}))
	c := scope(UpdateCard.scope(ctx, nil, cardplatform.UpdateCardRequest{CardProxy: "1234 5678"}))
	assert.Equal(t, "getCard?card_proxy=1234+5678", a, "escaped")
	assert.Equal(t, a, b)
	assert.Equal(t, a, c)
	assert.Equal(t, "searchCards?person_guid="+p.String(), scope(CreateCard.scope(ctx, nil, cardplatform.CreateCardRequest{ProgramGUID: g, Person: cardplatform.Person{PersonGUID: p}})))
	assert.Equal(t, "searchCards?person_guid="+p.String(), scope(AssignCard.scope(ctx, nil, cardplatform.AssignCardDTO{CardProxy: "1", PersonGUID: p})))
	assert.True(t, strings.HasPrefix(scope(ChangeCheckStatus.scope(ctx, nil, cardplatform.CheckStatusDTO{})), "searchChecks?account_guid="))
}
