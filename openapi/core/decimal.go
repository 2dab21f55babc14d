package core

import (
	"bytes"
	"cmp"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"sync"
)

// MaxDecimalDigits caps the size of a Decimal read from text: at most this many digits before
// the decimal point and, separately, at most this many after it, counted once any exponent is
// applied (1e39 is accepted, 1e40 and 1e999 are not). No amount of money comes near it: the
// largest portable SQL NUMERIC (38 digits), IEEE decimal128 (34 digits) and token amounts with
// 18 decimals all fit. Larger inputs are rejected with a *[ParseError] before any work that
// depends on their size, so the cost of a hostile number (1e999, 1e1000000000, a million
// digits) is one scan of its text and at most a few hundred bytes. [NewDecimalFromInt] accepts
// scales from -MaxDecimalDigits to MaxDecimalDigits. Arithmetic on Decimals is exact and not
// capped.
const MaxDecimalDigits = 40

// Decimal is an exact decimal number, used for amounts of money. It is a whole-number
// coefficient and a scale, the number of digits after the decimal point: 12.50 is 1250 with
// scale 2. No binary floating point is involved at any step.
//
// Decimal decodes from a JSON number of any precision (exponents such as 1.5e3 are expanded
// exactly, to 1500) or from a JSON string holding one, in which the integer part may be grouped
// by thousands with commas ("75,020.52"). It encodes as a JSON number that keeps its scale:
// 12.50 is written 12.50, not 12.5.
//
// The zero Decimal, Decimal{}, is unset: [Decimal.IsZero] reports true for it and for nothing
// else, so `json:",omitzero"` omits an optional amount nobody set but never an amount of 0
// (ParseDecimal("0"), NewDecimalFromInt(0, 2), a decoded JSON 0 and the results of arithmetic
// are all set). An unset Decimal encodes as JSON null and counts as 0 in arithmetic and
// comparisons. Compare Decimals with [Decimal.Equal] or [Decimal.Cmp], not ==.
type Decimal struct {
	coef  int64    // the coefficient, when big is nil
	big   *big.Int // the coefficient when it does not fit in an int64; never modified once set
	scale int32    // digits after the decimal point, >= 0
	set   bool     // false only for the zero Decimal, which is unset
}

// pow10 holds the powers of ten that fit in an int64.
var pow10 = [...]int64{
	1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
	1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
}

// ParseDecimal parses a decimal number written as a JSON number (12.50, -0.005, 1.5e3), whose
// integer part may be grouped by thousands with commas (75,020.52). A comma anywhere else is
// rejected, so 1,50 is not mistaken for 1.50 or 150. Empty text, NaN, infinities, spaces,
// leading zeros, a leading + and numbers beyond [MaxDecimalDigits] are rejected with a
// *[ParseError] wrapping [ErrInvalidDecimal].
func ParseDecimal(s string) (Decimal, error) {
	return parseDecimal(s, true)
}

// MustParseDecimal is like [ParseDecimal] but panics if s is not valid. It is meant for
// constants in tests and examples; do not use it on data received at run time.
func MustParseDecimal(s string) Decimal {
	d, err := ParseDecimal(s)
	if err != nil {
		panic(err)
	}
	return d
}

// NewDecimalFromInt returns units × 10^-scale: NewDecimalFromInt(1250, 2) is 12.50, the
// usual way to turn minor units such as cents into a Decimal. A negative scale multiplies:
// NewDecimalFromInt(5, -3) is 5000. NewDecimalFromInt panics if scale is above
// [MaxDecimalDigits] or below -MaxDecimalDigits.
func NewDecimalFromInt(units int64, scale int32) Decimal {
	if scale > MaxDecimalDigits || scale < -MaxDecimalDigits {
		panic(fmt.Sprintf("core: NewDecimalFromInt scale %d outside ±%d", scale, MaxDecimalDigits))
	}
	if scale >= 0 {
		return Decimal{coef: units, scale: scale, set: true}
	}
	if c, ok := mulPow10(units, -int64(scale)); ok {
		return Decimal{coef: c, set: true}
	}
	return makeDecimal(new(big.Int).Mul(big.NewInt(units), pow10Big(-int64(scale))), 0)
}

