package core

import (
	"encoding/base64"
	"fmt"
	"log/slog"
	"strconv"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// Key style: the fourth pagination style, of the bank's commercial account reporting
// (Commercial Accounts Reporting 1.0.3). A page is asked for by an opaque key (pageKey; none
// for the first page) and a size (limit); the answer gives the key of the next page
// (page.nextPageKey), absent on the last page. The engine never parses a key: it passes on
// the one the server gave. No total is needed; when the answers give one (page.totalElements),
// an iteration from the first page that meets an answer without a next key before receiving
// that many items fails with *KeyError (KeyEndedEarly, ErrEmptyPage) instead of ending short.
// A resumed iteration does not know the items before its cursor, and does not count.
//
// Prefetch is not possible ahead of the key: the next page's key is only known from the
// answer to the current one. A key-style iteration with Config.Prefetch or EagerPrefetch
// fetches one page at a time, as without them.
//
// Resuming: a Cursor holds the key of the next page (and, after a break inside a page, how
// many of its items were delivered). The server must serve the same page for the same key.
//
// Hostile servers: a next key equal to the key just asked with (the same page forever), a
// next key given before in the same iteration (a cycle), and an empty page that still gives
// a next key (a walk that advances without delivering) fail with *KeyError, before the next
// request; a page that begins with the items of another key's page (a server that ignores the
// key while handing out fresh ones) fails with *KeyError (KeyIgnored) before any of its items
// is delivered, by the engine's repeat check (iterator_repeat.go).

// KeyProblem is what is wrong with an answer of the key style (KeyError.Problem).
type KeyProblem int

const (
	// KeyRepeated: the next key is the key the page was asked with.
	KeyRepeated KeyProblem = iota + 1
	// KeyCycled: the next key was given earlier in the same iteration.
	KeyCycled
	// KeyEmptyPage: a page with no items gives a next key.
	KeyEmptyPage
	// KeyIgnored: the page served for a key begins with the items of the page of another
	// key: the server ignored the key (iterator_repeat.go), and would serve that page again forever
	// while handing out fresh keys.
	KeyIgnored
	// KeyEndedEarly: an answer gives no next key although the iteration, from its first
	// page, has received fewer items than the total the server announces
	// (page.totalElements): the list would end short without a word.
	KeyEndedEarly
)

// String names the problem.
func (p KeyProblem) String() string {
	switch p {
	case KeyRepeated:
		return "repeats the key asked with"
	case KeyCycled:
		return "was given before (cycle)"
	case KeyEmptyPage:
		return "follows a page with no items"
	case KeyIgnored:
		return "was ignored: the page repeats another key's"
	case KeyEndedEarly:
		return "is missing before the announced total"
	}
	return "KeyProblem(" + strconv.Itoa(int(p)) + ")"
}

// KeyError reports an answer of the key style the iteration cannot go on from without repeating
// pages forever. KeyRepeated and KeyCycled match ErrPositionMismatch, KeyEmptyPage
// ErrEmptyPage. The items of the page that gave the key are not delivered.
type KeyError struct {
	Position Position   // the page requested (Position.Key: the key asked with)
	NextKey  string     // the next key the server gave
	Problem  KeyProblem // what is wrong with it
	// Page is the 1-based number of the page in the iteration (since the iterator started or
	// resumed), and FirstPage, for KeyCycled, the page that was asked for with NextKey.
	Page, FirstPage int
	// Served is, for KeyIgnored, the key of the earlier page whose items this page repeats
	// ("" for the first page); NextKey and Page are not set then.
	Served string
	// Total is, for KeyEndedEarly, the total the server announced, and Rows the items the
	// iteration received from its first page to the answer without a next key.
	Total, Rows int
}

// Error describes the page and the key.
func (e KeyError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e KeyError) errorText() string {
	switch e.Problem {
	case KeyIgnored:
		return fmt.Sprintf("paging: %s: the server served the page of key %s again (page key ignored?)", e.Position, shortKey(e.Served))
	case KeyEndedEarly:
		return fmt.Sprintf("paging: %s (page %d): no next page key after %d items although the server announces %d in total",
			e.Position, e.Page, e.Rows, e.Total)
	}
	s := fmt.Sprintf("paging: %s (page %d): next page key %s %s", e.Position, e.Page, shortKey(e.NextKey), e.Problem)
	if e.Problem == KeyCycled {
		s += fmt.Sprintf(": it was the key of page %d", e.FirstPage)
	}
	return s
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e KeyError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e KeyError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e KeyError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Unwrap returns ErrEmptyPage for KeyEmptyPage and KeyEndedEarly, else ErrPositionMismatch.
func (e *KeyError) Unwrap() error {
	if e.Problem == KeyEmptyPage || e.Problem == KeyEndedEarly {
		return ErrEmptyPage
	}
	return ErrPositionMismatch
}

// shortKey quotes k, cut to 40 bytes: keys are opaque and may be long.
func shortKey(k string) string {
	if len(k) > 40 {
		return strconv.Quote(k[:40]) + "…"
	}
	return strconv.Quote(k)
}

// keyTrack remembers the keys an iteration asked with, to find a key that repeats or cycles.
type keyTrack struct {
	asked map[string]int // key → 1-based number of the page asked with it
	pages int            // pages answered
	rows  int            // items of the pages answered
	first bool           // the iteration started at the first page (no key): rows count them all
}

// advanceKey advances a key-style iteration: to the key pg gives (Page.NextKey), which must
// be neither the key asked with nor one asked with before; the end is a page without one.
func advanceKey[T any](t *keyTrack, req Position, pg *Page[T]) (Position, bool, error) {
	if t.asked == nil {
		t.asked = map[string]int{}
	}
	t.pages++
	if t.pages == 1 {
		t.first = req.Key == ""
	}
	t.rows += len(pg.Items)
	if t.first && pg.HasTotal && t.rows > pg.Total { // items past totalElements
		over := min(t.rows-pg.Total, len(pg.Items))
		pg.late = &ReconcileError{Position: req, Problem: ReconcileBeyondTotal, Total: pg.Total, Items: len(pg.Items), Want: len(pg.Items) - over}
		pg.keep(0, len(pg.Items)-over)
		t.rows = pg.Total
		return req, true, nil
	}
	if _, ok := t.asked[req.Key]; !ok {
		t.asked[req.Key] = t.pages
	}
	next := pg.NextKey
	if next == "" {
		if t.first && pg.HasTotal && pg.Total > t.rows {
			return Position{}, false, &KeyError{Position: req, Problem: KeyEndedEarly, Page: t.pages, Total: pg.Total, Rows: t.rows}
		}
		return req, true, nil
	}
	fail := func(p KeyProblem, first int) (Position, bool, error) {
		return Position{}, false, &KeyError{Position: req, NextKey: next, Problem: p, Page: t.pages, FirstPage: first}
	}
	switch first, seen := t.asked[next]; {
	case next == req.Key:
		return fail(KeyRepeated, 0)
	case seen:
		return fail(KeyCycled, first)
	case len(pg.Items) == 0:
		return fail(KeyEmptyPage, 0)
	}
	return Position{Style: StyleKey, Key: next, Size: req.Size}, false, nil
}

// keyText is the text of a key in a Cursor's text form: base64url, so that any key (colons,
// spaces, any byte) survives.
func keyText(k string) string { return base64.RawURLEncoding.EncodeToString([]byte(k)) }

// parseKeyCursor decodes the parts after "key:" of a Cursor's text: KEY:SIZE:SKIP.
func parseKeyCursor(parts []string) (Cursor, bool) {
	if len(parts) != 3 {
		return Cursor{}, false
	}
	k, err := base64.RawURLEncoding.DecodeString(parts[0])
	size, err1 := strconv.Atoi(parts[1])
	skip, err2 := strconv.Atoi(parts[2])
	if err != nil || err1 != nil || err2 != nil || size < 0 || skip < 0 {
		return Cursor{}, false
	}
	return Cursor{Style: StyleKey, Key: string(k), Size: size, Skip: skip}, true
}

// Partial reports whether the server answered a page with a partial success (HTTP 206,
// Page.Partial). Such an answer ends the iteration with *PartialError (ErrPartial), which
// carries its items; Partial only repeats what that error says.
func (it *Iterator[T]) Partial() bool { return it.partial }
