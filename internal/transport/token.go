package transport

import (
	"errors"
	"fmt"
	"sync"

	"golang.org/x/oauth2"
)

// errTokenSource marks a failure to obtain a bearer token; it is not retried by the pipeline
// (the token source has its own retry rules).
var errTokenSource = errors.New("issuerkit: obtaining a bearer token failed")

// SharedTokenSource wraps a token source so that every goroutine of a client shares one cached
// token and one refresh: when the token has expired, the first caller fetches a new one while
// the others wait for it, so N concurrent calls cause one fetch. Invalidate drops a token the
// server refused, so the next call fetches a new one.
type SharedTokenSource struct {
	src oauth2.TokenSource

	mu  sync.Mutex
	tok *oauth2.Token
}

// NewSharedTokenSource wraps src. A src that is already a *SharedTokenSource is returned as is.
func NewSharedTokenSource(src oauth2.TokenSource) *SharedTokenSource {
	if s, ok := src.(*SharedTokenSource); ok {
		return s
	}
	return &SharedTokenSource{src: src}
}

// Token returns the cached token while it is valid, else fetches one (once for all waiting
// callers).
func (s *SharedTokenSource) Token() (*oauth2.Token, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tok.Valid() {
		return s.tok, nil
	}
	t, err := s.src.Token()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errTokenSource, err)
	}
	if t == nil || t.AccessToken == "" {
		return nil, fmt.Errorf("%w: the token source returned an empty token", errTokenSource)
	}
	s.tok = t
	return t, nil
}

// Invalidate forgets t if it is still the cached token, so that the next Token call fetches a
// new one. A token already replaced by another goroutine's refresh is left alone.
func (s *SharedTokenSource) Invalidate(t *oauth2.Token) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tok == t {
		s.tok = nil
	}
}

// StaticToken returns a token source that always yields the bearer token tok. It suits tests
// and short-lived tools; services should use a refreshing source (see BankTokenSource).
func StaticToken(tok string) oauth2.TokenSource {
	return oauth2.StaticTokenSource(&oauth2.Token{AccessToken: tok, TokenType: "Bearer"})
}
