package paging_test

import (
	"context"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"iter"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// collectUnique collects the keys of seq until the first error, failing t when a key comes
// twice; it stops after limit items so that an iteration that never ends fails instead of
// hanging.
func collectUnique[T any](t *testing.T, seq iter.Seq2[T, error], key func(T) string, limit int) ([]string, error) {
	t.Helper()
	seen := map[string]bool{}
	var out []string
	for x, err := range seq {
		if err != nil {
			return out, err
		}
		k := key(x)
		if seen[k] {
			t.Errorf("item %s delivered twice (after %d items)", k, len(out))
			return out, nil
		}
		seen[k] = true
		out = append(out, k)
		if len(out) >= limit {
			t.Errorf("the iteration did not stop after %d items", limit)
			return out, nil
		}
	}
	return out, nil
}

// TestPositionIgnoredIsDetected: a server that serves its first window whatever position is
// asked for, while echoing the position asked for (pagingtest.WithPositionIgnored), fails
// every style's iteration with ErrPositionMismatch at the second page, before any item is
// delivered twice; without totals the iteration ends instead of running forever.
func TestPositionIgnoredIsDetected(t *testing.T) {
	const limit = 5000
	type run func(t *testing.T, c *paging.Client, opts ...core.IterOption) ([]string, error)
	cases := []struct {
		name   string
		opts   []pagingtest.Option
		client []core.Option
		first  int // items the first page holds
		run    run
	}{
		{"row: previous day", nil, nil, 1000, func(t *testing.T, c *paging.Client, o ...core.IterOption) ([]string, error) {
			return collectUnique(t, c.PreviousDayTransactions(t.Context(), pdReq, o...), pdKey, limit)
		}},
		{"row: previous day without totals", []pagingtest.Option{pagingtest.WithoutHeaders()}, nil, 1000, func(t *testing.T, c *paging.Client, o ...core.IterOption) ([]string, error) {
			return collectUnique(t, c.PreviousDayTransactions(t.Context(), pdReq, o...), pdKey, limit)
		}},
		{"row: legacy wire", nil, nil, 1000, func(t *testing.T, c *paging.Client, o ...core.IterOption) ([]string, error) {
			return collectUnique(t, c.WireTransactions(t.Context(), wireDetailsReq, o...),
				func(x paging.WireTransaction) string { return x.TransactionID }, limit)
		}},
		{"row: legacy wire without totals", []pagingtest.Option{pagingtest.WithoutHeaders()}, nil, 1000, func(t *testing.T, c *paging.Client, o ...core.IterOption) ([]string, error) {
			return collectUnique(t, c.WireTransactions(t.Context(), wireDetailsReq, o...),
				func(x paging.WireTransaction) string { return x.TransactionID }, limit)
		}},
		{"page: ACH", nil, nil, 1000, func(t *testing.T, c *paging.Client, o ...core.IterOption) ([]string, error) {
			return collectUnique(t, c.ACHTransactions(t.Context(), achReq, o...), achKey, limit)
		}},
		{"page: RTP, parameters in the body", []pagingtest.Option{pagingtest.WithParamsIn(pagingtest.Body)}, []core.Option{}, 1000, func(t *testing.T, c *paging.Client, o ...core.IterOption) ([]string, error) {
			return collectUnique(t, c.RTPTransactions(t.Context(), rtpReq, o...), rtpKey, limit)
		}},
		{"page: wire", nil, nil, 1000, func(t *testing.T, c *paging.Client, o ...core.IterOption) ([]string, error) {
			return collectUnique(t, c.WireTransactionsByPage(t.Context(), wireReq, o...),
				func(x paging.WireListTransaction) string { return x.TransactionID }, limit)
		}},
		{"offset: RTP participants", nil, nil, 100, func(t *testing.T, c *paging.Client, o ...core.IterOption) ([]string, error) {
			return collectUnique(t, c.RTPParticipants(t.Context(), o...), partyKey, limit)
		}},
		{"sequence: ACH addenda", nil, nil, 100, func(t *testing.T, c *paging.Client, o ...core.IterOption) ([]string, error) {
			return collectUnique(t, c.ACHAddenda(t.Context(), paging.ACHAddendaRequest{UUID: "item-7"}, o...),
				func(x paging.ACHAddenda) string { return x.AddendaSequenceNumber }, limit)
		}},
	}
	for _, tt := range cases {
		for _, prefetch := range []int{0, 2} {
			t.Run(fmt.Sprintf("%s/prefetch %d", tt.name, prefetch), func(t *testing.T) {
				srv := pagingtest.NewServer(t, append([]pagingtest.Option{pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500), pagingtest.WithPositionIgnored()}, tt.opts...)...)
				// WithPrefetch(0) too: without it the depth follows the latency (AutoPrefetch),
				// and a loaded machine's latency put more pages in flight than 2+prefetch.
				opts := []core.IterOption{core.WithPrefetch(prefetch)}
				got, err := tt.run(t, client(t, srv, append(tt.client, paging.WithKeyClientID("k"))...), opts...)
				require.ErrorIs(t, err, core.ErrPositionMismatch)
				var me *core.MismatchError
				require.ErrorAs(t, err, &me)
				assert.Len(t, got, tt.first, "the first page only")
				assert.LessOrEqual(t, len(srv.Requests()), 2+prefetch)
			})
		}
	}
}

