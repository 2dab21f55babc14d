package sdkclient

import (
	"net/url"
	"strconv"
)

// Query builds a query string in the order parameters are added (form style, arrays exploded:
// a=1&a=2), without the map that url.Values needs.
type Query struct{ b []byte }

// Add appends name=value, both escaped.
func (q *Query) Add(name, value string) {
	if len(q.b) == 0 {
		q.b = append(q.b, '?')
	} else {
		q.b = append(q.b, '&')
	}
	q.b = append(q.b, url.QueryEscape(name)...)
	q.b = append(q.b, '=')
	q.b = append(q.b, url.QueryEscape(value)...)
}

// AddInt appends name=v.
func (q *Query) AddInt(name string, v int64) { q.Add(name, strconv.FormatInt(v, 10)) }

// AddBool appends name=true or name=false.
func (q *Query) AddBool(name string, v bool) { q.Add(name, strconv.FormatBool(v)) }

// String returns the query with its leading '?', or "" when nothing was added.
func (q *Query) String() string { return string(q.b) }
