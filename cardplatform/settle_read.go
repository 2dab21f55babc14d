package cardplatform

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/ops"
	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// The read-back engine's reads: the rule's read-back call, a listing read page by page, and
// the checks that decide whether an answer can be trusted at all (settle_rule.go judges).

// readRule runs the rule's read-back with the snapshot's arguments. An answer that cannot be
// trusted (doubt) is not an error: the verdict is StillUnknown with its reason. A listing is
// trusted only when it is whole (its total equals the items returned), every item carries its
// identity (and, for a rule with owners, its owners, equal to the request's) as a string, and
// no identity repeats.
func (c *Client) readRule(ctx context.Context, r *settleRule, s Snapshot) (readState, error) {
	st := readState{what: r.Read.ID}
	read := c.readBack
	if r.Items != "" {
		read = c.readListing
	}
	ans, err := read(ctx, r.Read, s.Args)
	if err != nil {
		// None yet: found and present stay false. Only the platform's own 404, with its
		// ProblemDetails body (as the spec gives it), says so; a bare 404 (a gateway's, a
		// path the platform no longer serves) proves nothing and fails the read.
		var pe *core.Problem
		if r.Kind == settleChanged && errors.Is(err, core.ErrNotFound) && errors.As(err, &pe) && pe != nil {
			return st, nil
		}
		return st, err
	}
	doubtful := func(reason Reason, format string, args ...any) (readState, error) {
		st.doubt = &doubt{reason: reason, why: fmt.Sprintf(format, args...)}
		return st, nil
	}
	if r.Items == "" {
		st.what += " " + r.Field
		if _, ok := ans.(map[string]any); !ok {
			return doubtful(ReasonMemberMissing, "the answer is %s, not an object", jsonKind(ans))
		}
		st.found = true
		st.value, st.present = lookup(ans, r.Field)
		st.present = st.present && st.value != nil
		if st.present && !ofType(st.value, r.FieldType) {
			return doubtful(ReasonMemberMissing, "%s is %s, not %s as the spec says", r.Field, jsonKind(st.value), r.FieldType)
		}
		return st, nil
	}
	if r.Kind == settleNew {
		st.what += " " + r.Items
	} else {
		st.what += " " + r.Field + " of the item with " + describeMatch(s.Match)
	}
	if _, ok := ans.(map[string]any); !ok {
		return doubtful(ReasonListingIncomplete, "the answer is %s, not an object", jsonKind(ans))
	}
	// An empty listing comes as {} (the spec's members are optional and the platform omits
	// empty ones), so an absent list is an empty one, as the typed methods decode it.
	list, _ := lookup(ans, r.Items)
	items, ok := list.([]any)
	if list != nil && !ok {
		return doubtful(ReasonListingIncomplete, "%s is %s, not a list", r.Items, jsonKind(list))
	}
	keys := r.Match // the members that identify an item: the key, or those that match it
	if r.Kind == settleNew {
		keys = map[string]string{r.Key: ""}
	}
	seen := map[string]bool{}
	var picked []any
	for i, it := range items {
		obj, ok := it.(map[string]any)
		if !ok {
			return doubtful(ReasonIdentityMissing, "item %d is %s, not an object", i+1, jsonKind(it))
		}
		for _, k := range sortedKeys(keys) {
			if v, ok := obj[k]; !ok || !isText(v) {
				return doubtful(ReasonIdentityMissing, "item %d has no %s (%s): items cannot be told apart", i+1, k, jsonKind(v))
			}
		}
		if r.Kind == settleNew {
			id := obj[r.Key].(string)
			if seen[strings.ToLower(id)] {
				return doubtful(ReasonIdentityRepeated, "%s %s is listed twice", r.Key, id)
			}
			seen[strings.ToLower(id)] = true
			st.ids = append(st.ids, id)
			st.raw = append(st.raw, it)
		} else if matches(it, s.Match) {
			picked = append(picked, it)
		}
		for _, k := range sortedKeys(s.Owner) {
			v, ok := obj[k]
			if !ok || !isText(v) {
				return doubtful(ReasonIdentityMissing, "item %d has no %s (%s): it is not known to be the request's", i+1, k, jsonKind(v))
			}
			if !strings.EqualFold(v.(string), s.Owner[k]) {
				return doubtful(ReasonForeignOwner, "item %d has %s %s, not the request's %s: the platform did not filter the listing", i+1, k, v, s.Owner[k])
			}
		}
	}
	total, hasTotal := lookup(ans, "total")
	n, isNum := ratOf(total)
	switch {
	case hasTotal && (!isNum || !n.IsInt()):
		return doubtful(ReasonListingIncomplete, "its total is %s, not a whole number", jsonKind(total))
	case hasTotal && n.Cmp(new(big.Rat).SetInt64(int64(len(items)))) != 0:
		return doubtful(ReasonListingIncomplete, "it returned %d items of a total of %s: the listing is partial", len(items), n.RatString())
	case !hasTotal && len(items) > 0:
		return doubtful(ReasonListingIncomplete, "it returned %d items and no total: whether it holds more cannot be seen", len(items))
	}
	if r.Kind == settleNew {
		return st, nil
	}
	switch len(picked) {
	case 0:
		return st, nil
	case 1:
		st.found = true
		st.value, st.present = lookup(picked[0], r.Field)
		st.present = st.present && st.value != nil
		if st.present && !ofType(st.value, r.FieldType) {
			return doubtful(ReasonMemberMissing, "%s is %s, not %s as the spec says", r.Field, jsonKind(st.value), r.FieldType)
		}
		return st, nil
	}
	return doubtful(ReasonIdentityRepeated, "%d items have %s: the read-back cannot tell which", len(picked), describeMatch(s.Match))
}

