package core

import (
	"context"
	"fmt"
	"iter"
)

// Iterator walks the pages of one endpoint through a FetchFunc. It is lazy: nothing is
// requested before the first step of Pages or Items. It stops on the first error, which it
// yields once. It never loops: every page either advances the position or ends the iteration
// with an error (ErrEmptyPage, ErrPositionMismatch), and MaxStalledPages pages in a row that
// deliver nothing end it with *NoProgressError. It never ends silently short: it ends only
// when its count reconciles with the totals the server announced (iterator_reconcile.go): a
// total not reached fails (ErrEmptyPage), a short page before the announced end or items past
// the total fail after the rows that can be trusted (*ReconcileError, ErrCountMismatch), a
// total that moves or a row served twice fail before the page (ErrListShifted), and a partial
// answer (HTTP 206) ends it with *PartialError (ErrPartial), its items carried by the error,
// never only flagged.
//
// Ranging again over Pages or Items continues where the previous range stopped (after a
// break, an error or the cap), and Cursor tells where that is. An Iterator is not safe for
// concurrent use; its FetchFunc is called concurrently only with Config.Prefetch.
type Iterator[T any] struct {
	ctx   context.Context
	cfg   Config
	fetch FetchFunc[T]
	size  int            // configured page size (Cursor.Size after a cap-shrunk window)
	cur   Cursor         // next page to request; Done at the end
	count int            // items delivered, for Config.MaxItems
	total int            // last total the server reported, -1 before any
	seen  repeatGuard[T] // first items of recent pages: a page served again fails (iterator_repeat.go)
	ids   idWindow       // identities of the rows delivered last: a row served again fails (iterator_reconcile.go)
	err   error          // configuration error, yielded by every range
	keys  keyTrack       // keys asked with (key style, iterator_keys.go)
	at    Cursor         // at the item (Items) or page (Pages) delivered last: CursorAt (iterator_cursorbind.go)
	bind  string         // fingerprint of the typed iterator's request: Cursor.Bound
	// partial: a page answered was a partial success (Page.Partial), which ended the
	// iteration with *PartialError
	partial bool
	stalled int       // pages in a row that delivered no item without ending (MaxStalledPages)
	lat     latencies // page latencies observed, for Config.AutoPrefetch (iterator_prefetch.go)
}

// NewIterator returns an Iterator over the pages fetch returns for cfg. An invalid cfg (see
// Config.Validate) is reported by the first step, before any request.
func NewIterator[T any](ctx context.Context, cfg Config, fetch FetchFunc[T]) *Iterator[T] {
	it := &Iterator[T]{ctx: ctx, cfg: cfg, fetch: fetch, total: -1, bind: cfg.Bound}
	if err := checkBinding(cfg.From, cfg.Bound); err != nil {
		return FailedIterator[T](err)
	}
	if err := cfg.Validate(); err != nil {
		it.err = err
		return it
	}
	if fetch == nil {
		it.err = fmt.Errorf("paging: nil FetchFunc: %w", ErrInvalidConfig)
		return it
	}
	if !cfg.From.IsZero() {
		it.cur = cfg.From
		it.size = cfg.From.Size
		return it
	}
	first := cfg.first()
	it.cur = Cursor{Style: cfg.Style, Start: first.Start, Size: first.Size}
	it.size = first.Size
	return it
}

// FailedIterator returns an Iterator whose every range yields err, before any request: what
// a client returns when the request or its options are invalid.
func FailedIterator[T any](err error) *Iterator[T] {
	return &Iterator[T]{err: err, total: -1}
}

// Items returns an iterator over the items of fetch's pages for cfg: a shorthand for
// NewIterator(ctx, cfg, fetch).Items().
func Items[T any](ctx context.Context, cfg Config, fetch FetchFunc[T]) iter.Seq2[T, error] {
	return NewIterator(ctx, cfg, fetch).Items()
}

// Pages returns an iterator over fetch's pages for cfg: a shorthand for
// NewIterator(ctx, cfg, fetch).Pages().
func Pages[T any](ctx context.Context, cfg Config, fetch FetchFunc[T]) iter.Seq2[Page[T], error] {
	return NewIterator(ctx, cfg, fetch).Pages()
}

