package cardplatform_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestErrorIsThePackagesOwn: every non-2xx comes back as *cardplatform.Error (a struct of this
// package, fields in go doc), also inside an outcome-unknown error, and still matches the
// sentinels and the decoded body.
func TestErrorIsThePackagesOwn(t *testing.T) {
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			w.WriteHeader(http.StatusBadGateway)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		_, _ = io.WriteString(w, `{"title":"Card not found","status":404,"traceId":"t-1"}`)
	})
	_, err := c.GetCard(context.Background(), "missing")
	var e *cardplatform.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 404, e.StatusCode)
	assert.Equal(t, "t-1", e.TraceID)
	require.NotNil(t, e.Problem)
	assert.Equal(t, "Card not found", e.Problem.Title)
	assert.ErrorIs(t, err, cardplatform.ErrNotFound)
	var pe *cardplatform.ProblemError
	assert.ErrorAs(t, err, &pe)
	assert.Equal(t, e.Error(), err.Error())

	_, err = c.CreateDisbursement(context.Background(), cardplatform.DisbursementDTO{Amount: cardplatform.NewDecimalFromInt(1, 0)})
	require.ErrorIs(t, err, cardplatform.ErrOutcomeUnknown)
	require.ErrorAs(t, err, &e, "the 502 inside the outcome-unknown error is the package's *Error")
	assert.Equal(t, 502, e.StatusCode)
	assert.ErrorIs(t, err, cardplatform.ErrServerError)
}

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
