package ratelimit

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// BankLockout is the wait the bank documents after a 429: at least two minutes.
const BankLockout = 2 * time.Minute

// LockoutWait returns how long to wait before the next request after a 429 answered with
// header h, at time now: the Retry-After header (seconds or an HTTP date) when present and
// valid, else BankLockout. A Retry-After in the past, or of zero, gives zero.
func LockoutWait(h http.Header, now time.Time) time.Duration {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return BankLockout
	}
	if secs, err := strconv.Atoi(v); err == nil {
		if secs < 0 {
			return BankLockout
		}
		return time.Duration(secs) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0)
	}
	return BankLockout
}
