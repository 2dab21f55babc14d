package ratelimit

import (
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
)

// BankLockout is the wait the bank documents after a 429: at least two minutes.
const BankLockout = 2 * time.Minute

// LockoutWait returns how long to wait before the next request after a 429 answered with
// header h, at time now: the Retry-After header (seconds or an HTTP date) when present and
// valid, else BankLockout, at most maxWait (maxWait <= 0: DefaultMaxLockout). A Retry-After
// in the past, or of zero, gives zero; one too large for a time.Duration saturates (it never
// wraps around to a short or negative wait).
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
