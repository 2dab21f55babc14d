package opstest

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/ops"
)

// SizesRefused calls, for every operation of table with a page size parameter, its method on
// client with every argument filled and the size set below its least: 0 and -1 when the size
// is required (ops.Paging.SizeRequired), -1 when it is optional (0 is not sent). Each call
// must fail with an error matching invalid (ErrInvalidArgument) that names the parameter, and
// sent (the count of requests the server received) must stay where it was. It returns the
// ids of the operations checked.
func SizesRefused(t *testing.T, client any, table *ops.Table, invalid error, sent func() int) []string {
	t.Helper()
	var checked []string
	for op := range table.All() {
		if op.Paging == nil || op.Paging.Size == "" {
			continue
		}
		below := []int64{-1}
		if op.Paging.SizeRequired {
			below = []int64{0, -1}
		}
		checked = append(checked, op.ID)
		m, ok := MethodFor(client, op.ID)
		if !ok {
			t.Errorf("%s: no method", op.ID)
			continue
		}
		for _, size := range below {
			args := []reflect.Value{reflect.ValueOf(client), reflect.ValueOf(context.Background())}
			field := false
			for i := 2; i < m.Type.NumIn(); i++ {
				if m.Type.IsVariadic() && i == m.Type.NumIn()-1 {
					break
				}
				v := filled(m.Type.In(i))
				if v.Kind() == reflect.Struct {
					if f := v.FieldByNameFunc(func(n string) bool { return strings.EqualFold(n, op.Paging.Size) }); f.IsValid() && f.CanInt() {
						f.SetInt(size)
						field = true
					}
				}
				args = append(args, v)
			}
			if !field {
				t.Errorf("%s: no integer request field for its size %q", op.ID, op.Paging.Size)
				break
			}
			before := sent()
			out := m.Func.Call(args)
			err, _ := out[len(out)-1].Interface().(error)
			switch {
			case !errors.Is(err, invalid):
				t.Errorf("%s with %s = %d: err = %v, want one matching %v", op.ID, op.Paging.Size, size, err, invalid)
			case !strings.Contains(err.Error(), op.Paging.Size):
				t.Errorf("%s with %s = %d: %q does not name the parameter", op.ID, op.Paging.Size, size, err)
			}
			if n := sent() - before; n != 0 {
				t.Errorf("%s with %s = %d: %d requests sent, want none", op.ID, op.Paging.Size, size, n)
			}
		}
	}
	return checked
}
