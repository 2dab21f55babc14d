package ratelimit

import (
	"net/http"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
)

// BankLockout is the wait the bank documents after a 429: at least two minutes.
const BankLockout = 2 * time.Minute

// DefaultMaxLockout is the longest lock-out a 429 starts unless the client says otherwise
// (WithMaxLockout): five times the bank's documented two minutes. A longer Retry-After (ten
// years, or a value past the largest time.Duration) is cut to it, so that a faulty or hostile
// answer cannot lock a client out for good.
const DefaultMaxLockout = 10 * time.Minute

// LockoutWait returns how long to wait before the next request after a 429 answered with
// header h, at time now: the Retry-After header (seconds or an HTTP date) when present and
// valid, else BankLockout, at most maxWait (maxWait <= 0: DefaultMaxLockout). A Retry-After
// in the past, or of zero, gives zero; one too large for a time.Duration saturates (it never
// wraps around to a short or negative wait).
func LockoutWait(h http.Header, now time.Time, maxWait time.Duration) time.Duration {
	if maxWait <= 0 {
		maxWait = DefaultMaxLockout
	}
	d, ok := apierror.ParseRetryAfter(h.Get("Retry-After"), now)
	if !ok {
		d = BankLockout
	}
	return min(d, maxWait)
}
