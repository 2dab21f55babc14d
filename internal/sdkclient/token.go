package sdkclient

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"golang.org/x/oauth2"
)

// ErrTokenSource matches every failure to obtain a bearer token (core.ErrTokenSource).
var ErrTokenSource = core.ErrTokenSource

const (
	// expiryDelta is how long before its expiry a token is no longer handed out (oauth2's
	// margin), a quarter of its lifetime for a shorter-lived one (expiryMargin).
	expiryDelta = 10 * time.Second
	// maxEarlyRefresh caps how long before a token becomes unusable a background refresh
	// starts (refreshTime).
	maxEarlyRefresh = time.Minute
	// refreshPause is how long after a failed background refresh the next one may start.
	refreshPause = 5 * time.Second
)

// SharedTokenSource wraps a token source so that every goroutine of a client shares one cached
// token and one refresh at a time (the rules are core's package doc, "Tokens and inputs"): a
// good token is returned at once, a background refresh starts a tenth of its lifetime (at most
// a minute) before it stops being handed out (expiryMargin); without a good token one refresh
// serves every caller, each waiting only as long as its own context (TokenContext). Refreshes
// run on the source's own context, until Close. Invalidate drops a token the server refused.
type SharedTokenSource struct {
	fetch  func(context.Context) (*oauth2.Token, error)
	ctx    context.Context // the source's lifetime: refreshes run on it
	cancel context.CancelFunc
	creds  []string         // credentials of the source, masked in every error and log
	now    func() time.Time // the clock, replaced in tests

	mu        sync.Mutex
	tok       *oauth2.Token
	margin    time.Duration // how long before its expiry tok stops being handed out
	refreshAt time.Time     // when a background refresh is due; zero: never (no expiry)
	pauseTill time.Time     // no background refresh before this (after one failed)
	pending   *refresh      // the refresh in flight, nil when none
}

// refresh is one fetch, shared by every caller waiting for it. tok and err are set before
// done is closed.
type refresh struct {
	done chan struct{}
	tok  *oauth2.Token
	err  error
}

// NewSharedTokenSource wraps src; a *SharedTokenSource, or a type that embeds one
// (validation.BankTokens), is its own shared source. A refresh runs in a goroutine of its own
// (src.Token takes no context), which ends when src.Token returns.
func NewSharedTokenSource(src oauth2.TokenSource) *SharedTokenSource {
	if s, ok := src.(sharedHolder); ok {
		return s.shared()
	}
	return newSharedTokenSource(context.Background(), func(context.Context) (*oauth2.Token, error) { return src.Token() }, nil)
}

// newSharedTokenSource returns a source whose refreshes call fetch with a context derived
// from parent that ends when Close is called.
func newSharedTokenSource(parent context.Context, fetch func(context.Context) (*oauth2.Token, error), creds []string) *SharedTokenSource {
	ctx, cancel := context.WithCancel(parent)
	return &SharedTokenSource{fetch: fetch, ctx: ctx, cancel: cancel, creds: creds, now: time.Now}
}

// Token is TokenContext without a deadline: it implements oauth2.TokenSource.
func (s *SharedTokenSource) Token() (*oauth2.Token, error) {
	return s.TokenContext(context.Background())
}

// TokenContext returns the cached token while it is good (starting a background refresh when
// one is due), else waits for the one refresh in flight, starting it if needed, until ctx ends.
// After Close it fails at once, without a token request. Every error matches ErrTokenSource.
func (s *SharedTokenSource) TokenContext(ctx context.Context) (*oauth2.Token, error) {
	if s.ctx.Err() != nil {
		return nil, errClosed
	}
	s.mu.Lock()
	now := s.now()
	if tok := s.tok; usable(tok, s.margin, now) {
		if s.pending == nil && !s.refreshAt.IsZero() && !now.Before(s.refreshAt) && !now.Before(s.pauseTill) {
			s.startLocked()
		}
		s.mu.Unlock()
		return tok, nil
	}
	r := s.pending
	if r == nil {
		r = s.startLocked()
	}
	s.mu.Unlock()
	select {
	case <-r.done:
		return r.tok, r.err
	case <-ctx.Done():
		return nil, fmt.Errorf("%w: gave up waiting for the token refresh: %w", ErrTokenSource, ctx.Err())
	}
}

