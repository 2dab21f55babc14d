package validation_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestDecodeErrorsHideWhatTheServerPutInTypedMembers: a 200 whose typed members hold the
// bearer token or a card number fails with *DecodeError, whose text, %+v and slog record
// show neither (the health check's Status, verifyAccount's enums and secret; the health
// check's Timestamp is free text and never fails the answer).
func TestDecodeErrorsHideWhatTheServerPutInTypedMembers(t *testing.T) {
	const pan = "4111111111111111"
	token := "tok" // newClient's static token: too short to test; use one of our own
	token = "eyJhbGciOiJIUzI1NiJ9.dmFsaWRhdGlvbg.c2ln"
	for name, tc := range map[string]struct {
		health bool
		body   string
	}{
		"status as a bare token": {true, `{"Status":` + token + `,"Timestamp":"x"}`},
		"status as a PAN number": {true, `{"Status":` + pan + `,"Timestamp":"x"}`},
		"status as a PAN+x":      {true, `{"Status":` + pan + `x}`},
		"unknown member token":   {true, `{"Status":"UP","` + token + `":tru}`},
		"enum as a number":       {false, `{"accountValidationResponse":{"AOAResponse":{"Result":{"errorCode":` + pan + `}}}}`},
		"secret as a number":     {false, `{"accountValidationResponse":{"AOAResponse":{"Result":{"errorCode":"000","accountNumber":` + pan + `}}}}`},
		"status enum token":      {false, `{"accountValidationResponse":{"AOAResponse":{"Result":{"errorCode":"000","AcctStatus":{"primaryStatusCode":{"` + token + `":1}}}}}}`},
	} {
		t.Run(name, func(t *testing.T) {
			c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write([]byte(tc.body))
			}, core.WithStaticToken(token))
			var err error
			if tc.health {
				_, err = c.HealthCheck(t.Context())
			} else {
				_, err = c.VerifyAccount(t.Context(), validInquiry())
			}
			var de *core.DecodeError
			require.ErrorAs(t, err, &de)
			var logs bytes.Buffer
			slog.New(slog.NewJSONHandler(&logs, leaktest.NoTime(nil))).Error("failed", "err", err)
			for _, text := range []string{err.Error(), fmt.Sprintf("%+v", err), logs.String()} {
				assert.NotContains(t, text, token)
				assert.NotContains(t, text, pan)
			}
		})
	}
}
