package cardplatform_test

import (
	"context"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// cardGetter is the small interface a service declares for what it uses of the client.
type cardGetter interface {
	GetCard(ctx context.Context, cardProxy string, opts ...cardplatform.CallOption) (*cardplatform.CardDTO, error)
}

// fakeGetter is a user's own fake of cardGetter, which keeps the options it was called with.
type fakeGetter struct{ opts []cardplatform.CallOption }

func (f *fakeGetter) GetCard(_ context.Context, _ string, opts ...cardplatform.CallOption) (*cardplatform.CardDTO, error) {
	f.opts = opts
	return &cardplatform.CardDTO{}, nil
}

// TestReadCallOptions: a fake of the user's own interface reads which correlation id,
// headers, call timeout and retry options the code under test passed (CallOption is a
// function of an internal type: without ReadCallOptions it could not).
func TestReadCallOptions(t *testing.T) {
	f := &fakeGetter{}
	var g cardGetter = f
	var meta core.Response
	_, _ = g.GetCard(context.Background(), "CP-1", cardplatform.WithCorrelationID("corr-9"),
		cardplatform.WithHeader("X-Tenant", "t1"), cardplatform.WithCallTimeout(3*time.Second),
		cardplatform.WithCallRetry(core.RetryOptions{MaxAttempts: 1}), cardplatform.WithResponseInto(&meta))
	s := cardplatform.ReadCallOptions(f.opts...)
	if s.CorrelationID != "corr-9" || s.Header.Get("X-Tenant") != "t1" || s.Timeout != 3*time.Second || !s.TimeoutSet ||
		s.Retry == nil || s.Retry.MaxAttempts != 1 || !s.ResponseInto {
		t.Errorf("ReadCallOptions = %+v", s)
	}
	if z := cardplatform.ReadCallOptions(); z.CorrelationID != "" || z.TimeoutSet || z.Retry != nil || z.ResponseInto {
		t.Errorf("no options: %+v", z)
	}
}
