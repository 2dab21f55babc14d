package sdkclient

import (
	"bytes"
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/issuerkit/issuerkit-go/internal/ops"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestItemLimitIsTheSizeAskedFor: the bound of a page is the size its request sent (query or
// JSON body, a number or a string), the row window, else the documented default or maximum,
// never above the documented maximum size or total; an operation that does not page, or a
// call without a size where none is documented, has none; a list that does not page (ops.List)
// is bounded by the count its query asked for, else its default or maximum, and a list
// unbounded by design by nothing.
func TestItemLimitIsTheSizeAskedFor(t *testing.T) {
	page := &ops.Operation{ID: "p", Paging: &ops.Paging{Style: "page", Start: "pageNumber", Size: "pageSize", MaxSize: 1000, Items: "transactions"}}
	index := &ops.Operation{ID: "i", Paging: &ops.Paging{Style: "index", Start: "start_index", Size: "limit", Items: "items"}}
	key := &ops.Operation{ID: "k", Paging: &ops.Paging{Style: "key", Size: "limit", MaxSize: 100, DefaultSize: 50, Items: "accounts"}}
	row := &ops.Operation{ID: "r", Paging: &ops.Paging{Style: "row", Start: "startRowIndex", End: "endRowIndex", MaxSize: 1000, DefaultSize: 1000, Items: "transactions"}}
	seq := &ops.Operation{ID: "s", Paging: &ops.Paging{Style: "sequence", Size: "pageSize", MaxItems: 9999, Items: "addenda"}}
	noDefault := &ops.Operation{ID: "n", Paging: &ops.Paging{Style: "index", Start: "start_index", Size: "limit", Items: "items", Unbounded: "none documented"}}
	ranked := &ops.Operation{ID: "b", Lists: []ops.List{{Member: "items", Size: "count", DefaultSize: 50, MaxSize: 50}}}
	bare := &ops.Operation{ID: "f", Lists: []ops.List{{Unbounded: "no maximum documented"}}}
	others := &ops.Operation{ID: "o", Lists: []ops.List{{Member: "notes", Unbounded: "why"}, {Member: "rows", MaxSize: 10}}}
	req := func(query, body string) *http.Request {
		r, _ := http.NewRequest("POST", "https://bank.example/list?"+query, nil)
		if body != "" {
			b := []byte(body)
			r.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
		}
		return r
	}
	for _, tc := range []struct {
		name string
		op   *ops.Operation
		req  *http.Request
		want int
	}{
		{"query", page, req("pageNumber=2&pageSize=250", ""), 250},
		{"body", page, req("", `{"accountNumber":"1","pageNumber":2,"pageSize":250}`), 250},
		{"body as a string", seq, req("", `{"pageSize":"50"}`), 50},
		{"above the maximum", page, req("pageSize=5000", ""), 1000},
		{"no size: the maximum", page, req("", `{}`), 1000},
		{"no size: the default", key, req("", ""), 50},
		{"no size, none documented", index, req("start_index=1", ""), 0},
		{"index limit", index, req("start_index=101&limit=100", ""), 100},
		{"row window", row, req("startRowIndex=1001&endRowIndex=1500", ""), 500},
		{"row window in the body", row, req("", `{"startRowIndex":1,"endRowIndex":10}`), 10},
		{"row, no window", row, req("", ""), 1000},
		{"sequence, no size: the total", seq, req("", `{}`), 9999},
		{"not a number", page, req("pageSize=x", ""), 1000},
		{"negative", index, req("limit=-5", ""), 0},
		{"does not page", &ops.Operation{ID: "g"}, req("limit=5", ""), 0},
		{"no size, unbounded by design", noDefault, req("", ""), 0},
		{"unbounded by design, a size asked", noDefault, req("limit=30", ""), 30},
		{"list: the count asked", ranked, req("count=20", ""), 20},
		{"list: no count, the default", ranked, req("", `{"count":20}`), 50},
		{"list: above the maximum", ranked, req("count=500", ""), 50},
		{"list: unbounded by design", bare, req("count=5", ""), 0},
		{"list: the bounded one of several", others, req("", ""), 10},
	} {
		l := itemLimit(tc.op, tc.req)
		assert.Equal(t, tc.want, l.Max, tc.name)
		if tc.want > 0 && tc.op.Paging != nil {
			assert.Equal(t, tc.op.Paging.Items, l.Member, tc.name)
		}
		if tc.want > 0 {
			assert.Equal(t, core.ErrTooManyItems, l.Err, tc.name)
		}
	}
}