// isText reports whether v is a JSON string that is not empty.
func isText(v any) bool {
	s, ok := v.(string)
	return ok && s != ""
}

// jsonKind names the JSON type of a decoded value, for the evidence.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null or absent"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return "a boolean"
	case map[string]any:
		return "an object"
	case []any:
		return "a list"
	}
	return fmt.Sprintf("a %T", v)
}

// ofType reports whether the decoded value v is of the JSON type t ("" accepts any).
func ofType(v any, t string) bool {
	switch t {
	case "":
		return true
	case "string":
		_, ok := v.(string)
		return ok
	case "number":
		_, ok := v.(json.Number)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	}
	return false
}

// maxReadBackPages bounds the pages one listing read-back reads; a listing longer than that
// is partial (StillUnknown).
const maxReadBackPages = 40

// readListing reads a listing whole: for an operation that pages by start_index (1-based) in
// the query, the pages after the first until the items read reach the first page's total, as
// one answer with every item. It stops at a page that is not a listing, is empty, or announces
// another total, and returns what it read: the total then differs from the items, and the
// listing is judged partial.
func (c *Client) readListing(ctx context.Context, op *ops.Operation, args map[string]string) (any, error) {
	ans, err := c.readBack(ctx, op, args)
	p := op.Paging
	if err != nil || p == nil || p.Style != "index" || p.In != "query" || p.Start == "" {
		return ans, err
	}
	first, _ := ans.(map[string]any)
	all, isList := first[p.Items].([]any)
	total, isNum := ratOf(first[p.Total])
	if first == nil || !isList || !isNum || !total.IsInt() || !total.Num().IsInt64() {
		return ans, nil
	}
	want := total.Num().Int64()
	for pages := 1; int64(len(all)) < want && pages < maxReadBackPages; pages++ {
		next := maps.Clone(args)
		if next == nil {
			next = map[string]string{}
		}
		next[p.Start] = strconv.Itoa(len(all) + 1)
		page, err := c.readBack(ctx, op, next)
		if err != nil {
			return nil, err
		}
		m, _ := page.(map[string]any)
		items, isList := m[p.Items].([]any)
		t, isNum := ratOf(m[p.Total])
		if m == nil || !isList || len(items) == 0 || !isNum || t.Cmp(total) != 0 {
			break
		}
		all = append(all, items...)
	}
	first[p.Items] = all
	return first, nil
}

// readBack calls the retry-safe operation op with args: those named in its path template
// go into the path (refused as PathArgument refuses them), the others into the query (GET)
// or the JSON body. It returns the decoded answer, numbers kept exact (json.Number).
func (c *Client) readBack(ctx context.Context, op *ops.Operation, args map[string]string) (any, error) {
	if op == nil || !op.RetrySafe {
		return nil, fmt.Errorf("%w: read-back %v is not a retry-safe operation", core.ErrInvalidArgument, op)
	}
	opID := op.ID
	path := strings.Replace(op.Path, "{version}", c.core.APIVersion, 1)
	rest := url.Values{}
	restBody := map[string]string{}
	for _, k := range sortedKeys(args) {
		v := args[k]
		if p := "{" + k + "}"; strings.Contains(path, p) {
			if err := sdkclient.PathArgument(opID, k, v); err != nil {
				return nil, err
			}
			path = strings.Replace(path, p, url.PathEscape(v), 1)
			continue
		}
		rest.Set(k, v)
		restBody[k] = v
	}
	req := sdkclient.Request{Op: op, Path: path}
	if op.Method == http.MethodGet {
		if len(rest) > 0 {
			req.Path += "?" + rest.Encode()
		}
	} else {
		req.Body = restBody
	}
	raw, err := sdkclient.Call[json.RawMessage](ctx, &c.core, req, []core.CallOption(nil))
	if err != nil {
		return nil, err
	}
	var v any
	if err := decodeNumbers(*raw, &v); err != nil {
		return nil, fmt.Errorf("cardplatform: %s: the answer does not decode: %w", opID, err)
	}
	return v, nil
}
