package paging_test

import (
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// ledger is an at-least-once consumer: it processes items by key, fails once on the item at
// failAt (1-based), and remembers how often each key was processed successfully.
type ledger struct {
	done   map[string]int
	failAt int
	seen   int
}

// run ranges over it, processing until the failure; it returns the cursor text CursorAt
// gives at the failing item, or "" when the range ended without failing.
func run[T any](t *testing.T, l *ledger, it *core.Iterator[T], key func(T) string) string {
	t.Helper()
	for x, err := range it.Items() {
		require.NoError(t, err)
		l.seen++
		if l.seen == l.failAt {
			text, err := it.CursorAt().MarshalText() // store where to resume: at this item
			require.NoError(t, err)
			return string(text)
		}
		l.done[key(x)]++
	}
	return ""
}

// TestResumeAtTheItemBeingHandled: a consumer that fails on item k and breaks out resumes at
// k with CursorAt: every item is processed at least once, none is lost, and only item k is
// delivered twice. With Cursor (the default) the same break loses item k, as it always did.
func TestResumeAtTheItemBeingHandled(t *testing.T) {
	type list struct {
		name    string
		records int
		iter    func(c *paging.Client, opts ...core.IterOption) (func(*ledger) string, func() core.Cursor)
	}
	rows := func(c *paging.Client, opts ...core.IterOption) (func(*ledger) string, func() core.Cursor) {
		it := c.PreviousDayTransactionsIterator(t.Context(), pdReq, append(opts, core.WithPageSize(100))...)
		return func(l *ledger) string { return run(t, l, it, pdKey) }, it.Cursor
	}
	pages := func(c *paging.Client, opts ...core.IterOption) (func(*ledger) string, func() core.Cursor) {
		it := c.RTPTransactionsIterator(t.Context(), rtpReq, append(opts, core.WithPageSize(100))...)
		return func(l *ledger) string { return run(t, l, it, rtpKey) }, it.Cursor
	}
	offsets := func(c *paging.Client, opts ...core.IterOption) (func(*ledger) string, func() core.Cursor) {
		it := c.RTPParticipantsIterator(t.Context(), opts...)
		return func(l *ledger) string { return run(t, l, it, partyKey) }, it.Cursor
	}
	sequence := func(c *paging.Client, opts ...core.IterOption) (func(*ledger) string, func() core.Cursor) {
		it := c.ACHAddendaIterator(t.Context(), paging.ACHAddendaRequest{UUID: "item-7"}, opts...)
		return func(l *ledger) string {
			return run(t, l, it, func(x paging.ACHAddenda) string { return x.AddendaSequenceNumber })
		}, it.Cursor
	}
	for _, ls := range []list{{"row", 250, rows}, {"page", 250, pages}, {"offset", 250, offsets}, {"sequence", 250, sequence}} {
		for _, k := range []int{1, 2, 100, 101, 150, 250} {
			t.Run(fmt.Sprintf("%s/k=%d", ls.name, k), func(t *testing.T) {
				srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(ls.records), pagingtest.WithClientID("client-32"))
				c := client(t, srv, paging.WithKeyClientID("client-32"))
				l := &ledger{done: map[string]int{}, failAt: k}
				first, _ := ls.iter(c)
				text := first(l)
				require.NotEmpty(t, text, "the consumer failed on item %d", k)
				var cur core.Cursor
				require.NoError(t, cur.UnmarshalText([]byte(text)))
				l.failAt = -1
				rest, end := ls.iter(c, core.WithCursor(cur))
				assert.Empty(t, rest(l))
				assert.True(t, end().Done, "the resumed iteration reached the end")
				assert.Len(t, l.done, ls.records, "cursor %s: every item processed, none lost", text)
				for key, n := range l.done {
					assert.Equal(t, 1, n, "%s processed %d times", key, n)
				}
				assert.Equal(t, ls.records+1, l.seen, "cursor %s: only item %d delivered twice", text, k)
			})
		}
	}

	// The default cursor is exact: it points after the item delivered, so the same break
	// loses the failing item unless it was processed (at-most-once for that item).
	srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(250))
	c := client(t, srv)
	it := c.PreviousDayTransactionsIterator(t.Context(), pdReq, core.WithPageSize(100))
	var k string
	for x, err := range it.Items() {
		require.NoError(t, err)
		if k = pdKey(x); k == pagingtest.Key(150) {
			break
		}
	}
	next, err := collect(t, c.PreviousDayTransactions(t.Context(), pdReq, core.WithCursor(it.Cursor())), pdKey)
	require.NoError(t, err)
	assert.Equal(t, want(151, 250), next, "Cursor resumes after the item delivered")
	at, err := collect(t, c.PreviousDayTransactions(t.Context(), pdReq, core.WithCursor(it.CursorAt())), pdKey)
	require.NoError(t, err)
	assert.Equal(t, want(150, 250), at, "CursorAt resumes at it")
}

