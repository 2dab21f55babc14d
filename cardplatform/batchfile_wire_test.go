package cardplatform_test

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestBatchfileMetadataSentAsWritten: the batch file's metadata is sent with the wire encoder,
// exactly as the caller wrote it. json.Marshal of a model masks what looks sensitive for the
// user's logs (members under a sensitive name, card-number-like text); the upload must not
// send that masked form in place of the caller's values.
func TestBatchfileMetadataSentAsWritten(t *testing.T) {
	var got map[string]any
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		assert.NoError(t, err)
		assert.NoError(t, json.Unmarshal(b, &got), "%s", b)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		_, _ = io.WriteString(w, `{"batchfile_guid":"3f6c2a4e-5b7d-4c8e-9f0a-1b2c3d4e5f60"}`)
	})
	meta := cardplatform.BatchfileRequest{
		FileName:   "cards-4111111111111111.csv",
		ReportName: "pin 1234",
		AdditionalProperties: core.NewExtras(map[string]json.RawMessage{
			"account_number": json.RawMessage(`"3123456789"`),
			"cvv":            json.RawMessage(`"123"`),
		}),
	}
	_, err := c.CreateBatchfileBytes(t.Context(), meta, []byte("a,b\n"))
	require.NoError(t, err)
	assert.Equal(t, "cards-4111111111111111.csv", got["file_name"])
	assert.Equal(t, "pin 1234", got["report_name"])
	assert.Equal(t, "3123456789", got["account_number"])
	assert.Equal(t, "123", got["cvv"])
	assert.Equal(t, "YSxiCg==", got["source_document"])
}
