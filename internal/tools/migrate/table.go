package main

// clients are the public client packages whose shared names moved to core in 0.2.0, by import
// path.
var clients = map[string]string{
	modulePath + "/cardplatform": "cardplatform",
	modulePath + "/paging":       "paging",
	modulePath + "/validation":   "validation",
	// paging/banklimit aliased core's bank budget types; only its LockedOutError moved.
	modulePath + "/paging/banklimit": "banklimit",
}

// modulePath is the SDK's module path and corePath the import path of package core.
const (
	modulePath = "github.com/issuerkit/issuerkit-go"
	corePath   = modulePath + "/openapi/core"
)

// A move is one exported name of a client package (every client of In, all three when empty)
// that is core's in 0.2.0, under To (the same name when empty).
type move struct {
	Name string
	To   string
	In   []string
}

// moves is the one table of the names that moved: the rewrite and the CHANGELOG entries
// (-changelog) both read it.
var moves = []move{
	// Errors and sentinels.
	{Name: "Error"}, {Name: "ProblemError", To: "Problem", In: []string{"cardplatform"}}, {Name: "OutcomeUnknownError"},
	{Name: "RedirectError"}, {Name: "DecodeError"}, {Name: "TimeoutError"},
	{Name: "AttemptTimeoutError"},
	{Name: "BankError", In: []string{"paging", "validation"}},
	{Name: "LockoutError", In: []string{"paging", "validation"}},
	{Name: "ErrBadRequest"}, {Name: "ErrUnauthorized"}, {Name: "ErrForbidden"},
	{Name: "ErrNotFound"}, {Name: "ErrConflict"}, {Name: "ErrRateLimited"},
	{Name: "ErrServerError"}, {Name: "ErrTimeout"}, {Name: "ErrOutcomeUnknown"},
	{Name: "ErrInvalidArgument"}, {Name: "ErrInsecureTransport"}, {Name: "ErrRedirectRefused"},
	{Name: "ErrResendRefused"}, {Name: "ErrTokenSource"},
	// Retries and time limits.
	{Name: "RetryOptions"}, {Name: "DefaultRetryStatusCodes"}, {Name: "DefaultTimeout"},
	{Name: "DefaultMaxLockout", In: []string{"paging", "validation"}},
	// Scalars.
	{Name: "Timestamp"}, {Name: "Decimal"}, {Name: "GUID"}, {Name: "Date"}, {Name: "Secret"},
	{Name: "ParseGUID"}, {Name: "MustParseGUID"}, {Name: "NewGUID"}, {Name: "ParseDate"},
	{Name: "MustParseDate"}, {Name: "DateOf"}, {Name: "NewSecret"},
	{Name: "ParseDecimal"}, {Name: "MustParseDecimal"}, {Name: "NewDecimalFromInt"},
	{Name: "ParseTimestamp"}, {Name: "NewTimestamp"},
	{Name: "BankCredentials", In: []string{"validation"}},
	// The pipeline seen from a step of the caller's.
	{Name: "Middleware"}, {Name: "Next"}, {Name: "OperationID"}, {Name: "Attempt"},
	{Name: "Response"}, {Name: "CallSettings"},
	{Name: "InteractionHeader", In: []string{"paging"}},
	// One name per concept: a Limiter's Wait reports a lock-out with core's LockoutError.
	{Name: "LockedOutError", To: "LockoutError", In: []string{"banklimit"}},
	// Iterators.
	{Name: "Iterator", In: []string{"cardplatform", "paging"}},
	{Name: "Page", In: []string{"cardplatform", "paging"}},
	{Name: "Position", In: []string{"cardplatform", "paging"}},
	{Name: "Cursor", In: []string{"cardplatform", "paging"}},
	// Client options, defined once (issue 36, decision 2): the client-specific ones
	// (cardplatform.WithAPIVersion, WithIdleTimeout; the bank clients' WithRateLimit, ...)
	// stay in their package and return core.Option.
	{Name: "Option"}, {Name: "WithHTTPClient"}, {Name: "WithTokenSource"}, {Name: "WithStaticToken"},
	{Name: "WithClientCertificate"}, {Name: "WithTLSConfig"}, {Name: "WithLogger"},
	{Name: "WithLogBodies"}, {Name: "WithUserAgent"}, {Name: "WithRetry"}, {Name: "WithTimeout"},
	{Name: "WithInsecureHTTP"}, {Name: "WithCallMiddleware"}, {Name: "WithAttemptMiddleware"},
	{Name: "WithTracerProvider"}, {Name: "WithMeterProvider"}, {Name: "WithTracePropagation"},
	{Name: "WithRedactKeys"}, {Name: "WithRedactQueryParams"}, {Name: "WithLoggedHeaders"},
	{Name: "WithSecretValues"},
	// Call options.
	{Name: "CallOption"}, {Name: "WithCorrelationID"}, {Name: "WithHeader"},
	{Name: "WithCallTimeout"}, {Name: "WithCallRetry"}, {Name: "WithResponseInto"},
	{Name: "ReadCallOptions"},
	// Iterator options.
	{Name: "IterOption", In: []string{"cardplatform", "paging"}},
	{Name: "WithMaxItems", In: []string{"cardplatform", "paging"}},
	{Name: "WithPageSize", In: []string{"cardplatform", "paging"}},
	{Name: "WithCursor", In: []string{"cardplatform", "paging"}},
	{Name: "WithPrefetch", In: []string{"cardplatform", "paging"}},
	{Name: "WithEagerPrefetch", In: []string{"cardplatform", "paging"}},
	{Name: "WithCallOptions", In: []string{"cardplatform", "paging"}},
}

// movedTo returns the core name of client's name, and whether it moved.
func movedTo(client, name string) (string, bool) {
	for _, m := range moves {
		if m.Name != name {
			continue
		}
		if len(m.In) > 0 && !contains(m.In, client) || len(m.In) == 0 && client == "banklimit" {
			continue
		}
		if m.To != "" {
			return m.To, true
		}
		return m.Name, true
	}
	return "", false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
