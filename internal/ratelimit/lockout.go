package ratelimit

import (
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
)

// BankLockout is the wait the bank documents after a 429: at least two minutes.
const BankLockout = 2 * time.Minute

// LockoutWait returns how long to wait after a 429 answered with header h at now: its valid
// Retry-After (zero when past), else BankLockout, at most maxWait (<= 0: DefaultMaxLockout).
func LockoutWait(h http.Header, now time.Time, maxWait time.Duration) time.Duration {
	if maxWait <= 0 {
		maxWait = core.DefaultMaxLockout
	}
	d, ok := apierror.ParseRetryAfter(h.Get("Retry-After"), now)
	if !ok {
		d = BankLockout
	}
	return min(d, maxWait)
}
