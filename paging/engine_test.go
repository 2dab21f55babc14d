package paging_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"slices"
	"strconv"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/goleaktest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

func TestMain(m *testing.M) { goleaktest.VerifyTestMain(m) }

// windows returns the row windows the sandbox was asked for, as "start-end".
func windows(srv *pagingtest.Server) []string {
	var out []string
	for _, r := range srv.Requests() {
		out = append(out, r.RevealQuery().Get("startRowIndex")+"-"+r.RevealQuery().Get("endRowIndex"))
	}
	return out
}

// keys collects the record keys of items, stopping at the first error.
func collect[T any](t *testing.T, seq func(func(T, error) bool), key func(T) string) ([]string, error) {
	t.Helper()
	var out []string
	for x, err := range seq {
		if err != nil {
			return out, err
		}
		out = append(out, key(x))
	}
	return out, nil
}

// want returns the keys of records from..to.
func want(from, to int) []string {
	var out []string
	for i := from; i <= to; i++ {
		out = append(out, pagingtest.Key(i))
	}
	return out
}

func pdKey(x paging.PreviousDayTransaction) string { return x.TransactionKey }
func rtpKey(x paging.RTPListTransaction) string    { return x.TransactionID }
func partyKey(x paging.Party) string               { return x.Name }

func TestRowRequestSequence(t *testing.T) {
	tests := []struct {
		name    string
		records int
		opts    []pagingtest.Option
		windows []string
	}{
		{"2500 rows", 2500, nil, []string{"1-1000", "1001-2000", "2001-2500"}},
		{"0 rows", 0, nil, []string{"1-1000"}},
		{"exactly 1000", 1000, nil, []string{"1-1000"}},
		{"1001 rows", 1001, nil, []string{"1-1000", "1001-1001"}},
		{"2500 rows, no headers: stop on the short page", 2500, []pagingtest.Option{pagingtest.WithoutHeaders()},
			[]string{"1-1000", "1001-2000", "2001-3000"}},
		{"1000 rows, no headers: stop on the empty page", 1000, []pagingtest.Option{pagingtest.WithoutHeaders()},
			[]string{"1-1000", "1001-2000"}},
		{"fewer rows claimed: stop at the claimed total", 2500, []pagingtest.Option{pagingtest.WithClaimedTotal(1500)},
			[]string{"1-1000", "1001-1500"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := pagingtest.NewServer(t, append([]pagingtest.Option{pagingtest.WithDocumentedAPI()}, append(tt.opts, pagingtest.WithRecords(tt.records))...)...)
			got, err := collect(t, core.Items(t.Context(), core.Config{Style: core.StyleRow}, previousDay(srv)), pdKey)
			require.NoError(t, err)
			n := tt.records
			if len(tt.windows) == 2 && tt.windows[1] == "1001-1500" {
				n = 1500
			}
			assert.Equal(t, want(1, n), got)
			assert.Equal(t, tt.windows, windows(srv))
		})
	}
}

func TestRowLyingTotalMoreClaimed(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500), pagingtest.WithClaimedTotal(4000))
	got, err := collect(t, core.Items(t.Context(), core.Config{Style: core.StyleRow}, previousDay(srv)), pdKey)
	var ee *core.EmptyPageError
	require.ErrorAs(t, err, &ee)
	assert.ErrorIs(t, err, core.ErrEmptyPage)
	assert.Equal(t, 4000, ee.Total)
	assert.Equal(t, want(1, 2500), got, "every row served is delivered before the error")
	assert.Equal(t, []string{"1-1000", "1001-2000", "2001-3000", "2501-3500"}, windows(srv))
}

func TestPageRequestSequence(t *testing.T) {
	for _, in := range []pagingtest.Placement{pagingtest.Query, pagingtest.Body} {
		for _, tt := range []struct {
			records, size int
			pages         []string
		}{
			{2500, 1000, []string{"1/1000", "2/1000", "3/1000"}},
			{2500, 700, []string{"1/700", "2/700", "3/700", "4/700"}},
			{0, 1000, []string{"1/1000"}},
			{1000, 1000, []string{"1/1000"}},
			{1001, 1000, []string{"1/1000", "2/1000"}},
		} {
			t.Run(fmt.Sprintf("in %d, %d records by %d", in, tt.records, tt.size), func(t *testing.T) {
				srv := pagingtest.NewServer(t, pagingtest.WithRecords(tt.records), pagingtest.WithParamsIn(in))
				cfg := core.Config{Style: core.StylePage, PageSize: tt.size}
				got, err := collect(t, core.Items(t.Context(), cfg, rtpList(srv, in)), rtpKey)
				require.NoError(t, err)
				assert.Equal(t, want(1, tt.records), got)
				var pages []string
				for _, r := range srv.Requests() {
					if in == pagingtest.Query {
						pages = append(pages, r.RevealQuery().Get("pageNumber")+"/"+r.RevealQuery().Get("pageSize"))
					} else {
						assert.Empty(t, r.Query)
						pages = append(pages, bodyParam(t, r.RevealBody(), "pageNumber")+"/"+bodyParam(t, r.RevealBody(), "pageSize"))
					}
				}
				assert.Equal(t, tt.pages, pages)
			})
		}
	}
}

