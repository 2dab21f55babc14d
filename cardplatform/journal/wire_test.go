package journal_test

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/internal/leaktest"
)

// TestEntryPrintsNoWire: an Entry holds the request and the answer as sent, secrets in clear;
// printed any way — fmt by value and by pointer with every verb, inside a caller's struct,
// both slog handlers, json.Marshal — it shows their length only, and the bytes are intact.
func TestEntryPrintsNoWire(t *testing.T) {
	const pan, ssn = "4111111111111111", "123-45-6789"
	e := journal.Entry{Key: "payout-1", Operation: "createCard",
		Request: journal.Wire(`{"person":{"ssn":"` + ssn + `"}}`), Result: journal.Wire(`{"pan":"` + pan + `"}`)}
	in := struct{ E journal.Entry }{e}
	var texts []string
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "%d", "%T %v"} {
		texts = append(texts, fmt.Sprintf(verb, e), fmt.Sprintf(verb, &e), fmt.Sprintf(verb, in), fmt.Sprintf(verb, e.Request))
	}
	var logs strings.Builder
	slog.New(slog.NewJSONHandler(&logs, leaktest.NoTime(nil))).Info("entry", "e", e, "in", in)
	slog.New(slog.NewTextHandler(&logs, leaktest.NoTime(nil))).Info("entry", "e", e, "req", e.Request)
	js, err := json.Marshal(in)
	require.NoError(t, err)
	texts = append(texts, logs.String(), string(js))
	for _, text := range texts {
		for _, secret := range []string{pan, ssn, "4111", "6789", "3431"} { // 3431: "41" in hex
			assert.NotContains(t, text, secret)
		}
	}
	assert.Contains(t, fmt.Sprint(e), fmt.Sprintf("[%d bytes, not printed]", len(e.Request)))
	assert.Contains(t, string(e.Request), ssn, "the bytes are the Store's, intact")
}
