package cardplatform_test

import (
	"encoding/json"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
)

// searchServer serves n items at path, paged by start_index (1-based) and limit, with the
// total in the response; it records "start+limit" of each request (hostileServer) and fails
// the request numbered failAt (1-based) with a 503.
type searchServer struct {
	*hostileServer
	failAt int
}

func newSearchServer(t *testing.T, path string, n int, item func(i int) map[string]any) *searchServer {
	s := &searchServer{}
	s.hostileServer = newPathServer(t, path, func(w http.ResponseWriter, start, limit, k int) {
		if k == s.failAt {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		items := []map[string]any{}
		for i := max(start, 1); i < start+limit && i <= n; i++ {
			items = append(items, item(i))
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"items": items, "total": n})
	})
	return s
}

func proxies(from, to int) []string {
	var out []string
	for i := from; i <= to; i++ {
		out = append(out, fmt.Sprintf("P%d", i))
	}
	return out
}

func cardItem(i int) map[string]any { return map[string]any{"card_proxy": fmt.Sprintf("P%d", i)} }

func TestCardsIterator(t *testing.T) {
	for _, tt := range []struct {
		n     int
		opts  []core.IterOption
		want  []string
		asked []string
	}{
		{250, nil, proxies(1, 250), []string{"1+100", "101+100", "201+50"}},
		{0, nil, nil, []string{"1+100"}},
		{100, nil, proxies(1, 100), []string{"1+100"}},
		{101, nil, proxies(1, 101), []string{"1+100", "101+1"}},
		{250, []core.IterOption{core.WithMaxItems(150)}, proxies(1, 150), []string{"1+100", "101+50"}},
		{250, []core.IterOption{core.WithPageSize(1000), core.WithPrefetch(2)}, proxies(1, 250), []string{"1+1000"}},
	} {
		t.Run(fmt.Sprint(tt.n, len(tt.opts)), func(t *testing.T) {
			srv := newSearchServer(t, "/api/v1/cards", tt.n, cardItem)
			c, err := cardplatform.New(srv.URL, core.WithHTTPClient(srv.Client()))
			require.NoError(t, err)
			var got []string
			for card, err := range c.Cards(t.Context(), cardplatform.SearchCardsRequest{CardLast4: "1111"}, tt.opts...) {
				require.NoError(t, err)
				got = append(got, card.CardProxy)
			}
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.asked, srv.requests())
		})
	}
}

// TestCardsIteratorEager: WithEagerPrefetch(3) asks for the first three windows at once (in
// any order); the total the first answers with (250) then ends the search inside the third
// window, which is kept rather than cancelled and asked again as 201+50.
func TestCardsIteratorEager(t *testing.T) {
	srv := newSearchServer(t, "/api/v1/cards", 250, cardItem)
	c, err := cardplatform.New(srv.URL, core.WithHTTPClient(srv.Client()))
	require.NoError(t, err)
	var got []string
	for card, err := range c.Cards(t.Context(), cardplatform.SearchCardsRequest{}, core.WithEagerPrefetch(3)) {
		require.NoError(t, err)
		got = append(got, card.CardProxy)
	}
	assert.Equal(t, proxies(1, 250), got)
	assert.ElementsMatch(t, []string{"1+100", "101+100", "201+100"}, srv.requests())

	for _, k := range []int{0, -2} {
		for _, err := range c.Cards(t.Context(), cardplatform.SearchCardsRequest{}, core.WithEagerPrefetch(k)) {
			assert.ErrorIs(t, err, core.ErrInvalidConfig, "k=%d", k)
		}
	}
	assert.Len(t, srv.requests(), 3, "nothing sent for an invalid depth")
}

func TestCardsIteratorResumeAndError(t *testing.T) {
	srv := newSearchServer(t, "/api/v1/cards", 250, cardItem)
	c, err := cardplatform.New(srv.URL, core.WithHTTPClient(srv.Client()))
	require.NoError(t, err)
	it := c.CardsIterator(t.Context(), cardplatform.SearchCardsRequest{})
	var got []string
	for card, err := range it.Items() {
		require.NoError(t, err)
		if got = append(got, card.CardProxy); len(got) == 120 {
			break
		}
	}
	for card, err := range c.Cards(t.Context(), cardplatform.SearchCardsRequest{}, core.WithCursor(it.Cursor())) {
		require.NoError(t, err)
		got = append(got, card.CardProxy)
	}
	assert.Equal(t, proxies(1, 250), got)
	assert.Equal(t, []string{"1+100", "101+100", "121+100", "221+30"}, srv.requests())

	failing := newSearchServer(t, "/api/v1/cards", 250, cardItem)
	failing.failAt = 2
	c, err = cardplatform.New(failing.URL, core.WithHTTPClient(failing.Client()),
		core.WithRetry(core.RetryOptions{MaxAttempts: 1}))
	require.NoError(t, err)
	n := 0
	var last error
	for _, err := range c.Cards(t.Context(), cardplatform.SearchCardsRequest{}) {
		if err != nil {
			last = err
			continue
		}
		n++
	}
	assert.Equal(t, 100, n)
	require.ErrorIs(t, last, core.ErrServerError)
}

func TestBulkOrderIterators(t *testing.T) {
	srv := newSearchServer(t, "/api/v1/bulkorders", 130, func(i int) map[string]any {
		return map[string]any{"order_guid": fmt.Sprintf("00000000-0000-0000-0000-%012d", i)}
	})
	c, err := cardplatform.New(srv.URL, core.WithHTTPClient(srv.Client()))
	require.NoError(t, err)
	n := 0
	for o, err := range c.BulkOrders(t.Context(), cardplatform.SearchBulkOrdersRequest{}, core.WithPageSize(50)) {
		require.NoError(t, err)
		n++
		assert.Equal(t, fmt.Sprintf("00000000-0000-0000-0000-%012d", n), o.OrderGUID.String())
	}
	assert.Equal(t, 130, n)
	assert.Equal(t, []string{"1+50", "51+50", "101+30"}, srv.requests())

	sum := newSearchServer(t, "/api/v1/bulkorders/BulkOrderSummaryByLocation", 3, func(i int) map[string]any {
		return map[string]any{"location_name": fmt.Sprintf("L%d", i)}
	})
	c, err = cardplatform.New(sum.URL, core.WithHTTPClient(sum.Client()))
	require.NoError(t, err)
	var names []string
	for s, err := range c.BulkOrderSummaries(t.Context(), cardplatform.ListBulkOrderSummaryByLocationRequest{}) {
		require.NoError(t, err)
		names = append(names, s.LocationName)
	}
	assert.Equal(t, []string{"L1", "L2", "L3"}, names)
	_, err = collectErr(c.BulkOrderSummaries(t.Context(), cardplatform.ListBulkOrderSummaryByLocationRequest{}, core.WithPageSize(1001)))
	require.Error(t, err, "limit over MaxSearchLimit: refused before the network")
	assert.Len(t, sum.requests(), 1)
}

func collectErr[T any](seq func(func(T, error) bool)) (int, error) {
	n := 0
	for _, err := range seq {
		if err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
