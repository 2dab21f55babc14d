package cardplatform_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// hostileToken and hostilePAN are what a hostile (or broken) server puts in typed members of a
// 200 body: the bearer token the call sent and a card number.
const (
	hostileToken = "eyJhbGciOiJIUzI1NiJ9.aG9zdGlsZQ.c2lnbmF0dXJl"
	hostilePAN   = "4111111111111111"
)

// assertDecodeErrorHidesSecrets checks err.Error(), %v, %+v and a slog JSON record of err.
func assertDecodeErrorHidesSecrets(t *testing.T, err error, secrets ...string) {
	t.Helper()
	require.Error(t, err)
	var logs bytes.Buffer
	slog.New(slog.NewJSONHandler(&logs, leaktest.NoTime(nil))).Error("call failed", "err", err)
	slog.New(slog.NewTextHandler(&logs, leaktest.NoTime(nil))).Error("call failed", "err", err)
	for _, text := range []string{err.Error(), fmt.Sprintf("%v", err), fmt.Sprintf("%+v", err), logs.String()} {
		for _, s := range secrets {
			assert.NotContains(t, text, s)
		}
	}
}

// TestDecodeErrorsHideWhatTheServerPutInTypedMembers: a 200 whose person_guid held the token
// gave `decoding CardDTO member "person_guid": invalid GUID "<token>"`. Decode errors go
// through the call's redactor, and a value that fails to parse is quoted as an excerpt only.
func TestDecodeErrorsHideWhatTheServerPutInTypedMembers(t *testing.T) {
	for _, secret := range []string{hostileToken, hostilePAN, hostilePAN + "x", "123-45-6789", "acct 99887766554433"} {
		q := fmt.Sprintf("%q", secret)
		for name, body := range map[string]string{
			"guid":             `{"card_proxy":"p","person_guid":` + q + `}`,
			"timestamp":        `{"card_proxy":"p","sys_utcinserted":` + q + `}`,
			"decimal":          `{"card_proxy":"p","supplemental_details":{"invoices":[{"invoice_amount":"` + secret + ` "}]}}`,
			"enum as a number": `{"card_proxy":"p","card_status":` + strings.Trim(q, `"`) + `}`,
			"secret as number": `{"card_proxy":"p","card_number":` + strings.Trim(q, `"`) + `}`,
			"truncated":        `{"card_proxy":"p","mask_card_pan":` + q,
			"as a member name": `{"card_proxy":"p",` + q + `: tru}`,
		} {
			t.Run(name+"/"+secret[:4], func(t *testing.T) {
				srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					w.Header().Set("Content-Type", "application/json")
					_, _ = w.Write([]byte(body))
				}))
				defer srv.Close()
				c, err := cardplatform.New(srv.URL, core.WithStaticToken(hostileToken), core.WithHTTPClient(srv.Client()))
				require.NoError(t, err)
				_, err = c.GetCard(t.Context(), "p")
				var de *core.DecodeError
				require.ErrorAs(t, err, &de, body)
				assertDecodeErrorHidesSecrets(t, err, secret, hostileToken, hostilePAN)
			})
		}
	}
}