// String returns d in plain decimal notation with exactly [Decimal.Scale] digits after the
// point, such as 12.50 or -0.005; never with an exponent.
func (d Decimal) String() string {
	var buf [32]byte
	return string(d.appendText(buf[:0]))
}

// Scale returns the number of digits after the decimal point, as received or constructed:
// 2 for 12.50, 0 for 1.5e3.
func (d Decimal) Scale() int32 { return d.scale }

// Sign returns -1, 0 or +1 as d is negative, zero or positive.
func (d Decimal) Sign() int {
	if d.big != nil {
		return d.big.Sign()
	}
	return cmp.Compare(d.coef, 0)
}

// IsZero reports whether d is unset, the zero Decimal{}: what `json:",omitzero"` omits. An
// amount of 0 or 0.00 is set and not IsZero; test for the number zero with [Decimal.Sign].
func (d Decimal) IsZero() bool { return !d.set }

// IsSet reports whether d holds a value: the opposite of [Decimal.IsZero].
func (d Decimal) IsSet() bool { return d.set }

// Cmp compares d and e numerically, ignoring scale, and returns -1, 0 or +1 as d is less than,
// equal to or greater than e.
func (d Decimal) Cmp(e Decimal) int {
	s := max(d.scale, e.scale)
	if d.big == nil && e.big == nil {
		a, ok1 := mulPow10(d.coef, int64(s-d.scale))
		b, ok2 := mulPow10(e.coef, int64(s-e.scale))
		if ok1 && ok2 {
			return cmp.Compare(a, b)
		}
	}
	return d.bigAt(s).Cmp(e.bigAt(s))
}

// Equal reports whether d and e are the same number, ignoring scale: 12.5 equals 12.50.
func (d Decimal) Equal(e Decimal) bool { return d.Cmp(e) == 0 }

// Add returns d + e, exactly, with the larger of the two scales.
func (d Decimal) Add(e Decimal) Decimal {
	s := max(d.scale, e.scale)
	if d.big == nil && e.big == nil {
		a, ok1 := mulPow10(d.coef, int64(s-d.scale))
		b, ok2 := mulPow10(e.coef, int64(s-e.scale))
		if sum := a + b; ok1 && ok2 && (sum > a) == (b > 0) {
			return Decimal{coef: sum, scale: s, set: true}
		}
	}
	return makeDecimal(new(big.Int).Add(d.bigAt(s), e.bigAt(s)), s)
}

// Sub returns d - e, exactly, with the larger of the two scales.
func (d Decimal) Sub(e Decimal) Decimal { return d.Add(e.Neg()) }

// Neg returns -d, with the same scale.
func (d Decimal) Neg() Decimal {
	if d.big == nil && d.coef != math.MinInt64 {
		return Decimal{coef: -d.coef, scale: d.scale, set: true}
	}
	return makeDecimal(new(big.Int).Neg(d.bigAt(d.scale)), d.scale)
}

// Int64Units returns d as a whole number of units of 10^-scale, such as cents for scale 2:
// 12.50 gives 1250. The result is false if d is not a whole number of such units (12.505 in
// cents) or does not fit in an int64.
func (d Decimal) Int64Units(scale int32) (int64, bool) {
	if d.Sign() == 0 {
		return 0, true
	}
	diff := int64(scale) - int64(d.scale)
	if diff >= 0 {
		if d.big != nil { // already too large for an int64
			return 0, false
		}
		return mulPow10(d.coef, diff)
	}
	k := -diff
	if d.big == nil {
		if k >= int64(len(pow10)) { // 10^19 exceeds every non-zero int64
			return 0, false
		}
		if d.coef%pow10[k] != 0 {
			return 0, false
		}
		return d.coef / pow10[k], true
	}
	if k > int64(d.big.BitLen())/3+1 { // 10^k > 2^BitLen > |coefficient|
		return 0, false
	}
	q, r := new(big.Int).QuoRem(d.big, pow10Big(k), new(big.Int))
	if r.Sign() != 0 || !q.IsInt64() {
		return 0, false
	}
	return q.Int64(), true
}