// TestPositionHonouredIsNotARepeat: the same endpoints against an honest server (every style)
// deliver every record once, without a false ErrPositionMismatch.
func TestPositionHonouredIsNotARepeat(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500))
	c := client(t, srv, paging.WithKeyClientID("k"))
	got, err := collectUnique(t, c.PreviousDayTransactions(t.Context(), pdReq, core.WithPageSize(7)), pdKey, 5000)
	require.NoError(t, err)
	assert.Equal(t, want(1, 2500), got)
	got, err = collectUnique(t, c.RTPTransactions(t.Context(), rtpReq, core.WithPageSize(3)), rtpKey, 5000)
	require.NoError(t, err)
	assert.Equal(t, want(1, 2500), got)
	got, err = collectUnique(t, c.RTPParticipants(t.Context(), core.WithPageSize(1)), partyKey, 5000)
	require.NoError(t, err)
	assert.Len(t, got, 2500)
}

// TestRepeatHeuristicLimits pins what the repeat check compares: the first items of a page
// (up to three) against those of the first page and the most recent ones at other positions.
// Pages that share a first item but differ in the next are not repeats, nor is a page that
// starts inside one already seen (a range resumed after a break).
func TestRepeatHeuristicLimits(t *testing.T) {
	rows := []string{"a", "b", "c", "a", "x", "y", "z"}
	fetch := func(_ context.Context, p core.Position) (core.Page[string], error) {
		from := min(p.Start-1, len(rows))
		return core.Page[string]{Items: rows[from:min(from+p.Size, len(rows))]}, nil
	}
	cfg := core.Config{Style: core.StyleRow, PageSize: 3}
	it := core.NewIterator(t.Context(), cfg, fetch)
	var got []string
	for x, err := range it.Items() {
		require.NoError(t, err)
		got = append(got, x)
		if len(got) == 2 {
			break
		}
	}
	for x, err := range it.Items() { // resumes at row 3: c, a, x
		require.NoError(t, err)
		got = append(got, x)
	}
	assert.Equal(t, rows, got)

	rows = []string{"a", "b", "c", "a", "b", "c", "a"} // the first page again, at row 4
	got, err := collect(t, core.Items(t.Context(), cfg, fetch), func(s string) string { return s })
	var me *core.MismatchError
	require.ErrorAs(t, err, &me)
	assert.Equal(t, 4, me.Requested)
	assert.Equal(t, 1, me.Returned)
	assert.Equal(t, []string{"a", "b", "c"}, got)
}
