package apierror

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
)

func TestProblemUnmarshal(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want Problem
	}{
		{
			name: "validation problem",
			in:   problemValidation,
			want: Problem{
				Type:   "https://tools.ietf.org/html/rfc9110#section-15.5.1",
				Title:  "One or more validation errors occurred.",
				Status: 400,
				Errors: map[string][]string{
					"person.email":      {"The email field is not a valid e-mail address."},
					"person.first_name": {"The first_name field is required.", "The first_name field must be at most 40 characters."},
				},
				TraceID: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
			},
		},
		{
			name: "status as string, single-string errors, extensions",
			in:   `{"title":"Bad","status":" 400 ","errors":{"a":"one","b":null,"c":[1,{"x":true}]},"code":"E1","instance":"/i"}`,
			want: Problem{
				Title: "Bad", Status: 400, Instance: "/i",
				Errors:     map[string][]string{"a": {"one"}, "b": nil, "c": {"1", `{"x":true}`}},
				Extensions: core.NewExtras(map[string]json.RawMessage{"code": json.RawMessage(`"E1"`)}),
			},
		},
		{
			name: "status as float",
			in:   `{"status":404.0}`,
			want: Problem{Status: 404},
		},
		{
			name: "wrong types go to extensions",
			in:   `{"title":42,"status":"four hundred","errors":["x"],"detail":"d"}`,
			want: Problem{Detail: "d", Extensions: core.NewExtras(map[string]json.RawMessage{
				"title": json.RawMessage(`42`), "status": json.RawMessage(`"four hundred"`), "errors": json.RawMessage(`["x"]`),
			})},
		},
		{
			name: "case variants: canonical spelling wins",
			in:   `{"Title":"variant","title":"canonical","TraceId":"t-1"}`,
			want: Problem{Title: "canonical", TraceID: "t-1", Extensions: core.NewExtras(map[string]json.RawMessage{"Title": json.RawMessage(`"variant"`)})},
		},
		{
			name: "nulls are absent",
			in:   `{"title":null,"status":null,"errors":null,"traceId":"x"}`,
			want: Problem{TraceID: "x"},
		},
		{
			name: "huge status does not overflow",
			in:   `{"status":99999999999999999999999}`,
			want: Problem{Extensions: core.NewExtras(map[string]json.RawMessage{"status": json.RawMessage(`99999999999999999999999`)})},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p Problem
			require.NoError(t, json.Unmarshal([]byte(tt.in), &p))
			assert.Equal(t, tt.want, p)
		})
	}
}

func TestProblemUnmarshalRejectsNonObjects(t *testing.T) {
	for _, in := range []string{`[]`, `"x"`, `1`, `true`} {
		var p Problem
		assert.Error(t, json.Unmarshal([]byte(in), &p), in)
	}
	p := Problem{Title: "kept"}
	require.NoError(t, json.Unmarshal([]byte(`null`), &p))
	assert.Equal(t, "kept", p.Title)
}

func TestProblemError(t *testing.T) {
	tests := []struct {
		name string
		p    *Problem
		want string
	}{
		{"validation", &Problem{Title: "One or more validation errors occurred.", Errors: map[string][]string{
			"person.email": {"The email field is not a valid e-mail address."}, "person.first_name": {"required"}}},
			"One or more validation errors occurred.: person.email: The email field is not a valid e-mail address. (and 1 more field)"},
		{"three fields", &Problem{Title: "T", Errors: map[string][]string{"a": {"x", "y"}, "b": nil, "c": nil}},
			"T: a: x; y (and 2 more fields)"},
		{"title and detail", &Problem{Title: "Not Found", Detail: "Card proxy 'proxy-123' does not exist"},
			"Not Found: Card proxy 'proxy-123' does not exist"},
		{"detail only", &Problem{Detail: "d"}, "d"},
		{"same title and detail", &Problem{Title: "x", Detail: "x"}, "x"},
		{"status only", &Problem{Status: 401}, "issuerkit: problem details (status 401)"},
		{"empty", &Problem{}, "issuerkit: problem details"},
		{"zero", &Problem{}, "issuerkit: problem details"}, // a nil *Problem now prints as fmt prints any nil pointer (issue 33)
		{"masked", &Problem{Title: "card 4111111111111111 blocked", Errors: map[string][]string{"ssn": {"123-45-6789 invalid"}}},
			"card ************1111 blocked: ssn: *******6789 invalid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.p.Error())
		})
	}
}
