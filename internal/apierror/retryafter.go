package apierror

import (
	"math"
	"net/http"
	"strings"
	"time"
)

// maxRetryAfterSeconds is the largest delta-seconds that fits a time.Duration.
const maxRetryAfterSeconds = math.MaxInt64 / int64(time.Second)

// ParseRetryAfter parses a Retry-After header value relative to now. It accepts
// delta-seconds ("120") and an HTTP-date in any of the three formats http.ParseTime knows
// (IMF-fixdate, RFC 850, ANSI C asctime). A date in the past gives 0, true. An empty, negative,
// fractional or otherwise malformed value gives 0, false.
//
// Large values are returned as they are (the caller decides how long it is willing to wait);
// only a delta-seconds too large for a time.Duration is capped at the largest Duration.
func ParseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if isDigits(v) {
		var secs int64
		for i := 0; i < len(v); i++ {
			d := int64(v[i] - '0')
			if secs > (maxRetryAfterSeconds-d)/10 {
				return time.Duration(math.MaxInt64), true
			}
			secs = secs*10 + d
		}
		return time.Duration(secs) * time.Second, true
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	d := t.Sub(now)
	if d < 0 {
		return 0, true
	}
	return d, true
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
