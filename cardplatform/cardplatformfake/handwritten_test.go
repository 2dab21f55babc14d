package cardplatformfake_test

import (
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformfake"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestHandwrittenMethodIsFaked: an operation whose method is written by hand (the streamed
// batch file download) is faked by an http.HandlerFunc that answers the request as sent; the
// client's own code reads the answer, and the call is recorded under the operation's id.
func TestHandwrittenMethodIsFaked(t *testing.T) {
	f := &cardplatformfake.Fake{
		DownloadBatchfile: func(w http.ResponseWriter, r *http.Request) {
			call, ok := cardplatformfake.CallFrom(r.Context())
			assert.True(t, ok)
			assert.Equal(t, "downloadBatchfile", call.OperationID)
			w.Header().Set("Content-Type", "application/octet-stream")
			w.Header().Set("Content-Disposition", `attachment; filename="cards.csv"`)
			_, _ = io.WriteString(w, "proxy,status\n1000000000001,ACTIVE\n")
		},
	}
	c := f.Client()
	d, err := c.DownloadBatchfile(t.Context(), cardplatform.BatchfileDownloadRequest{BatchfileGUID: core.NewGUID()})
	require.NoError(t, err)
	b, err := io.ReadAll(d.Body)
	require.NoError(t, err)
	require.NoError(t, d.Body.Close())
	assert.Equal(t, "proxy,status\n1000000000001,ACTIVE\n", string(b))
	assert.Equal(t, "cards.csv", d.FileName)
	require.Len(t, f.Calls(), 1)
	assert.Equal(t, "downloadBatchfile", f.Calls()[0].OperationID)

	// Unset, it is not faked: 501, never the fake's "no operation" 404.
	_, err = c.UpdateCard(t.Context(), cardplatform.UpdateCardRequest{})
	var e *core.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, http.StatusNotImplemented, e.StatusCode)
}