// TestCursorBoundToItsRequest: a cursor carries a fingerprint of the request it came from
// (the endpoint and its filters, not the page parameters); resuming another request, or
// another endpoint of the same style, with it fails with ErrCursorMismatch before any request
// instead of replaying a position of one day's list against another's.
func TestCursorBoundToItsRequest(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(250))
	c := client(t, srv)
	it := c.PreviousDayTransactionsIterator(t.Context(), pdReq, core.WithPageSize(100))
	n := 0
	for _, err := range it.Items() {
		require.NoError(t, err)
		if n++; n == 120 {
			break
		}
	}
	text := it.Cursor().String()
	assert.Regexp(t, `^row:121:100:0@[0-9a-f]{16}$`, text)
	assert.Equal(t, text[strings.Index(text, "@"):], it.CursorAt().String()[strings.Index(it.CursorAt().String(), "@"):], "both cursors are bound")
	var cur core.Cursor
	require.NoError(t, cur.UnmarshalText([]byte(text)))
	assert.Equal(t, text, cur.String(), "the text round-trips")

	other := pdReq
	other.ToDate = date1 // another day's list
	before := len(srv.Requests())
	_, err := collect(t, c.PreviousDayTransactions(t.Context(), other, core.WithCursor(cur)), pdKey)
	require.ErrorIs(t, err, core.ErrCursorMismatch)
	require.ErrorIs(t, err, core.ErrInvalidConfig)
	var me *core.CursorMismatchError
	require.ErrorAs(t, err, &me)
	assert.NotEqual(t, me.Cursor, me.Request)
	assert.Equal(t, before, len(srv.Requests()), "refused before the network")

	// Another account, same dates: refused too. The account number enters the fingerprint
	// through its last 4 hex digits only (see Cursor.Bound), so the text does not reveal it.
	otherAcct := pdReq
	otherAcct.AccountNumber = []core.Secret{core.NewSecret("3123456790")}
	_, err = collect(t, c.PreviousDayTransactions(t.Context(), otherAcct, core.WithCursor(cur)), pdKey)
	require.ErrorAs(t, err, &me)
	assert.Equal(t, me.Cursor[:12], me.Request[:12], "the masked request is the same")
	assert.NotEqual(t, me.Cursor[12:], me.Request[12:])
	assert.NotContains(t, err.Error(), "3123456790")

	// Another endpoint of the same style (rows) with the same cursor.
	_, err = collect(t, c.WireTransactions(t.Context(), wireDetailsReq, core.WithCursor(cur)), func(x paging.WireTransaction) string { return "" })
	require.ErrorIs(t, err, core.ErrCursorMismatch)

	// The same request resumes: the page size is not part of the binding.
	got, err := collect(t, c.PreviousDayTransactions(t.Context(), pdReq, core.WithCursor(cur)), pdKey)
	require.NoError(t, err)
	assert.Equal(t, want(121, 250), got)

	// A cursor written before binding existed (no fingerprint) is taken as it is.
	var old core.Cursor
	require.NoError(t, old.UnmarshalText([]byte("row:121:100:0")))
	got, err = collect(t, c.PreviousDayTransactions(t.Context(), other, core.WithCursor(old)), pdKey)
	require.NoError(t, err)
	assert.Equal(t, want(121, 250), got)

	for _, bad := range []string{"row:121:100:0@", "row:121:100:0@xyz", "row:121:100:0@0123456789abcdef@0123456789abcdef", "row:done@nothex!"} {
		assert.ErrorIs(t, new(core.Cursor).UnmarshalText([]byte(bad)), core.ErrInvalidConfig, bad)
	}
	var done core.Cursor
	require.NoError(t, done.UnmarshalText([]byte("row:done@0123456789abcdef")))
	assert.True(t, done.Done)
	assert.Equal(t, "row:done@0123456789abcdef", done.String())
}
