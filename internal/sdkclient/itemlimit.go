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

// maxSizeBody is the largest request body itemLimit reads for the page size it asks for.
const maxSizeBody = 64 << 10

// itemLimit returns the bound on the items of the answer to req, a call of op: for an
// operation that pages, the page size req asked for (in the query or the JSON body; the row
// style's window End − Start + 1), else the documented default or maximum, never more than
// the maximum size or total; for another list (op.Lists), the count its size parameter asked
// for, else its documented default or maximum. The decoder stops at the first item beyond it
// with core.ErrTooManyItems. A list documented unbounded (ops.Paging.Unbounded,
// ops.List.Unbounded) gets no bound on the count; its cost per byte still is (jsonx).
func itemLimit(op *ops.Operation, req *http.Request) jsonx.Limit {
	if op == nil || req == nil {
		return jsonx.Limit{}
	}
	s := sentParams{req: req}
	if p := op.Paging; p != nil {
		if strings.Contains(p.Items, ".") {
			return jsonx.Limit{}
		}
		n := 0
		if p.Style == "row" {
			if start, end := s.param(p.Start), s.param(p.End); start > 0 && end >= start {
				n = end - start + 1
			}
		} else {
			n = s.param(p.Size)
		}
		return jsonx.Limit{Member: p.Items, Max: bound(n, p.DefaultSize, p.MaxSize, p.MaxItems), Err: core.ErrTooManyItems}
	}
	for _, l := range op.Lists {
		if l.Size == "" && !l.Bounded() {
			continue // unbounded by design: l.Unbounded says why
		}
		return jsonx.Limit{Member: l.Member, Max: bound(s.query(l.Size), l.DefaultSize, l.MaxSize, 0), Err: core.ErrTooManyItems}
	}
	return jsonx.Limit{}
}

// bound returns the most items an answer may hold: asked (0: none), else def, else maxSize,
// never more than maxSize or maxItems (0: unknown); 0 for no bound.
func bound(asked, def, maxSize, maxItems int) int {
	n := asked
	if n == 0 {
		n = def
	}
	if n == 0 {
		n = maxSize
	}
	if maxSize > 0 {
		n = min(n, maxSize)
	}
	if maxItems > 0 && (n == 0 || n > maxItems) {
		n = maxItems
	}
	return n
}

// sentParams reads the parameters a request sent: in its query, else in its JSON body (read
// once).
type sentParams struct {
	req      *http.Request
	body     []byte
	bodyRead bool
}

// query returns the positive integer value of the query parameter name, else 0.
func (s *sentParams) query(name string) int {
	if name == "" || s.req.URL == nil {
		return 0
	}
	if v, ok := queryValue(s.req.URL.RawQuery, name); ok {
		return positive(v)
	}
	return 0
}

// param returns the positive integer value of the parameter name, in the query or as a
// member of the JSON body (a number or a string), else 0.
func (s *sentParams) param(name string) int {
	if name == "" {
		return 0
	}
	if s.req.URL != nil {
		if v, ok := queryValue(s.req.URL.RawQuery, name); ok {
			return positive(v)
		}
	}
	if !s.bodyRead {
		s.bodyRead = true
		s.body = sentBody(s.req)
	}
	if v, ok := jsonx.TopMember(s.body, name); ok {
		return positive(strings.Trim(string(v), `"`))
	}
	return 0
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
