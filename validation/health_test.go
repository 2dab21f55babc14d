package validation_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHealthTimestampIsFreeText: the health check's Timestamp is free text in the bank's
// published file; text that is not a date-time is kept as sent and does not fail the answer.
func TestHealthTimestampIsFreeText(t *testing.T) {
	cases := []struct {
		text   string
		parsed bool
	}{
		{"2025-01-10T08:15:00", true},
		{"2025-01-10T08:15:00.123", true},
		{"Fri Jan 10 08:15:00 UTC 2025", false},
		{"", false},
	}
	for _, tc := range cases {
		t.Run(tc.text, func(t *testing.T) {
			c := serve(t, 200, `{"Status":"Ok","Source":"Gateway","Timestamp":"`+tc.text+`","ClientIp":"192.0.2.10"}`)
			h, err := c.HealthCheck(context.Background())
			require.NoError(t, err)
			assert.Equal(t, "Ok", h.Status)
			assert.Equal(t, "192.0.2.10", h.ClientIP)
			assert.Equal(t, tc.text, h.Timestamp, "the raw text is kept")
			ts, ok := h.CheckedAt()
			assert.Equal(t, tc.parsed, ok)
			if ok {
				assert.Equal(t, tc.text, ts.String())
			} else {
				assert.True(t, ts.IsZero())
			}
		})
	}
}
