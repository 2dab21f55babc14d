package paging

import (
	"github.com/issuerkit/issuerkit-go/openapi/core"

	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/internal/settings"
	"maps"
	"net/http"
	"slices"
	"strconv"
)

// The helpers the generated iterators (iterators.gen.go, written by internal/tools/gen from each list
// operation's x-issuerkit-pagination) call.

// maxAddendaSequence is the largest addenda sequence number (four digits).
const maxAddendaSequence = 9999

// DefaultAddendaPageSize is the pageSize the ACHAddenda iterator asks for unless core.WithPageSize
// (the bank publishes no default).
const DefaultAddendaPageSize = 100

// AddendaEndCode is the code of the information message by which the ACH addenda endpoint
// announces its last page: "all addenda have been received" (the bank's published ACH
// origination file).
const AddendaEndCode = "1002040-50I"

// sequenceIterator returns the Iterator of a sequence-style operation (the ACH addenda):
// the size in the body as text (the published form; in the query with WithDocumentedAPI), the start
// a sequence number in the body (text, from start, default 1), no total. The next page starts
// after the last sequence returned (Page.Seq), so gaps in the numbering neither repeat nor
// skip items; the iteration ends on the page the server marks as the last (Page.LastPage,
// set by the fetch from the information message AddendaEndCode) or on an empty page, never
// on a short page alone; an operation whose x-issuerkit-pagination
// gives maxItems never asks past sequence maxItems. The engine runs it as a row iteration
// whose start is the sequence number. A page whose numbers (key) come before the sequence
// asked for, or do not increase, fails with *core.MismatchError instead of looping; one that is
// not a number, with *DecodeError.
func sequenceIterator[T any](ctx context.Context, opID, param, start string, opts []core.IterOption,
	fetch func(ctx context.Context, p core.Position, call []core.CallOption) (core.Page[T], error), key func(T) string) *core.Iterator[T] {
	last := maxAddendaSequence
	if op, ok := operations.ByID(opID); ok && op.Paging != nil && op.Paging.MaxItems > 0 {
		last = op.Paging.MaxItems
	}
	first := 1
	if start != "" {
		n, err := strconv.Atoi(start)
		if err != nil || n < 1 || n > last {
			return core.FailedIterator[T](fmt.Errorf("paging: %s %q: %w", param, start,
				&core.RangeError{Param: param, Value: n, Min: 1, Max: last}))
		}
		first = n
	}
	limit := last - first + 1
	opts = append(opts, func(ic *settings.Iter) {
		if ic.MaxItems == 0 || ic.MaxItems > limit {
			ic.MaxItems = limit // never past the last sequence
		}
	})
	base := core.Config{Style: core.StyleRow, Start: first, PageSize: DefaultAddendaPageSize, MaxItems: limit}
	return iteratorFrom(ctx, base, nil, opts, func(ctx context.Context, p core.Position, call []core.CallOption) (core.Page[T], error) {
		if p.Start > last {
			return core.Page[T]{Seq: []int{}}, nil // past the last sequence: the end, without a request
		}
		pg, err := fetch(ctx, p, call)
		if err != nil {
			return pg, err
		}
		pg.Seq = make([]int, len(pg.Items))
		for i, x := range pg.Items {
			n, err := strconv.Atoi(key(x))
			if err != nil { // not the number the spec's pattern describes
				if ne, ok := err.(*strconv.NumError); ok {
					err = ne.Err // without the text it quotes: a server may put a secret there
				}
				return core.Page[T]{}, &core.DecodeError{StatusCode: http.StatusOK,
					Err: fmt.Errorf("paging: item %d of %s: sequence number %s: %w", i+1, p, jsonx.Excerpt(key(x)), err)}
			}
			if n < p.Start || (i > 0 && n <= pg.Seq[i-1]) {
				return core.Page[T]{}, &core.MismatchError{Style: core.StyleRow, Param: param, Requested: p.Start, Returned: n}
			}
			pg.Seq[i] = n
		}
		return pg, nil
	})
}

// sequenceNumber is the text of sequence number n: four digits, zero-padded ("0001").
func sequenceNumber(n int) string { return fmt.Sprintf("%04d", n) }

// pageMember is one page parameter sent as a member of the request body.
type pageMember struct {
	name string
	n    int
}

// withPageMembers returns a copy of extra (the request's additional members) with the page
// parameters set as members, for the bank versions that read them from the body: as JSON
// numbers, or as text when asText (the published addenda request's pageSize, "10"). A zero
// parameter is not sent, as in the query; a typed parameter replaces a member of the same
// name in extra. The caller's map is never modified.
func withPageMembers(extra core.Extras, asText bool, members ...pageMember) core.Extras {
	out := make(map[string]json.RawMessage, extra.Len()+len(members))
	maps.Copy(out, extra.Map())
	for _, m := range members {
		if m.n == 0 {
			continue
		}
		v := strconv.Itoa(m.n)
		if asText {
			v = strconv.Quote(v)
		}
		out[m.name] = json.RawMessage(v)
	}
	return core.NewExtras(out)
}

// hasMessage reports whether messages holds a message of code: the addenda's
// informationMessages announce the last page with AddendaEndCode.
func hasMessage(messages []ACHMessage, code string) bool {
	return slices.ContainsFunc(messages, func(m ACHMessage) bool { return m.Code == code })
}

// list reads parties as the array the endpoint serves or the single object its schema
// declares; an absent or null member is no parties. Anything else, and any element that is
// not a Party with its required name (null, {}), fails with *DecodeError: a blank Party is
// no participant.
func (ps Parties) list() ([]Party, error) {
	b, err := ps.MarshalJSON()
	if err != nil || len(b) == 0 || string(b) == "null" {
		return nil, nil
	}
	var raws []json.RawMessage
	if json.Unmarshal(b, &raws) != nil {
		raws = []json.RawMessage{b} // the single object of the schema
	}
	out := make([]Party, len(raws))
	for i, raw := range raws {
		err := json.Unmarshal(raw, &out[i])
		if err == nil && out[i].Name == "" {
			err = errors.New("no name")
		}
		if err != nil {
			return nil, &core.DecodeError{StatusCode: http.StatusOK,
				Err: fmt.Errorf("paging: parties: element %d is not a Party: %w", i+1, err)}
		}
	}
	return out, nil
}
