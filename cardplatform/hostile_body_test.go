package cardplatform_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/internal/alloctest"
	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Answers built to cost far more than their bytes (issue 26): a gzip bomb and numbers with
// huge exponents. Memory per call must follow the bytes received within a small factor.
// BenchmarkHostileBody measures both; internal/bench/README.md has the figures.

// gzipBomb returns about 58 KB of gzip that inflates to a 60 MiB JSON object (one string
// member of 60 MiB), just under the SDK's 64 MiB cap on a success body.
var gzipBomb = sync.OnceValue(func() []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = zw.Write([]byte(`{"card_proxy":"p","x":"`))
	chunk := bytes.Repeat([]byte("a"), 1<<20)
	for range 60 {
		_, _ = zw.Write(chunk)
	}
	_, _ = zw.Write([]byte(`"}`))
	_ = zw.Close()
	return buf.Bytes()
})

// exponentsBody returns a JSON list of about size bytes whose elements each hold one amount
// written as 1e<exp>: [{"available_balance":1e999},…].
func exponentsBody(size int, exp string) []byte {
	elem := `{"available_balance":1e` + exp + `}`
	n := size / (len(elem) + 1)
	return []byte("[" + strings.Repeat(elem+",", n-1) + elem + "]")
}

// bodyServer answers every request with body, sent with Content-Encoding: gzip when gz
// is set, whatever the request asked for.
func bodyServer(tb testing.TB, body []byte, gz bool) *cardplatform.Client {
	tb.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if gz {
			w.Header().Set("Content-Encoding", "gzip")
		}
		_, _ = w.Write(body)
	}))
	tb.Cleanup(srv.Close)
	c, err := cardplatform.New(srv.URL, core.WithStaticToken("tok"),
		core.WithRetry(core.RetryOptions{MaxAttempts: 1}))
	require.NoError(tb, err)
	return c
}

var programGUID = core.MustParseGUID("0b5a3b4e-7f44-4c3c-9d7e-2d1f8f0c6a11")

// allocatedBy returns the bytes allocated while f ran (the whole process, the in-process
// server included), after one call of f to warm connections and lazy initialisations: the
// least of three runs at GOMAXPROCS 1 (alloctest), so that another test's allocations do not
// count.
func allocatedBy(f func()) uint64 { return alloctest.Bytes(3, f) }

// TestGzipBombCostsTheBytesReceived: a 58 KB answer sent gzip-compressed (inflating to 60 MiB)
// is refused as a *DecodeError without being inflated. Before the fix net/http asked for gzip
// on the SDK's behalf and inflated it: the call allocated hundreds of MiB and succeeded.
func TestGzipBombCostsTheBytesReceived(t *testing.T) {
	bomb := gzipBomb()
	c := bodyServer(t, bomb, true)
	var err error
	allocated := allocatedBy(func() { _, err = c.GetCard(context.Background(), "proxy-1") })
	var de *core.DecodeError
	require.True(t, errors.As(err, &de), "a compressed answer the SDK did not ask for is a *DecodeError, got %T: %v", err, err)
	assert.Equal(t, http.StatusOK, de.StatusCode)
	assert.ErrorIs(t, err, sdkclient.ErrCompressedBody)
	assert.Less(t, allocated, uint64(20*len(bomb)), "one call allocated %d bytes for %d bytes received", allocated, len(bomb))
	t.Logf("%d bytes received, %d KiB allocated", len(bomb), allocated>>10)
}

