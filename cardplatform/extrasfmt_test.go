package cardplatform_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestUnknownMembersMaskedInFmtAndSlog: a CardDTO whose AdditionalProperties held
// {"full_pan": …} printed the PAN with %s/%q/%v while slog masked it. Unknown members are
// masked the same way in fmt (every verb) and slog (both handlers), for models that hold
// secrets and for those that do not.
func TestUnknownMembersMaskedInFmtAndSlog(t *testing.T) {
	const pan, pin, ssn, cvv = "4111111111111111", "4321", "123-45-6789", "737"
	extras := core.NewExtras(map[string]json.RawMessage{
		"full_pan": json.RawMessage(`"` + pan + `"`),
		"pin":      json.RawMessage(`"` + pin + `"`),
		"SSN":      json.RawMessage(`"` + ssn + `"`),
		"nested":   json.RawMessage(`{"cvv":"` + cvv + `","n":1}`),
		"note":     json.RawMessage(`"kept"`),
	})
	card := cardplatform.CardDTO{CardProxy: "proxy-123", AdditionalProperties: extras}
	person := cardplatform.Person{FirstName: "Ada", AdditionalProperties: extras}
	for name, v := range map[string]any{"CardDTO": card, "*CardDTO": &card, "Person": person, "*Person": &person} {
		var out bytes.Buffer
		for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%d"} {
			fmt.Fprintf(&out, verb+"\n", v)
		}
		fmt.Fprintln(&out, v)
		slog.New(slog.NewJSONHandler(&out, leaktest.NoTime(nil))).Info("m", "v", v)
		slog.New(slog.NewTextHandler(&out, leaktest.NoTime(nil))).Info("m", "v", v)
		printed := out.String()
		for _, secret := range []string{pan, `"` + pin + `"`, ssn, `"` + cvv + `"`, fmt.Sprintf("%x", pan), fmt.Sprintf("%x", ssn)} {
			assert.NotContains(t, printed, secret, name)
		}
		// The value of an unknown member is masked whatever its name (issue 33: printed by
		// allowlist); its name is kept.
		assert.NotContains(t, printed, "kept", name)
		assert.Contains(t, printed, "note", name)
		assert.Contains(t, printed, "1111", "%s: the last four digits still tell cards apart", name)
	}
}
