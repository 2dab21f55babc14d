package paging_test

import (
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// Hostile page-style servers, through the typed client over HTTP.

func achKey(x paging.ACHListTransaction) string { return x.ParNumber }

// assertNoRepeats fails when a key appears twice.
func assertNoRepeats(t *testing.T, keys []string) {
	t.Helper()
	seen := map[string]bool{}
	for _, k := range keys {
		assert.False(t, seen[k], "%s delivered twice", k)
		seen[k] = true
	}
}

// TestPageOverfull: a server that sends more items than the pageSize asked for (130 for 100)
// cannot be paged safely (its next page may or may not start after them), so the page fails
// before any of its items is delivered, and nothing is repeated: the decoder stops at the
// 101st item, before building it, with a *DecodeError whose cause is core.ErrTooManyItems
// (issue 34: an answer costs the items asked for, whatever it holds). Before, the page was
// decoded whole and judged by the pageSize it echoes (*MismatchError, 130 returned).
func TestPageOverfull(t *testing.T) {
	for _, k := range []int{0, 2} {
		srv := pagingtest.NewServer(t, pagingtest.WithRecords(250), pagingtest.WithExtraItems(30))
		opts := []core.IterOption{core.WithPageSize(100)}
		if k > 0 {
			opts = append(opts, core.WithPrefetch(k))
		}
		got, err := collect(t, client(t, srv).ACHTransactions(t.Context(), achReq, opts...), achKey)
		assertNoRepeats(t, got)
		require.ErrorIs(t, err, core.ErrTooManyItems)
		var de *core.DecodeError
		require.ErrorAs(t, err, &de)
		assert.Contains(t, err.Error(), "at most 100")
		assert.Empty(t, got)
	}
}

// TestPageLastPageBeforeTotals: lastPage on a page before the end that totalPages (or
// totalRecords) announce contradicts the server's own totals: ending there could drop pages,
// going on could ask past the end, so the iteration fails with *TotalsError
// (ErrInconsistentTotals) after the items of the page.
func TestPageLastPageBeforeTotals(t *testing.T) {
	for name, edit := range map[string]func(m *paging.PageMetadata){
		"totalPages": func(m *paging.PageMetadata) {
			m.LastPage = m.LastPage || m.PageNumber == 1
		},
		"totalRecords only": func(m *paging.PageMetadata) {
			m.LastPage, m.TotalPages = m.LastPage || m.PageNumber == 1, 0
		},
	} {
		t.Run(name, func(t *testing.T) {
			srv := pagingtest.NewServer(t, pagingtest.WithRecords(250), pagingtest.WithPageMetadata(edit))
			got, err := collect(t, client(t, srv).ACHTransactions(t.Context(), achReq, core.WithPageSize(100)), achKey)
			require.ErrorIs(t, err, core.ErrInconsistentTotals)
			var te *core.TotalsError
			require.ErrorAs(t, err, &te)
			assert.Equal(t, 1, te.Position.Start)
			assert.Empty(t, got)
		})
	}
}

// TestPageNegativeTotals: negative totals are no totals a page can be counted against; the
// server's -1 for "unknown" ended the iteration after the first page.
func TestPageNegativeTotals(t *testing.T) {
	for name, edit := range map[string]func(m *paging.PageMetadata){
		"both":         func(m *paging.PageMetadata) { m.TotalPages, m.TotalRecords, m.LastPage = -1, -1, false },
		"totalPages":   func(m *paging.PageMetadata) { m.TotalPages, m.LastPage = -1, false },
		"totalRecords": func(m *paging.PageMetadata) { m.TotalRecords = -5 },
	} {
		t.Run(name, func(t *testing.T) {
			srv := pagingtest.NewServer(t, pagingtest.WithRecords(250), pagingtest.WithPageMetadata(edit))
			got, err := collect(t, client(t, srv).ACHTransactions(t.Context(), achReq, core.WithPageSize(100)), achKey)
			require.ErrorIs(t, err, core.ErrInconsistentTotals)
			assert.Empty(t, got)
		})
	}
}

// visible returns the keys of records from..to a server withholding every k-th row sends.
func visible(from, to, k int) []string {
	var out []string
	for i := from; i <= to; i++ {
		if i%k != 0 {
			out = append(out, pagingtest.Key(i))
		}
	}
	return out
}

// TestRowResumeWithheldRows: on a row page whose retrievedRows counts rows it did not send,
// the rows of the items are unknown, so a cursor inside the page cannot count rows from
// the window's start by items: stopped after n items (a break, or the cap), the stored cursor
// must resume after them, neither repeating nor skipping one. It resumed n rows on, which
// repeated the items after the withheld rows.
func TestRowResumeWithheldRows(t *testing.T) {
	all := visible(1, 250, 4)
	for _, n := range []int{1, 3, 40, 75, 76, 100, 150} {
		for _, prefetch := range []int{0, 2} {
			t.Run(fmt.Sprintf("stop after %d, prefetch %d", n, prefetch), func(t *testing.T) {
				srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(250), pagingtest.WithWithheldRows(4))
				c := client(t, srv)
				opts := []core.IterOption{core.WithPageSize(100), core.WithPrefetch(prefetch)}
				// by a break
				it := c.PreviousDayTransactionsIterator(t.Context(), pdReq, opts...)
				var first []string
				for x, err := range it.Items() {
					require.NoError(t, err)
					if first = append(first, pdKey(x)); len(first) == n {
						break
					}
				}
				rest := resumeText(t, c, it.Cursor(), opts...)
				assert.Equal(t, all, append(first, rest...), "break, cursor %s", it.Cursor())
				// by the cap
				it = c.PreviousDayTransactionsIterator(t.Context(), pdReq, append(opts, core.WithMaxItems(n))...)
				first, err := collect(t, it.Items(), pdKey)
				require.NoError(t, err)
				rest = resumeText(t, c, it.Cursor(), append(opts, core.WithMaxItems(40))...)
				assert.Equal(t, all[:min(n+40, len(all))], append(first, rest...), "cap, cursor %s", it.Cursor())
			})
		}
	}
}