// Cursor returns where the iterator stands: the first item not yet delivered. Pass it as
// Config.From to resume in another Iterator, or store its text form.
func (it *Iterator[T]) Cursor() Cursor { return it.bound(it.cur) }

// Pages yields the pages in order. Items already delivered through a resumed Cursor and
// items past Config.MaxItems are cut from the pages; an empty last page is not yielded.
func (it *Iterator[T]) Pages() iter.Seq2[Page[T], error] {
	return func(yield func(Page[T], error) bool) {
		it.run(func(pg *Page[T], skip int) bool {
			if len(pg.Items) == 0 && pg.Next.Done {
				it.cur = pg.Next
				return true
			}
			it.at = it.after(pg, skip, 0)
			it.count += len(pg.Items)
			it.cur = pg.Next
			return yield(*pg, nil)
		}, func(err error) { yield(Page[T]{}, err) })
	}
}

// Items yields the items of every page in order, with a nil error; on failure it yields one
// zero item with the error and stops.
func (it *Iterator[T]) Items() iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		it.run(func(pg *Page[T], skip int) bool {
			last := len(pg.Items) - 1
			for i, x := range pg.Items {
				it.count++
				it.at = it.after(pg, skip, i)
				if i == last {
					it.cur = pg.Next
				} else {
					it.cur = it.after(pg, skip, i+1)
				}
				if !yield(x, nil) {
					return false
				}
			}
			it.cur = pg.Next
			return true
		}, func(err error) {
			var zero T
			yield(zero, err)
		})
	}
}

// after returns the cursor after the first n items pg delivers (those left once skip items
// of a resumed page were cut): within the page for page style, and for a row or offset page
// whose items do not map onto its rows (rows withheld, or resumed within such a page); after
// the n-th item's sequence number when pg has them (Page.Seq); else skip + n rows on.
func (it *Iterator[T]) after(pg *Page[T], skip, n int) Cursor {
	req := pg.Position
	switch {
	case req.Style == StylePage || req.Style == StyleKey || pg.withheld:
		return Cursor{Style: req.Style, Start: req.Start, Size: req.Size, Skip: skip + n, Key: req.Key}
	case n > 0 && n <= len(pg.Seq):
		return Cursor{Style: req.Style, Start: pg.Seq[n-1] + 1, Size: it.size}
	}
	return Cursor{Style: req.Style, Start: req.Start + skip + n, Size: it.size}
}

// left returns how many items the cap still allows, or -1 without a cap.
func (it *Iterator[T]) left() int {
	if it.cfg.MaxItems == 0 {
		return -1
	}
	return max(it.cfg.MaxItems-it.count, 0)
}

// request returns the page request for cursor c with left items allowed (-1: no cap): row and
// offset windows shrink to the cap (past the items c skips) and, once the server reported a total, to the total (2,500
// rows: windows 1-1000, 1001-2000, 2001-2500).
func (it *Iterator[T]) request(c Cursor, left int) Position {
	p := c.position()
	if p.Style == StylePage || p.Style == StyleKey {
		return p
	}
	if left >= 0 && left < p.Size-c.Skip {
		p.Size = c.Skip + left // the items skipped come first again
	}
	if it.total >= 0 {
		if rest := it.total - (p.Start - p.Style.base()); rest > 0 && rest < p.Size {
			p.Size = rest
		}
	}
	return p
}

