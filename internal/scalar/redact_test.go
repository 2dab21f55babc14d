package scalar

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRedactSecretsMasksEveryShape(t *testing.T) {
	req := newCardRequest(t)
	type withAny struct {
		Payload any
		Items   []any
	}
	type node struct {
		Next *node
		Key  core.Secret
	}
	values := map[string]any{
		"struct":         req,
		"pointer":        &req,
		"pointer to ptr": ptr(&req),
		"slice":          []core.Secret{req.PAN, req.PAN},
		"array":          [2]core.Secret{req.PAN},
		"map value":      map[string]core.Secret{"pan": req.PAN},
		"map key":        map[core.Secret]string{req.PAN: "x"},
		"slice of maps":  []map[string]*core.Secret{{"pan": &req.PAN}},
		"interface":      withAny{Payload: req, Items: []any{req.PAN, &req}},
		"linked list":    &node{Key: req.PAN, Next: &node{Key: req.PAN}},
		"map of any":     map[string]any{"req": req, "n": 1},
	}
	for name, v := range values {
		t.Run(name, func(t *testing.T) {
			before, err := json.Marshal(v)
			require.NoError(t, err)

			a := RedactSecrets(nil, slog.Any("k", v))
			assert.Equal(t, "k", a.Key)
			out, err := json.Marshal(a.Value.Any())
			require.NoError(t, err)
			assertNoLeak(t, string(out))
			assert.Contains(t, string(out), "************1111")

			after, err := json.Marshal(v)
			require.NoError(t, err)
			assert.Equal(t, string(before), string(after), "the logged value is not modified")
			assert.Equal(t, pan, req.PAN.Reveal(), "the original keeps its value")
		})
	}
}

func TestRedactSecretsLeavesOtherValuesAlone(t *testing.T) {
	type plain struct {
		Name   string
		Amount core.Decimal
		Any    any
	}
	values := []slog.Attr{
		slog.String("s", pan), // a plain string is not a Secret
		slog.Int("n", 1),
		slog.Any("nil", nil),
		slog.Any("struct", plain{Name: "x", Amount: core.MustParseDecimal("1.50"), Any: 3}),
		slog.Any("empty secret", []core.Secret{{}}),
		slog.Any("nil slice", []core.Secret(nil)),
		slog.Any("nil map", map[string]core.Secret(nil)),
		slog.Any("nil pointer", (*cardRequest)(nil)),
		slog.Group("g", slog.Int("n", 1)),
	}
	for _, a := range values {
		t.Run(a.Key, func(t *testing.T) {
			got := RedactSecrets(nil, a)
			assert.Equal(t, a.Key, got.Key)
			assert.Equal(t, a.Value.Kind(), got.Value.Kind())
			assert.Equal(t, a.Value.Any(), got.Value.Any())
		})
	}
}

func TestRedactSecretsFailsClosed(t *testing.T) {
	type hidden struct {
		pan core.Secret
	}
	type deep struct {
		Next *deep
		Key  core.Secret
	}
	var chain *deep
	for range maxRedactDepth + 1 {
		chain = &deep{Next: chain}
	}
	chain.Key = core.NewSecret(pan)

	for name, v := range map[string]any{
		"unexported field":      hidden{pan: core.NewSecret(pan)},
		"unexported in slice":   []hidden{{pan: core.NewSecret(pan)}},
		"too deep":              func() any { d := &deep{Next: chain}; return d }(),
		"unexported behind any": struct{ X any }{X: hidden{pan: core.NewSecret(pan)}},
	} {
		t.Run(name, func(t *testing.T) {
			a := RedactSecrets(nil, slog.Any("k", v))
			assert.Equal(t, "[REDACTED]", a.Value.String())
		})
	}

	// An unexported field without a Secret in it is fine.
	type quiet struct {
		PAN  core.Secret
		note any
	}
	a := RedactSecrets(nil, slog.Any("k", quiet{PAN: core.NewSecret(pan), note: "n"}))
	got, ok := a.Value.Any().(quiet)
	require.True(t, ok)
	assert.Equal(t, "************1111", got.PAN.Reveal())
	assert.Equal(t, "n", got.note)
}

func TestRedactSecretsWithJSONHandler(t *testing.T) {
	var buf bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&buf, leaktest.NoTime(&slog.HandlerOptions{ReplaceAttr: RedactSecrets})))
	req := newCardRequest(t)
	logger.Info("charge", "req", req)

	var rec map[string]any
	require.NoError(t, json.Unmarshal(buf.Bytes(), &rec))
	assert.Equal(t, map[string]any{
		"pan": "************1111", "cvv": "***", "amount": 12.5, "at": "2024-05-01T10:20:30",
	}, rec["req"], "the structure is kept, only the secrets are masked")
}
