package core

import (
	"net/http"
	"strconv"
	"strings"
)

// ParseCount reads a count the bank sends as text: the totalRows and retrievedRows headers
// (their type is not documented) and the RTP participants' count (a string). It accepts
// digits, optionally quoted and surrounded by spaces, and reports false for anything else,
// including an empty or negative value.
func ParseCount(s string) (int, bool) {
	s = strings.Trim(strings.TrimSpace(s), `"`)
	if s == "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, false
	}
	return n, true
}

// HeaderCount reads the count in header name of h (totalRows, retrievedRows) with ParseCount.
func HeaderCount(h http.Header, name string) (int, bool) {
	v := h.Get(name)
	if v == "" {
		return 0, false
	}
	return ParseCount(v)
}
