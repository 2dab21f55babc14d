package validationfake_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationfake"
)

// TestFakeLockoutStaysInItsFake: a fake answering 429 with Retry-After locks out the client
// of that fake only. Every fake used to share the process's budget (one origin, one token):
// one 429 locked every other fake of the test binary out for the Retry-After, and
// WithRateLimit(0) did not help.
func TestFakeLockoutStaysInItsFake(t *testing.T) {
	ok := func(context.Context, validation.Inquiry) (*validation.Result, error) {
		return &validation.Result{ErrorCode: "000"}, nil
	}
	limited := &validationfake.Fake{VerifyAccount: func(context.Context, validation.Inquiry) (*validation.Result, error) {
		return nil, validationfake.BankError(429, "Too Many Requests", time.Minute)
	}}
	lc := limited.Client()
	ctx := context.Background()
	if _, err := lc.VerifyAccount(ctx, inq); !errors.Is(err, core.ErrRateLimited) {
		t.Fatalf("429 fake: err = %v, want ErrRateLimited", err)
	}
	var le *core.LockoutError
	if _, err := lc.VerifyAccount(ctx, inq); !errors.As(err, &le) {
		t.Fatalf("the 429 fake's own client: err = %v, want *LockoutError (its lock-out holds)", err)
	}
	for name, opts := range map[string][]core.Option{
		"default":          nil,
		"WithRateLimit(0)": {validation.WithRateLimit(0)},
	} {
		other := &validationfake.Fake{VerifyAccount: ok}
		c := other.Client(opts...)
		if _, err := c.VerifyAccount(ctx, inq); err != nil {
			t.Errorf("%s: another fake's client: %v (locked out by the first fake's 429)", name, err)
		}
	}
	// Two clients of one fake share its budget: the lock-out reaches the second one too.
	lc2 := limited.Client()
	if _, err := lc2.VerifyAccount(ctx, inq); !errors.As(err, &le) {
		t.Errorf("a second client of the 429 fake: err = %v, want *LockoutError", err)
	}
}
