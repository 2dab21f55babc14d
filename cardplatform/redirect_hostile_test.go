package cardplatform_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// redirectingServer answers the operation's own path with a redirect on the same origin and
// records every request that reaches any path, with its Authorization header and body.
type redirectingServer struct {
	*httptest.Server
	mu   sync.Mutex
	seen []string // "METHOD path auth body"
}

func (s *redirectingServer) log() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.seen...)
}

func newRedirectingServer(t *testing.T, from, to string, status int) *redirectingServer {
	t.Helper()
	s := &redirectingServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		s.seen = append(s.seen, r.Method+" "+r.URL.Path+" "+r.Header.Get("Authorization")+" "+string(body))
		s.mu.Unlock()
		if r.URL.Path == from {
			w.Header().Set("Location", to)
			w.WriteHeader(status)
			return
		}
		// Any other path answers a 200 that would decode as this operation's success: a card
		// for GetCard, a disbursement for CreateDisbursement.
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"card_proxy":"someone-else","card_number":"4111111111111111","disbursement_guid":"3fa85f64-5717-4562-b3fc-2c963f66afa6","amount":1,"status":"QUEUED"}`)
	}))
	t.Cleanup(s.Close)
	return s
}

// TestSameOriginRedirectsAreNeverFollowed: no redirect is followed, for any operation, on the
// same origin as on another one. The APIs document no redirect, and a redirect's target is an
// answer to another request: following it would turn a POST into a GET of another path
// (301/302/303) whose 200 becomes a "successful" disbursement, re-send the payment body and
// token to a path nobody chose (307/308), or return another card's record for GetCard. An
// operation that is not retry-safe also matches ErrOutcomeUnknown: the server received the
// request before it answered with the redirect.
func TestSameOriginRedirectsAreNeverFollowed(t *testing.T) {
	const token = "redirect-test-token"
	type call struct {
		name, from string
		targets    []string
		safe       bool
		do         func(c *cardplatform.Client) (any, error)
	}
	calls := []call{
		{
			name: "CreateDisbursement (POST)", from: "/api/v1/disbursements",
			targets: []string{"/api/v1/disbursements/3fa85f64-5717-4562-b3fc-2c963f66afa6", "/api/v1/cards/x", "/elsewhere"},
			do: func(c *cardplatform.Client) (any, error) {
				return c.CreateDisbursement(context.Background(), cardplatform.DisbursementDTO{
					Amount: core.NewDecimalFromInt(25075, 2), ClientReferenceID: "payout-7",
				})
			},
		},
		{
			name: "GetCard (GET)", from: "/api/v1/cards/proxy-123", safe: true,
			// The same path template with another argument, the card search, another API.
			targets: []string{"/api/v1/cards/proxy-456", "/api/v1/cards", "/elsewhere"},
			do: func(c *cardplatform.Client) (any, error) {
				return c.GetCard(context.Background(), "proxy-123")
			},
		},
	}
	clients := []struct {
		name string
		opts func() []core.Option
	}{
		{"default client", func() []core.Option { return nil }},
		{"WithHTTPClient(&http.Client{})", func() []core.Option {
			return []core.Option{core.WithHTTPClient(&http.Client{})}
		}},
		{"WithHTTPClient with a CheckRedirect that allows everything", func() []core.Option {
			return []core.Option{core.WithHTTPClient(&http.Client{
				CheckRedirect: func(*http.Request, []*http.Request) error { return nil },
			})}
		}},
	}
	for _, cl := range clients {
		for _, cc := range calls {
			for _, status := range []int{301, 302, 303, 307, 308} {
				for _, target := range cc.targets {
					t.Run(fmt.Sprintf("%s/%s/%d to %s", cl.name, cc.name, status, target), func(t *testing.T) {
						srv := newRedirectingServer(t, cc.from, target, status)
						opts := append(cl.opts(), core.WithStaticToken(token),
							core.WithRetry(core.RetryOptions{BaseDelay: 1, MaxDelay: 1_000_000}))
						c, err := cardplatform.New(srv.URL, opts...)
						require.NoError(t, err)

						res, err := cc.do(c)
						require.Error(t, err, "a redirect never becomes this operation's result")
						assert.Nil(t, resultPointer(res), "no result with the error")
						assert.ErrorIs(t, err, core.ErrRedirectRefused)
						var re *core.RedirectError
						if assert.ErrorAs(t, err, &re) {
							assert.Equal(t, status, re.Status)
							assert.Equal(t, srv.URL, re.From)
							assert.Equal(t, srv.URL+target, re.To)
						}
						if cc.safe {
							assert.NotErrorIs(t, err, core.ErrOutcomeUnknown, "nothing changes state on a read")
						} else {
							assert.ErrorIs(t, err, core.ErrOutcomeUnknown, "the server received the payment before it redirected")
						}
						assert.NotContains(t, err.Error(), token)

						seen := srv.log()
						require.Len(t, seen, 1, "one request, to the operation's path; nothing to the target, nothing re-sent: %q", seen)
						assert.True(t, strings.HasPrefix(seen[0], http.MethodGet+" "+cc.from) || strings.HasPrefix(seen[0], http.MethodPost+" "+cc.from), seen[0])
					})
				}
			}
		}
	}
}

// resultPointer returns nil for a typed nil pointer held in an interface.
func resultPointer(v any) any {
	switch r := v.(type) {
	case *cardplatform.CardDTO:
		if r == nil {
			return nil
		}
	case *cardplatform.DisbursementResponse:
		if r == nil {
			return nil
		}
	}
	return v
}
