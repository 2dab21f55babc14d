package cardplatform_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/internal/redact"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestSentSecretsEchoedInAProblemAreMasked: a 400 whose ProblemDetails quotes the card number
// and CVV the request sent (a number that fails the Luhn check, which no pattern would catch)
// shows neither in any text of the error. The call registers every Secret of its body.
func TestSentSecretsEchoedInAProblemAreMasked(t *testing.T) {
	const pan, cvv = "1234567812345678", "4821"
	if redact.Text(pan) != pan { // only the call's own knowledge can mask it
		t.Fatalf("pick a card number that fails the Luhn check: %s", pan)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := json.Marshal(map[string]any{
			"title": "card " + pan + " with cvv " + cvv + " rejected", "status": 400,
			"errors": map[string][]string{"card_number": {pan + " is not valid"}},
		})
		w.Header().Set("Content-Type", "application/problem+json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write(body)
	}))
	t.Cleanup(srv.Close)
	c, err := cardplatform.New(srv.URL, core.WithStaticToken("tok-echo-0000000001"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.ValidateCard(context.Background(), cardplatform.ValidateCardDTO{
		CardNumber: core.NewSecret(pan), CVV: core.NewSecret(cvv),
	})
	if err == nil {
		t.Fatal("no error")
	}
	var buf strings.Builder
	slog.New(slog.NewJSONHandler(&buf, leaktest.NoTime(nil))).Error("x", "err", err)
	js, _ := json.Marshal(err)
	var pe *core.Problem
	title := ""
	if errors.As(err, &pe) {
		title = pe.Title + fmt.Sprint(pe.Errors)
	}
	for how, s := range map[string]string{
		"Error": err.Error(), "%+v": fmt.Sprintf("%+v", err), "%#v": fmt.Sprintf("%#v", err),
		"slog": buf.String(), "json": string(js), "Problem": title,
	} {
		if strings.Contains(s, pan) || strings.Contains(s, "cvv "+cvv) {
			t.Errorf("%s shows what the call sent: %s", how, s)
		}
	}
	if !strings.Contains(err.Error(), "rejected") {
		t.Errorf("the server's message is lost: %s", err)
	}
}
