package contract_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/internal/sandbox"
	"github.com/issuerkit/issuerkit-go/openapi"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// Environment of the contract test (set by .ci/contract).
const (
	envCardPlatform = "ISSUERKIT_CONTRACT_CARDPLATFORM_URL"
	envValidation   = "ISSUERKIT_CONTRACT_VALIDATION_URL"
	envBankLists    = "ISSUERKIT_CONTRACT_BANKLISTS_URL"
	// envMode is "mock" (Prism answers from the spec; the default) or "proxy" (Prism validates
	// the sandboxes' answers; API errors such as a 404 for an id the sandbox does not hold
	// count as decoded answers).
	envMode = "ISSUERKIT_CONTRACT_MODE"
	// envN is the number of calls per operation (default 20); ISSUERKIT_CONTRACT_<SPEC>_N
	// (CARDPLATFORM, VALIDATION, BANKLISTS) overrides it for one spec.
	envN = "ISSUERKIT_CONTRACT_N"
)

// recorder is an http.RoundTripper that records every Prism violation header.
type recorder struct {
	next http.RoundTripper
	mu   sync.Mutex
	seen []string
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := r.next.RoundTrip(req)
	if err == nil {
		if v := resp.Header.Get("sl-violations"); v != "" {
			r.mu.Lock()
			r.seen = append(r.seen, req.Method+" "+req.URL.Path+": "+v)
			r.mu.Unlock()
		}
	}
	return resp, err
}

// take returns the violations recorded since the last call and forgets them.
func (r *recorder) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.seen
	r.seen = nil
	return out
}

// op is one read or list operation and a call of it through the SDK.
type op struct {
	id   string
	call func(ctx context.Context) error
}

// tally counts the outcomes of one operation's calls.
type tally struct {
	calls, ok, apiErrors, decodeFailures, otherFailures, violations int
	examples                                                        []string
}

// settings returns the mode and the calls per operation for spec (CARDPLATFORM, ...).
func settings(t *testing.T, spec string) (mode string, n int) {
	mode = os.Getenv(envMode)
	if mode == "" {
		mode = "mock"
	}
	n = 20
	s := os.Getenv(envN)
	if v := os.Getenv("ISSUERKIT_CONTRACT_" + spec + "_N"); v != "" {
		s = v
	}
	if s != "" {
		var err error
		n, err = strconv.Atoi(s)
		require.NoError(t, err, envN)
	}
	return mode, n
}

func baseURL(t *testing.T, env string) string {
	u := os.Getenv(env)
	if u == "" {
		t.Skipf("%s is not set: the contract test runs against Prism; run .ci/contract (it starts Prism and sets %s, %s and %s)",
			env, envCardPlatform, envValidation, envBankLists)
	}
	return u
}

// run calls every op n times and fails the test on any decode failure, unexpected error or
// Prism violation. decoded says which errors are decoded answers of the API.
func run(t *testing.T, rec *recorder, ops []op, n int, decoded func(error) bool) {
	ctx := t.Context()
	totals := tally{}
	for _, o := range ops {
		var tl tally
		start := time.Now()
		for range n {
			err := o.call(ctx)
			tl.calls++
			switch {
			case err == nil:
				tl.ok++
			case isDecodeError(err):
				tl.decodeFailures++
				tl.examples = append(tl.examples, err.Error())
			case decoded(err):
				tl.apiErrors++
			default:
				tl.otherFailures++
				tl.examples = append(tl.examples, err.Error())
			}
			v := rec.take()
			tl.violations += len(v)
			tl.examples = append(tl.examples, v...)
		}
		t.Logf("%-32s calls %d: ok %d, API errors %d, decode failures %d, other failures %d, violations %d (%s)",
			o.id, tl.calls, tl.ok, tl.apiErrors, tl.decodeFailures, tl.otherFailures, tl.violations, time.Since(start).Round(time.Millisecond))
		if tl.decodeFailures+tl.otherFailures+tl.violations > 0 {
			t.Errorf("%s: %d decode failures, %d other failures, %d violations; first: %s", o.id, tl.decodeFailures,
				tl.otherFailures, tl.violations, strings.Join(uniq(tl.examples, 3), " | "))
		}
		totals.calls += tl.calls
		totals.ok += tl.ok
		totals.apiErrors += tl.apiErrors
		totals.decodeFailures += tl.decodeFailures
		totals.otherFailures += tl.otherFailures
		totals.violations += tl.violations
	}
	t.Logf("TOTAL %d operations, %d calls: ok %d, API errors %d, decode failures %d, other failures %d, violations %d",
		len(ops), totals.calls, totals.ok, totals.apiErrors, totals.decodeFailures, totals.otherFailures, totals.violations)
}

