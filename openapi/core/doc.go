// Package core holds what the three clients of the SDK (cardplatform, validation, paging)
// share: the errors a caller branches on, the scalar types of the specs, the iterator engine,
// and the promises every client keeps, written here once. A client package keeps what is its
// own (Client, New, its operations and models); a user imports core beside it to test an error
// (errors.Is(err, core.ErrOutcomeUnknown)) or to write code that works with any client, as with
// Azure's azcore.
//
// # Scalars
//
// The Go form of the specs' shared formats; each encodes and decodes itself as JSON and as text
// (query, path and header parameters) and reports bad input as a *[ParseError]:
//
//   - [Timestamp] for `format: local-date-time`: a zone-less date-time such as
//     2024-05-01T10:20:30.1234567, kept exactly as the service wrote it.
//   - [Decimal] for `format: decimal`: an exact amount such as 12.50, never a float, at most
//     [MaxDecimalDigits] digits before and after the point (1e999 is a *[DecodeError] at once,
//     and a number costs a few times its text at most).
//   - [Secret] for `format: sensitive`: card numbers, CVVs, PINs, track data, SSNs, account
//     numbers and tokens (see Secrets).
//   - [GUID] for `format: uuid` and [Date] for `format: date`.
//
// Records keep the JSON members their spec does not name ([Extras]), exactly, and send them
// back. A Client of any package is immutable after New and safe for concurrent use.
//
// # Errors: what to branch on
//
// Every answer that is not a 2xx is an *[Error], whichever client returned it: status, method,
// redacted URL, correlation id, trace id, Retry-After, and a capped, masked body. It unwraps to
// the decoded body (*[Problem], the card platform's ProblemDetails; *[BankError], the bank's
// {code, message}) and to a sentinel for errors.Is: [ErrBadRequest], [ErrUnauthorized],
// [ErrForbidden], [ErrNotFound], [ErrConflict], [ErrRateLimited], [ErrServerError],
// [ErrUnexpectedStatus]. An empty or non-JSON body (a gateway's HTML 502) still gives an *Error
// with its status.
//
// The failures that are not a status: [ErrOutcomeUnknown] (*[OutcomeUnknownError]: a write that
// may have run; see below), [ErrInvalidArgument] (refused before the network),
// [ErrTokenSource], [ErrInsecureTransport], [ErrTimeout] (*[TimeoutError],
// *[AttemptTimeoutError]), [ErrRedirectRefused] (*[RedirectError]), *[DecodeError] (an answer
// that does not decode: invalid JSON as json.Valid judges it, null for a promised list, more
// items than asked for ([ErrTooManyItems]), a compressed body), *[LockoutError] (the bank's
// lock-out), and the iteration errors of the iterator engine (see Iterators).
//
// # Writes are sent once
//
// Whether a request may be re-sent comes only from its operation (the spec's
// x-issuerkit-retry-safe, carried by each call; an unknown operation is unsafe). Reads are
// retried with full-jitter backoff and Retry-After after a connection error or a 408, 429, 500,
// 502, 503 or 504 ([RetryOptions], [DefaultRetryStatusCodes]). A request that moves money or
// changes state is sent once, and a failure that does not prove it was not processed matches
// [ErrOutcomeUnknown]: settle it with the write's read-back (the card platform's Snapshot and
// Settle methods) or a manual review, never by sending it again blind. The error carries the
// call's correlation id for your logs.
//
// "Not sent" is an observation, never an error's kind alone: crypto/tls and net/http can fail
// at any byte with the same error after the whole request was written. Each attempt of a write
// carries an httptrace.ClientTrace of the SDK's, and the SDK re-sends only when the trace shows
// the attempt wrote nothing and the error agrees:
//
//	what the SDK saw                                              class            the call returns
//	refused before your RoundTripper: a bad argument or header,   not sent         ErrInvalidArgument, ErrTokenSource,
//	  a failed or unsendable token, plain http, the local limit                    ErrInsecureTransport, ErrRateLimited
//	GetConn and no GotConn, nothing written, and a failed dial,   not sent         retried (a certificate the client does
//	  DNS, proxy CONNECT or a TLS handshake the client refused                     not trust: not retried)
//	the same with any other error (reset, EOF, timeout, cancel)   outcome unknown  ErrOutcomeUnknown
//	a connection obtained or a handshake completed, then any      outcome unknown  ErrOutcomeUnknown
//	  error (a middlebox's TLS alert, RST_STREAM, GOAWAY, ...)
//	a RoundTripper that fires no trace hook (HTTP/3, a mesh)      outcome unknown  ErrOutcomeUnknown
//	4xx but 408                                                   not processed    *Error (ErrBadRequest, ...)
//	408, 5xx, a redirect                                          outcome unknown  ErrOutcomeUnknown around the *Error
//	                                                                               or RedirectError
//	a 2xx cut off, timed out or undecodable                       ran, answer lost ErrOutcomeUnknown around the
//	                                                                               *DecodeError or *TimeoutError
//
// What the SDK observes is the trace hooks net/http's HTTP/1.1 and HTTP/2 transports call on
// the request's context (GetConn, TLSHandshakeDone, GotConn, WroteRequest); it assumes a
// RoundTripper of yours that passes the context on sends only through such a transport, and
// when it observes nothing it assumes the worst. 503 is not proof: a proxy answers 503 after it
// forwarded the request (Envoy's "upstream connect error or disconnect/reset before headers"),
// and a gateway's 502 says nothing about the origin. 429 is a refusal (RFC 6585).
//
// Nothing below the SDK can send a write twice: the request leaves it without GetBody and with
// a body that cannot be rewound, so neither net/http on a reused keep-alive connection (even
// with an Idempotency-Key header), nor its HTTP/2 transport after a stream reset or GOAWAY, nor
// a RoundTripper of yours that rewinds with GetBody can replay it (one that buffers bodies
// itself is outside what the SDK can check). The repository breaks every write on the network
// over HTTP/1.1, HTTP/2 and a caller's transport, at every stage and with every fault above,
// and checks that the server never runs one twice.
//
// No redirect is followed, for any operation: a 301/302/303 would turn a payment POST into a
// GET whose 200 looks like success, a 307/308 re-sends the body and token to a path nobody
// chose. Every 3xx is a *[RedirectError] ([ErrRedirectRefused]), never retried, also
// [ErrOutcomeUnknown] for a write; your *http.Client is copied, never modified, and its
// CheckRedirect is not consulted.
//
// # Secrets
//
// PAN, CVV, PIN, track data, SSN and account numbers are [Secret] values: masked in every fmt
// verb, both slog handlers, json.Marshal and error texts, inside your own structs too; the
// value leaves only through [Secret.Reveal] and the SDK's wire encoder ([MarshalWire] is the
// one way to the wire form, to store a model). Unknown members ({"pin": …} in an [Extras]) mask
// themselves the same way.
//
// No credential appears in any text: the bearer token a call sent (also one you set in
// Authorization), a bank token source's keys and secrets, and the values of the client option
// WithSecretValues are replaced by *** in err.Error(), %+v, every exported field of an error,
// and log records, wherever a server echoes them (JSON, plain text, HTML, headers; also base64
// in a Basic header and URL-encoded, either case). A transport error whose text would hold one
// is replaced by one with the text masked that still matches its cause with errors.Is. A value
// that fails to parse is quoted by its first two characters and its length only. Masking never
// hides the error: a secret shorter than 8 characters is masked only as a whole token, and path
// arguments (identifiers such as a card proxy) are not masked as card numbers. WithRedactKeys,
// WithRedactQueryParams and WithLoggedHeaders add to the defaults; Authorization,
// Proxy-Authorization, Cookie and Set-Cookie are never logged. The sandboxes' request logs mask
// the same way.
//
// # Tokens and inputs
//
// Concurrent calls share one cached token and one refresh at a time, run on the token source's
// own context in the background before expiry (a tenth of the lifetime, at most a minute); a
// token stops being handed out min(10 s, lifetime/4) before it expires. A call that must wait
// gives up when its context ends, with an error matching [ErrTokenSource] and the context's.
// The bank's token source keeps only the values of its context, bounds each token request by 30
// seconds, and after Close sends nothing and fails calls with [ErrTokenSource].
//
// Refused with [ErrInvalidArgument] before the network, never retried, never quoted raw: a path
// argument that is not one segment (., .., also percent-encoded, /, \, control characters); a
// base URL with a query, fragment, user info or dot segment; a header HTTP cannot carry (a name
// that is not a token, CR, LF or another control character in a value or a correlation id); a
// missing required header parameter (the request field, else the call's WithHeader, else the
// client's option).
//
// # Memory, bodies and timeouts
//
// Memory follows the bytes that arrive, not the announced Content-Length (at most 64 KiB
// reserved ahead). A page or list holds no more items than its request asked for, else the
// documented default or maximum stated in the spec (a card search without limit: 25 cards):
// more is a *[DecodeError] with [ErrTooManyItems], decided at the first item beyond, before any
// is built; a list without a documented maximum is bounded by the 64 MiB success-body limit. An
// answer's items allocate at most 160 times the bytes they take, the whole answer at most
// 162.25 times plus a constant per call, on every Go release. Nothing is inflated: every
// request asks for Accept-Encoding: identity, whatever http.Client you pass, and a compressed
// answer is a *[DecodeError] unread. No body panics a decode, and a decoded value re-encodes
// with its unknown members.
//
// Every call has a whole-call ceiling, [DefaultTimeout] (the client option WithTimeout, the
// call option WithCallTimeout, 0 for none), so a trickled body ends even when the context has
// no deadline: a *[TimeoutError] ([ErrTimeout], context.DeadlineExceeded), inside an
// *[OutcomeUnknownError] for a write. The card platform's file transfers have an idle timeout
// instead ([DefaultIdleTimeout]). [RetryOptions].AttemptTimeout bounds each attempt (none by
// default): a read is retried after it, a write that may have sent is [ErrOutcomeUnknown]. The
// default HTTP client dials and handshakes within 10 s and waits 60 s for headers.
//
// # Iterators: every row once, or an error
//
// Every list operation carries x-issuerkit-pagination in its spec and gets a typed iterator
// pair from it: Name yields the items (iter.Seq2[T, error]), NameIterator gives the *[Iterator]
// with Items, Pages and Cursor. The engine works for any endpoint too: [NewIterator], [Items]
// or [Pages] with a [Config] and a [FetchFunc] that fetches one page at a [Position]. The
// bank's lists page in five styles, named alike everywhere: row style (an inclusive 1-based
// window startRowIndex..endRowIndex, at most [MaxRowWindow] rows, [StyleRow]), offset style
// (limit and a 0-based offset, [StyleOffset]), page style (pageNumber from 1 and pageSize,
// [StylePage]), sequence style (each page starts after the last sequence number returned, so
// gaps neither repeat nor skip, and the end is the server's end mark or an empty page, never a
// short page alone) and key style (an opaque key from each answer, passed on unparsed,
// [StyleKey]).
//
// Iterators are lazy (no request before the first step), stop on the first error (which they
// yield), cap items separately from the page size (WithMaxItems), refuse out-of-range sizes
// before the network (*[RangeError], [ErrOutOfRange]) and resume from a [Cursor] (text; stored,
// passed back with WithCursor). A cursor taken by a typed iterator is bound to its request
// (filters, not page parameters), endpoint, bank origin and credential identity (a hash, never
// the credential): given elsewhere it fails with *[CursorMismatchError] ([ErrCursorMismatch])
// before any request (a cursor without this binding is not checked). Iterator.CursorAt gives
// at-least-once resumption.
//
// By default a typed iterator keeps as many pages in flight as the latency observed calls for
// ([Config].AutoPrefetch, at most [MaxAutoPrefetch]); WithPrefetch(k) keeps exactly k,
// WithEagerPrefetch(k) starts with k requests at once. Pages arrive in order, memory is bounded
// by k pages, and breaking out of the loop cancels what is in flight. Key style fetches nothing
// ahead.
//
// A list ends only when its count reconciles with what the server announced (totalRows,
// totalRecords, totalPages, count, totalElements): "more" is decided by the totals, never by
// the size asked for. A short page before the announced end, a size cap the server did not
// echo, and items past the total deliver the rows that can be trusted, then fail with
// *[ReconcileError] ([ErrCountMismatch]); a total that moves between pages or a row served
// twice fail before the page ([ErrListShifted]: start again). Servers that contradict
// themselves fail with a typed error instead of looping, repeating or dropping rows: an end
// short of the total or [MaxStalledPages] pages that deliver nothing ([ErrEmptyPage],
// *[NoProgressError]); a position other than the one asked for, or a page whose first items
// equal those of the first page or one of the latest 16 at another position (a server ignoring
// the position, caught by its records; two honest pages are taken for a repeat only if their
// first three rows are equal in every field; [ErrPositionMismatch]); a retrievedRows below the
// items sent ([ErrRetrievedMismatch]); negative or contradictory totals, or a page with items
// beyond a total that is absent or zero ([ErrInconsistentTotals], *[TotalsError]); a key that
// repeats, cycles or ends before the total announced (*[KeyError]). Row and offset styles ask
// for each window from the row after the last one counted, so a short page there loses nothing.
// A 206 ends a key-style iteration with *[PartialError] ([ErrPartial]), which carries the
// partial items.
//
// # The bank's rate limit
//
// The bank allows [BankRate] (5) requests a second per client credential across all its APIs,
// and locks the credential out after a 429. The bank clients (validation, paging) keep to it
// by default (the client option WithRateLimit, 0 turns it off), every attempt and prefetched
// page included. A request whose turn would come after its deadline, or whose call ends while
// it waits, is not sent: it fails with [ErrRateLimited] and the context's error, never
// retried, never an outcome unknown. Every bank client of a process built with the same
// credential for the same origin shares one limiter and one lock-out: a validation client and
// a paging client of one service together stay under 5 a second, and a 429 seen by either
// locks both out. The strictest rate wins: a paging client given 2.5 a second slows the
// validation client of its credential to 2.5 too, rather than adding its 2.5 to the other's 5.
// The credential is a bank token source's consumer key and client id, a static token, or the
// client option WithCredentialID; only a hash of it is kept ([BudgetKey]). WithPrivateBudget
// opts a client out.
//
// A process cannot see what the one it replaces (after a crash, a kill or a deploy) sent in
// its last second, and the bank counts the credential, not the process: so the budget starts
// as if that second were spent, and a bank call made in the process's first second waits for
// the rest of it (later calls do not). Turns come in the order asked for, one at a time, each
// one interval (1/rate) after the previous request was seen written (httptrace), however
// goroutines and connections are scheduled ([TurnLimiter]). The clients use 92% of the rate:
// any six requests are written at least 1,087 ms apart at the bank's 5, which assumes that
// what follows the write (the kernel, the network, the bank's accept) delays the first of six
// by less than 87 ms more than the sixth. The answers back this up: the bank counts a request
// before it answers it, so a request is not sent earlier than one second after the answer to
// the fifth request before it, less the fastest recent round trip (a request counted late
// holds the next ones back; a steady latency costs nothing).
//
// On the bank clients a 429 is final: the call returns an *Error matching [ErrRateLimited]
// whose RetryAfter is the lock-out (the Retry-After, else two minutes; at most
// [DefaultMaxLockout] or the client option WithMaxLockout, never wrapping around to none), and
// calls during it fail at once with *[LockoutError] without reaching the bank
// (WithRateLimitWait waits it out instead). The card platform retries a read answered 429
// within its retry policy.
//
// Replicas of a service (several processes, one credential) share the budget through a
// [Limiter] and a [Lockout] given to every bank client (WithLimiter, WithLockout): the module
// [github.com/issuerkit/issuerkit-go/paging/redisfleet] keeps both in Redis.
//
//	f, err := redisfleet.New(rdb, redisfleet.Options{})
//	v, err := validation.New(base, validation.WithLimiter(f), validation.WithLockout(f), ...)
//	b, err := paging.New(base, paging.WithLimiter(f), paging.WithLockout(f), ...)
//
// In tests, a fake's clients (pagingfake, validationfake) share their fake's budget only, so
// a 429 one fake answers never locks out another; give two fakes' clients the same
// WithCredentialID to make them share one. Package
// [github.com/issuerkit/issuerkit-go/paging/banktest] serves validation and the lists on one
// origin behind the bank's limit and lock-out, to test the shared budget.
//
// # In a service: middleware, logs, telemetry
//
// Steps of your own run once per call outside retries (WithCallMiddleware: a circuit breaker,
// an audit record) or on every attempt (WithAttemptMiddleware: a header, a histogram); an
// attempt step sees the call's headers and body but never the Authorization header, OperationID
// and Attempt read the operation and the try from the request's context, and for a write a
// second call of next is refused with [ErrResendRefused], sending nothing. Steps combine with
// the client's TLS and token options, which a RoundTripper of yours cannot. WithLogger records
// every attempt: 2xx, 3xx and 4xx at DEBUG, 5xx and failures without an answer at WARN. Spans
// and metrics go to the global OpenTelemetry providers or the client's (a span per call named
// by its operationId, a child per attempt, http.client.request.duration,
// issuerkit.client.call.attempts, issuerkit.client.lockouts), with no URL, body, token or
// account number in any attribute and no allocation when none is installed; only the
// OpenTelemetry API is a dependency of the module. The card platform propagates traceparent by
// default, the bank clients only when asked (WithTracePropagation).
//
// Each client has an in-process sandbox (cardplatformtest, validationtest, pagingtest) and a
// typed fake (cardplatformfake, validationfake, pagingfake) that serve a real Client, so
// encoding, errors and retries in your tests are the SDK's own. No per-client interface is
// generated: declare the small one your code uses, and read a call's options in your own fake
// with ReadCallOptions.
package core