// resumeText resumes a previous-day iteration from cur's text form and collects the rest.
func resumeText(t *testing.T, c *paging.Client, cur core.Cursor, opts ...core.IterOption) []string {
	t.Helper()
	text, err := cur.MarshalText()
	require.NoError(t, err)
	var back core.Cursor
	require.NoError(t, back.UnmarshalText(text))
	rest, err := collect(t, c.PreviousDayTransactions(t.Context(), pdReq, append(opts, core.WithCursor(back))...), pdKey)
	require.NoError(t, err)
	return rest
}

// TestCursorTextHostile: a cursor text MarshalText cannot write fails with ErrInvalidConfig
// instead of resuming somewhere: a skip of a whole page or more (it silently skipped that
// page), a row window whose endRowIndex overflows (sent as a negative endRowIndex).
func TestCursorTextHostile(t *testing.T) {
	for _, bad := range []string{"page:2:100:150", "page:1:100:100", "page:1:100:9223372036854775807",
		"row:1:10:10", "offset:0:10:11", "row:9223372036854775807:1000:0", "row:9223372036854775000:1000:0"} {
		var c core.Cursor
		assert.ErrorIs(t, c.UnmarshalText([]byte(bad)), core.ErrInvalidConfig, bad)
	}
	for _, bad := range []core.Cursor{{Style: core.StylePage, Start: 2, Size: 100, Skip: 150},
		{Style: core.StyleRow, Start: 1, Size: 10, Skip: 10}} {
		assert.ErrorIs(t, core.Config{Style: bad.Style, From: bad}.Validate(), core.ErrInvalidConfig, bad.String())
	}
	var c core.Cursor
	require.NoError(t, c.UnmarshalText([]byte("page:2:100:99")))
	assert.Equal(t, core.Cursor{Style: core.StylePage, Start: 2, Size: 100, Skip: 99}, c)
}

