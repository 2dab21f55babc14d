package cardplatform_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/stretchr/testify/assert"
)

// TestOptionsBelongToTheirClient: an option of one client package is a different type from
// another's, so passing it to the wrong New does not compile.
func TestOptionsBelongToTheirClient(t *testing.T) {
	cp := reflect.TypeOf(cardplatform.WithStaticToken("x"))
	for _, other := range []reflect.Type{reflect.TypeOf(validation.Option(nil)), reflect.TypeOf(paging.Option(nil))} {
		assert.False(t, cp.AssignableTo(other), "cardplatform.Option assignable to %v", other)
		assert.False(t, cp.ConvertibleTo(other) && cp == other)
	}
	assert.False(t, reflect.TypeOf(cardplatform.WithCorrelationID("x")).AssignableTo(reflect.TypeOf(validation.CallOption(nil))))
	assert.Equal(t, "cardplatform.Option", fmt.Sprint(cp))
}
