package paging_test

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// Every style of the engine × every way a bank can end a list early or shift it under the
// iteration, over real HTTP (the raw server of noend_test.go): the iteration delivers every
// row once, or ends in a typed error — never a row twice, never a row missing with a nil
// error. The bank holds rows R00001..R00350 and answers pages of 100.

const matrixRows, matrixSize = 350, 100

// bankMode is one way a bank ends a list early or shifts it.
type bankMode struct {
	name string
	// serve returns the rows the bank holds when it answers request n (from 1), the total it
	// announces, and whether it serves window w of them (the window it would serve
	// honestly: the rows at indexes from..to-1) differently: the rows it sends and the index
	// after them that its next key points at (key style).
	state func(n int) (rows []string, total int)
	cut   func(n, from, to, last int) (sendTo, nextAt int)
	// ignoreSize: the bank serves a full page of matrixSize whatever size is asked (the
	// window shrunk to the announced total included).
	ignoreSize bool
	// cap: the most rows the bank serves per request, whatever is asked (0: none). No size
	// is echoed.
	cap int
}

// baseRows returns R00001..R0000n.
func baseRows(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("R%05d", i+1)
	}
	return out
}

var matrixModes = []bankMode{
	{name: "honest"},
	{name: "short last page", cut: func(_, from, to, last int) (int, int) {
		if to == last && to-from > 30 {
			return to - 30, to
		}
		return to, to
	}},
	{name: "short middle page", cut: func(n, from, to, _ int) (int, int) {
		if n == 2 {
			return from + (to-from)*6/10, to
		}
		return to, to
	}},
	{name: "empty page mid-list", cut: func(n, from, to, _ int) (int, int) {
		if n == 2 {
			return from, to
		}
		return to, to
	}},
	{name: "total grows (row inserted before the position)", state: func(n int) ([]string, int) {
		rows := baseRows(matrixRows)
		if n > 1 {
			rows = append([]string{"R00000"}, rows...)
		}
		return rows, len(rows)
	}},
	{name: "total shrinks (row deleted before the position)", state: func(n int) ([]string, int) {
		rows := baseRows(matrixRows)
		if n > 1 {
			rows = rows[1:]
		}
		return rows, len(rows)
	}},
	{name: "duplicate row (inserted, total not updated)", state: func(n int) ([]string, int) {
		rows := baseRows(matrixRows)
		if n > 1 {
			rows = append([]string{"R00000"}, rows...)
		}
		return rows, matrixRows
	}},
	{name: "page size capped at 40, not echoed", cap: 40},
	{name: "extra rows beyond the total", ignoreSize: true, state: func(int) ([]string, int) {
		return baseRows(matrixRows), matrixRows - 30
	}},
}

// matrixServer serves mode for style sc over HTTP.
func matrixServer(t *testing.T, sc styleCase, mode bankMode) *rawServer {
	return newRawServer(t, func(n, start, size int, key string) rawAnswer {
		rows, total := baseRows(matrixRows), matrixRows
		if mode.state != nil {
			rows, total = mode.state(n)
		}
		if mode.ignoreSize {
			size = matrixSize
		}
		var from int
		switch {
		case sc.seq: // the first row numbered start or more
			from = len(rows)
			for i, r := range rows {
				if num, _ := strconv.Atoi(r[1:]); num >= start {
					from = i
					break
				}
			}
		case sc.style == core.StyleRow:
			from = start - 1
		case sc.style == core.StyleOffset:
			from = start
		case sc.style == core.StylePage:
			from = (start - 1) * size
		case sc.style == core.StyleKey:
			if key != "" {
				from, _ = strconv.Atoi(strings.TrimPrefix(key, "k"))
			}
		}
		from = min(max(from, 0), len(rows))
		to := min(from+size, len(rows))
		if mode.cap > 0 {
			to = min(to, from+mode.cap)
		}
		sendTo, nextAt := to, to
		if mode.cut != nil {
			sendTo, nextAt = mode.cut(n, from, to, len(rows))
		}
		a := rawAnswer{Items: rows[from:sendTo]}
		if sc.seq {
			for _, r := range a.Items {
				num, _ := strconv.Atoi(r[1:])
				a.Seq = append(a.Seq, num)
			}
			a.LastPage = sendTo == len(rows) && len(a.Items) > 0
		} else {
			a.Total = strconv.Itoa(total)
		}
		if sc.style == core.StyleKey && nextAt < len(rows) {
			a.NextKey = "k" + strconv.Itoa(nextAt)
		}
		return a
	})
}

