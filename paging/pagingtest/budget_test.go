package pagingtest_test

import (
	"errors"
	"net/http"
	"testing"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// TestClosedSandboxLeavesNoLockout: a lock-out earned at a sandbox ends with the sandbox. Its
// origin (a loopback port) is given to a later sandbox once it is closed; the lock-out, kept
// by the process under origin and token, used to lock that sandbox's clients out for the
// two minutes of the first one's 429.
func TestClosedSandboxLeavesNoLockout(t *testing.T) {
	srv, err := pagingtest.Start()
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.FailNext("RTPParticipants", 1, pagingtest.Fault{Status: http.StatusTooManyRequests}); err != nil {
		t.Fatal(err)
	}
	req := paging.ListRTPParticipantsRequest{Limit: 10}
	opts := []core.Option{core.WithStaticToken(pagingtest.Token), paging.WithKeyClientID("client-1")}
	c, err := paging.New(srv.URL, opts...)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.ListRTPParticipants(t.Context(), req); !errors.Is(err, core.ErrRateLimited) {
		t.Fatalf("err = %v, want the injected 429", err)
	}
	var le *core.LockoutError
	if _, err := c.ListRTPParticipants(t.Context(), req); !errors.As(err, &le) {
		t.Fatalf("err = %v, want *LockoutError while the sandbox runs", err)
	}
	srv.Close()
	// A client of the same origin and token after Close, as at a later sandbox on that port.
	c2, err := paging.New(srv.URL, opts...)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c2.ListRTPParticipants(t.Context(), req); errors.As(err, &le) {
		t.Errorf("after Close: %v: the closed sandbox's lock-out reached its origin's next user", err)
	}
}
