package jsonx

import (
	"unicode"
	"unicode/utf8"
)

// Fields is the set of JSON member names a model decodes into its own fields. A key is known
// when encoding/json would decode it into one of them: an exact match, or a match after case
// folding ("Card_Proxy" is card_proxy). The zero Fields knows no key. A Fields is safe for
// concurrent use once built.
type Fields struct {
	folded map[string]int
}

// NewFields returns the set of the given member names; [Fields.Index] numbers them in this
// order from 0.
func NewFields(names ...string) Fields {
	f := Fields{folded: make(map[string]int, len(names))}
	for i, n := range names {
		f.folded[string(fold(nil, []byte(n)))] = i
	}
	return f
}

// Index returns the position in [NewFields] of the field encoding/json would decode a member
// named key (unescaped) into, or -1 when no field matches. It does not allocate for keys of
// up to 64 bytes.
func (f Fields) Index(key []byte) int {
	if len(f.folded) == 0 {
		return -1
	}
	var buf [64]byte
	if i, ok := f.folded[string(fold(buf[:0], key))]; ok {
		return i
	}
	return -1
}

// Known reports whether encoding/json would decode a member named key (unescaped) into one of
// the fields. It does not allocate for keys of up to 64 bytes.
func (f Fields) Known(key []byte) bool { return f.Index(key) >= 0 }

// fold appends to dst the key folded as encoding/json folds member names (see foldName in
// encoding/json/fold.go): ASCII letters to upper case, other runes to
// the smallest rune of its unicode.SimpleFold orbit (K, the Kelvin sign, folds to K).
func fold(dst, key []byte) []byte {
	for i := 0; i < len(key); {
		c := key[i]
		if c < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, n := utf8.DecodeRune(key[i:])
		dst = utf8.AppendRune(dst, foldRune(r))
		i += n
	}
	return dst
}

// foldRune returns the smallest rune of r's case-folding orbit, as encoding/json does.
func foldRune(r rune) rune {
	for {
		r2 := unicode.SimpleFold(r)
		if r2 <= r {
			return r2
		}
		r = r2
	}
}
