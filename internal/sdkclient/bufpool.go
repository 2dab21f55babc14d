package sdkclient

import "sync"

// Success bodies are read into pooled buffers: the decoders copy what they keep (the
// json.Unmarshaler contract), so a buffer is reused once its call has decoded.
const (
	// minBuf is the size of a new buffer when the body's length is unknown.
	minBuf = 4 << 10
	// maxPooledBuf is the largest buffer returned to the pool.
	maxPooledBuf = 256 << 10
	// maxPresize caps the room made from an announced Content-Length before any byte arrives
	// (a server announcing 64 MiB and sending one byte must not cost 64 MiB; see readBody).
	maxPresize = 64 << 10
)

var bodyBufs = sync.Pool{New: func() any { b := make([]byte, 0, minBuf); return &b }}

// getBuf returns an empty pooled buffer with room for n bytes and one more, to see the end
// without growing (n < 0: unknown; at most maxPresize).
func getBuf(n int64) *[]byte {
	p := bodyBufs.Get().(*[]byte)
	n = min(n, maxPresize-1)
	if n >= 0 && int64(cap(*p)) < n+1 {
		*p = make([]byte, 0, n+1)
	}
	return p
}

// putBuf returns p to the pool unless it grew too large.
func putBuf(p *[]byte) {
	if cap(*p) > maxPooledBuf {
		return
	}
	*p = (*p)[:0]
	bodyBufs.Put(p)
}