func TestOffsetSequence(t *testing.T) {
	for _, n := range []int{0, 250, 1000, 1001} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			srv := pagingtest.NewServer(t, pagingtest.WithRecords(n), pagingtest.WithClientID("client-1"))
			cfg := core.Config{Style: core.StyleOffset, PageSize: 100}
			got, err := collect(t, core.Items(t.Context(), cfg, participants(srv)), partyKey)
			require.NoError(t, err)
			assert.Equal(t, want(1, n), got)
			reqs := srv.Requests()
			assert.Len(t, reqs, max((n+99)/100, 1), "stops at count")
			for i, r := range reqs {
				assert.Equal(t, fmt.Sprint(i*100), r.RevealQuery().Get("offset"))
				assert.Equal(t, "client-1", r.RevealHeader().Get("KeyClientId"))
			}
		})
	}
}

func TestPageParameterIgnored(t *testing.T) {
	t.Run("page", func(t *testing.T) {
		srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500), pagingtest.WithPageParamsIgnored())
		got, err := collect(t, core.Items(t.Context(), core.Config{Style: core.StylePage}, rtpList(srv, pagingtest.Query)), rtpKey)
		var me *core.MismatchError
		require.ErrorAs(t, err, &me)
		assert.Equal(t, 2, me.Requested)
		assert.Equal(t, 1, me.Returned)
		assert.Len(t, got, 1000)
		assert.Len(t, srv.Requests(), 2)
	})
	t.Run("offset", func(t *testing.T) {
		srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500), pagingtest.WithPageParamsIgnored())
		_, err := collect(t, core.Items(t.Context(), core.Config{Style: core.StyleOffset}, participants(srv)), partyKey)
		require.ErrorIs(t, err, core.ErrPositionMismatch)
		assert.Len(t, srv.Requests(), 2)
	})
	t.Run("row: the repeated rows give it away", func(t *testing.T) {
		srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500), pagingtest.WithPageParamsIgnored())
		got, err := collect(t, core.Items(t.Context(), core.Config{Style: core.StyleRow}, previousDay(srv)), pdKey)
		require.ErrorIs(t, err, core.ErrPositionMismatch, "no echo, but the second window begins with the first one's rows")
		assert.Equal(t, want(1, 1000), got, "no row twice")
		assert.Len(t, srv.Requests(), 2)
	})
}

func TestOutOfRangeBeforeNetwork(t *testing.T) {
	_, errWindow := core.RowWindow(1, 1001)
	_, errBackwards := core.RowWindow(5, 4)
	_, errStart := core.RowWindow(0, 10)
	for _, err := range []error{errWindow, errBackwards, errStart} {
		var re *core.RangeError
		require.ErrorAs(t, err, &re)
		assert.ErrorIs(t, err, core.ErrOutOfRange)
	}
	p, err := core.RowWindow(1001, 2000)
	require.NoError(t, err)
	assert.Equal(t, core.Position{Style: core.StyleRow, Start: 1001, Size: 1000}, p)

	tests := []struct {
		name string
		cfg  core.Config
	}{
		{"pageSize 0", core.Config{Style: core.StylePage, PageSize: -1}},
		{"pageSize 1001", core.Config{Style: core.StylePage, PageSize: 1001}},
		{"window 1001", core.Config{Style: core.StyleRow, PageSize: 1001}},
		{"start 0", core.Config{Style: core.StyleRow, From: core.Cursor{Style: core.StyleRow, Start: 0, Size: 10}}},
		{"negative offset", core.Config{Style: core.StyleOffset, Start: -5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls := 0
			fetch := func(context.Context, core.Position) (core.Page[int], error) {
				calls++
				return core.Page[int]{}, nil
			}
			n := 0
			for _, err := range core.Items(t.Context(), tt.cfg, fetch) {
				n++
				require.Error(t, err)
				assert.True(t, errors.Is(err, core.ErrOutOfRange) || errors.Is(err, core.ErrInvalidConfig), err)
			}
			assert.Equal(t, 1, n, "the error is yielded once")
			assert.Zero(t, calls, "no request")
		})
	}
}

func TestLazyAndEarlyBreak(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(2500))
	seq := core.Items(t.Context(), core.Config{Style: core.StyleRow}, previousDay(srv))
	assert.Empty(t, srv.Requests(), "no request before the first step")
	for range seq {
		break
	}
	assert.Len(t, srv.Requests(), 1)
}

