// Package scalar holds the SDK's scalar types: zone-less timestamps, exact decimal amounts
// and masked secrets. PLACEHOLDER: being written.
package scalar

// Timestamp is a zone-less date-time. PLACEHOLDER.
type Timestamp struct{ s string }

// Decimal is an exact decimal amount. PLACEHOLDER.
type Decimal struct{ s string }

// Secret is a sensitive string. PLACEHOLDER.
type Secret string
