package paging_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/paging"
)

// TestUnionPayloadMaskedInFmtAndSlog: a union (Parties) keeps its payload raw in an unexported
// field, which fmt prints without calling any method of the field (%s wrote the JSON, account
// numbers in clear). The union masks itself in every fmt verb and both slog handlers, alone,
// by pointer and inside the answer that holds it, and json.Marshal of the answer masks it.
// (json.Marshal of the union alone is its wire form: the answer's encoder writes it with it.)
func TestUnionPayloadMaskedInFmtAndSlog(t *testing.T) {
	const acct = "31234567890123"
	var ps paging.Parties
	require.NoError(t, json.Unmarshal([]byte(`[{"aba":"011000015","accountNumber":"`+acct+`","name":"Kept Name"}]`), &ps))
	answer := paging.ParticipantListResponse{Parties: ps}
	for name, v := range map[string]any{"Parties": ps, "*Parties": &ps, "answer": answer, "*answer": &answer} {
		var out bytes.Buffer
		for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%d"} {
			fmt.Fprintf(&out, verb+"\n", v)
		}
		slog.New(slog.NewJSONHandler(&out, leaktest.NoTime(nil))).Info("m", "v", v)
		slog.New(slog.NewTextHandler(&out, leaktest.NoTime(nil))).Info("m", "v", v)
		if strings.Contains(name, "answer") {
			js, err := json.Marshal(v)
			require.NoError(t, err)
			out.Write(js)
		}
		printed := out.String()
		for _, leak := range []string{acct, fmt.Sprintf("%x", acct), fmt.Sprint([]byte(acct))[1:20]} {
			if strings.Contains(printed, leak) {
				t.Errorf("%s shows the account number (%q): %s", name, leak, printed)
			}
		}
		require.Contains(t, printed, "0123", "%s: the last four still tell accounts apart", name)
	}
	list, err := answer.Parties.AsPartyList()
	require.NoError(t, err)
	require.Equal(t, acct, list[0].AccountNumber.Reveal(), "the value itself is kept")
}
