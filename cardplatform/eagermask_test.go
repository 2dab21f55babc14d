package cardplatform_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestMaskingDoesNotHideTheError: a one-letter test token turned the error text into
// "h******p://…/accoun***s/…", and a card proxy that passes the Luhn check was masked as a PAN
// in the error and the log. Short secrets are masked as whole tokens only, and the path
// arguments the spec declares identifiers stay readable; a real PAN next to them is masked.
func TestMaskingDoesNotHideTheError(t *testing.T) {
	const token, proxy, pan = "t", "5550000000009", "4111111111111111"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/problem+json")
		w.WriteHeader(http.StatusNotFound)
		_, _ = fmt.Fprintf(w, `{"title":"Card not found","status":404,"detail":"card %s (pan %s) unknown to bearer %s"}`, proxy, pan, token)
	}))
	defer srv.Close()
	var logs bytes.Buffer
	c, err := cardplatform.New(srv.URL, core.WithStaticToken(token), core.WithHTTPClient(srv.Client()),
		core.WithLogger(slog.New(slog.NewJSONHandler(&logs, leaktest.NoTime(&slog.HandlerOptions{Level: slog.LevelDebug})))))
	require.NoError(t, err)
	_, err = c.GetCardPIN(t.Context(), proxy)
	require.ErrorIs(t, err, core.ErrNotFound)
	text := err.Error() + fmt.Sprintf("%+v", err) + logs.String()
	assert.Contains(t, err.Error(), proxy, "the proxy is an identifier, not a card number")
	assert.Contains(t, logs.String(), "/api/v1/cards/"+proxy+"/pin")
	assert.Contains(t, text, "unknown to bearer ***", "the token is masked where it stands alone")
	assert.NotContains(t, text, "h***p")
	assert.NotContains(t, text, pan)
	assert.Contains(t, text, "1111", "the PAN is masked, last four kept")
}

// TestOutcomeUnknownKeepsTheProxyReadable: the outcome-unknown error of a call that must not
// be repeated rendered its URL with the default redactor, masking a Luhn-valid proxy.
func TestOutcomeUnknownKeepsTheProxyReadable(t *testing.T) {
	const proxy = "5550000000009"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadGateway)
	}))
	defer srv.Close()
	c, err := cardplatform.New(srv.URL, core.WithStaticToken("token-123456"), core.WithHTTPClient(srv.Client()))
	require.NoError(t, err)
	_, err = c.SetCardPIN(t.Context(), proxy, cardplatform.CardPINDTO{PIN: core.NewSecret("4821")})
	require.ErrorIs(t, err, core.ErrOutcomeUnknown)
	var logs bytes.Buffer
	slog.New(slog.NewJSONHandler(&logs, leaktest.NoTime(nil))).Error("failed", "err", err)
	assert.Contains(t, err.Error(), "/cards/"+proxy+"/pin")
	assert.Contains(t, logs.String(), "/cards/"+proxy+"/pin")
}
