package ops

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixture is a small table shaped like the card platform's: a shared /api/{version} prefix,
// literal and parameter segments competing at the same position, and one path with two
// methods.
var fixture = []Operation{
	{ID: "getCard", Method: "GET", Path: "/api/{version}/cards/{card_proxy}", Success: []int{200}, RetrySafe: true},
	{ID: "searchCards", Method: "GET", Path: "/api/{version}/cards", Success: []int{200}, RetrySafe: true,
		Paging: &Paging{Style: "index", In: "query", Start: "start_index", Size: "limit", Items: "data"}},
	{ID: "createCard", Method: "POST", Path: "/api/{version}/cards", Success: []int{201}},
	{ID: "updateCard", Method: "POST", Path: "/api/{version}/cards/update", Success: []int{200, 201}},
	{ID: "changeCardStatus", Method: "POST", Path: "/api/{version}/cards/{card_proxy}/status", Success: []int{200}},
	{ID: "getCardPin", Method: "GET", Path: "/api/{version}/cards/{card_proxy}/pin", Success: []int{200}, RetrySafe: true},
	{ID: "setCardPin", Method: "POST", Path: "/api/{version}/cards/{card_proxy}/pin", Success: []int{200}},
	{ID: "searchCardsPost", Method: "POST", Path: "/api/{version}/cards/search", Success: []int{200}, RetrySafe: true},
	{ID: "getCardByID", Method: "POST", Path: "/api/{version}/cards/{card_proxy}", Success: []int{200}, RetrySafe: true},
	{ID: "getAccount", Method: "GET", Path: "/api/{version}/accounts/{account_guid}", Success: []int{200}, RetrySafe: true},
	{ID: "getAccountBalances", Method: "GET", Path: "/api/{version}/accounts/balances", Success: []int{200}, RetrySafe: true},
	{ID: "listAccountsByBalance", Method: "GET", Path: "/api/{version}/accounts/program/{program_guid}", Success: []int{200}, RetrySafe: true},
	{ID: "getCompany", Method: "GET", Path: "/api/{version}/companies/{guid}", Success: []int{200}, RetrySafe: true},
	{ID: "updateCompany", Method: "PUT", Path: "/api/{version}/companies/{guid}", Success: []int{200}, RetrySafe: true},
	{ID: "changeCheckStatus", Method: "PATCH", Path: "/api/{version}/Check/ChangeStatus", Success: []int{200}},
	{ID: "cancelBulkOrder", Method: "PUT", Path: "/api/{version}/bulkorders", Success: []int{200}, RetrySafe: false},
	{ID: "healthCheck", Method: "GET", Path: "/accounts/validations/v1/healthCheck", Success: []int{200}, RetrySafe: true},
}

func TestMatch(t *testing.T) {
	tab := NewTable(fixture)
	tests := []struct {
		method, path string
		want         string // operation ID; empty when nothing matches
	}{
		{"GET", "/api/v1/cards/abc", "getCard"},
		{"", "/api/v1/cards/abc", "getCard"},
		{"GET", "/api/v1/cards", "searchCards"},
		{"POST", "/api/v1/cards", "createCard"},
		{"POST", "/api/v1/cards/update", "updateCard"},
		{"POST", "/api/v1/cards/search", "searchCardsPost"},
		{"POST", "/api/v1/cards/other", "getCardByID"},
		{"POST", "/api/v1/cards/abc/status", "changeCardStatus"},
		{"GET", "/api/v1/cards/abc/pin", "getCardPin"},
		{"POST", "/api/v1/cards/abc/pin", "setCardPin"},
		{"GET", "/api/v1/cards/update", "getCard"}, // no GET /cards/update: the parameter takes it
		{"GET", "/api/v1/accounts/balances", "getAccountBalances"},
		{"GET", "/api/v1/accounts/7d1c", "getAccount"},
		{"GET", "/api/v1/accounts/program/7d1c", "listAccountsByBalance"},
		{"GET", "/api/v1/companies/7d1c", "getCompany"},
		{"PUT", "/api/v1/companies/7d1c", "updateCompany"},
		{"PATCH", "/api/v1/Check/ChangeStatus", "changeCheckStatus"},
		{"GET", "/accounts/validations/v1/healthCheck", "healthCheck"},
		{"GET", "accounts/validations/v1/healthCheck", "healthCheck"}, // no leading slash

		// A base path in front of the templates.
		{"GET", "/prefix/api/v1/cards/abc", "getCard"},
		{"GET", "/a/b/c/api/v1/cards/abc/pin", "getCardPin"},
		{"GET", "/platform/api/v2/accounts/balances", "getAccountBalances"},
		{"GET", "/bank/accounts/validations/v1/healthCheck", "healthCheck"},

		// Escaped parameter values stay within their segment.
		{"GET", "/api/v1/cards/a%2Fb", "getCard"},

		// Nothing matches.
		{"GET", "/api/v1/cards/abc/pin/extra", ""},
		{"GET", "/api/v1/cards/", ""},    // empty parameter
		{"GET", "/api//cards/abc", ""},   // empty {version}
		{"GET", "/api/v1/Cards/abc", ""}, // literals are case-sensitive
		{"get", "/api/v1/cards/abc", ""}, // methods are case-sensitive
		{"PATCH", "/api/v1/check/ChangeStatus", ""},
		{"DELETE", "/api/v1/cards/abc", ""}, // unknown method
		{"GET", "/v1/cards/abc", ""},        // too few segments
		{"GET", "cards/abc", ""},            // too few segments, no leading slash
		{"GET", "/", ""},
		{"GET", "", ""},
		{"PUT", "/api/v1/bulkorders/", ""},
		{"GET", "/xapi/v1/cards/abc", ""}, // segments compare whole
		{"GET", "/accounts/validations/v1/healthcheck", ""},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			op, ok := tab.Match(tt.method, tt.path)
			if tt.want == "" {
				assert.False(t, ok, "matched %s", op.ID)
				assert.Zero(t, op)
				return
			}
			require.True(t, ok)
			assert.Equal(t, tt.want, op.ID)
		})
	}
}

