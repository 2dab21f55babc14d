package apierror

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/leaktest"
)

// TestErrorBodyPrintsByAllowlist: the members of an error body beyond its schema printed in
// clear in Error.Body (issue 33, bug 3: "pin":["9753"], "accountNumber":["3123456789"],
// "card":{"cvv":{"value":"737"}}, and whatever a server sends under a name no list foresees).
// Body keeps the schema's members and the other members' names, masking their values; so do
// Problem.Extensions and every text; RevealBody gives them on purpose.
func TestErrorBodyPrintsByAllowlist(t *testing.T) {
	unknown := `"pin":["9753"],"accountNumber":["3123456789"],"card":{"cvv":{"value":"737"}},"card_cvv":"5231",` +
		`"security_code":"4412","pin_code":"8642","new_pin":"1357","bank_account_number":"000111222333",` +
		`"account_no":"998877665544","birthday":"1980-01-31","memo":"ordinary-looking-value-XY"`
	secrets := []string{"9753", "3123456789", "737", "5231", "4412", "8642", "1357", "000111222333", "998877665544", "1980-01-31", "ordinary-looking-value-XY"}
	for name, tc := range map[string]struct {
		body   string
		decode Decoder
		typed  string
	}{
		"problem":   {`{"title":"Card validation failed","status":400,` + unknown + `}`, DecodeProblem, `"title":"Card validation failed"`},
		"bank":      {`{"ErrorMessage":"Bad request","TransactionId":"rrt-1",` + unknown + `}`, DecodeBankError, `"ErrorMessage":"Bad request"`},
		"no schema": {`{"message":"Forbidden",` + unknown + `}`, DecodeProblem, `"message":"Forbidden"`},
	} {
		t.Run(name, func(t *testing.T) {
			e := FromResponse(response(400, "application/json", tc.body), RequestInfo{Method: "POST", URL: "https://h/x"}, tc.decode, 0)
			assert.Contains(t, string(e.Body), tc.typed, "the schema's members print as before")
			for _, member := range []string{"pin", "accountNumber", "cvv", "memo", "birthday"} {
				assert.Contains(t, string(e.Body), `"`+member+`"`, "names are kept")
			}
			var texts []string
			texts = append(texts, string(e.Body), e.Error(), fmt.Sprintf("%+v", e), fmt.Sprintf("%+v", *e))
			if e.Problem != nil {
				// Reveal: the values as the SDK kept them, masked by NewError, not by printing.
				texts = append(texts, string(e.Problem.Extensions.Reveal()), fmt.Sprint(e.Problem.Extensions))
			}
			var logs strings.Builder
			slog.New(slog.NewJSONHandler(&logs, leaktest.NoTime(nil))).Error("x", "err", e)
			slog.New(slog.NewTextHandler(&logs, leaktest.NoTime(nil))).Error("x", "err", *e)
			js, err := json.Marshal(e)
			require.NoError(t, err)
			texts = append(texts, logs.String(), string(js))
			for _, text := range texts {
				for _, s := range secrets {
					assert.NotContains(t, text, s)
				}
			}
			revealed := string(e.RevealBody())
			assert.Contains(t, revealed, "ordinary-looking-value-XY", "read on purpose")
			assert.NotContains(t, revealed, "3123456789", "a sensitive name stays masked even revealed")
		})
	}
}
