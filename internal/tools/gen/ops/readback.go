package ops

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/oapi-codegen/oapi-codegen/v2/pkg/codegen"
)

// readbackExt is the vendor extension that says, for an operation that is never re-sent
// (x-issuerkit-retry-safe: false), what can settle an outcome unknown: either "with", the
// retry-safe operations that read the state back, and "how", which fields tell "done" from
// "not done" and how ambiguous that is; or "none", why no read-back exists.
const readbackExt = "x-issuerkit-readback"

// ReadbackNone is the phrase every operation without a read-back states in its doc.
const readbackNone = "no read-back exists: manual review."

// readbacks returns, by Go method name (the definitions' OperationId), the doc paragraph of
// each non-retry-safe operation, built from its x-issuerkit-readback. It fails when such an
// operation has none, has both or neither of with and none, names an operation the spec does
// not hold or one that is not retry-safe, or when a retry-safe operation carries one.
// rawIDs maps "METHOD /path" to the spec's own operationId. It also returns the settle rule
// (settle.go) of every operation that names read-backs: naming one without a rule fails, so
// that the SDK runs every read-back the spec promises, and so does a how that contradicts its
// rule (readback_prose.go). spec is the spec's path, which the errors name.
func readbacks(spec string, defs []codegen.OperationDefinition, rawIDs map[string]string) (map[string]string, []*settleOp, error) {
	goName := map[string]string{}  // spec operationId -> Go method name
	opNames := map[string]string{} // operationId and Go method name -> operationId
	safe := map[string]bool{}      // spec operationId -> retry-safe
	byRaw := map[string]codegen.OperationDefinition{}
	for _, d := range defs {
		raw := rawIDs[d.Method+" "+d.Path]
		goName[raw] = d.OperationId
		opNames[raw], opNames[d.OperationId] = raw, raw
		safe[raw] = d.Spec.Extensions["x-issuerkit-retry-safe"] == true
		byRaw[raw] = d
	}
	out := map[string]string{}
	var settles []*settleOp
	var errs []string
	for _, d := range defs {
		raw := rawIDs[d.Method+" "+d.Path]
		ext, has := d.Spec.Extensions[readbackExt]
		if safe[raw] {
			if has {
				errs = append(errs, raw+": "+readbackExt+" on a retry-safe operation (a lost answer is simply retried)")
			}
			continue
		}
		m, ok := ext.(map[string]any)
		if !has || !ok {
			errs = append(errs, raw+": changes state and has no "+readbackExt+" (with + how, or none)")
			continue
		}
		if err := knownFields(m, reflect.TypeFor[readbackFields](), readbackExt); err != nil {
			errs = append(errs, raw+": "+err.Error())
			continue
		}
		p, err := readbackParagraph(m, goName, safe)
		if err != nil {
			errs = append(errs, raw+": "+readbackExt+": "+err.Error())
			continue
		}
		if with, _ := m["with"].([]any); len(with) > 0 {
			var ids []string
			for _, w := range with {
				ids = append(ids, fmt.Sprint(w))
			}
			so, err := parseSettle(m, d, raw, ids, byRaw)
			if err != nil {
				errs = append(errs, raw+": "+readbackExt+": "+err.Error())
				continue
			}
			if bad := checkHowAgainstRule(spec, raw, so.how, ids, so, byRaw[so.rule.Read], opNames); len(bad) > 0 {
				errs = append(errs, bad...)
				continue
			}
			settles = append(settles, so)
			snap, rec := "Snapshot"+d.OperationId, "Settle"+d.OperationId
			if len(so.rule.Names) == 2 {
				snap, rec = so.rule.Names[0], so.rule.Names[1]
			}
			p += " Client." + snap + " (before sending) and Client." + rec + " run it."
		}
		out[d.OperationId] = p
	}
	if len(errs) > 0 {
		sort.Strings(errs)
		return nil, nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return out, settles, nil
}

// readbackParagraph builds the doc paragraph of one x-issuerkit-readback value.
func readbackParagraph(m map[string]any, goName map[string]string, safe map[string]bool) (string, error) {
	const lead = "If its outcome is unknown ([core.ErrOutcomeUnknown]), "
	none, _ := m["none"].(string)
	how, _ := m["how"].(string)
	with, _ := m["with"].([]any)
	none, how = strings.TrimSpace(none), strings.TrimSpace(how)
	switch {
	case none != "" && (len(with) > 0 || how != ""):
		return "", fmt.Errorf("none excludes with and how")
	case none != "":
		return lead + readbackNone + " " + none, nil
	case len(with) == 0 || how == "":
		return "", fmt.Errorf("give with (operations) and how, or none (why there is no read-back)")
	}
	var names []string
	for _, w := range with {
		id, _ := w.(string)
		switch {
		case goName[id] == "":
			return "", fmt.Errorf("with names %q, not an operation of the spec", w)
		case !safe[id]:
			return "", fmt.Errorf("with names %q, which is not retry-safe", id)
		}
		names = append(names, goName[id])
	}
	return lead + "read back with " + strings.Join(names, " or ") + ": " + how, nil
}