// run drives one range: it fetches pages from the cursor on, passes each to deliver (with the
// number of its items skipped for a resumed cursor) with Items cut and Next set, and reports
// the first error to fail. deliver updates it.cur and it.count and returns false to stop.
func (it *Iterator[T]) run(deliver func(pg *Page[T], skip int) bool, fail func(error)) {
	if it.err != nil {
		fail(it.err)
		return
	}
	ctx, cancel := context.WithCancel(it.ctx)
	defer cancel()
	var src source[T] = direct[T]{fetch: it.fetch}
	if it.cfg.Prefetch > 0 || it.cfg.AutoPrefetch {
		pf := newPrefetcher(ctx, it.fetch, &it.lat)
		defer pf.close()
		src = pf
		if it.cfg.EagerPrefetch && !it.cur.Done {
			pf.plan(it.plan(it.cur, &Page[T]{Total: it.total, HasTotal: it.total >= 0}, it.left(), it.cfg.Prefetch))
		}
	}
	for {
		left := it.left()
		if it.cur.Done || left == 0 {
			return
		}
		// req becomes the position fetched, which may be a larger window planned before the
		// total was known (covers).
		ask := it.request(it.cur, left)
		pg, req, err := src.get(ctx, ask)
		if err != nil {
			fail(fmt.Errorf("paging: %s: %w", req, err))
			return
		}
		pg.Position = req
		if pg.Partial {
			it.partial = true
			fail(&PartialError{Position: req, Items: pg.Items, Count: len(pg.Items)})
			return
		}
		if err := checkCounts(req, &pg); err != nil {
			fail(err)
			return
		}
		if err := it.seen.check(req, &pg); err != nil {
			fail(err)
			return
		}
		if pg.IDs != nil && len(pg.IDs) != len(pg.Items) {
			fail(fmt.Errorf("paging: %s: %d identities for %d items: %w", req, len(pg.IDs), len(pg.Items), ErrInvalidConfig))
			return
		}
		if err := it.checkTotal(req, &pg); err != nil {
			fail(err)
			return
		}
		if pg.HasTotal {
			it.total = max(pg.Total, 0)
		}
		next, done, err := it.advance(req, &pg)
		if err != nil {
			fail(err)
			return
		}
		if err := it.progress(req, &pg, done); err != nil {
			fail(err)
			return
		}
		late := pg.late // reported after the page's items (iterator_reconcile.go)
		if pg.beyond > 0 && req != ask {
			late = nil // a larger window prefetched before the total was known: rows past it are not a count
		}
		skip := min(it.cur.Skip, len(pg.Items))
		pg.keep(skip, len(pg.Items))
		capped := left >= 0 && len(pg.Items) > left // the cap ends the range inside this page
		if capped {
			pg.keep(0, left)
		}
		if left >= 0 && len(pg.Items) >= left {
			late = nil // the cap ends the iteration before the rows in doubt
		}
		if err := it.ids.check(req, pg.IDs); err != nil {
			fail(err)
			return
		}
		switch {
		case capped:
			pg.Next = it.after(&pg, skip, len(pg.Items))
		case late != nil:
			pg.Next = it.after(&pg, skip, len(pg.Items)) // a resumption asks for the rows in doubt again
		case done:
			pg.Next = Cursor{Style: it.cfg.Style, Done: true}
		default:
			pg.Next = Cursor{Style: it.cfg.Style, Start: next.Start, Size: it.size, Key: next.Key}
			if pf, ok := src.(*prefetcher[T]); ok {
				pf.plan(it.plan(pg.Next, &pg, left, it.depth()))
			}
		}
		before := it.count
		more := deliver(&pg, skip)
		if pg.IDs != nil {
			it.ids.record(pg.IDs[:it.count-before])
		} else {
			it.ids.record(nil)
		}
		if !more {
			return
		}
		if late != nil {
			fail(late)
			return
		}
	}
}

// progress counts the pages in a row that deliver no item without ending the iteration, and
// fails with *NoProgressError at MaxStalledPages of them: a server whose counts advance past
// rows it never sends (retrievedRows on empty pages, a total of MaxInt64 or none) would
// otherwise be asked for pages forever.
func (it *Iterator[T]) progress(req Position, pg *Page[T], done bool) error {
	if done || len(pg.Items) > 0 {
		it.stalled = 0
		return nil
	}
	it.stalled++
	if it.stalled >= MaxStalledPages {
		return &NoProgressError{Position: req, Pages: it.stalled, Total: it.total}
	}
	return nil
}

// advance applies the style's rules to pg.
func (it *Iterator[T]) advance(req Position, pg *Page[T]) (Position, bool, error) {
	switch req.Style {
	case StyleRow:
		return advanceRow(req, pg)
	case StyleOffset:
		return advanceOffset(req, pg)
	case StyleKey:
		return advanceKey(&it.keys, req, pg)
	}
	return advancePage(req, pg)
}