// typedErrors are the errors a list that does not reconcile may end with.
var typedErrors = []error{core.ErrCountMismatch, core.ErrListShifted, core.ErrEmptyPage,
	core.ErrPositionMismatch, core.ErrInconsistentTotals, core.ErrRetrievedMismatch}

// TestEveryStyleEveryEarlyEnd: every style × every mode × with and without prefetch.
func TestEveryStyleEveryEarlyEnd(t *testing.T) {
	var mu sync.Mutex
	table := map[string]string{}
	for _, sc := range everyStyle {
		for _, mode := range matrixModes {
			for _, prefetch := range []int{0, 2} {
				name := fmt.Sprintf("%s/%s/prefetch%d", sc.name, mode.name, prefetch)
				t.Run(name, func(t *testing.T) {
					srv := matrixServer(t, sc, mode)
					fetch := srv.fetch(sc)
					withIDs := func(ctx context.Context, p core.Position) (core.Page[string], error) {
						pg, err := fetch(ctx, p)
						pg.IDs = append([]string(nil), pg.Items...) // the row's identity: its key
						return pg, err
					}
					ctx, cancel := context.WithTimeout(t.Context(), 60e9)
					defer cancel()
					var got []string
					var err error
					for x, e := range core.Items(ctx, core.Config{Style: sc.style, PageSize: matrixSize, Prefetch: prefetch, Start: 0}, withIDs) {
						if e != nil {
							err = e
							break
						}
						got = append(got, x)
					}
					seen := map[string]int{}
					for _, r := range got {
						seen[r]++
						assert.Equal(t, 1, seen[r], "row %s delivered twice", r)
					}
					// The rows the bank held throughout the iteration: each must be
					// delivered once unless the iteration fails.
					var missing []string
					for _, r := range throughout(mode) {
						if seen[r] == 0 {
							missing = append(missing, r)
						}
					}
					outcome := "every row once"
					if err != nil {
						require.NotErrorIs(t, err, context.DeadlineExceeded, "the iteration did not end")
						typed := false
						for _, te := range typedErrors {
							typed = typed || errors.Is(err, te)
						}
						assert.True(t, typed, "untyped error %v", err)
						outcome = fmt.Sprintf("%d rows, then %s", len(got), errorKind(err))
					} else if sc.seq && mode.name == "empty page mid-list" {
						// The addenda announce no total: an empty page is their documented
						// end (without the last-page message), so nothing reconciles it.
						outcome = fmt.Sprintf("%d rows: an empty page is the end (no total)", len(got))
					} else {
						assert.Empty(t, missing, "%d rows missing with a nil error", len(missing))
					}
					mu.Lock()
					table[name] = outcome
					mu.Unlock()
				})
			}
		}
	}
	for _, sc := range everyStyle {
		for _, mode := range matrixModes {
			name := fmt.Sprintf("%s/%s/prefetch0", sc.name, mode.name)
			t.Logf("%-60s %s", name, table[name])
		}
	}
}

// throughout returns the rows mode's bank holds from the first request to the last.
func throughout(mode bankMode) []string {
	rows := baseRows(matrixRows)
	if mode.state == nil {
		return rows
	}
	first, _ := mode.state(1)
	later, _ := mode.state(2)
	in := map[string]bool{}
	for _, r := range later {
		in[r] = true
	}
	var out []string
	for _, r := range first {
		if in[r] {
			out = append(out, r)
		}
	}
	return out
}

// errorKind names err by its type and, where it has one, its problem.
func errorKind(err error) string {
	var re *core.ReconcileError
	var ke *core.KeyError
	var ee *core.EmptyPageError
	var np *core.NoProgressError
	switch {
	case errors.As(err, &re):
		return "ReconcileError: " + re.Problem.String()
	case errors.As(err, &ke):
		return "KeyError: " + ke.Problem.String()
	case errors.As(err, &ee):
		return "EmptyPageError"
	case errors.As(err, &np):
		return "NoProgressError"
	}
	return err.Error()
}
