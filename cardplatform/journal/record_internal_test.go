package journal

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestRefusalCopiesTheFieldErrors: the record of a refusal shares no map or slice with the
// error it was made from: changing the error's field errors afterwards changes nothing in it.
func TestRefusalCopiesTheFieldErrors(t *testing.T) {
	fields := map[string][]string{"person.email": {"The email field is not a valid e-mail address."}, "amount": {"a", "b"}}
	err := fmt.Errorf("send: %w", core.NewError(core.Error{StatusCode: 400, CorrelationID: "c-1", TraceID: "t-1",
		Problem: &core.Problem{Title: "One or more validation errors occurred.", Errors: fields}}, nil))
	r := refusalOf(err)
	require.NotNil(t, r)
	want := map[string][]string{"person.email": {"The email field is not a valid e-mail address."}, "amount": {"a", "b"}}
	assert.Equal(t, want, r.Errors)
	assert.Equal(t, "t-1", r.TraceID)
	assert.Equal(t, "c-1", r.CorrelationID)

	fields["amount"][0] = "changed"
	fields["person.email"] = append(fields["person.email"][:0], "changed")
	fields["new"] = []string{"added"}
	delete(fields, "amount")
	assert.Equal(t, want, r.Errors, "the record is a copy")

	r.Errors["amount"][1] = "changed by the caller"
	assert.NotContains(t, fields, "amount")
	assert.Nil(t, refusalOf(core.NewError(core.Error{StatusCode: 400, Problem: &core.Problem{Title: "x"}}, nil)).Errors,
		"no field errors: nil")
}