// MarshalJSON encodes d as a JSON number with its scale kept, such as 12.50, or null when d is
// unset.
func (d Decimal) MarshalJSON() ([]byte, error) {
	if !d.set {
		return []byte("null"), nil
	}
	return d.appendText(make([]byte, 0, 24)), nil
}

// UnmarshalJSON decodes a JSON number, or a JSON string holding a number as [ParseDecimal]
// accepts it. JSON null leaves d unchanged, as encoding/json does for other types. Anything
// else is rejected with a *[ParseError] wrapping [ErrInvalidDecimal].
func (d *Decimal) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	var (
		v   Decimal
		err error
	)
	switch {
	case len(data) > 0 && data[0] == '"':
		if len(data) < 2 || data[len(data)-1] != '"' {
			return decimalError(data, "not a JSON number or string")
		}
		text := data[1 : len(data)-1]
		if bytes.IndexByte(text, '\\') >= 0 {
			var ok bool
			if text, ok = unescapeASCII(text); !ok {
				return decimalError(data, "not a JSON number or string")
			}
		}
		v, err = parseDecimal(text, true)
	case len(data) > 0 && (data[0] == '-' || isDigit(data[0])):
		v, err = parseDecimal(data, false)
	default:
		return decimalError(data, "not a JSON number or string")
	}
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// MarshalText returns d as [Decimal.String] writes it. It is what query, path and header
// parameters carry.
func (d Decimal) MarshalText() ([]byte, error) {
	return d.appendText(make([]byte, 0, 24)), nil
}

// UnmarshalText parses text as [ParseDecimal] does.
func (d *Decimal) UnmarshalText(text []byte) error {
	v, err := parseDecimal(text, true)
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// Bind parses a parameter value as [ParseDecimal] does; it implements the Binder interface
// of github.com/oapi-codegen/runtime. An empty value leaves d unchanged.
func (d *Decimal) Bind(src string) error {
	if src == "" {
		return nil
	}
	return d.UnmarshalText([]byte(src))
}

// appendText appends d in plain notation to b.
func (d Decimal) appendText(b []byte) []byte {
	var (
		tmp    [20]byte
		digits []byte
		neg    bool
	)
	if d.big == nil {
		u := uint64(d.coef)
		if neg = d.coef < 0; neg {
			u = -u
		}
		digits = strconv.AppendUint(tmp[:0], u, 10)
	} else {
		digits = d.big.Append(nil, 10)
		if neg = digits[0] == '-'; neg {
			digits = digits[1:]
		}
	}
	if neg {
		b = append(b, '-')
	}
	sc := int(d.scale)
	switch {
	case sc == 0:
		return append(b, digits...)
	case len(digits) <= sc:
		b = append(b, '0', '.')
		for range sc - len(digits) {
			b = append(b, '0')
		}
		return append(b, digits...)
	default:
		b = append(b, digits[:len(digits)-sc]...)
		b = append(b, '.')
		return append(b, digits[len(digits)-sc:]...)
	}
}

// bigAt returns d's coefficient at scale s >= d.scale. The result may be d.big itself and
// must not be modified.
func (d Decimal) bigAt(s int32) *big.Int {
	c := d.big
	if c == nil {
		c = big.NewInt(d.coef)
	}
	if s > d.scale {
		c = new(big.Int).Mul(c, pow10Big(int64(s-d.scale)))
	}
	return c
}

// makeDecimal returns the Decimal of coefficient b and scale s, keeping b only if it does not
// fit in an int64. It takes ownership of b.
func makeDecimal(b *big.Int, s int32) Decimal {
	if b.IsInt64() {
		return Decimal{coef: b.Int64(), scale: s, set: true}
	}
	return Decimal{big: b, scale: s, set: true}
}

// mulPow10 returns c × 10^n and whether it fits in an int64.
func mulPow10(c int64, n int64) (int64, bool) {
	if c == 0 || n == 0 {
		return c, true
	}
	if n >= int64(len(pow10)) {
		return 0, false
	}
	p := pow10[n]
	if c > math.MaxInt64/p || c < math.MinInt64/p {
		return 0, false
	}
	return c * p, true
}

// pow10Table holds 10^0 … 10^MaxDecimalDigits, built on first use and never modified.
var pow10Table = sync.OnceValue(func() []*big.Int {
	t := make([]*big.Int, MaxDecimalDigits+1)
	for i := range t {
		t[i] = pow10Big(int64(i))
	}
	return t
})

// pow10Shared returns 10^n for 0 <= n <= MaxDecimalDigits. The result is shared and must not
// be modified.
func pow10Shared(n int64) *big.Int { return pow10Table()[n] }

func pow10Big(n int64) *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(n), nil)
}

