package main

// clients are the public packages whose shared names moved to core (in 0.2.0, and
// paging/banklimit's in 0.3.0), by import path.
var clients = map[string]string{
	modulePath + "/cardplatform": "cardplatform",
	modulePath + "/paging":       "paging",
	modulePath + "/validation":   "validation",
	// paging/banklimit aliased core's bank budget types: its LockedOutError moved in 0.2.0,
	// the package itself, with the rest of its names, in 0.3.0.
	modulePath + "/paging/banklimit": "banklimit",
}

// modulePath is the SDK's module path and corePath the import path of package core.
const (
	modulePath = "github.com/issuerkit/issuerkit-go"
	corePath   = modulePath + "/openapi/core"
)

// A move is one exported name of a client package (every client of In, all three when empty)
// that is core's since Release (0.2.0 when empty), under To (the same name when empty).
type move struct {
	Name    string
	To      string
	In      []string
	Release string
}

// releases are the releases that moved names, oldest first, each with the one before it:
// -changelog writes one table per release.
var releases = []struct{ From, To string }{{"0.1.0", "0.2.0"}, {"0.2.0", "0.3.0"}}

// releaseOf returns the release that moved m.
func releaseOf(m move) string {
	if m.Release == "" {
		return "0.2.0"
	}
	return m.Release
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

	// 0.3.0: package paging/banklimit is gone (one home for the bank budget's names: core's
	// BudgetKey, NewBudgetKey, Limiter, TurnLimiter and Lockout, which it aliased).
	{Name: "Key", To: "BudgetKey", In: []string{"banklimit"}, Release: "0.3.0"},
	{Name: "NewKey", To: "NewBudgetKey", In: []string{"banklimit"}, Release: "0.3.0"},
	{Name: "Limiter", In: []string{"banklimit"}, Release: "0.3.0"},
	{Name: "TurnLimiter", In: []string{"banklimit"}, Release: "0.3.0"},
	{Name: "Lockout", In: []string{"banklimit"}, Release: "0.3.0"},
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
