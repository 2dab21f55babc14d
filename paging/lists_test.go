package paging_test

import (
	"context"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// The typed iterators of the seven list endpoints, through the real client over HTTP against
// the sandbox. The client limiter is off (WithRateLimit(0)) except in ratelimit_test.go.

// client returns a client for srv without the rate limiter, speaking the sandbox's form.
//
// A test that counts or orders the requests of a typed iterator fetches on demand
// (core.WithPrefetch(0)) unless prefetch is its subject: the default depth follows the
// latency observed (core.Config.AutoPrefetch), so a loaded machine, whose pages take longer,
// sent windows past a short last page and pages out of order.
func client(t *testing.T, srv *pagingtest.Server, opts ...core.Option) *paging.Client {
	t.Helper()
	base := []core.Option{core.WithHTTPClient(srv.HTTPClient()), paging.WithRateLimit(0)}
	if !srv.Published() {
		base = append(base, paging.WithDocumentedAPI()) // the form the sandbox speaks
	}
	c, err := paging.New(srv.URL, append(base, opts...)...)
	require.NoError(t, err)
	return c
}

var (
	date1, _ = core.ParseDate("2025-01-02")
	date2, _ = core.ParseDate("2025-01-09")
	acct     = core.NewSecret("3123456789")
	pdReq    = paging.PreviousDayRequest{AccountNumber: []core.Secret{acct}, FromDate: date1, ToDate: date2}
	achReq   = paging.ACHListRequest{AccountNumber: acct, FromDate: date1, ToDate: date2}
	rtpReq   = paging.RTPListRequest{AccountNumber: acct, FromDate: date1, ToDate: date2}
	wireReq  = paging.WireListRequest{AccountNumber: acct, FromDate: date1, ToDate: date2}
	// wireDetailsReq is a legacy wire details filter the spec accepts: account numbers and a
	// period in Unix seconds (2025-01-01 to 2025-01-09).
	wireDetailsReq = paging.WireDetailsRequest{GetWireInquiryRequest: paging.GetWireInquiryRequest{
		AccountNumber: []core.Secret{acct}, FromDate: 1735689600, ToDate: 1736380800}}
)

// pagesAsked returns the pageNumber/pageSize of every request, read from where in says.
func pagesAsked(t *testing.T, srv *pagingtest.Server, in pagingtest.Placement) []string {
	var out []string
	for _, r := range srv.Requests() {
		if in == pagingtest.Body {
			out = append(out, bodyParam(t, r.RevealBody(), "pageNumber")+"/"+bodyParam(t, r.RevealBody(), "pageSize"))
		} else {
			out = append(out, r.RevealQuery().Get("pageNumber")+"/"+r.RevealQuery().Get("pageSize"))
		}
	}
	return out
}

func TestPreviousDayTransactions(t *testing.T) {
	for _, tt := range []struct {
		records int
		windows []string
	}{
		{2500, []string{"1-1000", "1001-2000", "2001-2500"}},
		{0, []string{"1-1000"}},
		{1000, []string{"1-1000"}},
		{1001, []string{"1-1000", "1001-1001"}},
	} {
		t.Run(fmt.Sprint(tt.records), func(t *testing.T) {
			srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(tt.records))
			got, err := collect(t, client(t, srv).PreviousDayTransactions(t.Context(), pdReq, core.WithPrefetch(0)), pdKey)
			require.NoError(t, err)
			assert.Equal(t, want(1, tt.records), got)
			assert.Equal(t, tt.windows, windows(srv))
			for _, r := range srv.Requests() {
				assert.Equal(t, `["3123456789"]`, bodyParam(t, r.RevealBody(), "accountNumber"))
			}
		})
	}
}

func TestWireTransactionsLegacyRows(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(1500))
	got, err := collect(t, client(t, srv).WireTransactions(t.Context(), wireDetailsReq),
		func(x paging.WireTransaction) string { return x.TransactionID })
	require.NoError(t, err)
	assert.Equal(t, want(1, 1500), got)
	assert.Equal(t, []string{"1-1000", "1001-1500"}, windows(srv))
	assert.Equal(t, "/wireInquiry/v1/transactions/details", srv.Requests()[0].Path)
}

