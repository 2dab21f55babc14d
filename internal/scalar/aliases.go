package scalar

import (
	"time"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/internal/mask"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// The scalar types, defined in package core.
type (
	// Timestamp is core.Timestamp.
	Timestamp = core.Timestamp
	// Decimal is core.Decimal.
	Decimal = core.Decimal
	// Secret is core.Secret.
	Secret = core.Secret
	// GUID is core.GUID.
	GUID = core.GUID
	// Date is core.Date.
	Date = core.Date
	// ParseError is core.ParseError.
	ParseError = core.ParseError
)

// The sentinels of ParseError, defined in package core.
var (
	ErrInvalidTimestamp = core.ErrInvalidTimestamp
	ErrInvalidDecimal   = core.ErrInvalidDecimal
	ErrInvalidSecret    = core.ErrInvalidSecret
	ErrInvalidGUID      = core.ErrInvalidGUID
	ErrInvalidDate      = core.ErrInvalidDate
)

// The formats ParseError names, and the largest decimal exponent, defined in package core.
const (
	TimestampFormat  = core.TimestampFormat
	DecimalFormat    = core.DecimalFormat
	GUIDFormat       = core.GUIDFormat
	DateFormat       = core.DateFormat
	MaxDecimalDigits = core.MaxDecimalDigits
)

// NewTimestamp is core.NewTimestamp.
func NewTimestamp(t time.Time) Timestamp { return core.NewTimestamp(t) }

// ParseTimestamp is core.ParseTimestamp.
func ParseTimestamp(s string) (Timestamp, error) { return core.ParseTimestamp(s) }

// ParseDecimal is core.ParseDecimal.
func ParseDecimal(s string) (Decimal, error) { return core.ParseDecimal(s) }

// MustParseDecimal is core.MustParseDecimal.
func MustParseDecimal(s string) Decimal { return core.MustParseDecimal(s) }

// NewDecimalFromInt is core.NewDecimalFromInt.
func NewDecimalFromInt(units int64, scale int32) Decimal {
	return core.NewDecimalFromInt(units, scale)
}

// NewSecret is core.NewSecret.
func NewSecret(s string) Secret { return core.NewSecret(s) }

// ParseGUID is core.ParseGUID.
func ParseGUID(s string) (GUID, error) { return core.ParseGUID(s) }

// MustParseGUID is core.MustParseGUID.
func MustParseGUID(s string) GUID { return core.MustParseGUID(s) }

// NewGUID is core.NewGUID.
func NewGUID() GUID { return core.NewGUID() }

// NewDate is core.NewDate.
func NewDate(year int, month time.Month, day int) (Date, error) {
	return core.NewDate(year, month, day)
}

// DateOf is core.DateOf.
func DateOf(t time.Time) Date { return core.DateOf(t) }

// ParseDate is core.ParseDate.
func ParseDate(s string) (Date, error) { return core.ParseDate(s) }

// MustParseDate is core.MustParseDate.
func MustParseDate(s string) Date { return core.MustParseDate(s) }

// Mask returns s with every character but the last four replaced (all of it when it has
// eight characters or fewer): how the SDK shows a secret everywhere. It is mask.Mask.
func Mask(s string) string { return mask.Mask(s) }

// Excerpt returns what an error text may quote of a value that failed to parse (its first two
// characters and its length). It is jsonx.Excerpt.
func Excerpt(s string) string { return jsonx.Excerpt(s) }
