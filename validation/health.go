package validation

// CheckedAt returns Timestamp parsed as a date-time without zone (2024-05-01T10:20:30, with
// optional fractional seconds), and false when it is empty or not a date-time. Timestamp is
// free text in the bank's published file and only informative, so text that does not parse
// is kept as sent in Timestamp and never fails the health check.
func (h *HealthCheckResponse) CheckedAt() (Timestamp, bool) {
	ts, err := ParseTimestamp(h.Timestamp)
	if err != nil {
		return Timestamp{}, false
	}
	return ts, true
}