// TestPagePlacement: the ACH and RTP inquiry iterators page correctly against a server of
// either kind when the client's form matches it (the published default: the body;
// WithDocumentedAPI: the query): pages 1, 2, 3 of 1,000, nothing in the other place.
func TestPagePlacement(t *testing.T) {
	for _, in := range []pagingtest.Placement{pagingtest.Query, pagingtest.Body} {
		var form []core.Option
		if in == pagingtest.Query {
			form = append(form, paging.WithDocumentedAPI())
		}
		for _, ep := range []string{"ach", "rtp"} {
			t.Run(fmt.Sprintf("%s in %d", ep, in), func(t *testing.T) {
				srv := pagingtest.NewServer(t, pagingtest.WithRecords(2500), pagingtest.WithParamsIn(in))
				c := client(t, srv, form...)
				var got []string
				var err error
				if ep == "ach" {
					got, err = collect(t, c.ACHTransactions(t.Context(), achReq, core.WithPrefetch(0)), func(x paging.ACHListTransaction) string { return x.ParNumber })
				} else {
					got, err = collect(t, c.RTPTransactions(t.Context(), rtpReq, core.WithPrefetch(0)), rtpKey)
				}
				require.NoError(t, err)
				assert.Equal(t, want(1, 2500), got)
				assert.Equal(t, []string{"1/1000", "2/1000", "3/1000"}, pagesAsked(t, srv, in))
				other := pagingtest.Query
				if in == pagingtest.Query {
					other = pagingtest.Body
				}
				assert.Equal(t, []string{"/", "/", "/"}, pagesAsked(t, srv, other), "nothing in the other place")
			})
		}
	}
}

// TestPagePlacementWrong: a client sending the page in the query (WithDocumentedAPI) to a
// server reading the body gets page 1 twice; the iterator fails with *MismatchError instead
// of looping.
func TestPagePlacementWrong(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(2500), pagingtest.WithParamsIn(pagingtest.Body))
	got, err := collect(t, client(t, srv, paging.WithDocumentedAPI()).RTPTransactions(t.Context(), rtpReq, core.WithPrefetch(0)), rtpKey)
	var me *core.MismatchError
	require.ErrorAs(t, err, &me)
	assert.Equal(t, 2, me.Requested)
	assert.Equal(t, 1, me.Returned)
	assert.Equal(t, want(1, 1000), got)
	assert.Len(t, srv.Requests(), 2)
}

func TestWireTransactionsByPage(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(1200))
	got, err := collect(t, client(t, srv).WireTransactionsByPage(t.Context(), wireReq, core.WithPageSize(500), core.WithPrefetch(0)),
		func(x paging.WireListTransaction) string { return x.TransactionID })
	require.NoError(t, err)
	assert.Equal(t, want(1, 1200), got)
	assert.Equal(t, []string{"1/500", "2/500", "3/500"}, pagesAsked(t, srv, pagingtest.Body))
}

func TestRTPParticipants(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(250), pagingtest.WithClientID("client-32"))
	c := client(t, srv, paging.WithKeyClientID("client-32"))
	got, err := collect(t, c.RTPParticipants(t.Context(), core.WithPrefetch(0)), partyKey)
	require.NoError(t, err)
	assert.Equal(t, want(1, 250), got)
	var asked []string
	for _, r := range srv.Requests() {
		asked = append(asked, r.RevealQuery().Get("offset")+"+"+r.RevealQuery().Get("limit"))
		assert.Equal(t, "client-32", r.RevealHeader().Get("KeyClientId"))
	}
	assert.Equal(t, []string{"0+100", "100+100", "200+50"}, asked, "the last limit shrinks to count")

	// The single-page method: offset 0 is sent, the header comes from the client option.
	res, err := c.ListRTPParticipants(t.Context(), paging.ListRTPParticipantsRequest{Limit: 10})
	require.NoError(t, err)
	assert.Equal(t, "250", res.Count)
	last := srv.Requests()[len(srv.Requests())-1]
	assert.Equal(t, "0", last.RevealQuery().Get("offset"))
	assert.Equal(t, "client-32", last.RevealHeader().Get("KeyClientId"))
}

func TestRTPParticipantsWithoutClientID(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(10))
	_, err := collect(t, client(t, srv).RTPParticipants(t.Context()), partyKey)
	require.ErrorIs(t, err, core.ErrInvalidArgument)
	assert.Empty(t, srv.Requests(), "refused before the network")
}

