package jsonx

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestObjectRejectsTruncatedInput: a body cut short (a connection that broke mid-answer, a
// proxy's limit) is an error, never an object with the members read so far.
func TestObjectRejectsTruncatedInput(t *testing.T) {
	for _, in := range []string{
		`{`, `{"a"`, `{"a":`, `{"a":"x"`, `{"a":"x",`, `{"a":"x", `, `{"a":1,"b":true`,
		`{"a":{"b":1}`, `{"a":[1,2]`, `{"a":"x"}}`, `{"a":"x"} x`,
	} {
		o := NewObject([]byte(in))
		for o.Next() {
		}
		assert.Error(t, o.Err(), "%s", in)
	}
	for _, in := range []string{`{}`, ` { } `, `{"a":"x"}`, `{"a":{"b":[1,{"c":null}]},"d":-1.5e3}` + "\n", `null`} {
		o := NewObject([]byte(in))
		for o.Next() {
		}
		assert.NoError(t, o.Err(), "%s", in)
	}
}
