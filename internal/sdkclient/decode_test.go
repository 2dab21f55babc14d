package sdkclient_test

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
)

func jsonResponse(body string, length int64) *http.Response {
	return &http.Response{StatusCode: 200, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(body)), ContentLength: length}
}

func TestJSONDecodesThroughTheModelsOwnDecoder(t *testing.T) {
	for name, length := range map[string]int64{"known length": -2, "unknown length": -1} {
		t.Run(name, func(t *testing.T) {
			body := `{"card_proxy":"p-1","card_status":"ACTIVE","new_field":{"a":[1,2]}}` + "\n"
			if length == -2 {
				length = int64(len(body))
			}
			c, err := sdkclient.JSON[cardplatform.CardDTO](jsonResponse(body, length), nil)
			require.NoError(t, err)
			assert.Equal(t, "p-1", c.CardProxy)
			assert.JSONEq(t, `{"a":[1,2]}`, string(c.AdditionalProperties.Map()["new_field"]))
		})
	}
}

// The body buffer is pooled: what one call decoded must not change when the next call reuses
// the buffer.
func TestJSONResultsDoNotShareTheBodyBuffer(t *testing.T) {
	first, err := sdkclient.JSON[cardplatform.CardDTO](jsonResponse(`{"card_proxy":"aaaa","x":"1111"}`, -1), nil)
	require.NoError(t, err)
	for range 10 {
		_, err := sdkclient.JSON[cardplatform.CardDTO](jsonResponse(`{"card_proxy":"bbbb","x":"2222"}`, -1), nil)
		require.NoError(t, err)
	}
	assert.Equal(t, "aaaa", first.CardProxy)
	assert.Equal(t, `"1111"`, string(first.AdditionalProperties.Map()["x"]))
}

func TestJSONDecodeErrors(t *testing.T) {
	for name, tc := range map[string]struct {
		body   string
		length int64
		want   string
	}{
		"empty":                 {"", 0, "empty body"},
		"white space":           {" \n", -1, "empty body"},
		"not an object":         {`[1]`, -1, "malformed"},
		"truncated":             {`{"card_proxy":"p`, -1, "malformed"},
		"trailing text":         {`{"card_proxy":"p"} x`, -1, "malformed"},
		"malformed kept member": {`{"card_proxy":"p","x":[1,,2]}`, -1, "malformed"},
		"malformed known field": {`{"card_proxy":"p","supplemental_details":{"invoices":[{]}}`, -1, ""},
		"announced too large":   {`{}`, 65 << 20, "larger than"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := sdkclient.JSON[cardplatform.CardDTO](jsonResponse(tc.body, tc.length), nil)
			var de *core.DecodeError
			require.True(t, errors.As(err, &de), "%v", err)
			assert.Equal(t, 200, de.StatusCode)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// A type without its own decoder goes through encoding/json.
func TestJSONWithoutUnmarshaler(t *testing.T) {
	v, err := sdkclient.JSON[map[string]int](jsonResponse(`{"a":1}`, -1), nil)
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"a": 1}, *v)
	_, err = sdkclient.JSON[map[string]int](jsonResponse(``, -1), nil)
	assert.ErrorContains(t, err, "empty body")
}

func TestJSONPassesTheCallErrorThrough(t *testing.T) {
	boom := errors.New("boom")
	_, err := sdkclient.JSON[cardplatform.CardDTO](nil, boom)
	assert.Same(t, boom, err)
}
