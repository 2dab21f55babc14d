package cardplatform_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// foreignGUID is an owner no fixture uses: another person, wallet or company.
const foreignGUID = "0badc0de-0000-4000-8000-00000000f0e1"

// hostileProxy serves the sandbox through a reverse proxy that rewrites the answers of one
// read-back operation (method and path template) while a rewrite is set: a gateway, a new API
// version or a platform that ignores a filter, over real HTTP.
type hostileProxy struct {
	*httptest.Server
	read    *regexp.Regexp
	method  string
	mu      sync.Mutex
	rewrite func(body []byte) []byte // nil: pass the answer through
	status  int                      // with rewrite: the status to answer with, 0 to keep it
}

func newHostileProxy(t *testing.T, srv *cardplatformtest.Server, method, path string) *hostileProxy {
	t.Helper()
	target, err := url.Parse(srv.URL)
	require.NoError(t, err)
	pattern := regexp.MustCompile(`\\\{[^}]+\\\}`).ReplaceAllString(regexp.QuoteMeta(path), `[^/]+`)
	p := &hostileProxy{read: regexp.MustCompile("^" + pattern + "$"), method: method}
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.Transport = srv.HTTPClient().Transport
	rp.ModifyResponse = func(res *http.Response) error {
		p.mu.Lock()
		rewrite := p.rewrite
		status := p.status
		p.mu.Unlock()
		if rewrite == nil || res.Request.Method != p.method || !p.read.MatchString(res.Request.URL.Path) ||
			(res.StatusCode != http.StatusOK && status == 0) {
			return nil
		}
		if status != 0 {
			res.StatusCode, res.Status = status, fmt.Sprintf("%d %s", status, http.StatusText(status))
			res.Header.Set("Content-Type", "text/html")
		}
		body, err := io.ReadAll(res.Body)
		if err != nil {
			return err
		}
		_ = res.Body.Close()
		body = rewrite(body)
		res.Body = io.NopCloser(bytes.NewReader(body))
		res.ContentLength = int64(len(body))
		res.Header.Set("Content-Length", strconv.Itoa(len(body)))
		return nil
	}
	p.Server = httptest.NewServer(rp)
	t.Cleanup(p.Close)
	return p
}

func (p *hostileProxy) set(rewrite func([]byte) []byte) { p.setStatus(0, rewrite) }

// setStatus makes the read-back answer with status (0: its own) and the body rewrite returns.
func (p *hostileProxy) setStatus(status int, rewrite func([]byte) []byte) {
	p.mu.Lock()
	p.rewrite, p.status = rewrite, status
	p.mu.Unlock()
}

// hostile is one rewrite of a read-back's answer. benign rewrites (a reordered listing) may
// keep the true outcome; every other one must give StillUnknown. json rewrites work on the
// decoded answer (numbers kept as written) and report false when they do not apply to it.
type hostile struct {
	name   string
	benign bool
	json   func(ans map[string]any, sh cardplatform.SettleShape, snap cardplatform.Snapshot) bool
	raw    []byte // the whole body, instead of json
	status int    // with raw: the status of the answer (a gateway's), 0 for the platform's own
	// lie marks a rewrite no read-back can detect when it hides what the snapshot sees (an item
	// dropped with its total adjusted): it is served to Settle only, never to Snapshot.
	lie bool
}