// The texts of a number beyond MaxDecimalDigits.
var (
	msgTooManyInteger  = "more than " + strconv.Itoa(MaxDecimalDigits) + " digits before the decimal point"
	msgTooManyFraction = "more than " + strconv.Itoa(MaxDecimalDigits) + " digits after the decimal point"
)

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// digitAcc accumulates the significant digits of a number as they are scanned.
type digitAcc struct {
	acc uint64 // the first 19 significant digits
	sig int    // significant digits seen, from the first non-zero one
}

func (a *digitAcc) add(c byte) {
	if a.sig == 0 && c == '0' {
		return
	}
	a.sig++
	if a.sig <= 19 {
		a.acc = a.acc*10 + uint64(c-'0')
	}
}

// parseDecimal parses the JSON number grammar, with thousands separators in the integer part
// if grouping is set. It does not allocate unless the coefficient needs more than 18 digits
// or the text is invalid.
func parseDecimal[T string | []byte](s T, grouping bool) (Decimal, error) {
	if len(s) == 0 {
		return Decimal{}, decimalError(s, "empty")
	}
	var a digitAcc
	i, neg := 0, s[0] == '-'
	if neg {
		i++
	}
	// Integer part: 0, or digits not starting with 0, optionally grouped as 1,234,567.
	switch {
	case i == len(s) || !isDigit(s[i]):
		return Decimal{}, decimalError(s, "not a number")
	case s[i] == '0':
		i++
		if i < len(s) && (isDigit(s[i]) || s[i] == ',') {
			return Decimal{}, decimalError(s, "leading zero")
		}
	default:
		run := 0
		for ; i < len(s) && isDigit(s[i]); i++ {
			a.add(s[i])
			run++
		}
		if i < len(s) && s[i] == ',' && grouping {
			if run > 3 {
				return Decimal{}, decimalError(s, "thousands separator misplaced")
			}
			for i < len(s) && s[i] == ',' {
				i++
				for range 3 {
					if i == len(s) || !isDigit(s[i]) {
						return Decimal{}, decimalError(s, "thousands separator misplaced")
					}
					a.add(s[i])
					i++
				}
			}
			if i < len(s) && isDigit(s[i]) {
				return Decimal{}, decimalError(s, "thousands separator misplaced")
			}
		}
	}
	frac := 0
	if i < len(s) && s[i] == '.' {
		for i++; i < len(s) && isDigit(s[i]); i++ {
			a.add(s[i])
			frac++
		}
		if frac == 0 {
			return Decimal{}, decimalError(s, "no digits after the decimal point")
		}
	}
	var exp int64
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		expNeg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			expNeg = s[i] == '-'
			i++
		}
		n := 0
		for ; i < len(s) && isDigit(s[i]); i++ {
			if exp < 1e9 { // saturate: anything this large is rejected below
				exp = exp*10 + int64(s[i]-'0')
			}
			n++
		}
		if n == 0 {
			return Decimal{}, decimalError(s, "no digits in the exponent")
		}
		if expNeg {
			exp = -exp
		}
	}
	if i != len(s) {
		if s[i] == ',' {
			return Decimal{}, decimalError(s, "thousands separator misplaced or not allowed")
		}
		return Decimal{}, decimalError(s, "unexpected character")
	}

	scale := int64(frac) - exp
	if a.sig == 0 { // zero, perhaps with a scale (0.00)
		scale = max(scale, 0)
		if scale > MaxDecimalDigits {
			return Decimal{}, decimalError(s, msgTooManyFraction)
		}
		return Decimal{scale: int32(scale), set: true}, nil
	}
	if scale > MaxDecimalDigits {
		return Decimal{}, decimalError(s, msgTooManyFraction)
	}
	if int64(a.sig)-scale > MaxDecimalDigits {
		return Decimal{}, decimalError(s, msgTooManyInteger)
	}
	pad := int64(0)
	if scale < 0 {
		pad, scale = -scale, 0
	}
	if int64(a.sig)+pad <= 18 {
		c := int64(a.acc) * pow10[pad]
		if neg {
			c = -c
		}
		return Decimal{coef: c, scale: int32(scale), set: true}, nil
	}
	if a.sig <= 19 {
		// All significant digits are in a.acc; the exponent only adds zeros (at most
		// MaxDecimalDigits of them): one multiplication by a shared power of ten.
		b := new(big.Int).SetUint64(a.acc)
		b.Mul(b, pow10Shared(pad))
		if neg {
			b.Neg(b)
		}
		return makeDecimal(b, int32(scale)), nil
	}
	// Slow path: collect the significant digits (a.sig+pad <= 2*MaxDecimalDigits+1 of them)
	// for math/big.
	buf := make([]byte, 0, 1+a.sig+int(pad))
	if neg {
		buf = append(buf, '-')
	}
	for j := 0; j < len(s) && s[j] != 'e' && s[j] != 'E'; j++ {
		if isDigit(s[j]) && (s[j] != '0' || len(buf) > 0 && buf[len(buf)-1] != '-') {
			buf = append(buf, s[j])
		}
	}
	for range pad {
		buf = append(buf, '0')
	}
	b, ok := new(big.Int).SetString(string(buf), 10)
	if !ok { // unreachable: buf holds only digits
		return Decimal{}, decimalError(s, "not a number")
	}
	return makeDecimal(b, int32(scale)), nil
}

