package cardplatform_test

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/goleaktest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/issuerkit/issuerkit-go/cardplatform"
)

// hostileServer answers every path with whatever serve writes for the request's start_index
// and limit (as sent; -1 when absent, -2 when not a number) and k, the request's number from
// 1; it records "start+limit" of each request.
type hostileServer struct {
	*httptest.Server
	mu    sync.Mutex
	asked []string
}

func newHostileServer(t *testing.T, serve func(w http.ResponseWriter, start, limit, k int)) *hostileServer {
	return newPathServer(t, "", serve)
}

// newPathServer is newHostileServer answering only path (every path when empty; 404 for
// the others, unrecorded).
func newPathServer(t *testing.T, path string, serve func(w http.ResponseWriter, start, limit, k int)) *hostileServer {
	t.Helper()
	s := &hostileServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if path != "" && r.URL.Path != path {
			http.NotFound(w, r)
			return
		}
		q := r.URL.Query()
		num := func(name string) int {
			if !q.Has(name) {
				return -1
			}
			n, err := strconv.Atoi(q.Get(name))
			if err != nil {
				return -2
			}
			return n
		}
		s.mu.Lock()
		s.asked = append(s.asked, q.Get("start_index")+"+"+q.Get("limit"))
		k := len(s.asked)
		s.mu.Unlock()
		serve(w, num("start_index"), num("limit"), k)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *hostileServer) requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.asked...)
}

func (s *hostileServer) client(t *testing.T) *cardplatform.Client {
	t.Helper()
	c, err := cardplatform.New(s.URL, core.WithHTTPClient(s.Client()),
		core.WithRetry(core.RetryOptions{MaxAttempts: 1}))
	require.NoError(t, err)
	return c
}

// writeRaw writes body (a JSON text) with status 200.
func writeRaw(w http.ResponseWriter, body string) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write([]byte(body))
}

// cardsJSON is the JSON array of the cards from to to (inclusive; empty when to < from).
func cardsJSON(from, to int) string {
	items := []map[string]any{}
	for i := from; i <= to; i++ {
		items = append(items, cardItem(i))
	}
	b, _ := json.Marshal(items)
	return string(b)
}

// drain collects the card proxies Cards yields and the error it stops on.
func drain(t *testing.T, c *cardplatform.Client, opts ...core.IterOption) ([]string, error) {
	t.Helper()
	var got []string
	for card, err := range c.Cards(t.Context(), cardplatform.SearchCardsRequest{}, opts...) {
		if err != nil {
			return got, err
		}
		got = append(got, card.CardProxy)
	}
	return got, nil
}

var prefetchModes = map[string][]core.IterOption{
	"direct":   nil,
	"prefetch": {core.WithPrefetch(2)},
	"eager":    {core.WithEagerPrefetch(3)},
}

// TestCardsTotalMissing: a page that holds items while its total says there are none from its
// start_index on (total absent, which decodes as 0, zero, negative, or sent on the first page
// only) must not end the search silently: either every card comes, once, or the search fails
// with core.ErrInconsistentTotals before delivering the contradicted page.
func TestCardsTotalMissing(t *testing.T) {
	for name, tt := range map[string]struct {
		body func(start, limit int) string
		want []string // delivered before the error
	}{
		"missing": {func(start, limit int) string {
			return `{"items":` + cardsJSON(start, min(start+limit-1, 30)) + `}`
		}, nil},
		"zero": {func(start, limit int) string {
			return `{"items":` + cardsJSON(start, min(start+limit-1, 30)) + `,"total":0}`
		}, nil},
		"negative": {func(start, limit int) string {
			return `{"items":` + cardsJSON(start, min(start+limit-1, 30)) + `,"total":-5}`
		}, nil},
		"first page only": {func(start, limit int) string {
			if start == 1 {
				return `{"items":` + cardsJSON(start, min(start+limit-1, 30)) + `,"total":30}`
			}
			return `{"items":` + cardsJSON(start, min(start+limit-1, 30)) + `}`
		}, proxies(1, 10)},
	} {
		for mode, opts := range prefetchModes {
			t.Run(name+"/"+mode, func(t *testing.T) {
				srv := newHostileServer(t, func(w http.ResponseWriter, start, limit, _ int) { writeRaw(w, tt.body(start, limit)) })
				got, err := drain(t, srv.client(t), append(opts, core.WithPageSize(10))...)
				require.ErrorIs(t, err, core.ErrInconsistentTotals)
				var te *core.TotalsError
				require.ErrorAs(t, err, &te)
				assert.Equal(t, 10, te.Position.Size)
				assert.Contains(t, te.Detail, "10 items")
				assert.Equal(t, tt.want, got)
			})
		}
	}
}