// TestHugeExponentsCostTheBytesReceived: 256 KiB of amounts written 1e999 is a *DecodeError at
// the first of them, and amounts at the largest exponent the SDK accepts cost a small multiple
// of their bytes. Before the fix every 1e999 was expanded to a 1,000-digit number (333× the
// bytes received).
func TestHugeExponentsCostTheBytesReceived(t *testing.T) {
	t.Run("beyond any amount", func(t *testing.T) {
		body := exponentsBody(256<<10, "999")
		c := bodyServer(t, body, false)
		var err error
		allocated := allocatedBy(func() {
			_, err = c.GetProgramBalances(context.Background(), cardplatform.GetProgramBalancesRequest{ProgramGUID: programGUID})
		})
		var de *core.DecodeError
		require.True(t, errors.As(err, &de), "got %T: %v", err, err)
		assert.ErrorIs(t, err, core.ErrInvalidDecimal)
		assert.Less(t, allocated, uint64(8*len(body)), "one call allocated %d bytes for %d bytes received", allocated, len(body))
		t.Logf("%d bytes received, %d KiB allocated", len(body), allocated>>10)
	})
	t.Run("largest accepted exponent", func(t *testing.T) {
		// The same list with amounts of 1e0 is the reference: what the list costs whatever
		// its numbers (mostly the []AccountBalancesDTO itself, 96 bytes an element).
		cost := func(exp string) (uint64, int) {
			body := exponentsBody(256<<10, exp)
			c := bodyServer(t, body, false)
			var (
				got []cardplatform.AccountBalancesDTO
				err error
			)
			allocated := allocatedBy(func() {
				got, err = c.GetProgramBalances(context.Background(), cardplatform.GetProgramBalancesRequest{ProgramGUID: programGUID})
			})
			require.NoError(t, err)
			require.NotEmpty(t, got)
			want := "1" + strings.Repeat("0", mustAtoi(t, exp))
			assert.Equal(t, want, got[len(got)-1].AvailableBalance.String())
			return allocated, len(got)
		}
		ref, nRef := cost("0")
		huge, n := cost(maxExp())
		perNumber := int64(huge)/int64(n) - int64(ref)/int64(nRef)
		assert.Less(t, perNumber, int64(256), "a number at the cap costs %d bytes more than 1e0", perNumber)
		t.Logf("%d amounts of 1e%s: %d KiB allocated, 1e0: %d KiB; %d bytes more per number", n, maxExp(), huge>>10, ref>>10, perNumber)
	})
}

func mustAtoi(t *testing.T, s string) int {
	n, err := strconv.Atoi(s)
	require.NoError(t, err)
	return n
}

// maxExp is the largest exponent of 1e<n> that a Decimal accepts.
func maxExp() string { return strconv.Itoa(core.MaxDecimalDigits - 1) }

// BenchmarkHostileBody: one call over loopback whose answer is hostile. wire-B/op is the bytes
// the server sent; B/op (-benchmem) what the whole process allocated for the call.
//
//	go test -run '^$' -bench HostileBody -benchmem -benchtime 20x ./cardplatform/
func BenchmarkHostileBody(b *testing.B) {
	run := func(b *testing.B, body []byte, gz bool, call func(*cardplatform.Client) error) {
		c := bodyServer(b, body, gz)
		_ = call(c)
		b.ReportAllocs()
		for b.Loop() {
			_ = call(c)
		}
		b.ReportMetric(float64(len(body)), "wire-B/op")
	}
	getCard := func(c *cardplatform.Client) error {
		_, err := c.GetCard(context.Background(), "proxy-1")
		return err
	}
	balances := func(c *cardplatform.Client) error {
		_, err := c.GetProgramBalances(context.Background(), cardplatform.GetProgramBalancesRequest{ProgramGUID: programGUID})
		return err
	}
	b.Run("gzip-bomb-64KB", func(b *testing.B) { run(b, gzipBomb(), true, getCard) })
	b.Run("exp-1e999-256KiB", func(b *testing.B) { run(b, exponentsBody(256<<10, "999"), false, balances) })
	b.Run("exp-max-256KiB", func(b *testing.B) { run(b, exponentsBody(256<<10, maxExp()), false, balances) })
	b.Run("exp-0-256KiB", func(b *testing.B) { run(b, exponentsBody(256<<10, "0"), false, balances) })
}

// TestCompressedDownloadIsRefused: a batch file download (a stream, no size cap) sent with a
// Content-Encoding the SDK did not ask for returns ErrCompressedBody from its first read,
// instead of handing the caller compressed bytes as the file. Uncompressed downloads stream
// as before (cardplatformtest's download tests).
func TestCompressedDownloadIsRefused(t *testing.T) {
	c := bodyServer(t, gzipBomb(), true)
	d, err := c.DownloadBatchfile(context.Background(), cardplatform.BatchfileDownloadRequest{BatchfileGUID: programGUID, ProgramGUID: programGUID})
	require.NoError(t, err)
	defer d.Body.Close()
	n, err := d.Body.Read(make([]byte, 512))
	assert.Zero(t, n)
	assert.ErrorIs(t, err, sdkclient.ErrCompressedBody)
}
