package cardplatform

// SettleMethods exposes, to the external tests, the generated table of every operation whose
// spec names a read-back: its Write method and its Snapshot/Settle pair.
var SettleMethods = settleMethods

// SettleMethodNames is the type of SettleMethods' entries.
type SettleMethodNames = settleMethodNames

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
