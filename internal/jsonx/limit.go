package jsonx

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// Limit bounds the number of elements of one array of a decoded answer: the items of a page
// or of a list result. The decoders count the elements as they go and stop at the first one
// beyond Max, before decoding it, with Err; so a page never holds more items than the
// request asked for, whatever the size of the body.
type Limit struct {
	// Member names the top-level object's member that holds the array (matched as the models
	// match member names: exactly, else case-insensitively); "" bounds the answer itself, a
	// top-level array.
	Member string
	// Max is the most elements the array may hold; 0 or less bounds nothing.
	Max int
	// Err is the error returned, wrapped with the bound, for one element more.
	Err error
}

// exceeded returns the error of an array holding more than l.Max elements.
func (l *Limit) exceeded() error {
	return fmt.Errorf("%w (at most %d)", l.Err, l.Max)
}

// bound returns the most elements the array that is the next value may hold, and whether it
// is bounded: it is when it sits where d's Limit points (the top level for a Limit without a
// Member, else the value of the top-level object's member of that name).
func (d *Decoder) bound() (int, bool) {
	l := d.limit
	if l == nil || l.Max <= 0 {
		return 0, false
	}
	if l.Member == "" {
		return l.Max, d.depth == 0
	}
	if d.depth != 1 {
		return 0, false
	}
	if string(d.key) == l.Member {
		return l.Max, true
	}
	var a, b [64]byte
	return l.Max, string(fold(a[:0], d.key)) == string(fold(b[:0], []byte(l.Member)))
}

// checkCount returns l's error when v, a JSON value, is an array of more than bound
// elements; anything else is left to the value's decoder to judge.
func checkCount(v []byte, bound int, l *Limit) error {
	d := NewDecoder(v)
	if d.ArrayStart() != nil {
		return nil
	}
	if n, ok := countElems(d); ok && n > bound {
		return l.exceeded()
	}
	return nil
}

// countElems returns the number of elements of the array whose opening bracket d has just
// consumed, and whether the array scans: each element found where it ends (as
// [Decoder.Value] finds it), then a comma or the closing bracket. It allocates nothing, does
// not judge the elements, and moves only its copy of the decoder.
func countElems(d Decoder) (int, bool) {
	for n := 0; ; n++ {
		if more, err := d.Elem(); err != nil || !more {
			return n, err == nil
		}
		if _, err := d.Value(); err != nil {
			return 0, false
		}
	}
}

// ModelDecoder decodes the next value of d into v, consuming it, when v is a pointer to one of
// its package's models or to a slice of them, and reports whether it was.
type ModelDecoder func(d *Decoder, v any) (bool, error)

// modelDecoders are the registered decoders, one per client package (copy on write).
var (
	decodeMu      sync.Mutex
	modelDecoders atomic.Pointer[[]ModelDecoder]
)

// RegisterDecode adds the decoder of one client package's models. Each client package's
// generated encode.gen.go calls it once, from its init, beside [RegisterWire]: the models'
// decoders are unexported, and this is how the SDK's answer decoder ([UnmarshalLimited])
// reaches them, for a model and for a list of models alike.
func RegisterDecode(dec ModelDecoder) {
	decodeMu.Lock()
	defer decodeMu.Unlock()
	var decs []ModelDecoder
	if p := modelDecoders.Load(); p != nil {
		decs = append(decs, *p...)
	}
	decs = append(decs, dec)
	modelDecoders.Store(&decs)
}

// UnmarshalLimited decodes data, which must hold one JSON value and nothing but white space
// after it, into *v (v a non-nil pointer), the array lim points to holding at most lim.Max
// elements: a registered model or slice of models by its generated decoder, a []string
// element by element, anything else by [DecodeValue]. It is the one decoder of the SDK's
// answers: no answer goes through encoding/json's engine, whose allocation differs between
// Go releases, unless its type has no decoder of the SDK's (then only its leaves do).
func UnmarshalLimited(data []byte, v any, lim Limit) error {
	d := decoders.Get().(*Decoder)
	*d = Decoder{data: data}
	if lim.Max > 0 {
		d.limit = &lim
	}
	err := decodeAny(d, v)
	if err == nil {
		err = d.End()
	}
	*d = Decoder{} // the pool keeps no input alive
	decoders.Put(d)
	return err
}

// decodeAny decodes the next value of d into *v: see [UnmarshalLimited].
func decodeAny(d *Decoder, v any) error {
	if p := modelDecoders.Load(); p != nil {
		for _, dec := range *p {
			if ok, err := dec(d, v); ok {
				return err
			}
		}
	}
	if s, ok := v.(*[]string); ok {
		return DecodeElems(d, s)
	}
	return DecodeValue(d, v)
}

// TopMember returns the value, as raw JSON, of the member name of data's top-level object
// (the last one, as a decoder keeps the last of repeated names), and whether there is one.
// Names match exactly. Anything that is not an object has none.
func TopMember(data []byte, name string) ([]byte, bool) {
	d := NewDecoder(data)
	if null, err := d.ObjectStart(); null || err != nil {
		return nil, false
	}
	var found []byte
	for {
		key, more, err := d.Member()
		if err != nil || !more {
			return found, found != nil
		}
		v, err := d.Value()
		if err != nil {
			return nil, false
		}
		if string(key) == name {
			found = v
		}
	}
}
