package ops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadbackUnknownFieldListsTheFields: a member the read-back rules do not know, in the
// settle rule, in its scope or from, or beside with and how, fails generation naming where it
// is and every member accepted there (issue 36: `unknown field "debit"` said neither).
func TestReadbackUnknownFieldListsTheFields(t *testing.T) {
	root, err := filepath.Abs("../../../..")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(root, "openapi", "cardplatform.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	const rule = "settle: {kind: delta, read: getAccount, args: {account_guid: body.account_guid}, field: ledger_balance, moves: up, sent: body.amount}"
	if !strings.Contains(string(raw), rule) {
		t.Fatal("adjustAccountBalance's settle rule is not in the spec as this test edits it")
	}
	const settleFields = "args, field, from, items, key, kind, match, moves, names, owner, read, required, same, scope, secret, sent, value"
	for name, tc := range map[string]struct{ edit, want string }{
		"settle": {strings.Replace(rule, "sent: body.amount", "sent: body.amount, debit: body.amount", 1),
			`adjustAccountBalance: x-issuerkit-readback: settle: unknown field "debit"; the fields are ` + settleFields},
		"scope": {strings.Replace(rule, "sent: body.amount", "sent: body.amount, scope: {read: getAccount, args: {}, where: x}", 1),
			`settle.scope: unknown field "where"; the fields are args, read`},
		"from": {strings.Replace(rule, "sent: body.amount", "sent: body.amount, from: {read: getAccount, arg: {}}", 1),
			`settle.from: unknown field "arg"; the fields are args, read`},
		"beside settle": {rule + "\n        debit: x",
			`adjustAccountBalance: x-issuerkit-readback: unknown field "debit"; the fields are how, none, settle, with`},
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "cardplatform.yaml")
			if err := os.WriteFile(path, []byte(strings.Replace(string(raw), rule, tc.edit, 1)), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := generate(t, path, filepath.Join(root, "openapi", "cardplatform.codegen.yaml"))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("generate: %v\nwant an error containing %q", err, tc.want)
			}
		})
	}
}
