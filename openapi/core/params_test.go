package core

import (
	"github.com/issuerkit/issuerkit-go/internal/mask"
	"net/url"
	"strings"
	"testing"

	"github.com/oapi-codegen/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// These tests drive the scalar types through github.com/oapi-codegen/runtime the way the
// generated clients do: StyleParamWithOptions to write query, path and header parameters, and
// the Bind functions to read them back.

func queryOpts(format string) runtime.StyleParamOptions {
	return runtime.StyleParamOptions{ParamLocation: runtime.ParamLocationQuery, Type: "string", Format: format}
}

func TestStyleParamQuery(t *testing.T) {
	ts := mustTimestamp(t, "2024-05-01T10:20:30")
	tsOffset := mustTimestamp(t, "2024-05-01T10:20:30.1234567+02:00")
	amount := MustParseDecimal("75020.50")
	big := MustParseDecimal("12345678901234567890.123456789")
	secret := NewSecret(pan)
	secretSpecial := NewSecret("a b&c=d+é")

	tests := []struct {
		name  string
		value any
		want  string // the value after url.ParseQuery
	}{
		{"timestamp", ts, "2024-05-01T10:20:30"},
		{"*timestamp", &ts, "2024-05-01T10:20:30"},
		{"timestamp with offset", tsOffset, "2024-05-01T10:20:30.1234567+02:00"},
		{"decimal", amount, "75020.50"},
		{"*decimal", &amount, "75020.50"},
		{"big decimal", big, "12345678901234567890.123456789"},
		// A Secret marshals masked: the generated clients pass Reveal for parameters, and
		// any other tool that styles one (the runtime here) gets the mask.
		{"secret", secret, mask.Mask(pan)},
		{"*secret", &secret, mask.Mask(pan)},
		{"secret to escape", secretSpecial, mask.Mask("a b&c=d+é")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, explode := range []bool{true, false} {
				frag, err := runtime.StyleParamWithOptions("form", explode, "p", tt.value, queryOpts(""))
				require.NoError(t, err)
				q, err := url.ParseQuery(frag)
				require.NoError(t, err)
				assert.Equal(t, []string{tt.want}, q["p"], "fragment %q", frag)
			}
		})
	}

	frag, err := runtime.StyleParamWithOptions("form", true, "at", ts, queryOpts("local-date-time"))
	require.NoError(t, err)
	assert.Equal(t, "at=2024-05-01T10%3A20%3A30", frag)
}

func TestStyleParamQueryArrays(t *testing.T) {
	tss := []Timestamp{mustTimestamp(t, "2024-05-01T10:20:30"), mustTimestamp(t, "2024-05-02T00:00:00.5")}
	decs := []Decimal{MustParseDecimal("1.50"), MustParseDecimal("-0.001")}
	secrets := []Secret{NewSecret(pan), NewSecret("5500000000000004")}
	tests := []struct {
		name  string
		value any
		want  []string
	}{
		{"timestamps", tss, []string{"2024-05-01T10:20:30", "2024-05-02T00:00:00.5"}},
		{"decimals", decs, []string{"1.50", "-0.001"}},
		{"secrets", secrets, []string{mask.Mask(pan), mask.Mask("5500000000000004")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			frag, err := runtime.StyleParamWithOptions("form", true, "p", tt.value, queryOpts(""))
			require.NoError(t, err)
			q, err := url.ParseQuery(frag)
			require.NoError(t, err)
			assert.Equal(t, tt.want, q["p"], "fragment %q", frag)
		})
	}
}

func TestStyleParamPathAndHeader(t *testing.T) {
	ts := mustTimestamp(t, "2024-05-01T10:20:30")
	pathOpts := runtime.StyleParamOptions{ParamLocation: runtime.ParamLocationPath}
	headerOpts := runtime.StyleParamOptions{ParamLocation: runtime.ParamLocationHeader}
	tests := []struct {
		name        string
		value       any
		path, label string
		header      string
	}{
		{"timestamp", ts, "2024-05-01T10:20:30", ".2024-05-01T10:20:30", "2024-05-01T10:20:30"},
		{"decimal", MustParseDecimal("-12.50"), "-12.50", ".-12.50", "-12.50"},
		{"secret", NewSecret(pan), strings.Repeat("%2A", 12) + "1111", "." + strings.Repeat("%2A", 12) + "1111", mask.Mask(pan)}, // masked: the clients pass Reveal
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := runtime.StyleParamWithOptions("simple", false, "p", tt.value, pathOpts)
			require.NoError(t, err)
			assert.Equal(t, tt.path, got)
			got, err = runtime.StyleParamWithOptions("label", false, "p", tt.value, pathOpts)
			require.NoError(t, err)
			assert.Equal(t, tt.label, got)
			got, err = runtime.StyleParamWithOptions("simple", false, "p", tt.value, headerOpts)
			require.NoError(t, err)
			assert.Equal(t, tt.header, got)
		})
	}
}