func TestACHAddenda(t *testing.T) {
	key := func(x paging.ACHAddenda) string { return x.AddendaSequenceNumber }
	seqs := func(from, to int) []string {
		var out []string
		for i := from; i <= to; i++ {
			out = append(out, fmt.Sprintf("%04d", i))
		}
		return out
	}
	starts := func(srv *pagingtest.Server) []string {
		var out []string
		for _, r := range srv.Requests() {
			size := r.RevealQuery().Get("pageSize") // the documented form, else the body's text (the default)
			if size == "" {
				size = strings.Trim(bodyParam(t, r.RevealBody(), "pageSize"), `"`)
			}
			out = append(out, bodyParam(t, r.RevealBody(), "startAddendaSequenceNumber")+"+"+size)
		}
		return out
	}
	t.Run("short last page", func(t *testing.T) {
		srv := pagingtest.NewServer(t, pagingtest.WithRecords(250))
		got, err := collect(t, client(t, srv).ACHAddenda(t.Context(), paging.ACHAddendaRequest{UUID: "item-7"}, core.WithPrefetch(0)), key)
		require.NoError(t, err)
		assert.Equal(t, seqs(1, 250), got)
		assert.Equal(t, []string{`"0001"+100`, `"0101"+100`, `"0201"+100`}, starts(srv))
	})
	t.Run("never past 9999", func(t *testing.T) {
		srv := pagingtest.NewServer(t, pagingtest.WithRecords(20000))
		it := client(t, srv).ACHAddendaIterator(t.Context(), paging.ACHAddendaRequest{UUID: "item-7", StartAddendaSequenceNumber: "9001"}, core.WithPageSize(600))
		got, err := collect(t, it.Items(), key)
		require.NoError(t, err)
		assert.Equal(t, seqs(9001, 9999), got)
		assert.Equal(t, []string{`"9001"+600`, `"9601"+399`}, starts(srv))
		assert.True(t, it.Cursor().Done || it.Cursor().Start == 10000)
	})
	// Sequence numbers with gaps (1, 4, 7, ...): each page starts after the last sequence
	// returned, not after as many numbers as items, which would serve records twice.
	stepped := func(from, to, step int) []string {
		var out []string
		for i := from; i <= to; i += step {
			out = append(out, fmt.Sprintf("%04d", i))
		}
		return out
	}
	t.Run("gaps", func(t *testing.T) {
		srv := pagingtest.NewServer(t, pagingtest.WithRecords(250), pagingtest.WithSequenceStep(3))
		got, err := collect(t, client(t, srv).ACHAddenda(t.Context(), paging.ACHAddendaRequest{UUID: "item-7"}, core.WithPrefetch(0)), key)
		require.NoError(t, err)
		assert.Equal(t, stepped(1, 748, 3), got)
		assert.Equal(t, []string{`"0001"+100`, `"0299"+100`, `"0599"+100`}, starts(srv))
	})
	t.Run("gaps: with prefetch", func(t *testing.T) {
		srv := pagingtest.NewServer(t, pagingtest.WithRecords(250), pagingtest.WithSequenceStep(3))
		for _, o := range []core.IterOption{core.WithPrefetch(2), core.WithEagerPrefetch(3)} {
			got, err := collect(t, client(t, srv).ACHAddenda(t.Context(), paging.ACHAddendaRequest{UUID: "item-7"}, core.WithPageSize(50), o), key)
			require.NoError(t, err)
			assert.Equal(t, stepped(1, 748, 3), got, "windows planned on gapless numbers are replaced, never delivered")
		}
	})
	t.Run("gaps: resume mid-page", func(t *testing.T) {
		srv := pagingtest.NewServer(t, pagingtest.WithRecords(250), pagingtest.WithSequenceStep(3))
		c := client(t, srv)
		req := paging.ACHAddendaRequest{UUID: "item-7"}
		it := c.ACHAddendaIterator(t.Context(), req)
		var got []string
		for x, err := range it.Items() {
			require.NoError(t, err)
			if got = append(got, key(x)); len(got) == 150 {
				break
			}
		}
		text, err := it.Cursor().MarshalText()
		require.NoError(t, err)
		var cur core.Cursor
		require.NoError(t, cur.UnmarshalText(text))
		rest, err := collect(t, c.ACHAddenda(t.Context(), req, core.WithCursor(cur)), key)
		require.NoError(t, err)
		assert.Equal(t, stepped(1, 748, 3), append(got, rest...), "cursor %s: nothing twice, nothing skipped", text)
	})
	t.Run("gaps: never past 9999", func(t *testing.T) {
		srv := pagingtest.NewServer(t, pagingtest.WithRecords(20000), pagingtest.WithSequenceStep(7))
		it := client(t, srv).ACHAddendaIterator(t.Context(), paging.ACHAddendaRequest{UUID: "item-7", StartAddendaSequenceNumber: "9003"}, core.WithPageSize(100))
		got, err := collect(t, it.Items(), key)
		require.NoError(t, err)
		assert.Equal(t, stepped(9003, 9997, 7), got)
		for _, r := range srv.Requests() {
			assert.LessOrEqual(t, bodyParam(t, r.RevealBody(), "startAddendaSequenceNumber"), `"9999"`)
		}
		assert.True(t, it.Cursor().Done)
	})
	t.Run("start ignored", func(t *testing.T) {
		srv := pagingtest.NewServer(t, pagingtest.WithRecords(250), pagingtest.WithPageParamsIgnored())
		_, err := collect(t, client(t, srv).ACHAddenda(t.Context(), paging.ACHAddendaRequest{UUID: "item-7"}, core.WithPrefetch(0)), key)
		require.ErrorIs(t, err, core.ErrPositionMismatch)
		assert.Len(t, srv.Requests(), 2)
	})
	t.Run("start out of range", func(t *testing.T) {
		srv := pagingtest.NewServer(t)
		_, err := collect(t, client(t, srv).ACHAddenda(t.Context(), paging.ACHAddendaRequest{StartAddendaSequenceNumber: "10000"}), key)
		require.ErrorIs(t, err, core.ErrOutOfRange)
		assert.Empty(t, srv.Requests())
	})
}