func TestStopOnFirstError(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500), pagingtest.WithFailure(http.StatusTooManyRequests, 2))
	var items, errs int
	for _, err := range core.Items(t.Context(), core.Config{Style: core.StyleRow}, previousDay(srv)) {
		if err != nil {
			errs++
			var se *statusError
			require.ErrorAs(t, err, &se)
			assert.Equal(t, http.StatusTooManyRequests, se.status)
			continue
		}
		items++
	}
	assert.Equal(t, 1000, items)
	assert.Equal(t, 1, errs)
	assert.Len(t, srv.Requests(), 2)
}

func TestCap(t *testing.T) {
	t.Run("row windows shrink to the cap", func(t *testing.T) {
		srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500))
		got, err := collect(t, core.Items(t.Context(), core.Config{Style: core.StyleRow, MaxItems: 1500}, previousDay(srv)), pdKey)
		require.NoError(t, err)
		assert.Equal(t, want(1, 1500), got)
		assert.Equal(t, []string{"1-1000", "1001-1500"}, windows(srv))
	})
	t.Run("page size stays, items are cut", func(t *testing.T) {
		srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500))
		it := core.NewIterator(t.Context(), core.Config{Style: core.StylePage, PageSize: 1000, MaxItems: 1500}, rtpList(srv, pagingtest.Query))
		got, err := collect(t, it.Items(), rtpKey)
		require.NoError(t, err)
		assert.Equal(t, want(1, 1500), got)
		assert.Len(t, srv.Requests(), 2)
		assert.Equal(t, "page:2:1000:500", it.Cursor().String(), "the cursor points after the cap")
	})
}

func TestResume(t *testing.T) {
	for _, tt := range []struct {
		name  string
		style core.Style
		size  int
	}{{"row", core.StyleRow, 1000}, {"page", core.StylePage, 400}, {"offset", core.StyleOffset, 300}} {
		t.Run(tt.name, func(t *testing.T) {
			srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500), pagingtest.WithClientID("client-1"))
			cfg := core.Config{Style: tt.style, PageSize: tt.size}
			var first, rest []string
			var text []byte
			switch tt.style {
			case core.StyleRow:
				first, rest, text = resume(t, cfg, previousDay(srv), pdKey)
			case core.StylePage:
				first, rest, text = resume(t, cfg, rtpList(srv, pagingtest.Query), rtpKey)
			default:
				first, rest, text = resume(t, cfg, participants(srv), partyKey)
			}
			assert.Equal(t, want(1, 1234), first)
			assert.Equal(t, want(1235, 2500), rest, "resumed from %s", text)
		})
	}
}

// resume reads 1234 items, stores the cursor as text, and reads the rest from it in a new
// iterator; then checks that a finished cursor resumes to nothing.
func resume[T any](t *testing.T, cfg core.Config, fetch core.FetchFunc[T], key func(T) string) (first, rest []string, text []byte) {
	it := core.NewIterator(t.Context(), cfg, fetch)
	for x, err := range it.Items() {
		require.NoError(t, err)
		first = append(first, key(x))
		if len(first) == 1234 {
			break
		}
	}
	text, err := it.Cursor().MarshalText()
	require.NoError(t, err)
	var c core.Cursor
	require.NoError(t, c.UnmarshalText(text))
	cfg.From = c
	it2 := core.NewIterator(t.Context(), cfg, fetch)
	rest, err = collect(t, it2.Items(), key)
	require.NoError(t, err)
	require.True(t, it2.Cursor().Done)

	cfg.From = it2.Cursor()
	n := 0
	for range core.Items(t.Context(), cfg, fetch) {
		n++
	}
	assert.Zero(t, n)
	return first, rest, text
}

func TestCursorText(t *testing.T) {
	for _, c := range []core.Cursor{
		{}, {Style: core.StyleRow, Start: 1001, Size: 1000}, {Style: core.StylePage, Start: 3, Size: 50, Skip: 7},
		{Style: core.StyleOffset, Start: 0, Size: 10}, {Style: core.StyleRow, Done: true},
	} {
		b, err := c.MarshalText()
		require.NoError(t, err)
		var back core.Cursor
		require.NoError(t, back.UnmarshalText(b))
		assert.Equal(t, c, back, string(b))
	}
	for _, bad := range []string{"rows:1:2:0", "row:1:2", "row:x:2:0", "row:1:1001:0", "page:0:10:0", "row:-1:2:0"} {
		var c core.Cursor
		assert.ErrorIs(t, c.UnmarshalText([]byte(bad)), core.ErrInvalidConfig, bad)
	}
}