// TestCardsServerIgnoresLimit: a page of more items than the limit asked for (150 for 100)
// is an error, core.ErrTooManyItems in a *DecodeError, decided while it is decoded, at the
// 101st item, before any of the page is delivered. Issue 34 made it so (an answer holds no
// more items than asked for, so that it costs no more than they do, whatever its size): the
// page used to be decoded whole and cut, the next asked where the cut left off.
func TestCardsServerIgnoresLimit(t *testing.T) {
	for mode, opts := range prefetchModes {
		t.Run(mode, func(t *testing.T) {
			srv := newHostileServer(t, func(w http.ResponseWriter, start, _, _ int) {
				writeRaw(w, `{"items":`+cardsJSON(start, min(start+149, 250))+`,"total":250}`)
			})
			got, err := drain(t, srv.client(t), opts...)
			require.ErrorIs(t, err, core.ErrTooManyItems)
			var de *core.DecodeError
			require.ErrorAs(t, err, &de)
			assert.Contains(t, err.Error(), "at most 100")
			assert.Empty(t, got)
		})
	}
}

// TestCardsServerCapsLimit: a server that serves at most 25 per page (its own cap) is paged
// by what it serves.
func TestCardsServerCapsLimit(t *testing.T) {
	for mode, opts := range prefetchModes {
		t.Run(mode, func(t *testing.T) {
			srv := newHostileServer(t, func(w http.ResponseWriter, start, limit, _ int) {
				writeRaw(w, `{"items":`+cardsJSON(start, min(start+min(limit, 25)-1, 110))+`,"total":110}`)
			})
			got, err := drain(t, srv.client(t), opts...)
			require.NoError(t, err)
			assert.Equal(t, proxies(1, 110), got)
		})
	}
}

// TestCardsEmptyOrNullPageBeforeTotal: no items while the total says more remain fails with
// ErrEmptyPage after the cards before it, each once.
func TestCardsEmptyOrNullPageBeforeTotal(t *testing.T) {
	for name, items := range map[string]string{"empty": `[]`, "null": `null`, "absent": ``} {
		for mode, opts := range prefetchModes {
			t.Run(name+"/"+mode, func(t *testing.T) {
				srv := newHostileServer(t, func(w http.ResponseWriter, start, limit, _ int) {
					if start > 100 {
						if items == "" {
							writeRaw(w, `{"total":250}`)
						} else {
							writeRaw(w, `{"items":`+items+`,"total":250}`)
						}
						return
					}
					writeRaw(w, `{"items":`+cardsJSON(start, start+limit-1)+`,"total":250}`)
				})
				got, err := drain(t, srv.client(t), opts...)
				assert.ErrorIs(t, err, core.ErrEmptyPage)
				assert.Equal(t, proxies(1, 100), got)
			})
		}
	}
}

// TestCardsErrorMidIteration: a 404 or 500 at the second page ends the search with the typed
// *core.Error after the first page's cards, each once.
func TestCardsErrorMidIteration(t *testing.T) {
	for _, status := range []int{http.StatusNotFound, http.StatusInternalServerError} {
		for mode, opts := range prefetchModes {
			t.Run(fmt.Sprint(status, mode), func(t *testing.T) {
				srv := newHostileServer(t, func(w http.ResponseWriter, start, limit, _ int) {
					if start == 101 {
						w.Header().Set("Content-Type", "application/problem+json")
						w.WriteHeader(status)
						_, _ = w.Write([]byte(`{"title":"nope","status":` + strconv.Itoa(status) + `}`))
						return
					}
					writeRaw(w, `{"items":`+cardsJSON(start, min(start+limit-1, 250))+`,"total":250}`)
				})
				got, err := drain(t, srv.client(t), opts...)
				var ce *core.Error
				require.ErrorAs(t, err, &ce)
				assert.Equal(t, status, ce.StatusCode)
				assert.Equal(t, proxies(1, 100), got)
			})
		}
	}
}