// TestTypedResumeAndCap: break after 1,500 rows, store the cursor as text, resume in a new
// iterator; and a cap shrinks the last window.
func TestTypedResumeAndCap(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500))
	c := client(t, srv)
	// On demand: a page prefetched (by default when pages take long, as 1,000 rows under
	// -race do) is asked for and dropped by the break.
	it := c.PreviousDayTransactionsIterator(t.Context(), pdReq, core.WithPrefetch(0))
	var first []string
	for x, err := range it.Items() {
		require.NoError(t, err)
		first = append(first, x.TransactionKey)
		if len(first) == 1500 {
			break
		}
	}
	text, err := it.Cursor().MarshalText()
	require.NoError(t, err)
	var cur core.Cursor
	require.NoError(t, cur.UnmarshalText(text))
	rest, err := collect(t, c.PreviousDayTransactions(t.Context(), pdReq, core.WithCursor(cur)), pdKey)
	require.NoError(t, err)
	assert.Equal(t, want(1, 2500), append(first, rest...))
	assert.Equal(t, []string{"1-1000", "1001-2000", "1501-2500"}, windows(srv))

	srv2 := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500))
	got, err := collect(t, client(t, srv2).PreviousDayTransactions(t.Context(), pdReq, core.WithMaxItems(1500)), pdKey)
	require.NoError(t, err)
	assert.Equal(t, want(1, 1500), got)
	assert.Equal(t, []string{"1-1000", "1001-1500"}, windows(srv2))
}

// TestTypedLyingTotalAndIgnoredRows: a total the bank cannot back ends in ErrEmptyPage; a bank
// that ignores the page parameters is caught at the second page (ErrPositionMismatch), with no
// third request. The second part fetches on demand (WithPrefetch(0)): with the default depth,
// which follows the latency observed, a loaded machine's slow first page made the iterator
// prefetch a third page before the second was checked, and the count of requests depended on
// the machine's load.
func TestTypedLyingTotalAndIgnoredRows(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500), pagingtest.WithClaimedTotal(4000))
	_, err := collect(t, client(t, srv).PreviousDayTransactions(t.Context(), pdReq), pdKey)
	require.ErrorIs(t, err, core.ErrEmptyPage)

	srv = pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500), pagingtest.WithPageParamsIgnored())
	_, err = collect(t, client(t, srv).ACHTransactions(t.Context(), achReq, core.WithPrefetch(0)), func(x paging.ACHListTransaction) string { return x.ParNumber })
	require.ErrorIs(t, err, core.ErrPositionMismatch)
	assert.Len(t, srv.Requests(), 2, "caught at the second page")
}

// TestTypedPrefetch: pages arrive in order with three in flight; breaking early cancels the
// pages in flight (goleak in TestMain checks that no goroutine is left).
func TestTypedPrefetch(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(5000), pagingtest.WithLatency(20*time.Millisecond))
	c := client(t, srv)
	got, err := collect(t, c.RTPTransactions(t.Context(), rtpReq, core.WithPageSize(500), core.WithPrefetch(3)), rtpKey)
	require.NoError(t, err)
	assert.Equal(t, want(1, 5000), got)

	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	n := 0
	for _, err := range c.RTPTransactions(ctx, rtpReq, core.WithPageSize(100), core.WithPrefetch(3)) {
		require.NoError(t, err)
		if n++; n == 150 {
			break
		}
	}
	assert.Equal(t, 150, n)
}

func TestTypedOptionsRefused(t *testing.T) {
	srv := pagingtest.NewServer(t)
	c := client(t, srv)
	for _, o := range []core.IterOption{core.WithPageSize(1001), core.WithPageSize(0), core.WithMaxItems(-1), core.WithPrefetch(-1)} {
		_, err := collect(t, c.RTPTransactions(t.Context(), rtpReq, o), rtpKey)
		require.Error(t, err)
	}
	assert.Empty(t, srv.Requests())
	_, err := paging.New(srv.URL, paging.WithRateLimit(-1))
	require.Error(t, err)
}
