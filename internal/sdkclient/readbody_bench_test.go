package sdkclient

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"testing"
)

// BenchmarkReadBody reads a success body whole, as decodeBody does (a pooled buffer, returned
// after), for bodies that fit the pooled buffer and bodies that do not, with a Content-Length
// announced and without one (chunked). alloc-B/B is the bytes allocated per byte of the body:
// the multiple the jsonx package doc states for reading an answer (issue 34). Command and
// figures: internal/bench/README.md, "Reading a body".
//
//	go test -run '^$' -bench ReadBody -benchmem -count 6 ./internal/sdkclient/
func BenchmarkReadBody(b *testing.B) {
	for _, size := range []int{16 << 10, 100 << 10, 1<<20 + 1, 3 << 20, 8 << 20} {
		data := bytes.Repeat([]byte("x"), size)
		for _, known := range []bool{true, false} {
			name := fmt.Sprintf("size=%d/length=%s", size, map[bool]string{true: "known", false: "unknown"}[known])
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(size))
				r := bytes.NewReader(data)
				resp := &http.Response{StatusCode: 200, Body: io.NopCloser(r), ContentLength: -1}
				if known {
					resp.ContentLength = int64(size)
				}
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				n := 0
				for b.Loop() {
					n++
					r.Reset(data)
					buf := getBuf(resp.ContentLength)
					got, err := readBody(resp, buf)
					if err != nil || len(got) != size {
						b.Fatalf("read %d bytes, err %v", len(got), err)
					}
					putBuf(buf)
				}
				runtime.ReadMemStats(&after)
				b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(n)/float64(size), "alloc-B/B")
			})
		}
	}
}
