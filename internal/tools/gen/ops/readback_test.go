package ops

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadbackGuard: generating the card platform client fails when an operation that changes
// state (x-issuerkit-retry-safe: false) says nothing of what can settle an outcome unknown,
// or names a read-back that is not a retry-safe operation of the spec, or names read-backs
// without a settle rule the SDK runs (or one that names a read, argument, source or member
// the spec does not have); with the spec as it stands, every such method's doc carries the
// paragraph.
func TestReadbackGuard(t *testing.T) {
	root, err := filepath.Abs("../../../..")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(root, "openapi", "cardplatform.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	spec := string(raw)
	// The readback block of createDisbursement: from its key to the requestBody that follows.
	block := regexp.MustCompile(`(?s)(operationId: createDisbursement.*?x-issuerkit-retry-safe: false\n)(\s+x-issuerkit-readback:.*?)(\n\s+requestBody:)`)
	if !block.MatchString(spec) {
		t.Fatal("createDisbursement has no x-issuerkit-readback block to remove")
	}
	for name, tc := range map[string]struct {
		edit func(string) string
		want string
	}{
		"missing": {func(s string) string { return block.ReplaceAllString(s, "$1$3") }, "createDisbursement: changes state and has no x-issuerkit-readback"},
		"unsafe with": {func(s string) string {
			return block.ReplaceAllString(s, "$1      x-issuerkit-readback: {with: [createCard], how: x}$3")
		}, `"createCard", which is not retry-safe`},
		"unknown with": {func(s string) string {
			return block.ReplaceAllString(s, "$1      x-issuerkit-readback: {with: [findDisbursement], how: x}$3")
		}, `"findDisbursement", not an operation of the spec`},
		"none and with": {func(s string) string {
			return block.ReplaceAllString(s, "$1      x-issuerkit-readback: {with: [getCard], how: x, none: y}$3")
		}, "none excludes with and how"},
		"empty": {func(s string) string {
			return block.ReplaceAllString(s, "$1      x-issuerkit-readback: {}$3")
		}, "give with (operations) and how, or none"},
		"with and no settle rule": {func(s string) string {
			return block.ReplaceAllString(s, "$1      x-issuerkit-readback: {with: [searchAccounts], how: x}$3")
		}, "names read-backs (with) but no settle rule"},
		"settle read not in with": {func(s string) string {
			return block.ReplaceAllString(s, "$1      x-issuerkit-readback: {with: [searchAccounts], how: x, settle: {kind: new, read: searchCards, args: {program_guid: body.program_guid}, items: items, key: card_proxy}}$3")
		}, `read "searchCards" is not one of with`},
		"settle unknown field": {func(s string) string {
			return block.ReplaceAllString(s, "$1      x-issuerkit-readback: {with: [searchAccounts], how: x, settle: {kind: state, read: searchAccounts, args: {program_guid: body.program_guid}, items: items, match: {person_guid: body.person.person_guid}, field: balance_nope, value: X}}$3")
		}, `field "balance_nope" is not a member of the answer of searchAccounts`},
		"settle unknown source": {func(s string) string {
			return block.ReplaceAllString(s, "$1      x-issuerkit-readback: {with: [searchAccounts], how: x, settle: {kind: new, read: searchAccounts, args: {program_guid: body.program_nope}, items: items, key: account_guid}}$3")
		}, `source "body.program_nope" names no path parameter`},
		"settle unknown read argument": {func(s string) string {
			return block.ReplaceAllString(s, "$1      x-issuerkit-readback: {with: [searchAccounts], how: x, settle: {kind: new, read: searchAccounts, args: {program: body.program_guid}, items: items, key: account_guid}}$3")
		}, `"program" is not a parameter or body member of SearchAccounts`},
		"settle unknown member": {func(s string) string {
			return block.ReplaceAllString(s, "$1      x-issuerkit-readback: {with: [searchAccounts], how: x, settle: {kind: new, read: searchAccounts, args: {program_guid: body.program_guid}, items: items, key: account_guid, extra: 1}}$3")
		}, `unknown field "extra"`},
		"settle handwritten": {func(s string) string {
			return block.ReplaceAllString(s, "$1      x-issuerkit-readback: {with: [searchAccounts], how: x, settle: {handwritten: [SnapshotDisbursement, SettleDisbursement]}}$3")
		}, `unknown field "handwritten"`},
		"settle owner not a string": {func(s string) string {
			return block.ReplaceAllString(s, "$1      x-issuerkit-readback: {with: [searchAccounts], how: x, settle: {kind: new, read: searchAccounts, args: {program_guid: body.program_guid}, items: items, key: account_guid, owner: {ledger_balance: body.amount}}}$3")
		}, `owner "ledger_balance" is of type "number"`},
		"settle owner of a state rule": {func(s string) string {
			return block.ReplaceAllString(s, "$1      x-issuerkit-readback: {with: [getAccount], how: x, settle: {kind: state, read: getAccount, args: {account_guid: body.program_guid}, field: account_status, value: X, owner: {account_guid: body.program_guid}}}$3")
		}, "owner is for kind new"},
		"settle required not an argument": {func(s string) string {
			return block.ReplaceAllString(s, "$1      x-issuerkit-readback: {with: [searchAccounts], how: x, settle: {kind: new, read: searchAccounts, args: {program_guid: body.program_guid}, required: [person_guid], items: items, key: account_guid}}$3")
		}, `required names "person_guid", not one of args`},
		"settle scope of an unknown read": {func(s string) string {
			return block.ReplaceAllString(s, "$1      x-issuerkit-readback: {with: [searchAccounts], how: x, settle: {kind: new, read: searchAccounts, args: {program_guid: body.program_guid}, items: items, key: account_guid, scope: {read: searchPeople, args: {person_guid: body.person.person_guid}}}}$3")
		}, `scope: read "searchPeople" is not an operation of the spec`},
		"settle scope unknown source": {func(s string) string {
			return block.ReplaceAllString(s, "$1      x-issuerkit-readback: {with: [searchAccounts], how: x, settle: {kind: new, read: searchAccounts, args: {program_guid: body.program_guid}, items: items, key: account_guid, scope: {read: searchCards, args: {person_guid: body.person_nope}}}}$3")
		}, `scope: args: person_guid: source "body.person_nope"`},
		"settle names reversed": {func(s string) string {
			return block.ReplaceAllString(s, "$1      x-issuerkit-readback: {with: [searchAccounts], how: x, settle: {names: [SettleX, SnapshotX], kind: new, read: searchAccounts, args: {program_guid: body.program_guid}, items: items, key: account_guid}}$3")
		}, "names gives the Snapshot and the Settle method"},
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "cardplatform.yaml")
			if err := os.WriteFile(path, []byte(tc.edit(spec)), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := generate(t, path, filepath.Join(root, "openapi", "cardplatform.codegen.yaml"))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("generate: %v, want an error containing %q", err, tc.want)
			}
		})
	}

	files, err := generate(t, filepath.Join(root, "openapi", "cardplatform.yaml"), filepath.Join(root, "openapi", "cardplatform.codegen.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(strings.ReplaceAll(files[clientFile], "//", "")), " ")
	for _, want := range []string{
		"If its outcome is unknown ([core.ErrOutcomeUnknown]), read back with SearchAccounts: Only for a request naming an existing person",
		"If its outcome is unknown ([core.ErrOutcomeUnknown]), no read-back exists: manual review. No operation lists the disputes",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("the generated client lacks %q", want)
		}
	}
}

