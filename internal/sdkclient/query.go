package sdkclient

import "net/url"

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

// String returns the query with its leading '?', or "" when nothing was added.
func (q *Query) String() string { return string(q.b) }
