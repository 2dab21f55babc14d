package scalar

import (
	"bytes"
	"log/slog"
	"regexp"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const pan = "4111111111111111"

// cardRequest has the shape of a generated request body.
type cardRequest struct {
	PAN    core.Secret    `json:"pan"`
	CVV    *core.Secret   `json:"cvv,omitempty"`
	Amount core.Decimal   `json:"amount"`
	At     core.Timestamp `json:"at"`
}

func newCardRequest(t testing.TB) cardRequest {
	cvv := core.NewSecret("737")
	return cardRequest{
		PAN:    core.NewSecret(pan),
		CVV:    &cvv,
		Amount: core.MustParseDecimal("12.50"),
		At:     mustTimestamp(t),
	}
}

func TestSecretSlogMasks(t *testing.T) {
	req := newCardRequest(t)
	handlers := map[string]func(*bytes.Buffer) slog.Handler{
		"text": func(b *bytes.Buffer) slog.Handler { return slog.NewTextHandler(b, leaktest.NoTime(nil)) },
		"json": func(b *bytes.Buffer) slog.Handler {
			return slog.NewJSONHandler(b, leaktest.NoTime(&slog.HandlerOptions{ReplaceAttr: RedactSecrets}))
		},
		"text with RedactSecrets": func(b *bytes.Buffer) slog.Handler {
			return slog.NewTextHandler(b, leaktest.NoTime(&slog.HandlerOptions{ReplaceAttr: RedactSecrets}))
		},
	}
	for name, newHandler := range handlers {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			logger := slog.New(newHandler(&buf))
			logger.Info("charge",
				"req", req, "reqPtr", &req, "pan", req.PAN, "panPtr", &req.PAN,
				"pans", []core.Secret{req.PAN}, "byName", map[string]core.Secret{"pan": req.PAN},
				slog.Group("card", "pan", req.PAN), "any", []any{req})
			logger.With("pan", req.PAN).WithGroup("g").Error("failed", "req", req)
			// The record's time may contain any digits: leave it out of the check.
			out := logTime.ReplaceAllString(buf.String(), "")
			assertNoLeak(t, out)
			assert.NotContains(t, out, "737")
			assert.Contains(t, out, "************1111")
			assert.Contains(t, out, "12.50", "the other fields are still logged")
		})
	}
}

var logTime = regexp.MustCompile(`"time":"[^"]*"|time=\S+`)

func assertNoLeak(t *testing.T, out string, msgAndArgs ...any) {
	t.Helper()
	assert.NotContains(t, out, pan, msgAndArgs...)
	assert.NotContains(t, out, "411111111111", msgAndArgs...)
}

func ptr[T any](v T) *T { return &v }

func mustTimestamp(t testing.TB) core.Timestamp {
	ts, err := core.ParseTimestamp("2024-05-01T10:20:30")
	require.NoError(t, err)
	return ts
}