// usable reports whether tok may be sent: it has a value and does not expire within margin.
func usable(tok *oauth2.Token, margin time.Duration, now time.Time) bool {
	return tok != nil && tok.AccessToken != "" && (tok.Expiry.IsZero() || now.Before(tok.Expiry.Add(-margin)))
}

// expiryMargin is how long before expiry a token obtained at start stops being handed out:
// expiryDelta, or a quarter of its lifetime when shorter (a 2-second token is used for 1.5 s,
// not fetched on every call). Zero for a token that arrived expired.
func expiryMargin(start, expiry time.Time) time.Duration {
	life := expiry.Sub(start)
	if life <= 0 {
		return 0
	}
	return min(expiryDelta, life/4)
}

// startLocked starts a refresh; s.mu is held.
func (s *SharedTokenSource) startLocked() *refresh {
	r := &refresh{done: make(chan struct{})}
	s.pending = r
	go s.run(r)
	return r
}

// run fetches a token, caches it, and hands the outcome to the waiting callers.
func (s *SharedTokenSource) run(r *refresh) {
	start := s.now()
	tok, err := s.safeFetch()
	switch {
	case err != nil:
		err = fmt.Errorf("%w: %w", ErrTokenSource, err)
	case tok == nil || tok.AccessToken == "":
		tok, err = nil, fmt.Errorf("%w: the token source returned an empty token", ErrTokenSource)
	case invalidValueByte(tok.AccessToken) >= 0 || invalidValueByte(tok.Type()) >= 0:
		// Refused before any request (inside the RoundTripper a failure proves nothing about
		// delivery), never quoted.
		tok, err = nil, fmt.Errorf("%w: the token source returned a token that cannot be sent in a header (it holds a control character)", ErrTokenSource)
	}
	s.mu.Lock()
	if err == nil {
		s.tok = tok
		s.margin = expiryMargin(start, tok.Expiry)
		s.refreshAt = refreshTime(start, tok.Expiry)
	} else {
		s.pauseTill = s.now().Add(refreshPause)
	}
	s.pending = nil
	s.mu.Unlock()
	r.tok, r.err = tok, err
	close(r.done)
}

// safeFetch calls fetch, turning a panic of the wrapped source into an error (on the refresh's
// goroutine a panic would end the program).
func (s *SharedTokenSource) safeFetch() (tok *oauth2.Token, err error) {
	defer func() {
		if p := recover(); p != nil {
			tok, err = nil, fmt.Errorf("the token source panicked: %v", p)
		}
	}()
	return s.fetch(s.ctx)
}

// refreshTime is when a background refresh of a token obtained at start is due: a tenth of
// its lifetime (at most maxEarlyRefresh) before it stops being usable. Zero for a token
// without expiry.
func refreshTime(start, expiry time.Time) time.Time {
	if expiry.IsZero() {
		return time.Time{}
	}
	last := expiry.Add(-expiryMargin(start, expiry))
	return last.Add(-min(maxEarlyRefresh, last.Sub(start)/10))
}

// Invalidate forgets t if it is still the cached token, so that the next Token call fetches a
// new one. A token already replaced by another goroutine's refresh is left alone.
func (s *SharedTokenSource) Invalidate(t *oauth2.Token) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tok == t {
		s.tok = nil
		s.refreshAt = time.Time{}
	}
}

// Close ends the source: a refresh in flight that honours its context is cancelled, the token
// dropped, and every later call fails with ErrTokenSource without a token request. It does not
// wait and may be called more than once.
func (s *SharedTokenSource) Close() error {
	s.cancel()
	s.mu.Lock()
	s.tok, s.refreshAt = nil, time.Time{}
	s.mu.Unlock()
	return nil
}

// errClosed is the error of a token request after Close.
var errClosed = fmt.Errorf("%w: the token source is closed", ErrTokenSource)

// shared returns s, promoted by the types that embed it (validation.BankTokens).
func (s *SharedTokenSource) shared() *SharedTokenSource { return s }

// sharedHolder is a *SharedTokenSource or a type embedding one.
type sharedHolder interface{ shared() *SharedTokenSource }

// credentials returns the secrets of the source (BankTokenSource's client credentials).
func (s *SharedTokenSource) credentials() []string { return s.creds }

// credentialHolder is a token source that knows credentials to mask.
type credentialHolder interface{ credentials() []string }

// StaticToken returns a token source that always yields the bearer token tok.
func StaticToken(tok string) oauth2.TokenSource {
	return oauth2.StaticTokenSource(&oauth2.Token{AccessToken: tok, TokenType: "Bearer"})
}
