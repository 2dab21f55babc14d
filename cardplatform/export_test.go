package cardplatform

import "context"

// SettleMethods exposes, to the external tests, the generated table of every operation whose
// spec names a read-back: its Write method and its Snapshot/Settle pair.
var SettleMethods = settleMethods

// SettleMethodNames is the type of SettleMethods' entries.
type SettleMethodNames = settleMethodNames

// ProvesAbsence reports whether the read-back rule of the operation id can answer
// NotCommitted (a delta rule cannot); false for an id without a rule.
func ProvesAbsence(id string) bool {
	r, ok := settleRules[id]
	return ok && r.provesAbsence()
}

// SettleShape is what the hostile read-back tests need of a generated rule: the read-back's
// method and path template, and the members of its answer the rule reads.
type SettleShape struct {
	Method, Path       string
	Items, Key, Field  string
	FieldType          string
	Match, Same, Owner []string
}

// SettleShapes returns, by operation id, the shape of every generated read-back rule.
func SettleShapes() map[string]SettleShape {
	out := map[string]SettleShape{}
	for id, r := range settleRules {
		out[id] = SettleShape{Method: r.Read.Method, Path: r.Read.Path, Items: r.Items, Key: r.Key, Field: r.Field,
			FieldType: r.FieldType, Match: sortedKeys(r.Match), Same: sortedKeys(r.Same), Owner: sortedKeys(r.Owner)}
	}
	return out
}

// feeRule is the rule the generator writes for applyFee from the read-back
//
//	settle: {kind: delta, read: getAccount, args: {account_guid: body.account_guid}, field: ledger_balance, moves: down, sent: body.amount}
//
// (internal/tools/gen/ops TestDebitReadbackIsASpecOnlyChange holds the generated text to this
// literal), with the direction given: the spec gives applyFee no read-back (what a fee does to
// which balance is not published), so the tests of a debit run the engine on this rule.
func feeRule(moves settleMoves) *settleRule {
	return &settleRule{Op: "applyFee", Method: "ApplyFee", Kind: settleDelta, Read: opGetAccount,
		Args:  map[string]string{"account_guid": "body.account_guid"},
		Items: "", Key: "", Field: "ledger_balance", Sent: "body.amount", Value: "", Secret: false, FieldType: "number",
		Moves: moves,
	}
}

// feeMoves maps the spec's spelling of a direction ("up", "down"; "" for none) to the engine's.
var feeMoves = map[string]settleMoves{"up": settleUp, "down": settleDown, "": 0}

// SnapshotFeeRule runs c as the Snapshot method the generator writes for feeRule(moves) does
// (a function, not a method: Client's methods are the spec's operations and their pairs).
func SnapshotFeeRule(ctx context.Context, c *Client, moves string, body FeeApplyRequest) (Snapshot, error) {
	return c.snapshotRule(ctx, feeRule(feeMoves[moves]), settleSources{"body.account_guid": body.AccountGUID, "body.amount": body.Amount})
}

// SettleFeeRule runs c as the Settle method the generator writes for feeRule(moves) does.
func SettleFeeRule(ctx context.Context, c *Client, moves string, snap Snapshot, opts SettleOptions) (SettleResult, error) {
	return c.settleWith(ctx, feeRule(feeMoves[moves]), snap, opts, nil)
}