// TestReadbackProseAgreesWithItsRule: generating the card platform client fails, naming the
// operation and the spec to edit, when an x-issuerkit-readback's how (the words the write's
// doc quotes) contradicts its settle rule (the read-back the SDK runs): another read, another
// member, a member missing, the value a state rule waits for missing, a debit described for a
// delta rule (which proves a credit of the amount sent).
func TestReadbackProseAgreesWithItsRule(t *testing.T) {
	root, err := filepath.Abs("../../../..")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(root, "openapi", "cardplatform.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	spec := string(raw)
	// how: of the operation op, up to the settle rule that follows it.
	how := func(op string) *regexp.Regexp {
		return regexp.MustCompile(`(?s)(operationId: ` + op + `\n.*?x-issuerkit-readback:.*?how: >-\n)(.*?)(\n\s+settle:)`)
	}
	for name, tc := range map[string]struct {
		op, how string
		want    string
	}{
		"debit": {"adjustAccountBalance", "ledger_balance falls by exactly the amount: applied.",
			`adjustAccountBalance: x-issuerkit-readback: how contradicts its settle rule: it says "falls", a debit, but the rule (moves: up) proves the write when ledger_balance rises by exactly the amount sent (body.amount): a credit (edit how or settle of adjustAccountBalance in `},
		"another member": {"adjustAccountBalance", "ledger_balance and available_balance move by the amount.",
			"it names available_balance of getAccount's answer, which the rule does not read (field ledger_balance)"},
		"member missing": {"adjustAccountBalance", "the balance moves by the amount.",
			"it does not name the member the rule reads, ledger_balance (kind delta, read getAccount)"},
		"another read": {"adjustAccountBalance", "ledger_balance as searchAccounts lists it moves by the amount.",
			"it names searchAccounts, which is not a read-back of with [getAccount] (settle reads getAccount)"},
		"another read by its Go name": {"changeCardStatus", "card_status as GetAccount reads it.",
			"it names GetAccount, which is not a read-back of with [getCard]"},
		"value missing": {"activateCard", "card_status read back as BLOCKED means it is blocked.",
			"it does not name the value ACTIVE that card_status must hold (value)"},
		"same constant missing": {"createDisbursement", "one account more of the person's is this one.",
			"it does not say that a new item holds account_type DISBURSEMENT (same: {account_type: const.DISBURSEMENT})"},
		"same member missing": {"createBulkOrder", "one order more is this one.",
			"it does not name quantity, which a new item must share with the request (same)"},
	} {
		t.Run(name, func(t *testing.T) {
			re := how(tc.op)
			if !re.MatchString(spec) {
				t.Fatalf("%s has no how followed by a settle rule", tc.op)
			}
			path := filepath.Join(t.TempDir(), "cardplatform.yaml")
			edited := re.ReplaceAllString(spec, "${1}          "+tc.how+"${3}")
			if err := os.WriteFile(path, []byte(edited), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := generate(t, path, filepath.Join(root, "openapi", "cardplatform.codegen.yaml"))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("generate: %v, want an error containing %q", err, tc.want)
			}
			if !strings.Contains(err.Error(), "(edit how or settle of "+tc.op+" in ") {
				t.Errorf("the error does not name the operation and the file to edit: %v", err)
			}
		})
	}
}
