package jsonx

import "sync"

// maxPooled is the largest buffer [Marshal] keeps for reuse; larger ones are left to the
// garbage collector so that one huge body does not pin its memory.
const maxPooled = 64 << 10

var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

// Marshal returns the JSON encoding of v, as json.Marshal would, without encoding/json's
// reflection: v appends itself into a pooled scratch buffer and the result is one
// right-sized copy that the caller owns.
func Marshal(v Appender) ([]byte, error) {
	p := bufPool.Get().(*[]byte)
	b, err := v.AppendJSON((*p)[:0])
	if err != nil {
		bufPool.Put(p)
		return nil, err
	}
	out := make([]byte, len(b))
	copy(out, b)
	if cap(b) <= maxPooled {
		*p = b[:0]
		bufPool.Put(p)
	}
	return out, nil
}
