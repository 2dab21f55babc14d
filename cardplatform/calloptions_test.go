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
	GetCard(ctx context.Context, cardProxy string, opts ...core.CallOption) (*cardplatform.CardDTO, error)
}

// fakeGetter is a user's own fake of cardGetter, which keeps the options it was called with.
type fakeGetter struct{ opts []core.CallOption }

func (f *fakeGetter) GetCard(_ context.Context, _ string, opts ...core.CallOption) (*cardplatform.CardDTO, error) {
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
	_, _ = g.GetCard(context.Background(), "CP-1", core.WithCorrelationID("corr-9"),
		core.WithHeader("X-Tenant", "t1"), core.WithCallTimeout(3*time.Second),
		core.WithCallRetry(core.RetryOptions{MaxAttempts: 1}), core.WithResponseInto(&meta))
	s := core.ReadCallOptions(f.opts...)
	if s.CorrelationID != "corr-9" || s.Header.Get("X-Tenant") != "t1" || s.Timeout != 3*time.Second || !s.TimeoutSet ||
		s.Retry == nil || s.Retry.MaxAttempts != 1 || !s.ResponseInto {
		t.Errorf("ReadCallOptions = %+v", s)
	}
	if z := core.ReadCallOptions(); z.CorrelationID != "" || z.TimeoutSet || z.Retry != nil || z.ResponseInto {
		t.Errorf("no options: %+v", z)
	}
}
