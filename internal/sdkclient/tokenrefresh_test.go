package sdkclient

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/oauth2"
)

// stallingBank is a bank token endpoint over TLS that holds every token request until
// released, then issues bank-tok-N. The API endpoint next to it answers 200 only to the
// latest token.
type stallingBank struct {
	*httptest.Server
	fetches atomic.Int32
	release chan struct{}
	once    sync.Once
	auth    atomic.Value // the last Authorization the API endpoint saw
}

func newStallingBank(t *testing.T) *stallingBank {
	t.Helper()
	b := &stallingBank{release: make(chan struct{})}
	b.auth.Store("")
	b.Server = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != BankTokenPath {
			b.auth.Store(r.Header.Get("Authorization"))
			_, _ = w.Write([]byte(`{}`))
			return
		}
		n := b.fetches.Add(1)
		select {
		case <-b.release:
		case <-r.Context().Done():
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"access_token":"bank-tok-` + string(rune('0'+n)) + `","token_type":"Bearer","expires_in":3600}`))
	}))
	t.Cleanup(func() {
		b.Release()
		b.Close()
	})
	return b
}

// Release lets every held and future token request through.
func (b *stallingBank) Release() { b.once.Do(func() { close(b.release) }) }

var bankCred = core.BankCredentials{ConsumerKey: "ck", ConsumerSecret: "cs", ClientID: "cid", ClientSecret: "ckey"}

func TestStalledTokenEndpointHoldsNoCallerPastItsDeadline(t *testing.T) {
	bank := newStallingBank(t)
	// Without the fix, callers would wait for this. The bounds below (3 s a caller, 5 s in all)
	// are far from it and far from the 50 ms deadlines: on a loaded 2-core machine under -race
	// a caller took 511 ms, past the 500 ms bound this test had.
	guard := time.AfterFunc(20*time.Second, bank.Release)
	defer guard.Stop()
	hc := bank.Client()
	defer hc.CloseIdleConnections()
	ts, err := BankTokenSource(context.Background(), bank.URL, bankCred, nil, hc)
	require.NoError(t, err)
	p := newPipeline(t, hc, func(o *testOptions) { o.TokenSource = ts })

	const callers = 100
	start := time.Now()
	var wg sync.WaitGroup
	errs := make([]error, callers)
	took := make([]time.Duration, callers)
	for i := range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			t0 := time.Now()
			_, errs[i] = do(t, p, ctx, "GET", bank.URL+"/api", "")
			took[i] = time.Since(t0)
		}()
	}
	wg.Wait()
	total := time.Since(start)
	assert.Less(t, total, 5*time.Second, "100 callers with 50ms deadlines do not wait for a stalled refresh")
	for i, err := range errs {
		require.Error(t, err)
		assert.ErrorIs(t, err, ErrTokenSource, "caller %d", i)
		assert.ErrorIs(t, err, context.DeadlineExceeded, "caller %d", i)
		assert.Less(t, took[i], 3*time.Second, "caller %d", i)
	}
	// The one refresh may reach the endpoint after every caller has given up (on a loaded
	// machine it did: 0 fetches at this point), so wait for it before counting.
	require.Eventually(t, func() bool { return bank.fetches.Load() >= 1 }, 10*time.Second, time.Millisecond)
	assert.Equal(t, int32(1), bank.fetches.Load(), "one refresh for all callers")
	assert.Empty(t, bank.auth.Load(), "no call went out without a token")

	// The refresh ran on the source's context, not the callers': once the endpoint answers it
	// completes, and the next call uses its token without a new fetch.
	bank.Release()
	require.Eventually(t, func() bool {
		tok, err := ts.Token()
		return err == nil && tok.AccessToken == "bank-tok-1"
	}, 10*time.Second, 5*time.Millisecond)
	_, err = do(t, p, context.Background(), "GET", bank.URL+"/api", "")
	require.NoError(t, err)
	assert.Equal(t, "Bearer bank-tok-1", bank.auth.Load())
	assert.Equal(t, int32(1), bank.fetches.Load())
}

func TestBankTokenSourceOutlivesItsConstructorContext(t *testing.T) {
	bank := newStallingBank(t)
	bank.Release()
	hc := bank.Client()
	defer hc.CloseIdleConnections()
	ctx, cancel := context.WithCancel(context.Background())
	ts, err := BankTokenSource(ctx, bank.URL, bankCred, nil, hc)
	require.NoError(t, err)
	cancel() // a request-scoped context passed at start-up ends long before the first refresh
	tok, err := ts.Token()
	require.NoError(t, err, "a refresh after the constructor's context ended still works")
	assert.Equal(t, "bank-tok-1", tok.AccessToken)
}

func TestWaitingCallerGetsTypedError(t *testing.T) {
	bank := newStallingBank(t)
	hc := bank.Client()
	defer hc.CloseIdleConnections()
	ts, err := BankTokenSource(context.Background(), bank.URL, bankCred, nil, hc)
	require.NoError(t, err)
	p := newPipeline(t, hc, func(o *testOptions) { o.TokenSource = ts })
	guard := time.AfterFunc(5*time.Second, bank.Release)
	defer guard.Stop()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(30*time.Millisecond, cancel)
	_, err = do(t, p, ctx, "POST", bank.URL+"/api", `{"amount":"1.00"}`)
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrTokenSource)
	assert.ErrorIs(t, err, context.Canceled)
	var ou interface{ Unwrap() []error }
	assert.False(t, errors.As(err, &ou) && errors.Is(err, context.DeadlineExceeded), "never sent: not an unknown outcome")
}

// gatedSource hands out tok-1, tok-2, ... each valid for an hour from the test clock; every
// fetch after the first waits for a value on gate.
type gatedSource struct {
	fetches atomic.Int32
	gate    chan struct{}
	clock   func() time.Time
}

func (s *gatedSource) Token() (*oauth2.Token, error) {
	n := s.fetches.Add(1)
	if n > 1 {
		<-s.gate
	}
	return &oauth2.Token{AccessToken: fmt.Sprintf("tok-%d", n), Expiry: s.clock().Add(time.Hour)}, nil
}

func TestRefreshAheadOfExpiryNeverBlocksCallers(t *testing.T) {
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }

	src := &gatedSource{gate: make(chan struct{}), clock: clock}
	s := NewSharedTokenSource(src)
	s.now = clock
	tok, err := s.Token()
	require.NoError(t, err)
	require.Equal(t, "tok-1", tok.AccessToken)

	advance(50 * time.Minute) // not yet in the window
	tok, err = s.Token()
	require.NoError(t, err)
	assert.Equal(t, "tok-1", tok.AccessToken)
	assert.Equal(t, int32(1), src.fetches.Load(), "no refresh before the window")

	advance(9 * time.Minute) // 1 minute before expiry: the window (a minute, before the last 10s)
	for range 50 {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		tok, err = s.TokenContext(ctx)
		cancel()
		require.NoError(t, err, "steady traffic does not wait for the refresh")
		assert.Equal(t, "tok-1", tok.AccessToken)
	}
	require.Eventually(t, func() bool { return src.fetches.Load() == 2 }, 10*time.Second, time.Millisecond)
	assert.Equal(t, int32(2), src.fetches.Load(), "one background refresh for all callers")

	src.gate <- struct{}{} // the refresh completes
	require.Eventually(t, func() bool {
		tok, err := s.Token()
		return err == nil && tok.AccessToken == "tok-2"
	}, 10*time.Second, time.Millisecond)
	assert.Equal(t, int32(2), src.fetches.Load())
}

type panickingSource struct{}

func (panickingSource) Token() (*oauth2.Token, error) { panic("boom") }

func TestPanickingTokenSourceIsAnError(t *testing.T) {
	_, err := NewSharedTokenSource(panickingSource{}).Token()
	require.ErrorIs(t, err, ErrTokenSource)
	assert.Contains(t, err.Error(), "boom")
}

func TestBankTokenSourceClose(t *testing.T) {
	bank := newStallingBank(t)
	hc := bank.Client()
	defer hc.CloseIdleConnections()
	ts, err := BankTokenSource(context.Background(), bank.URL, bankCred, nil, hc)
	require.NoError(t, err)
	done := make(chan error, 1)
	go func() { _, err := ts.Token(); done <- err }()
	require.Eventually(t, func() bool { return bank.fetches.Load() == 1 }, 10*time.Second, time.Millisecond)
	require.NoError(t, ts.Close())
	select {
	case err := <-done:
		assert.ErrorIs(t, err, ErrTokenSource)
		assert.ErrorIs(t, err, context.Canceled, "Close cancels the refresh in flight")
	case <-time.After(10 * time.Second):
		t.Fatal("Close did not end the stalled refresh")
	}
}
