package sdkclient

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/alloctest"
)

// body returns n bytes that differ from one position to the next, so that a chunk joined in
// the wrong order or a byte lost shows.
func body(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*7 + i/251)
	}
	return b
}

// read runs readBody as decodeBody does, for a body whose reader is r and whose announced
// length is announced (-1: none).
func read(r io.Reader, announced int64) ([]byte, error) {
	buf := getBuf(announced)
	defer putBuf(buf)
	got, err := readBody(&http.Response{Body: io.NopCloser(r), ContentLength: announced}, buf)
	return bytes.Clone(got), err
}

// TestReadBodyReadsEveryByte: a body is read whole and in order, whatever its size against
// the pooled buffer and the chunks, with its length announced, not announced, or announced
// longer than what arrives, read in one piece or byte by byte.
func TestReadBodyReadsEveryByte(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, 1, minBuf, maxPresize - 1, maxPresize, maxPresize + 1, 100 << 10, 1 << 20, 1<<20 + 1, 3<<20 + 17} {
		want := body(n)
		for _, announced := range []int64{int64(n), -1, int64(2*n + 10)} {
			got, err := read(bytes.NewReader(want), announced)
			require.NoError(t, err, "%d bytes announced as %d", n, announced)
			require.True(t, bytes.Equal(want, got), "%d bytes announced as %d: read %d bytes, not the same", n, announced, len(got))
		}
		if n <= 100<<10 {
			got, err := read(iotest.OneByteReader(bytes.NewReader(want)), -1)
			require.NoError(t, err)
			require.True(t, bytes.Equal(want, got), "%d bytes one by one", n)
		}
	}
	boom := errors.New("boom")
	_, err := read(io.MultiReader(bytes.NewReader(body(200<<10)), iotest.ErrReader(boom)), -1)
	assert.ErrorIs(t, err, boom, "a read that fails after 200 KiB")
	_, err = read(bytes.NewReader(nil), maxSuccessBody+1)
	assert.ErrorIs(t, err, errTooLarge, "announced over the limit")
	// The limit that bounds a list without a documented maximum (the jsonx package doc: at
	// most 22,369,621 items of {}): one byte more fails, announced or not.
	for _, announced := range []int64{-1, maxSuccessBody} {
		_, err = read(io.LimitReader(zeros{}, maxSuccessBody+1), announced)
		assert.ErrorIs(t, err, errTooLarge, "%d bytes announced as %d", maxSuccessBody+1, announced)
	}
	got, err := read(io.LimitReader(zeros{}, maxSuccessBody), -1)
	assert.NoError(t, err)
	assert.Len(t, got, maxSuccessBody, "a body of the limit itself")
}

// zeros reads as an endless run of zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestReadBodyCostIsAFixedMultiple: reading a body allocates at most 1.5 times its size and
// 64 KiB when its length is announced, 2.25 times when it is not, and at most 3 times the
// bytes that arrived when fewer arrive than announced; it cost up to 4 times (a buffer that
// doubled). Not parallel: it measures allocation (alloctest).
func TestReadBodyCostIsAFixedMultiple(t *testing.T) {
	for _, n := range []int{100 << 10, 1 << 20, 1<<20 + 1, 3 << 20, 8 << 20} {
		data := body(n)
		r := bytes.NewReader(data)
		for _, tc := range []struct {
			name      string
			announced int64
			multiple  float64
		}{
			{"announced", int64(n), 1.5},
			{"not announced", -1, 2.25},
			{"announced twice as long", int64(2 * n), 3},
			{"announced 1.9 times as long", int64(n) * 19 / 10, 3},
		} {
			// The pooled buffer as a buffer of the test's own, reused from call to call: the
			// first call, not counted, grows it as the pool's would be (the race detector's
			// sync.Pool drops buffers at random, and a fresh one pays its growth once).
			pooled := make([]byte, 0, minBuf)
			buf := &pooled
			cost := alloctest.Bytes(3, func() {
				r.Reset(data)
				got, err := readBody(&http.Response{Body: io.NopCloser(r), ContentLength: tc.announced}, buf)
				if err != nil || len(got) != n {
					t.Errorf("%d bytes, %s: read %d, %v", n, tc.name, len(got), err)
				}
			})
			limit := uint64(tc.multiple*float64(n)) + maxPresize
			t.Logf("%8d bytes, %-28s %9d B allocated, %.2f×", n, tc.name, cost, float64(cost)/float64(n))
			assert.LessOrEqual(t, cost, limit, "%d bytes, %s: %d B allocated, over %.2f× and 64 KiB", n, tc.name, cost, tc.multiple)
		}
	}
}
