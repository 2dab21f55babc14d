package ops

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/oapi-codegen/oapi-codegen/v2/pkg/codegen"
)

// A read-back is stated twice in the spec: in words (how, which the write's doc quotes) and as
// the rule the SDK runs (settle, from which Settle<Method>'s doc is written). The words stay
// hand-written, because they carry what the rule cannot (why an answer is ambiguous, which
// requests have no read-back, what no operation lists); checkHowAgainstRule holds every fact
// they share with the rule to the rule, so that a doc never promises a read the SDK does not
// run:
//
//   - which read: an operation the words name is one of with (the read-backs);
//   - which member: the words name the rule's field (kinds state, delta, changed), each member
//     a new item must share with the request (same; or the constant it must hold), and the
//     value a state rule waits for (value); a member of the read's answer the words name
//     (a snake_case word) is one the rule reads (field, key, items, match, same, owner, args);
//   - which way: a delta rule proves a write that moves field by exactly the amount sent, in
//     the direction its moves states: up (a credit), where words describing a debit
//     contradict it, or down (a debit), where words describing a credit do.

// debitWords are the words that describe a balance going down, creditWords those that
// describe it going up: the words of a delta rule that moves up must not hold a debit word,
// those of one that moves down no credit word.
var (
	debitWords  = regexp.MustCompile(`(?i)\b(debit|debits|debited|decrease|decreases|decreased|fall|falls|fell|fallen|lower|lowers|lowered|subtract|subtracts|subtracted|reduce|reduces|reduced|minus|drop|drops|dropped)\b`)
	creditWords = regexp.MustCompile(`(?i)\b(credit|credits|credited|increase|increases|increased|rise|rises|rose|risen|raise|raises|raised|add|adds|added|grow|grows|grew|grown|plus|higher)\b`)
)

// snakeWord matches a member name as the specs write them: lower case words joined by _.
var snakeWord = regexp.MustCompile(`\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b`)

// checkHowAgainstRule returns, for the operation raw, what its x-issuerkit-readback's how says
// that its settle rule contradicts, each line naming the operation and the file to edit; nil
// when they agree. opNames holds every operation of the spec by its operationId and Go name.
func checkHowAgainstRule(spec, raw, how string, with []string, o *settleOp, read codegen.OperationDefinition, opNames map[string]string) []string {
	r := o.rule
	var errs []string
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Sprintf("%s: %s: how contradicts its settle rule: %s (edit how or settle of %s in %s)",
			raw, readbackExt, fmt.Sprintf(format, args...), raw, spec))
	}
	words := wordSet(how)

	// Which read.
	for w := range words {
		id, ok := opNames[w]
		if ok && !contains(with, id) {
			bad("it names %s, which is not a read-back of with %v (settle reads %s)", w, with, r.Read)
		}
	}

	// Which member.
	if r.Field != "" && !mentions(how, r.Field) {
		bad("it does not name the member the rule reads, %s (kind %s, read %s)", r.Field, r.Kind, r.Read)
	}
	for _, k := range sortedKeys(r.Same) {
		src := r.Same[k]
		if c, ok := strings.CutPrefix(src, "const."); ok {
			if !mentions(how, k) && !mentions(how, c) {
				bad("it does not say that a new item holds %s %s (same: {%s: %s})", k, c, k, src)
			}
		} else if !mentions(how, k) && !mentions(how, strings.TrimPrefix(src, "body.")) {
			bad("it does not name %s, which a new item must share with the request (same)", k)
		}
	}
	if r.Value != "" && !mentions(how, r.Value) {
		bad("it does not name the value %s that %s must hold (value)", r.Value, r.Field)
	}
	known := map[string]bool{r.Field: true, r.Key: true, r.Items: true}
	for _, m := range []map[string]string{r.Match, r.Same, r.Owner, r.Args} {
		for k := range m {
			known[k] = true
		}
	}
	item := answerSchema(read)
	if r.Items != "" {
		if it := member(item, r.Items); it != nil && it.Items != nil {
			item = it.Items.Value
		}
	}
	members := props(item)
	var other []string
	for _, w := range snakeWord.FindAllString(how, -1) {
		if _, ok := members[w]; ok && !known[w] && !contains(other, w) {
			other = append(other, w)
		}
	}
	sort.Strings(other)
	for _, w := range other {
		bad("it names %s of %s's answer, which the rule does not read (field %s)", w, r.Read, orNone(r.Field))
	}

	// Which way.
	if r.Kind == "delta" {
		contrary, said, proved := debitWords, "a debit", "rises by exactly the amount sent (%s): a credit"
		if r.Moves == moveDown {
			contrary, said, proved = creditWords, "a credit", "falls by exactly the amount sent (%s): a debit"
		}
		if m := contrary.FindString(how); m != "" {
			bad("it says %q, %s, but the rule (moves: %s) proves the write when %s "+proved, m, said, r.Moves, r.Field, r.Sent)
		}
	}
	return errs
}

// mentions reports whether text holds name as a whole word, in any case ("PIN" for pin,
// "cancelled" for CANCELLED).
func mentions(text, name string) bool {
	return regexp.MustCompile(`(?i)(^|[^A-Za-z0-9_])` + regexp.QuoteMeta(name) + `($|[^A-Za-z0-9_])`).MatchString(text)
}

// wordSet returns the identifiers of text (letters, digits, _), as written.
func wordSet(text string) map[string]bool {
	out := map[string]bool{}
	for _, w := range regexp.MustCompile(`[A-Za-z][A-Za-z0-9_]*`).FindAllString(text, -1) {
		out[w] = true
	}
	return out
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
