package paging_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
)

// TestDecodeErrorsHideWhatTheServerPutInTypedMembers: a page whose typed members hold the
// bearer token or a card number fails with *DecodeError, whose text, %+v and slog record
// show neither (dates, amounts, counts, enums, member names, the addenda's sequence number).
func TestDecodeErrorsHideWhatTheServerPutInTypedMembers(t *testing.T) {
	const token, pan = "eyJhbGciOiJIUzI1NiJ9.cGFnaW5n.c2lnbmF0dXJl", "4111111111111111"
	item := func(member string) string {
		return `{"transactions":[{"parNumber":"1",` + member + `}],"metadata":{"page":{"pageNumber":1,"totalPages":1,"lastPage":true}}}`
	}
	for name, tc := range map[string]struct {
		addenda bool
		body    string
	}{
		"date token":       {false, item(`"settlementDate":"` + token + `"`)},
		"date PAN":         {false, item(`"settlementDate":"` + pan + `"`)},
		"amount token":     {false, item(`"transactionAmount":"` + token + `"`)},
		"amount PAN+x":     {false, item(`"transactionAmount":"` + pan + `x"`)},
		"count PAN digits": {false, item(`"addendaCount":` + pan + `0000`)},
		"enum as number":   {false, item(`"transactionStatus":` + pan)},
		"member name":      {false, item(`"` + token + `":tru`)},
		"sequence token":   {true, `{"addenda":[{"addendaSequenceNumber":"` + token + `"}]}`},
		"sequence PAN+x":   {true, `{"addenda":[{"addendaSequenceNumber":"` + pan + `x"}]}`},
	} {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write([]byte(tc.body))
			}))
			defer srv.Close()
			c, err := paging.New(srv.URL, core.WithHTTPClient(srv.Client()), paging.WithRateLimit(0), core.WithStaticToken(token))
			require.NoError(t, err)
			var last error
			if tc.addenda {
				for _, err := range c.ACHAddenda(t.Context(), paging.ACHAddendaRequest{UUID: "u"}) {
					last = err
				}
			} else {
				for _, err := range c.ACHTransactions(t.Context(), achReq) {
					last = err
				}
			}
			var de *core.DecodeError
			require.ErrorAs(t, last, &de)
			var logs bytes.Buffer
			slog.New(slog.NewJSONHandler(&logs, leaktest.NoTime(nil))).Error("failed", "err", last)
			for _, text := range []string{last.Error(), fmt.Sprintf("%+v", last), logs.String()} {
				assert.NotContains(t, text, token)
				assert.NotContains(t, text, pan)
			}
		})
	}
}