// TestCardsTotalAsString: a total sent as a string fails with the typed *DecodeError.
func TestCardsTotalAsString(t *testing.T) {
	srv := newHostileServer(t, func(w http.ResponseWriter, start, limit, _ int) {
		writeRaw(w, `{"items":`+cardsJSON(start, min(start+limit-1, 5))+`,"total":"5"}`)
	})
	got, err := drain(t, srv.client(t))
	var de *core.DecodeError
	require.ErrorAs(t, err, &de)
	assert.Empty(t, got)
}

// TestCardsUnknownMembersKept: members of an item the spec does not name are kept.
func TestCardsUnknownMembersKept(t *testing.T) {
	srv := newHostileServer(t, func(w http.ResponseWriter, _, _, _ int) {
		writeRaw(w, `{"items":[{"card_proxy":"P1","x_new":{"a":[1,2]}}],"total":1,"x_page":true}`)
	})
	var n int
	for card, err := range srv.client(t).Cards(t.Context(), cardplatform.SearchCardsRequest{}) {
		require.NoError(t, err)
		n++
		assert.JSONEq(t, `{"a":[1,2]}`, string(card.AdditionalProperties.Map()["x_new"]))
	}
	assert.Equal(t, 1, n)
}

// TestCardsCursorStartOverflow: a cursor (stored text) past the largest start_index the
// request carries (int32) fails before the network: 4294967297 wrapped around to
// start_index 1, restarting the search from its first card.
func TestCardsCursorStartOverflow(t *testing.T) {
	srv := newHostileServer(t, func(w http.ResponseWriter, start, limit, _ int) {
		writeRaw(w, `{"items":[],"total":0}`)
	})
	var cur core.Cursor
	require.NoError(t, cur.UnmarshalText([]byte("row:4294967297:100:0")))
	_, err := drain(t, srv.client(t), core.WithCursor(cur))
	assert.ErrorIs(t, err, core.ErrOutOfRange)
	assert.Empty(t, srv.requests(), "nothing sent")
}

// TestCardsServerIgnoresStartIndex: a server that always serves the first page (start_index
// ignored, or named otherwise) with a true total must not make the iterator deliver the first
// cards again.
func TestCardsServerIgnoresStartIndex(t *testing.T) {
	for mode, opts := range prefetchModes {
		t.Run(mode, func(t *testing.T) {
			srv := newHostileServer(t, func(w http.ResponseWriter, _, limit, _ int) {
				writeRaw(w, `{"items":`+cardsJSON(1, min(limit, 250))+`,"total":250}`)
			})
			got, err := drain(t, srv.client(t), opts...)
			seen := map[string]bool{}
			for _, p := range got {
				assert.False(t, seen[p], "card %s delivered twice", p)
				seen[p] = true
			}
			require.ErrorIs(t, err, core.ErrPositionMismatch)
			if len(got) > 0 {
				assert.Equal(t, proxies(1, len(got)), got)
			}
		})
	}
}

// TestCardsServerZeroBasedStartIndex: a server that reads start_index as 0-based (start_index 1
// serves from the second card) cannot be caught at once; the total catches it at the end: the
// search fails with ErrEmptyPage rather than ending as if complete.
func TestCardsServerZeroBasedStartIndex(t *testing.T) {
	for mode, opts := range prefetchModes {
		t.Run(mode, func(t *testing.T) {
			srv := newHostileServer(t, func(w http.ResponseWriter, start, limit, _ int) {
				writeRaw(w, `{"items":`+cardsJSON(start+1, min(start+limit, 250))+`,"total":250}`)
			})
			got, err := drain(t, srv.client(t), opts...)
			require.ErrorIs(t, err, core.ErrEmptyPage)
			assert.Equal(t, proxies(2, 250), got)
		})
	}
}

