package apierror

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2025, 1, 10, 8, 15, 0, 0, time.UTC)
	maxDur := time.Duration(math.MaxInt64)
	tests := []struct {
		in     string
		want   time.Duration
		wantOK bool
	}{
		{"120", 2 * time.Minute, true},
		{"0", 0, true},
		{" 5 ", 5 * time.Second, true},
		{"007", 7 * time.Second, true},
		{"86400", 24 * time.Hour, true},
		{"864000", 240 * time.Hour, true}, // long, returned as is: the caller decides
		{"9223372036", 9223372036 * time.Second, true},
		{"9223372037", maxDur, true}, // would overflow a Duration
		{"99999999999999999999999999", maxDur, true},
		{"Fri, 10 Jan 2025 08:17:00 GMT", 2 * time.Minute, true}, // IMF-fixdate
		{"Friday, 10-Jan-25 08:16:00 GMT", time.Minute, true},    // RFC 850
		{"Fri Jan 10 08:15:30 2025", 30 * time.Second, true},     // asctime
		{"Fri Jan  3 08:15:30 2025", 0, true},                    // past
		{"Fri, 10 Jan 2025 08:15:00 GMT", 0, true},               // now
		{"Thu, 09 Jan 2025 08:15:00 GMT", 0, true},               // past
		{"", 0, false},
		{"-5", 0, false},
		{"+5", 0, false},
		{"1.5", 0, false},
		{"5s", 0, false},
		{"soon", 0, false},
		{"1 2", 0, false},
		{"2025-01-10T08:17:00Z", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := ParseRetryAfter(tt.in, now)
			assert.Equal(t, tt.wantOK, ok)
			assert.Equal(t, tt.want, got)
		})
	}
}
