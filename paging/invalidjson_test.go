package paging_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
)

// TestInvalidJSONInARawMemberIsDecodeError: a member the model keeps as raw JSON (the RTP
// participants' parties, an array or an object) gets only valid JSON; anything else is a
// *DecodeError, not a page whose parties fail later, or never (found by
// FuzzDecodeRTPParticipantsPage).
func TestInvalidJSONInARawMemberIsDecodeError(t *testing.T) {
	for _, body := range []string{`{"parties":[{""}]}`, `{"parties":tru}`, `{"parties":{"name":"a",}}`, `{"parties":[1}}`} {
		t.Run(body, func(t *testing.T) {
			require.False(t, json.Valid([]byte(body)))
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.WriteString(w, body)
			}))
			defer srv.Close()
			c, err := paging.New(srv.URL, core.WithHTTPClient(srv.Client()), paging.WithRateLimit(0))
			require.NoError(t, err)
			res, err := c.ListRTPParticipants(t.Context(), paging.ListRTPParticipantsRequest{KeyClientID: "k", Limit: 3})
			assert.Nil(t, res)
			var de *core.DecodeError
			assert.ErrorAs(t, err, &de)
		})
	}
}
