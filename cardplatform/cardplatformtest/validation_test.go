package cardplatformtest_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
)

// TestRequestValidation sends one request per kind of refusal; each is refused before the
// sandbox's rules run, with a ProblemDetails body whose errors name the offending field.
func TestRequestValidation(t *testing.T) {
	e := newEnv(t, cardplatformtest.WithMaxBodyBytes(512))
	pg := cardplatformtest.DefaultProgramGUID
	cases := []struct {
		name, method, path string
		body               any
		field              string
	}{
		{"missing required body field", "PATCH", "/Check/ChangeStatus", map[string]any{"txn_guid": unknown}, "new_status"},
		{"missing required query parameter", "GET", "/fees", nil, "program_guid"},
		{"missing required body", "POST", "/accounts/updatesharedaccount", nil, "body"},
		{"wrong type in body", "POST", "/cards", map[string]any{"program_guid": pg, "months_until_expire": "soon"}, "months_until_expire"},
		{"wrong type nested", "POST", "/cards", map[string]any{"program_guid": pg, "person": map[string]any{"first_name": 5}}, "person.first_name"},
		{"wrong type in query", "GET", "/cards?limit=many", nil, "limit"},
		{"bad uuid", "POST", "/cards", map[string]any{"program_guid": "not-a-guid"}, "program_guid"},
		{"bad uuid in path", "GET", "/accounts/not-a-guid", nil, "account_guid"},
		{"bad zone-less timestamp", "GET", "/cards?expiration_date_start=yesterday", nil, "expiration_date_start"},
		{"closed enum in body", "PATCH", "/Check/ChangeStatus", map[string]any{"txn_guid": unknown, "new_status": "VOID"}, "new_status"},
		{"closed enum in query", "GET", "/bulkorders?bulk_order_status=LOST", nil, "bulk_order_status"},
		{"maximum", "GET", "/accounts/program/" + pg + "?count=51", nil, "count"},
		{"max length", "GET", "/cards?card_last4=12345", nil, "card_last4"},
		{"not JSON", "POST", "/cards", "{", "body"},
		{"body too large", "POST", "/cards", `{"program_guid":"` + pg + `","person":{"first_name":"` + strings.Repeat("x", 600) + `"}}`, "body"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := len(e.srv.Requests())
			r := e.do(tc.method, tc.path, tc.body)
			fields := r.problemFields(t)
			assert.Contains(t, fields, tc.field, "%s", r.body)
			assert.Len(t, e.srv.Requests(), before+1, "the refused request is recorded")
		})
	}

	t.Run("several fields at once", func(t *testing.T) {
		fields := e.do("POST", "/cards", map[string]any{"program_guid": "x", "months_until_expire": "y"}).problemFields(t)
		assert.Contains(t, fields, "program_guid")
		assert.Contains(t, fields, "months_until_expire")
	})
	t.Run("open enums accept other values", func(t *testing.T) {
		assert.Equal(t, http.StatusOK, e.do("GET", "/cards?card_statuses=SOMETHING_NEW&issuance_types=PREMIUM", nil).status)
	})
	t.Run("unknown path", func(t *testing.T) {
		r := e.do("GET", "/nothing", nil)
		assert.Equal(t, http.StatusNotFound, r.status)
		assert.Empty(t, r.body)
	})
}

func TestWithMaxBodyBytesRejectsNonPositive(t *testing.T) {
	_, err := cardplatformtest.Start(cardplatformtest.WithMaxBodyBytes(0))
	require.Error(t, err)
	_, err = cardplatformtest.Start(cardplatformtest.WithToken(""))
	require.Error(t, err)
	_, err = cardplatformtest.Start(cardplatformtest.WithClock(nil))
	require.Error(t, err)
}