// items returns the listing's items as objects (nil when absent).
func items(ans map[string]any, sh cardplatform.SettleShape) []map[string]any {
	list, _ := ans[sh.Items].([]any)
	out := make([]map[string]any, 0, len(list))
	for _, it := range list {
		if m, ok := it.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func setItems(ans map[string]any, sh cardplatform.SettleShape, its []map[string]any, total int) {
	list := make([]any, len(its))
	for i, it := range its {
		list[i] = it
	}
	ans[sh.Items] = list
	ans["total"] = json.Number(strconv.Itoa(total))
}

// identity names the members that identify an item: the key, or those a rule matches on.
func identity(sh cardplatform.SettleShape) []string {
	if sh.Key != "" {
		return []string{sh.Key}
	}
	return sh.Match
}

// eachItem applies f to every item's members named; false when there are none.
func eachItem(ans map[string]any, sh cardplatform.SettleShape, names []string, f func(it map[string]any, name string)) bool {
	its := items(ans, sh)
	if len(its) == 0 || len(names) == 0 {
		return false
	}
	for _, it := range its {
		for _, n := range names {
			f(it, n)
		}
	}
	return true
}

// fresh makes an item that the snapshot never saw, of the request's owners and members.
func fresh(sh cardplatform.SettleShape, snap cardplatform.Snapshot, n int) map[string]any {
	it := map[string]any{sh.Key: fmt.Sprintf("hostile-%d-%s", n, sh.Key)}
	for k, v := range snap.Owner {
		it[k] = v
	}
	for k, v := range snap.Same {
		if _, err := strconv.Atoi(v); err == nil {
			it[k] = json.Number(v)
		} else {
			it[k] = v
		}
	}
	return it
}

// hostiles is every rewrite the test serves; each applies to the rules whose shape it fits.
var hostiles = []hostile{
	{name: "identity missing", json: func(a map[string]any, sh cardplatform.SettleShape, _ cardplatform.Snapshot) bool {
		return eachItem(a, sh, identity(sh), func(it map[string]any, n string) { delete(it, n) })
	}},
	{name: "identity renamed", json: func(a map[string]any, sh cardplatform.SettleShape, _ cardplatform.Snapshot) bool {
		return eachItem(a, sh, identity(sh), func(it map[string]any, n string) { it[n+"_v2"] = it[n]; delete(it, n) })
	}},
	{name: "identity a number", json: func(a map[string]any, sh cardplatform.SettleShape, _ cardplatform.Snapshot) bool {
		return eachItem(a, sh, identity(sh), func(it map[string]any, n string) { it[n] = json.Number("42") })
	}},
	{name: "identity null", json: func(a map[string]any, sh cardplatform.SettleShape, _ cardplatform.Snapshot) bool {
		return eachItem(a, sh, identity(sh), func(it map[string]any, n string) { it[n] = nil })
	}},
	{name: "identity empty", json: func(a map[string]any, sh cardplatform.SettleShape, _ cardplatform.Snapshot) bool {
		return eachItem(a, sh, identity(sh), func(it map[string]any, n string) { it[n] = "" })
	}},
	{name: "owner missing", json: func(a map[string]any, sh cardplatform.SettleShape, s cardplatform.Snapshot) bool {
		return eachItem(a, sh, ownersOf(s), func(it map[string]any, n string) { delete(it, n) })
	}},
	{name: "owner foreign", json: func(a map[string]any, sh cardplatform.SettleShape, s cardplatform.Snapshot) bool {
		return eachItem(a, sh, ownersOf(s), func(it map[string]any, n string) { it[n] = foreignGUID })
	}},
	{name: "one new item of a foreign owner", json: func(a map[string]any, sh cardplatform.SettleShape, s cardplatform.Snapshot) bool {
		if sh.Key == "" || len(s.Owner) == 0 {
			return false
		}
		it := fresh(sh, s, 1)
		for k := range s.Owner {
			it[k] = foreignGUID
		}
		its := append(items(a, sh), it)
		setItems(a, sh, its, len(its))
		return true
	}},
	{name: "two new items", json: func(a map[string]any, sh cardplatform.SettleShape, s cardplatform.Snapshot) bool {
		if sh.Key == "" {
			return false
		}
		its := append(items(a, sh), fresh(sh, s, 1), fresh(sh, s, 2))
		setItems(a, sh, its, len(its))
		return true
	}},
	{name: "duplicated item", json: func(a map[string]any, sh cardplatform.SettleShape, _ cardplatform.Snapshot) bool {
		its := items(a, sh)
		if len(its) == 0 {
			return false
		}
		its = append(its, its[0])
		setItems(a, sh, its, len(its))
		return true
	}},
	{name: "a snapshot item gone", lie: true, json: func(a map[string]any, sh cardplatform.SettleShape, s cardplatform.Snapshot) bool {
		its := items(a, sh)
		for i, it := range its {
			if id, _ := it[sh.Key].(string); sh.Key != "" && slices.Contains(s.Seen, id) {
				its = append(its[:i], its[i+1:]...)
				setItems(a, sh, its, len(its))
				return true
			}
		}
		return false
	}},
	{name: "partial page", json: func(a map[string]any, sh cardplatform.SettleShape, _ cardplatform.Snapshot) bool {
		its := items(a, sh)
		if len(its) == 0 {
			return false
		}
		setItems(a, sh, its[:len(its)-1], len(its))
		return true
	}},
	{name: "total larger than the page", json: func(a map[string]any, sh cardplatform.SettleShape, _ cardplatform.Snapshot) bool {
		if sh.Items == "" {
			return false
		}
		its := items(a, sh)
		setItems(a, sh, its, len(its)+1)
		return true
	}},
	{name: "total smaller than the page", json: func(a map[string]any, sh cardplatform.SettleShape, _ cardplatform.Snapshot) bool {
		its := items(a, sh)
		if len(its) == 0 {
			return false
		}
		setItems(a, sh, its, len(its)-1)
		return true
	}},
	{name: "total absent", json: func(a map[string]any, sh cardplatform.SettleShape, _ cardplatform.Snapshot) bool {
		if len(items(a, sh)) == 0 {
			return false
		}
		delete(a, "total")
		return true
	}},
	{name: "total a string", json: func(a map[string]any, sh cardplatform.SettleShape, _ cardplatform.Snapshot) bool {
		if sh.Items == "" {
			return false
		}
		a["total"] = strconv.Itoa(len(items(a, sh)))
		return true
	}},
	{name: "items an object", json: func(a map[string]any, sh cardplatform.SettleShape, _ cardplatform.Snapshot) bool {
		if sh.Items == "" {
			return false
		}
		a[sh.Items] = map[string]any{"0": "x"}
		return true
	}},
	{name: "item a string", json: func(a map[string]any, sh cardplatform.SettleShape, _ cardplatform.Snapshot) bool {
		if sh.Items == "" {
			return false
		}
		list, _ := a[sh.Items].([]any)
		list = append(list, "x")
		a[sh.Items] = list
		a["total"] = json.Number(strconv.Itoa(len(list)))
		return true
	}},
	{name: "field missing", json: func(a map[string]any, sh cardplatform.SettleShape, _ cardplatform.Snapshot) bool {
		return onField(a, sh, func(m map[string]any) { delete(m, sh.Field) })
	}},
	{name: "field renamed", json: func(a map[string]any, sh cardplatform.SettleShape, _ cardplatform.Snapshot) bool {
		return onField(a, sh, func(m map[string]any) { m[sh.Field+"_v2"] = m[sh.Field]; delete(m, sh.Field) })
	}},
	{name: "field of another type", json: func(a map[string]any, sh cardplatform.SettleShape, _ cardplatform.Snapshot) bool {
		return onField(a, sh, func(m map[string]any) {
			if sh.FieldType == "string" {
				m[sh.Field] = json.Number("7")
			} else {
				m[sh.Field] = "7"
			}
		})
	}},
	{name: "field null", json: func(a map[string]any, sh cardplatform.SettleShape, _ cardplatform.Snapshot) bool {
		return onField(a, sh, func(m map[string]any) { m[sh.Field] = nil })
	}},
	{name: "reordered", benign: true, json: func(a map[string]any, sh cardplatform.SettleShape, _ cardplatform.Snapshot) bool {
		its := items(a, sh)
		if len(its) < 2 {
			return false
		}
		for i, j := 0, len(its)-1; i < j; i, j = i+1, j-1 {
			its[i], its[j] = its[j], its[i]
		}
		setItems(a, sh, its, len(its))
		return true
	}},
	{name: "not JSON", raw: []byte("<html><body>502 Bad Gateway</body></html>")},
	{name: "truncated JSON", raw: []byte(`{"items":[{"account_guid":`)},
	{name: "a list, not an object", raw: []byte(`[]`)},
	{name: "null", raw: []byte(`null`)},
	{name: "a gateway's 404 without a body", raw: []byte{}, status: http.StatusNotFound},
	{name: "a gateway's 404 page", raw: []byte("<html>Not Found</html>"), status: http.StatusNotFound},
}

// ownersOf names the owner members the snapshot holds.
func ownersOf(s cardplatform.Snapshot) []string {
	var out []string
	for k := range s.Owner {
		out = append(out, k)
	}
	return out
}

// onField applies f to the object that holds the rule's field: the answer, or every item of a
// listing; false for a rule without a field.
func onField(a map[string]any, sh cardplatform.SettleShape, f func(map[string]any)) bool {
	if sh.Field == "" {
		return false
	}
	if sh.Items == "" {
		f(a)
		return true
	}
	return eachItem(a, sh, []string{sh.Field}, func(it map[string]any, _ string) { f(it) })
}

// TestEveryReadbackRefusesHostileListings serves, for every read-back rule the generator
// wrote (settle.gen.go, not a list here), the write's lost answer (the platform ran it) and
// its lost request (it never ran), then settles through a proxy that rewrites the
// read-back's answer in every way of hostiles: identities and owners missing, renamed, of
// another type or foreign; extra, duplicated and reordered items; partial pages and wrong
// totals; fields missing or of another type; bodies that are not JSON. A rewrite never gives
// a wrong Committed or NotCommitted: every one but a reorder gives StillUnknown with a reason
// to review (or a read error, StillUnknown too), and the unrewritten answer gives the truth
// (StillUnknown for a write that never ran under a rule that cannot prove absence:
// ProvesAbsence).
// The same rewrites served to the Snapshot method either have it refuse, or leave a snapshot
// that settles (read back unrewritten) to the truth or StillUnknown.
func TestEveryReadbackRefusesHostileListings(t *testing.T) {
	shapes := cardplatform.SettleShapes()
	require.Equal(t, len(cardplatform.SettleMethods), len(shapes))
	served := map[string]int{}
	for _, id := range readbackOperations(t) {
		sh, ok := shapes[id]
		require.True(t, ok, "%s: no generated rule: run go generate ./... (cardplatform/settle.gen.go)", id)
		names := cardplatform.SettleMethods[id]
		fx, ok := settleFixtures[id]
		require.True(t, ok, "%s: no fixture in settleFixtures: add one in cardplatform/settle_every_test.go", id)
		for _, truth := range []struct {
			name  string
			fault cardplatformtest.Fault
			want  cardplatform.Outcome
		}{
			{"ran", cardplatformtest.Fault{DropAnswer: true}, cardplatform.Committed},
			{"never ran", cardplatformtest.Fault{Drop: true}, cardplatform.NotCommitted},
		} {
			if truth.want == cardplatform.NotCommitted && !cardplatform.ProvesAbsence(id) {
				truth.want = cardplatform.StillUnknown // a delta rule's best: no movement proves nothing
			}
			t.Run(id+"/"+truth.name, func(t *testing.T) {
				srv := cardplatformtest.NewServer(t, fx.opts...)
				proxy := newHostileProxy(t, srv, sh.Method, strings.Replace(sh.Path, "{version}", "v1", 1))
				c, err := cardplatform.New(proxy.URL, core.WithStaticToken(srv.Token()), core.WithInsecureHTTP())
				require.NoError(t, err)
				args := fx.args(t, srv.Client())
				snapshot := func() (cardplatform.Snapshot, error) {
					out := call(t, c, names.Snapshot, args...)
					return out[0].Interface().(cardplatform.Snapshot), errOf(out[1])
				}
				snap, err := snapshot()
				require.NoError(t, err)
				// serve sets the proxy to rewrite the read-back's answers as h does, and reports
				// whether it changed one.
				serve := func(h hostile) *bool {
					applied := new(bool)
					proxy.setStatus(h.status, func(body []byte) []byte {
						if h.raw != nil {
							*applied = true
							return h.raw
						}
						d := json.NewDecoder(bytes.NewReader(body))
						d.UseNumber()
						var ans map[string]any
						if d.Decode(&ans) != nil || ans == nil || !h.json(ans, sh, snap) {
							return body
						}
						b, err := json.Marshal(ans)
						require.NoError(t, err)
						*applied = *applied || !bytes.Equal(bytes.TrimSpace(body), b)
						return b
					})
					return applied
				}
				// Hostile snapshots, all taken before the one write: each is refused, or
				// settles (read back unrewritten) to the truth or StillUnknown.
				hostileSnaps := map[string]cardplatform.Snapshot{}
				for _, h := range hostiles {
					if h.lie {
						continue
					}
					applied := serve(h)
					hs, err := snapshot()
					proxy.set(nil)
					if *applied && err == nil {
						hostileSnaps[h.name] = hs
					}
				}
				require.NoError(t, srv.FailNext(names.Write, 1, truth.fault))
				out := call(t, srv.Client(), names.Write, args...)
				require.ErrorIs(t, errOf(out[len(out)-1]), core.ErrOutcomeUnknown)
				time.Sleep(5 * time.Millisecond)

				settle := func(snap cardplatform.Snapshot) (cardplatform.SettleResult, error) {
					in := []any{snap, cardplatform.SettleOptions{Settle: time.Millisecond}}
					if names.TakesRequest {
						in = append(in, args...)
					}
					out := call(t, c, names.Settle, in...)
					return out[0].Interface().(cardplatform.SettleResult), errOf(out[1])
				}
				r, err := settle(snap)
				require.NoError(t, err)
				require.Equal(t, truth.want, r.Outcome, "unrewritten: %s", r.Evidence)
				for name, hs := range hostileSnaps {
					r, err := settle(hs)
					require.NoError(t, err, name)
					assert.Contains(t, []cardplatform.Outcome{truth.want, cardplatform.StillUnknown}, r.Outcome, "snapshot %s: %s", name, r.Evidence)
				}

				for _, h := range hostiles {
					applied := serve(h)
					r, err := settle(snap)
					proxy.set(nil)
					if !*applied {
						continue
					}
					served[h.name]++
					if h.benign {
						assert.Contains(t, []cardplatform.Outcome{truth.want, cardplatform.StillUnknown}, r.Outcome, "%s: %s", h.name, r.Evidence)
						continue
					}
					if !assert.Equal(t, cardplatform.StillUnknown, r.Outcome, "%s: %s (err %v)", h.name, r.Evidence, err) {
						continue
					}
					assert.NotEqual(t, cardplatform.ReasonNone, r.Reason, "%s: StillUnknown carries its reason", h.name)
					assert.NotEmpty(t, r.Evidence, h.name)
					if err != nil {
						assert.Equal(t, cardplatform.ReasonReadFailed, r.Reason, "%s: %v", h.name, err)
					} else {
						assert.False(t, r.Reason.Wait(), "%s: a hostile answer needs a review, not a wait: %s", h.name, r.Reason)
					}
				}
			})
		}
	}
	// Every rewrite was served to some rule: none of them is dead code.
	for _, h := range hostiles {
		assert.Positive(t, served[h.name], "%s applied to no read-back", h.name)
	}
}