// TestCardsResumeEverywhere: breaking after any number of cards and resuming from the cursor's
// text delivers every card once, with or without prefetch and a cap, while the total changes
// between pages (the platform adds cards at the end).
func TestCardsResumeEverywhere(t *testing.T) {
	for mode, opts := range prefetchModes {
		for _, at := range []int{1, 24, 25, 26, 49, 50, 51, 99, 100, 101, 119} {
			t.Run(fmt.Sprint(mode, at), func(t *testing.T) {
				n := 120
				srv := newHostileServer(t, func(w http.ResponseWriter, start, limit, k int) {
					total := n + k // grows by one with every request
					writeRaw(w, `{"items":`+cardsJSON(start, min(start+limit-1, total))+`,"total":`+strconv.Itoa(total)+`}`)
				})
				c := srv.client(t)
				o := append([]core.IterOption{core.WithPageSize(25), core.WithMaxItems(n)}, opts...)
				it := c.CardsIterator(t.Context(), cardplatform.SearchCardsRequest{}, o...)
				var got []string
				for card, err := range it.Items() {
					require.NoError(t, err)
					if got = append(got, card.CardProxy); len(got) == at {
						break
					}
				}
				text, err := it.Cursor().MarshalText()
				require.NoError(t, err)
				var cur core.Cursor
				require.NoError(t, cur.UnmarshalText(text))
				rest, err := drain(t, c, append(o, core.WithCursor(cur), core.WithMaxItems(n-at))...)
				require.NoError(t, err)
				assert.Equal(t, proxies(1, n), append(got, rest...))
			})
		}
	}
}

// TestCardsCancelAndBreakLeakNothing: cancelling the context or breaking out of the loop while
// pages are in flight (the server holds them) ends the search with the context's error, after
// the cards before it, and leaves no goroutine behind.
func TestCardsCancelAndBreakLeakNothing(t *testing.T) {
	for mode, opts := range prefetchModes {
		t.Run(mode, func(t *testing.T) {
			srv := newHostileServer(t, func(w http.ResponseWriter, start, limit, _ int) {
				if start > 100 {
					time.Sleep(200 * time.Millisecond) // slow pages after the first
				}
				writeRaw(w, `{"items":`+cardsJSON(start, min(start+limit-1, 1000))+`,"total":1000}`)
			})
			c := srv.client(t)
			defer goleaktest.VerifyNone(t, goleak.IgnoreCurrent())
			defer srv.Client().CloseIdleConnections()
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			var got []string
			var last error
			for card, err := range c.Cards(ctx, cardplatform.SearchCardsRequest{}, opts...) {
				if err != nil {
					last = err
					break
				}
				if got = append(got, card.CardProxy); len(got) == 100 {
					cancel()
				}
			}
			require.ErrorIs(t, last, context.Canceled)
			assert.Equal(t, proxies(1, 100), got)

			got = nil
			for card, err := range c.Cards(t.Context(), cardplatform.SearchCardsRequest{}, opts...) {
				require.NoError(t, err)
				if got = append(got, card.CardProxy); len(got) == 150 {
					break
				}
			}
			assert.Equal(t, proxies(1, 150), got)
		})
	}
}

// TestCardsOptionErrors: a limit outside 1 to MaxSearchLimit (0 included: the documented range
// starts at 1) is refused before the network with a *core.RangeError naming limit, and an
// invalid option's error says which option it was; nothing is sent.
func TestCardsOptionErrors(t *testing.T) {
	srv := newHostileServer(t, func(w http.ResponseWriter, _, _, _ int) { writeRaw(w, `{"items":[],"total":0}`) })
	c := srv.client(t)
	for _, n := range []int{0, -1, cardplatform.MaxSearchLimit + 1} {
		for mode, opts := range prefetchModes {
			_, err := drain(t, c, append(opts, core.WithPageSize(n))...)
			var re *core.RangeError
			require.ErrorAs(t, err, &re, "WithPageSize(%d) %s", n, mode)
			assert.Equal(t, "limit", re.Param)
			assert.Equal(t, n, re.Value)
		}
	}
	for name, o := range map[string]core.IterOption{
		"WithMaxItems(-1)":     core.WithMaxItems(-1),
		"WithEagerPrefetch(0)": core.WithEagerPrefetch(0),
		"WithPrefetch(-1)":     core.WithPrefetch(-1),
	} {
		_, err := drain(t, c, o)
		require.ErrorIs(t, err, core.ErrInvalidConfig, name)
		assert.Contains(t, err.Error(), name)
	}
	assert.Empty(t, srv.requests())
}