// isDecodeError reports whether err says a 2xx body did not decode.
func isDecodeError(err error) bool {
	var a *core.DecodeError
	var b *core.DecodeError
	var c *core.DecodeError
	return errors.As(err, &a) || errors.As(err, &b) || errors.As(err, &c)
}

func uniq(xs []string, max int) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] && len(out) < max {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// httpClient returns a client whose transport records violations.
func httpClient() (*http.Client, *recorder) {
	rec := &recorder{next: http.DefaultTransport.(*http.Transport).Clone()}
	return &http.Client{Transport: rec}, rec
}

// reason says why the contract test does not call an operation of a spec.
type reason string

const (
	// notRetrySafe: the operation changes state or moves money (x-issuerkit-retry-safe: false);
	// the spec says so, no list does. Prism's mock would accept it, but the proxy run would
	// change the sandboxes' state under the reads.
	notRetrySafe reason = "not retry-safe: it changes state or moves money"
	// idempotentWrite: retry-safe, yet a write (the same request twice has the effect of one).
	idempotentWrite reason = "an idempotent write: it changes state"
	// fileStream: the answer is a file (application/octet-stream), not a JSON body to decode.
	fileStream reason = "a file stream, not a JSON answer"
)

// specOp is an operation of a spec as the contract test reads it: its id and whether it may be
// re-sent (the generated operation tables hold the same, from the same extension).
type specOp struct {
	id        string
	retrySafe bool
}

// specOps reads the operations of an embedded spec.
func specOps(t *testing.T, spec []byte) []specOp {
	t.Helper()
	sp, err := sandbox.LoadSpec(spec)
	require.NoError(t, err)
	var out []specOp
	for _, item := range sp.Doc.Paths.Map() {
		for _, o := range item.Operations() {
			safe, ok := o.Extensions["x-issuerkit-retry-safe"].(bool)
			require.True(t, ok, "%s: x-issuerkit-retry-safe is a boolean", o.OperationID)
			out = append(out, specOp{id: o.OperationID, retrySafe: safe})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	require.NotEmpty(t, out)
	return out
}

// coverage checks that ops calls every operation of spec that is retry-safe and not in
// excluded, once, and nothing else: every operation is either called or excluded with a
// reason (notRetrySafe from the spec, the others from excluded), and no exclusion is stale.
func coverage(t *testing.T, spec []byte, ops []op, excluded map[string]reason) {
	t.Helper()
	called := map[string]int{}
	for _, o := range ops {
		called[o.id]++
	}
	known := map[string]bool{}
	for _, so := range specOps(t, spec) {
		known[so.id] = true
		why, isExcluded := excluded[so.id]
		switch {
		case !so.retrySafe:
			assert.Zero(t, called[so.id], "%s: %s; the contract test does not call it", so.id, notRetrySafe)
			assert.False(t, isExcluded, "%s: excluded by the spec already (%s)", so.id, notRetrySafe)
		case isExcluded:
			assert.NotEmpty(t, why, "%s: an exclusion needs a reason", so.id)
			assert.Zero(t, called[so.id], "%s is excluded (%s) and called", so.id, why)
		default:
			assert.Equal(t, 1, called[so.id], "%s: a read or list operation of the spec: call it once in the contract test or exclude it with a reason", so.id)
		}
	}
	for id := range called {
		assert.True(t, known[id], "%s is called but is no operation of the spec", id)
	}
	for id := range excluded {
		assert.True(t, known[id], "%s is excluded but is no operation of the spec", id)
	}
}

// TestContractCoversEveryOperation runs without Prism: every operation of each spec is called
// by the contract test or excluded with a reason.
func TestContractCoversEveryOperation(t *testing.T) {
	base := "http://127.0.0.1:9" // never dialled: the calls are built, not made
	hc := &http.Client{}
	c, err := cardplatform.New(base, core.WithStaticToken("contract"), core.WithHTTPClient(hc))
	require.NoError(t, err)
	t.Run("cardplatform", func(t *testing.T) {
		coverage(t, openapi.CardPlatform, cardPlatformOps(t, c, cardIDs{}), cardPlatformExcluded)
	})
	t.Run("validation", func(t *testing.T) { coverage(t, openapi.Validation, validationOps(t, base, hc), nil) })
	t.Run("banklists", func(t *testing.T) { coverage(t, openapi.BankLists, bankListsOps(t, base, hc), nil) })
}

func TestMain(m *testing.M) {
	code := m.Run()
	if code == 0 && os.Getenv(envCardPlatform) == "" {
		fmt.Println("contract: skipped (no Prism URLs set; see .ci/contract)")
	}
	os.Exit(code)
}
