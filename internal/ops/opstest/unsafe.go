package opstest

import (
	"context"
	"reflect"

	"github.com/issuerkit/issuerkit-go/internal/ops"
)

// UnsafeOperations returns the operations of table that must not be re-sent once they may
// have reached the server (not x-issuerkit-retry-safe), in the table's order.
func UnsafeOperations(table *ops.Table) []ops.Operation {
	var out []ops.Operation
	for op := range table.All() {
		if !op.RetrySafe {
			out = append(out, op)
		}
	}
	return out
}

// Call calls the method of the operation opID on client with every argument set as
// CallEveryOperation sets it and opts as its per-call options (values of the method's option
// type), closes a result that is a stream, and returns the method's error. found is false
// when client has no method for opID.
func Call(ctx context.Context, client any, opID string, opts ...any) (found bool, err error) {
	m, ok := MethodFor(client, opID)
	if !ok {
		return false, nil
	}
	args := []reflect.Value{reflect.ValueOf(client), reflect.ValueOf(ctx)}
	n := m.Type.NumIn()
	if m.Type.IsVariadic() {
		n--
	}
	for i := 2; i < n; i++ {
		args = append(args, filled(m.Type.In(i)))
	}
	if m.Type.IsVariadic() {
		elem := m.Type.In(m.Type.NumIn() - 1).Elem()
		for _, o := range opts {
			args = append(args, reflect.ValueOf(o).Convert(elem))
		}
	}
	out := m.Func.Call(args)
	if len(out) == 2 && !(out[0].Kind() == reflect.Pointer && out[0].IsNil()) {
		if d, ok := out[0].Interface().(interface{ Close() error }); ok {
			_ = d.Close()
		}
	}
	err, _ = out[len(out)-1].Interface().(error)
	return true, err
}
