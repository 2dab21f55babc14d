package sdkclient

import "sync"

// Success bodies are read into pooled buffers: the decoders copy what they keep (the
// json.Unmarshaler contract), so a buffer is reused once its call has decoded.
const (
	// minBuf is the size of a new buffer when the body's length is unknown.
	minBuf = 4 << 10
	// maxPooledBuf is the largest buffer returned to the pool, so that one large body does not
	// pin its memory (readBody never grows the pooled buffer; a buffer made larger elsewhere
	// is dropped).
	maxPooledBuf = 256 << 10
	// maxPresize caps the room made from an announced Content-Length before any byte arrives.
	// The announcement is a claim, not bytes: a server announcing 64 MiB and sending one byte
	// must not cost 64 MiB per call. Beyond this, readBody reads into chunks no larger than
	// the bytes that actually arrived, and reserves the announced length only once half of it
	// is there (1.5 times the size of a body as long as announced, 2.25 times one of unknown
	// length).
	maxPresize = 64 << 10
)

var bodyBufs = sync.Pool{New: func() any { b := make([]byte, 0, minBuf); return &b }}

// getBuf returns an empty pooled buffer with room for n bytes (n < 0: unknown) and one more,
// so that reading a body of the announced length sees its end without growing, when n is
// below maxPresize; a larger announcement gets maxPresize bytes and grows as bytes arrive.
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
