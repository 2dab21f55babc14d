package core

import "reflect"

// A server that ignores the position asked for (startRowIndex, offset, pageNumber) while
// echoing it, or echoing nothing, serves the same records again and again: with a total the
// iteration delivers them until the total, without one it never ends. No echo can give such a
// server away, so the engine compares the records themselves: the first items of each page
// (up to repeatItems of them) with those of the first page of the iteration and of the
// latest pages (repeatPages in all), each at its own position. A page at another position
// that begins with the same items was served from the wrong place: the iteration fails with
// *MismatchError (ErrPositionMismatch) before any of its items is delivered, so no item is
// delivered twice.
//
// Limits of the heuristic: items compare by value (reflect.DeepEqual), so two pages whose
// first repeatItems items are equal in every field would be taken for a repeat although the
// server honoured the position. The bank's rows carry transaction ids, keys, trace or
// sequence numbers, which makes that practically impossible; it can happen only with a page
// size below repeatItems (a page of one item equal to another page of one item) or with
// records that are entirely identical. A server that serves other records than those asked
// for, without repeating a page's beginning (a shifted window, or pages older than the ones
// remembered), is not detected; the row, offset and sequence rules catch what their echoes
// and counts show.

// repeatItems is how many first items of a page are compared; repeatPages bounds the pages
// remembered (the first one and the latest others).
const (
	repeatItems = 3
	repeatPages = 16
)

// pageStart is the first items of one page and the position it was fetched at.
type pageStart[T any] struct {
	at    int    // Position.Start
	key   string // Position.Key (key style: pages differ by key, not by Start)
	items []T
}

// repeatGuard remembers the first items of the pages an Iterator fetched. The zero value is
// ready; it is used only from the iterating goroutine.
type repeatGuard[T any] struct {
	first  *pageStart[T]  // the iteration's first page
	recent []pageStart[T] // the latest pages, oldest first
}

// check records the first items of pg, fetched at req, and returns *MismatchError when a page
// remembered at another position began with the same items.
func (g *repeatGuard[T]) check(req Position, pg *Page[T]) error {
	n := min(len(pg.Items), repeatItems)
	if n == 0 {
		return nil
	}
	head := pg.Items[:n]
	match := func(s *pageStart[T]) bool {
		return (s.at != req.Start || s.key != req.Key) && len(s.items) == n && reflect.DeepEqual(s.items, head)
	}
	if g.first != nil && match(g.first) {
		return g.mismatch(req, g.first)
	}
	for i := range g.recent {
		if match(&g.recent[i]) {
			return g.mismatch(req, &g.recent[i])
		}
	}
	s := pageStart[T]{at: req.Start, key: req.Key, items: append([]T(nil), head...)}
	if g.first == nil {
		g.first = &s
		return nil
	}
	for i := range g.recent { // a page fetched again at its position replaces its entry
		if g.recent[i].at == req.Start && g.recent[i].key == req.Key {
			g.recent = append(g.recent[:i], g.recent[i+1:]...)
			break
		}
	}
	if len(g.recent) == repeatPages-1 {
		g.recent = append(g.recent[:0], g.recent[1:]...)
	}
	g.recent = append(g.recent, s)
	return nil
}

func (g *repeatGuard[T]) mismatch(req Position, served *pageStart[T]) error {
	if req.Style == StyleKey { // a key the server ignored (KeyError, ErrPositionMismatch)
		return &KeyError{Position: req, Problem: KeyIgnored, Served: served.key}
	}
	return &MismatchError{Style: req.Style, Requested: req.Start, Returned: served.at}
}
