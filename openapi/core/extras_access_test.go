package core_test

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestExtrasAccessors: Get, Set, Delete, Len, Names, All and Map read and change the members
// as a map did; the zero Extras has none, and Set gives it its own.
func TestExtrasAccessors(t *testing.T) {
	var e core.Extras
	assert.Zero(t, e.Len())
	assert.Nil(t, e.Names())
	assert.Nil(t, e.Map())
	_, ok := e.Get("x")
	assert.False(t, ok)
	e.Delete("x") // no member: nothing to do
	assert.Equal(t, "null", string(e.Reveal()))

	e.Set("b", json.RawMessage(`2`))
	e.Set("a", json.RawMessage(`"one"`))
	e.Set("b", json.RawMessage(`[2]`))
	v, ok := e.Get("b")
	assert.True(t, ok)
	assert.Equal(t, `[2]`, string(v))
	assert.Equal(t, 2, e.Len())
	assert.Equal(t, []string{"a", "b"}, e.Names())
	var seen []string
	for k, v := range e.All() {
		seen = append(seen, k+"="+string(v))
	}
	assert.Equal(t, []string{`a="one"`, "b=[2]"}, seen)
	assert.Equal(t, map[string]json.RawMessage{"a": json.RawMessage(`"one"`), "b": json.RawMessage(`[2]`)}, e.Map())
	assert.Equal(t, `{"a":"one","b":[2]}`, string(e.Reveal()))

	e.Delete("a")
	e.Delete("b")
	assert.Zero(t, e, "no member left is the zero Extras")
	assert.Zero(t, core.NewExtras(map[string]json.RawMessage{}), "an empty map is the zero Extras")

	m := cardplatform.CardDTO{}
	m.AdditionalProperties.Set("x_new", json.RawMessage(`true`))
	b, err := core.MarshalWire(m)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"x_new":true`)
}

// holder keeps a model where fmt cannot call its methods: an unexported field.
type holder struct{ card cardplatform.CardDTO }

// TestExtrasUnreadableByReflection: where fmt walks a value without calling its methods (its
// %!verb(…) fallback, whose value it prints again from depth 0; a model in an unexported
// field; a standard library wrapper printed with %#v, %d or %t), and for the reflection-based
// encoders, the members are out of reach: an address is printed, never their bytes.
func TestExtrasUnreadableByReflection(t *testing.T) {
	const mark = "UNKNOWNx"
	card := cardplatform.CardDTO{CardProxy: "p", AdditionalProperties: core.NewExtras(map[string]json.RawMessage{
		"pin": json.RawMessage(`"` + mark + `"`),
	})}
	marks := []string{mark, fmt.Sprintf("%x", mark), fmt.Sprintf("%X", mark), fmt.Sprint([]byte(mark))[1:20]}
	var out bytes.Buffer
	h := &holder{card: card}
	wrapped := fmt.Errorf("w: %w", errors.New("x"))
	for _, v := range []any{h, *h, []*holder{h}, map[string]*holder{"k": h}, struct{ e error }{wrapped}} {
		for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "%d", "%t"} {
			fmt.Fprintf(&out, verb+"\n", v)
		}
	}
	// A model inside an error wrapper printed with a verb the wrapper lacks.
	joined := errors.Join(errors.New("first"), &core.DecodeError{})
	for _, verb := range []string{"%#v", "%d", "%t"} {
		fmt.Fprintf(&out, verb+"\n", []any{joined, h, card})
	}
	js, err := json.Marshal(struct{ E core.Extras }{card.AdditionalProperties})
	require.NoError(t, err)
	out.Write(js)
	var g bytes.Buffer
	if err := gob.NewEncoder(&g).Encode(struct{ E core.Extras }{card.AdditionalProperties}); err == nil {
		out.Write(g.Bytes())
	}
	if x, err := xml.Marshal(struct{ E core.Extras }{card.AdditionalProperties}); err == nil {
		out.Write(x)
	}
	printed := out.String()
	for _, m := range marks {
		assert.NotContains(t, printed, m)
	}
	assert.Contains(t, printed, "%!s(*core_test.holder=&{{", "the fallback did walk the model")
}

// TestExtrasDecodeAllocatesOnlyForMembers: a model without unknown members holds the zero
// Extras (no allocation for it); one with members costs one allocation more than its map.
func TestExtrasDecodeAllocatesOnlyForMembers(t *testing.T) {
	plain := []byte(`{"card_proxy":"p","card_status":"ACTIVE"}`)
	var c cardplatform.CardDTO
	require.NoError(t, json.Unmarshal(plain, &c))
	assert.Zero(t, c.AdditionalProperties)
	withMember := []byte(`{"card_proxy":"p","x_new":1}`)
	require.NoError(t, json.Unmarshal(withMember, &c))
	assert.Equal(t, []string{"x_new"}, slices.Collect(maps.Keys(c.AdditionalProperties.Map())))

	allocs := func(b []byte) float64 {
		return testing.AllocsPerRun(100, func() {
			var c cardplatform.CardDTO
			_ = json.Unmarshal(b, &c)
		})
	}
	t.Logf("decode of a CardDTO without unknown members: %.0f allocs; with one: %.0f", allocs(plain), allocs(withMember))
	members := map[string]json.RawMessage{"x_new": json.RawMessage(`1`)}
	var sink core.Extras
	wrap := testing.AllocsPerRun(100, func() { sink = core.NewExtras(members) })
	assert.Equal(t, 1.0, wrap, "an Extras costs one allocation beside its map")
	assert.Zero(t, testing.AllocsPerRun(100, func() { sink = core.NewExtras(nil) }), "none without members")
	_ = sink
}
