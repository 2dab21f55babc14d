package sdkclient

import (
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/internal/ops"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// maxSizeBody is the largest request body itemLimit reads for the page size it asks for:
// the bodies of the list operations are a few hundred bytes.
const maxSizeBody = 64 << 10

// itemLimit returns the bound on the items of the answer to req, a call of op: the page size
// req asked for (op's size parameter, in the query or as a member of the JSON body; for the
// row style the window End − Start + 1), else op's documented default or maximum size, and
// never more than op's documented maximum size or total. The decoder stops at the first item
// beyond it with core.ErrTooManyItems, before building it. An operation that does not page,
// or a call that names no size where none is documented, gets no bound on the count (the
// cost per item still is: see the jsonx package doc).
func itemLimit(op *ops.Operation, req *http.Request) jsonx.Limit {
	if op == nil || op.Paging == nil || req == nil || strings.Contains(op.Paging.Items, ".") {
		return jsonx.Limit{}
	}
	p := op.Paging
	var body []byte
	bodyRead := false
	param := func(name string) int {
		if name == "" {
			return 0
		}
		if req.URL != nil {
			if v, ok := queryValue(req.URL.RawQuery, name); ok {
				return positive(v)
			}
		}
		if !bodyRead {
			bodyRead = true
			body = sentBody(req)
		}
		if v, ok := jsonx.TopMember(body, name); ok {
			return positive(strings.Trim(string(v), `"`))
		}
		return 0
	}
	n := 0
	if p.Style == "row" {
		if start, end := param(p.Start), param(p.End); start > 0 && end >= start {
			n = end - start + 1
		}
	} else {
		n = param(p.Size)
	}
	if n == 0 {
		n = p.DefaultSize
	}
	if n == 0 {
		n = p.MaxSize
	}
	if p.MaxSize > 0 {
		n = min(n, p.MaxSize)
	}
	if p.MaxItems > 0 && (n == 0 || n > p.MaxItems) {
		n = p.MaxItems
	}
	return jsonx.Limit{Member: p.Items, Max: n, Err: core.ErrTooManyItems}
}

// queryValue returns the first value of the query parameter name in the raw query q.
func queryValue(q, name string) (string, bool) {
	for q != "" {
		var kv string
		kv, q, _ = strings.Cut(q, "&")
		k, v, _ := strings.Cut(kv, "=")
		if k == name {
			if u, err := url.QueryUnescape(v); err == nil {
				return u, true
			}
			return "", true
		}
	}
	return "", false
}

// positive returns the positive decimal integer s, else 0.
func positive(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// sentBody returns the JSON body req sent (read again through GetBody), or nil.
func sentBody(req *http.Request) []byte {
	if req.GetBody == nil {
		return nil
	}
	rc, err := req.GetBody()
	if err != nil {
		return nil
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, maxSizeBody))
	if err != nil {
		return nil
	}
	return b
}