// TestResumeSkipHugeCap: a cap as large as an int (no cap in effect) with a cursor inside a
// row page with withheld rows asked for a negative window (skip + cap overflowed).
func TestResumeSkipHugeCap(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(250), pagingtest.WithWithheldRows(4))
	cur := core.Cursor{Style: core.StyleRow, Start: 1, Size: 100, Skip: 5}
	got, err := collect(t, client(t, srv).PreviousDayTransactions(t.Context(), pdReq,
		core.WithCursor(cur), core.WithMaxItems(math.MaxInt)), pdKey)
	require.NoError(t, err)
	assert.Equal(t, visible(1, 250, 4)[5:], got)
}

// TestPageSizeLimitedByServer: a server that serves fewer items per page than the pageSize
// asked for, and says so in metadata.page.pageSize, numbers its pages by its own size. With
// no totalPages nor totalRecords, its full pages looked short and the iteration ended after
// the first, silently; the short-page rule must count against the size the server echoes.
func TestPageSizeLimitedByServer(t *testing.T) {
	noTotals := func(m *paging.PageMetadata) { m.TotalPages, m.TotalRecords = 0, 0 }
	for name, opts := range map[string][]pagingtest.Option{
		"no totals":   {pagingtest.WithPageMetadata(noTotals)},
		"with totals": nil,
	} {
		t.Run(name, func(t *testing.T) {
			srv := pagingtest.NewServer(t, append(opts, pagingtest.WithRecords(250), pagingtest.WithPageSizeLimit(40))...)
			got, err := collect(t, client(t, srv).ACHTransactions(t.Context(), achReq, core.WithPageSize(100)), achKey)
			require.NoError(t, err)
			assert.Equal(t, want(1, 250), got)
		})
	}
}

// TestPartiesShapes: parties is read as the list the endpoint serves or the one object its
// schema declares, and null as none; anything else, an object without the required name (an
// empty object) or a null inside the list included, is no party: it fails with *DecodeError,
// as any body that is not the JSON the spec describes, instead of yielding a blank Party
// (or an error that matched nothing documented).
func TestPartiesShapes(t *testing.T) {
	for raw, want := range map[string][]string{`{"name":"A"}`: {"A"}, `[{"name":"A"},{"name":"B"}]`: {"A", "B"}, `null`: nil, `[]`: nil} {
		srv := pagingtest.NewServer(t, pagingtest.WithRecords(len(want)), pagingtest.WithPartiesJSON(raw))
		got, err := collect(t, client(t, srv, paging.WithKeyClientID("k")).RTPParticipants(t.Context()), partyKey)
		require.NoError(t, err, raw)
		assert.Equal(t, want, got, raw)
	}
	for _, raw := range []string{`{}`, `[null]`, `[{"name":"A"},{}]`, `"x"`, `7`, `[{"name":"A"},7]`} {
		srv := pagingtest.NewServer(t, pagingtest.WithRecords(2), pagingtest.WithPartiesJSON(raw))
		got, err := collect(t, client(t, srv, paging.WithKeyClientID("k")).RTPParticipants(t.Context()), partyKey)
		var de *core.DecodeError
		require.ErrorAs(t, err, &de, raw)
		assert.Empty(t, got, raw)
	}
}

// TestAddendaSequenceNotANumber: an addendaSequenceNumber that is not a number fails with
// *DecodeError (the body is not what the spec describes) before the page is delivered; the
// error matched nothing documented.
func TestAddendaSequenceNotANumber(t *testing.T) {
	for _, text := range []string{"", " 12", "1e3", "abc", "0x1F"} {
		srv := pagingtest.NewServer(t, pagingtest.WithRecords(30), pagingtest.WithSequenceText(func(seq int) string {
			if seq == 15 {
				return text
			}
			return fmt.Sprintf("%04d", seq)
		}))
		var got []string
		var err error
		for x, e := range client(t, srv).ACHAddenda(t.Context(), paging.ACHAddendaRequest{UUID: "item-7"}, core.WithPageSize(10)) {
			if err = e; e != nil {
				break
			}
			got = append(got, x.AddendaSequenceNumber)
		}
		var de *core.DecodeError
		require.ErrorAs(t, err, &de, "%q", text)
		assert.Len(t, got, 10, "the first page only")
	}
}