func TestParseCount(t *testing.T) {
	for in, want := range map[string]int{"65": 65, ` "240" `: 240, "0": 0} {
		n, ok := core.ParseCount(in)
		assert.True(t, ok, in)
		assert.Equal(t, want, n)
	}
	for _, in := range []string{"", "-1", "x", "1.5"} {
		_, ok := core.ParseCount(in)
		assert.False(t, ok, in)
	}
}

// TestSequenceNumbers: a FetchFunc that reports each item's sequence number (Page.Seq) pages
// from the number after the last one returned; numbers that do not advance fail with
// *MismatchError instead of looping, and a count that does not match the items is an error.
func TestSequenceNumbers(t *testing.T) {
	seqFetch := func(seqs func(start int) []int) core.FetchFunc[int] {
		return func(_ context.Context, p core.Position) (core.Page[int], error) {
			s := seqs(p.Start)
			return core.Page[int]{Items: slices.Clone(s), Seq: s}, nil
		}
	}
	cfg := core.Config{Style: core.StyleRow, PageSize: 3}
	t.Run("gaps", func(t *testing.T) {
		var starts []int
		fetch := seqFetch(func(start int) []int {
			starts = append(starts, start)
			var out []int
			for n := ((start + 9) / 10) * 10; n <= 60 && len(out) < 3; n += 10 { // 10, 20, ... 60
				out = append(out, n)
			}
			return out
		})
		var got []int
		for x, err := range core.Items(t.Context(), cfg, fetch) {
			require.NoError(t, err)
			got = append(got, x)
		}
		assert.Equal(t, []int{10, 20, 30, 40, 50, 60}, got)
		assert.Equal(t, []int{1, 31, 61}, starts)
	})
	t.Run("not advancing", func(t *testing.T) {
		_, err := collect(t, core.Items(t.Context(), cfg, seqFetch(func(int) []int { return []int{1, 2, 3} })), strconv.Itoa)
		var me *core.MismatchError
		require.ErrorAs(t, err, &me)
		assert.Equal(t, 4, me.Requested)
		assert.Contains(t, err.Error(), "startRowIndex")
	})
	t.Run("count mismatch", func(t *testing.T) {
		fetch := func(_ context.Context, p core.Position) (core.Page[int], error) {
			return core.Page[int]{Items: []int{1, 2, 3}, Seq: []int{1, 2}}, nil
		}
		_, err := collect(t, core.Items(t.Context(), cfg, fetch), strconv.Itoa)
		require.ErrorIs(t, err, core.ErrInvalidConfig)
	})
}

// TestRetrievedRows: the row style advances by retrievedRows. A server that counts fewer rows
// than the items it sent contradicts itself: advancing by its count would serve the extra
// items again, and by the items would contradict it, so the page fails with
// *RetrievedMismatchError before any of its items is delivered. A count above the items
// (rows the server retrieved but did not send, such as ones filtered out) is trusted.
func TestRetrievedRows(t *testing.T) {
	// rows serves rows 1-25; withheld rows are retrieved but not sent; count gives
	// retrievedRows from the rows in the window and the items sent.
	rows := func(withheld func(int) bool, count func(rows, items int) int) (core.FetchFunc[int], *[]int) {
		var starts []int
		return func(_ context.Context, p core.Position) (core.Page[int], error) {
			starts = append(starts, p.Start)
			var items []int
			n := 0
			for i := p.Start; i <= min(p.End(), 25); i++ {
				n++
				if !withheld(i) {
					items = append(items, i)
				}
			}
			return core.Page[int]{Items: items, Retrieved: count(n, len(items)), HasRetrieved: true}, nil
		}, &starts
	}
	none := func(int) bool { return false }
	cfg := core.Config{Style: core.StyleRow, PageSize: 10}
	for _, lie := range []int{0, -1, 9} {
		fetch, _ := rows(none, func(int, int) int { return lie })
		got, err := collect(t, core.Items(t.Context(), cfg, fetch), strconv.Itoa)
		var re *core.RetrievedMismatchError
		require.ErrorAs(t, err, &re, "retrievedRows %d for 10 items", lie)
		assert.ErrorIs(t, err, core.ErrRetrievedMismatch)
		assert.Equal(t, 10, re.Items)
		assert.Equal(t, lie, re.Retrieved)
		assert.Empty(t, got, "nothing of the contradicted page is delivered")
	}
	fetch, starts := rows(func(i int) bool { return i%4 == 0 }, func(rows, _ int) int { return rows })
	got, err := collect(t, core.Items(t.Context(), cfg, fetch), strconv.Itoa)
	require.NoError(t, err)
	assert.Equal(t, []int{1, 11, 21}, *starts, "advances by retrievedRows, not by the items")
	assert.Equal(t, []string{"1", "2", "3", "5", "6", "7", "9", "10", "11", "13", "14", "15", "17", "18", "19", "21", "22", "23", "25"}, got)
}
