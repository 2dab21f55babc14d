package cardplatform_test

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestGetCardDotIsNotTheSearch: a server that normalises /cards/. to /cards (a redirect to the
// card search) must not see the request at all: GetCard(ctx, ".") fails with
// ErrInvalidArgument, and the search page with its card numbers never decodes as a CardDTO.
func TestGetCardDotIsNotTheSearch(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.URL.EscapedPath())
		mu.Unlock()
		switch r.URL.EscapedPath() {
		case "/api/v1/cards/.", "/api/v1/cards/..", "/api/v1/cards/%2e":
			http.Redirect(w, r, "/api/v1/cards", http.StatusMovedPermanently)
		default:
			writeRaw(w, `{"total":1,"start_index":1,"items":[{"card_proxy":"p1","card_number":"4111111111111111"}]}`)
		}
	}))
	t.Cleanup(srv.Close)
	c, err := cardplatform.New(srv.URL, core.WithHTTPClient(srv.Client()))
	require.NoError(t, err)
	for _, arg := range []string{".", "..", "%2e"} {
		card, err := c.GetCard(t.Context(), arg)
		require.ErrorIs(t, err, core.ErrInvalidArgument, "GetCard(%q)", arg)
		assert.Nil(t, card, "GetCard(%q)", arg)
		_, err = c.GetCardPIN(t.Context(), arg)
		require.ErrorIs(t, err, core.ErrInvalidArgument, "GetCardPIN(%q)", arg)
	}
	mu.Lock()
	defer mu.Unlock()
	assert.Empty(t, seen, "no request reaches the server")
}