// unescapeASCII decodes the escapes of a JSON string's content whose characters are all ASCII,
// as a decimal's are; it reports false for an escape JSON does not define, a character JSON
// does not allow unescaped, or one outside ASCII (no decimal holds one). It allocates only the
// result: encoding/json's decoder would allocate its own state, several kilobytes on some Go
// releases, for a few bytes of text.
func unescapeASCII(text []byte) ([]byte, bool) {
	out := make([]byte, 0, len(text))
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c < 0x20 || c == '"' || c >= 0x80:
			return nil, false
		case c != '\\':
			out = append(out, c)
			continue
		}
		if i++; i == len(text) {
			return nil, false
		}
		switch text[i] {
		case '"', '\\', '/':
			out = append(out, text[i])
		case 'b', 'f', 'n', 'r', 't':
			return nil, false // a control character: never part of a decimal
		case 'u':
			if i+4 >= len(text) {
				return nil, false
			}
			r := 0
			for _, h := range text[i+1 : i+5] {
				switch {
				case '0' <= h && h <= '9':
					r = r<<4 | int(h-'0')
				case 'a' <= h && h <= 'f', 'A' <= h && h <= 'F':
					r = r<<4 | int(h|0x20-'a'+10)
				default:
					return nil, false
				}
			}
			if r < 0x20 || r >= 0x80 {
				return nil, false
			}
			out = append(out, byte(r))
			i += 4
		default:
			return nil, false
		}
	}
	return out, true
}
