package sdkclient_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/internal/settings"
)

// TestDecodeErrorsGoThroughTheCallsRedactor: a decode error quoting what the server sent (here
// encoding/json naming the member, and an over-long number) showed the token the call sent,
// the client's secret values and card numbers. The *DecodeError's text is masked by the
// call's redactor like every other error of the call.
func TestDecodeErrorsGoThroughTheCallsRedactor(t *testing.T) {
	const token, secret, pan = "tok-ABCDEFGHIJKLMNOP", "client-secret-value", "4111111111111111"
	for name, body := range map[string]string{
		"token":       `{"a":"` + token + `"}`,
		"secret":      `{"a":"` + secret + `"}`,
		"PAN":         `{"a":"` + pan + `"}`,
		"huge number": `{"a":411111111111111111111111111111}`,
	} {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_, _ = w.Write([]byte(body))
			}))
			defer srv.Close()
			p, err := sdkclient.New(sdkclient.Options{DecodeError: apierror.DecodeProblem, Client: settings.Client{
				HTTPClient:  srv.Client(),
				TokenSource: sdkclient.StaticToken(token), AllowInsecureHTTP: true, Secrets: []string{secret},
			}})
			require.NoError(t, err)
			req, err := http.NewRequest(http.MethodGet, srv.URL, nil)
			require.NoError(t, err)
			if name == "huge number" {
				_, err = sdkclient.JSON[map[string]int](p.Send(req, nil))
			} else {
				_, err = sdkclient.JSON[quoting](p.Send(req, nil))
			}
			var de *core.DecodeError
			require.ErrorAs(t, err, &de)
			var logs bytes.Buffer
			slog.New(slog.NewJSONHandler(&logs, leaktest.NoTime(nil))).Error("failed", "err", err)
			for _, text := range []string{err.Error(), fmt.Sprintf("%+v", err), logs.String()} {
				for _, s := range []string{token, secret, pan, "4111111111111111111"} {
					assert.NotContains(t, text, s)
				}
			}
		})
	}
}

// quoting is a model whose decoder quotes the body whole in its error.
type quoting struct{}

func (*quoting) UnmarshalJSON(b []byte) error { return fmt.Errorf("cannot decode %s", b) }