func TestMatchTies(t *testing.T) {
	// Equal literal counts: the longer template wins, then the first one given.
	tab := NewTable([]Operation{
		{ID: "short", Method: "GET", Path: "/x/{a}"},
		{ID: "long", Method: "GET", Path: "/{p}/x/{a}"},
		{ID: "first", Method: "GET", Path: "/y/{a}/z"},
		{ID: "second", Method: "GET", Path: "/{b}/q/z"},
	})
	op, ok := tab.Match("GET", "/base/x/1")
	require.True(t, ok)
	assert.Equal(t, "long", op.ID)
	op, ok = tab.Match("GET", "/x/1")
	require.True(t, ok)
	assert.Equal(t, "short", op.ID)
	op, ok = tab.Match("GET", "/y/q/z")
	require.True(t, ok)
	assert.Equal(t, "first", op.ID)
}

func TestMatchReturnsFields(t *testing.T) {
	tab := NewTable(fixture)
	op, ok := tab.Match("GET", "/api/v1/cards")
	require.True(t, ok)
	assert.Equal(t, fixture[1], op)
	require.NotNil(t, op.Paging)
	assert.Equal(t, "start_index", op.Paging.Start)
}

func TestByID(t *testing.T) {
	tab := NewTable(fixture)
	for _, want := range fixture {
		got, ok := tab.ByID(want.ID)
		require.True(t, ok, want.ID)
		assert.Equal(t, want, got)
	}
	_, ok := tab.ByID("nope")
	assert.False(t, ok)

	dup := NewTable([]Operation{{ID: "a", Path: "/1"}, {ID: "a", Path: "/2"}})
	got, ok := dup.ByID("a")
	require.True(t, ok)
	assert.Equal(t, "/1", got.Path, "ByID finds the first of duplicate IDs")
}

func TestAllAndLen(t *testing.T) {
	tab := NewTable(fixture)
	assert.Equal(t, len(fixture), tab.Len())
	assert.Equal(t, fixture, slices.Collect(tab.All()))

	n := 0
	for range tab.All() {
		n++
		break
	}
	assert.Equal(t, 1, n, "All stops when the loop breaks")
}

func TestNewTableCopies(t *testing.T) {
	in := []Operation{{ID: "a", Method: "GET", Path: "/a"}}
	tab := NewTable(in)
	in[0].ID = "changed"
	op, ok := tab.Match("GET", "/a")
	require.True(t, ok)
	assert.Equal(t, "a", op.ID)
}

func TestNilAndEmptyTable(t *testing.T) {
	for name, tab := range map[string]*Table{"nil": nil, "empty": NewTable(nil)} {
		t.Run(name, func(t *testing.T) {
			_, ok := tab.Match("GET", "/api/v1/cards")
			assert.False(t, ok)
			_, ok = tab.ByID("getCard")
			assert.False(t, ok)
			assert.Zero(t, tab.Len())
			assert.Empty(t, slices.Collect(tab.All()))
		})
	}
}

func TestMatchDoesNotAllocate(t *testing.T) {
	tab := NewTable(fixture)
	paths := []string{"/api/v1/cards/abc/pin", "/prefix/api/v1/accounts/balances", "/nowhere"}
	for _, p := range paths {
		allocs := testing.AllocsPerRun(100, func() {
			tab.Match("GET", p)
		})
		assert.Zero(t, allocs, p)
	}
}

func TestConcurrentUse(t *testing.T) {
	tab := NewTable(fixture)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				p := fmt.Sprintf("/api/v1/cards/c%d-%d/pin", g, i)
				op, ok := tab.Match("GET", p)
				if assert.True(t, ok) {
					assert.Equal(t, "getCardPin", op.ID)
				}
			}
		}()
	}
	wg.Wait()
}

func BenchmarkMatchFixture(b *testing.B) {
	tab := NewTable(fixture)
	reqs := []struct{ method, path string }{
		{"GET", "/api/v1/cards/4f2a"},
		{"POST", "/api/v1/cards/update"},
		{"GET", "/api/v1/cards/4f2a/pin"},
		{"GET", "/prefix/api/v1/accounts/balances"},
		{"PUT", "/api/v1/companies/7d1c"},
		{"GET", "/nowhere"},
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		r := reqs[i%len(reqs)]
		tab.Match(r.method, r.path)
	}
}