// TestBindParams binds query values the way a generated server or a test double reads them.
func TestBindParams(t *testing.T) {
	q := url.Values{
		"at":     {"2024-05-01T10:20:30.5+02:00"},
		"amount": {"75020.52"},
		"pan":    {pan},
	}
	for _, explode := range []bool{true, false} {
		var (
			at     Timestamp
			optAt  *Timestamp
			amount Decimal
			optAmt *Decimal
			secret Secret
			optSec *Secret
		)
		opts := runtime.BindQueryParameterOptions{Type: "string"}
		require.NoError(t, runtime.BindQueryParameterWithOptions("form", explode, true, "at", q, &at, opts))
		require.NoError(t, runtime.BindQueryParameterWithOptions("form", explode, false, "at", q, &optAt, opts))
		require.NoError(t, runtime.BindQueryParameterWithOptions("form", explode, true, "amount", q, &amount, opts))
		require.NoError(t, runtime.BindQueryParameterWithOptions("form", explode, false, "amount", q, &optAmt, opts))
		require.NoError(t, runtime.BindQueryParameterWithOptions("form", explode, true, "pan", q, &secret, opts))
		require.NoError(t, runtime.BindQueryParameterWithOptions("form", explode, false, "pan", q, &optSec, opts))

		assert.Equal(t, "2024-05-01T10:20:30.5+02:00", at.String())
		require.NotNil(t, optAt)
		assert.Equal(t, "2024-05-01T10:20:30.5+02:00", optAt.String())
		assert.Equal(t, "75020.52", amount.String())
		require.NotNil(t, optAmt)
		assert.Equal(t, "75020.52", optAmt.String())
		assert.Equal(t, pan, secret.Reveal())
		require.NotNil(t, optSec)
		assert.Equal(t, pan, optSec.Reveal())

		var missing *Timestamp
		require.NoError(t, runtime.BindQueryParameterWithOptions("form", explode, false, "absent", q, &missing, opts))
		assert.Nil(t, missing)
	}

	// An exploded form value may group thousands; an unexploded one may not, since there a
	// comma separates array items (the runtime splits on it before the Decimal sees it).
	var grouped Decimal
	require.NoError(t, runtime.BindQueryParameterWithOptions("form", true, true, "amount",
		url.Values{"amount": {"75,020.52"}}, &grouped, runtime.BindQueryParameterOptions{}))
	assert.Equal(t, "75020.52", grouped.String())

	bad := url.Values{"at": {"yesterday"}, "amount": {"1,50"}}
	var at Timestamp
	var amount Decimal
	assert.ErrorIs(t, runtime.BindQueryParameterWithOptions("form", true, true, "at", bad, &at, runtime.BindQueryParameterOptions{}), ErrInvalidTimestamp)
	assert.ErrorIs(t, runtime.BindQueryParameterWithOptions("form", true, true, "amount", bad, &amount, runtime.BindQueryParameterOptions{}), ErrInvalidDecimal)

	// Path parameters arrive escaped.
	pathOpts := runtime.BindStyledParameterOptions{ParamLocation: runtime.ParamLocationPath, Required: true}
	require.NoError(t, runtime.BindStyledParameterWithOptions("simple", "at", "2024-05-01T10%3A20%3A30", &at, pathOpts))
	assert.Equal(t, "2024-05-01T10:20:30", at.String())
	require.NoError(t, runtime.BindStyledParameterWithOptions("simple", "amount", "-0.50", &amount, pathOpts))
	assert.Equal(t, "-0.50", amount.String())
	var secret Secret
	require.NoError(t, runtime.BindStyledParameterWithOptions("simple", "pan", pan, &secret, pathOpts))
	assert.Equal(t, pan, secret.Reveal())
}

// TestStyleParamRoundTrip writes each type as a query parameter and binds it back.
func TestStyleParamRoundTrip(t *testing.T) {
	ts := mustTimestamp(t, "2024-05-01T10:20:30.1000000-05:00")
	frag, err := runtime.StyleParamWithOptions("form", true, "at", ts, queryOpts("local-date-time"))
	require.NoError(t, err)
	q, err := url.ParseQuery(frag)
	require.NoError(t, err)
	var back Timestamp
	require.NoError(t, runtime.BindQueryParameterWithOptions("form", true, true, "at", q, &back, runtime.BindQueryParameterOptions{}))
	assert.Equal(t, ts.String(), back.String())

	d := MustParseDecimal("0.10")
	frag, err = runtime.StyleParamWithOptions("form", true, "amount", d, queryOpts("decimal"))
	require.NoError(t, err)
	q, err = url.ParseQuery(frag)
	require.NoError(t, err)
	var backD Decimal
	require.NoError(t, runtime.BindQueryParameterWithOptions("form", true, true, "amount", q, &backD, runtime.BindQueryParameterOptions{}))
	assert.Equal(t, "0.10", backD.String())
}

func TestStyleParamObjects(t *testing.T) {
	type filter struct {
		From Timestamp `json:"from"`
		Min  Decimal   `json:"min"`
		PAN  Secret    `json:"pan"`
	}
	f := filter{From: mustTimestamp(t, "2024-05-01T10:20:30"), Min: MustParseDecimal("1.50"), PAN: NewSecret(pan)}
	want := url.Values{"from": {"2024-05-01T10:20:30"}, "min": {"1.50"}, "pan": {mask.Mask(pan)}}

	frag, err := runtime.StyleParamWithOptions("form", true, "filter", f, queryOpts(""))
	require.NoError(t, err)
	q, err := url.ParseQuery(frag)
	require.NoError(t, err)
	assert.Equal(t, want, q)

	frag, err = runtime.StyleParamWithOptions("deepObject", true, "filter", f, queryOpts(""))
	require.NoError(t, err)
	q, err = url.ParseQuery(frag)
	require.NoError(t, err)
	assert.Equal(t, url.Values{"filter[from]": {"2024-05-01T10:20:30"}, "filter[min]": {"1.50"}, "filter[pan]": {mask.Mask(pan)}}, q)
}
