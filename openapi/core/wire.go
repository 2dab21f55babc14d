package core

import (
	"errors"
	"fmt"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
)

// MarshalWire returns the wire encoding of v, a model of cardplatform, validation or paging (a
// value or a pointer), or a slice of them: the JSON the SDK sends, with every [Secret] and
// every unknown member ([Extras]) in full. Use it to store a model you will send again or read
// back (a journal, a queue): json.Unmarshal decodes it to the same value. json.Marshal of a
// model is for logs: it masks Secrets, sensitive unknown members and card-number-like text.
// Anything else (a struct of yours holding a model, a map) is an error wrapping
// [ErrNotAModel]: encode its models one by one.
func MarshalWire(v any) ([]byte, error) { return AppendWire(nil, v) }

// AppendWire appends the wire encoding of v ([MarshalWire]) to b.
func AppendWire(b []byte, v any) ([]byte, error) {
	out, err := jsonx.AppendModelWire(b, v)
	if errors.Is(err, jsonx.ErrNotAModel) {
		return nil, fmt.Errorf("%w: %T", ErrNotAModel, v)
	}
	return out, err
}

// ErrNotAModel is the error [MarshalWire] and [AppendWire] return for a value that is not a
// model of the SDK, a pointer to one, or a slice of them.
var ErrNotAModel = errors.New("not a model of the SDK (a value, a pointer, or a slice of them)")
