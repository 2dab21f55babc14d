// Package cardplatform is the client of the card, account and program platform API: cards,
// accounts, programs and companies, bulk orders, paper checks, disbursements, disputes and fees.
//
// Every operation of openapi/cardplatform.yaml is one method of Client: path parameters as
// arguments, query parameters (and the body, when both exist) in one ...Request struct, the
// body alone otherwise, and the typed result. The models (api.gen.go) and the methods
// (client.gen.go) are generated from the spec; the methods that are not plain JSON are written
// by hand: batchfiles.go (a streamed upload and download) and updatecard.go (UpdateCard's two
// answers).
//
//	c, err := cardplatform.New("https://platform.example.com", cardplatform.WithTokenSource(ts))
//	card, err := c.GetCard(ctx, "proxy-123")
//	var pe *core.Problem
//	if errors.As(err, &pe) { log.Print(pe.Status, pe.Title, pe.Errors["person.email"]) }
//	if errors.Is(err, core.ErrNotFound) { ... }
//
// Calls that move money or change state are sent once: a failure after the request may have
// reached the platform matches ErrOutcomeUnknown, settled by the write's read-back (below);
// it carries the call's correlation id for your logs (WithCorrelationID sets it,
// WithResponseInto reads it back on success). Reads and searches are retried with backoff.
//
// Records keep the JSON members the spec does not name (AdditionalProperties), exactly, and
// send them back; PAN, CVV, PIN and track data are Secret values, masked whenever printed or
// logged. A Client is immutable and safe for concurrent use.
//
// # Calls and per-call options
//
// Every method takes per-call options: WithCorrelationID, WithHeader, WithCallRetry,
// WithCallTimeout, and WithResponseInto(&meta) for the status, headers, correlation and trace
// ids of a successful call. Options of one client are a distinct type: passing
// validation.WithTokenSource to New does not compile.
//
// # A write whose answer was lost
//
// A disbursement moves money and is sent exactly once. If the answer is lost, only a read-back
// can settle it: the platform has no lookup by correlation id or client reference. Each
// state-changing method's doc says which read-back settles it, or "no read-back exists: manual
// review" (from the spec's x-issuerkit-readback). For a disbursement to an existing person,
// take a snapshot before sending and reconcile from it:
//
//	snap, err := c.SnapshotDisbursement(ctx, req) // the person's accounts; ErrNoReadBack if req creates its person
//	// store req and snap in your journal as pending, then send once:
//	d, err := c.CreateDisbursement(ctx, req, cardplatform.WithCorrelationID(id))
//	if errors.Is(err, core.ErrOutcomeUnknown) {
//		rec, err := c.ReconcileDisbursement(ctx, snap, cardplatform.ReconcileOptions{
//			InFlight: n, // other unsettled payouts to this person, from your journal
//		})
//		switch { // rec.Evidence says why
//		case rec.Outcome == cardplatform.Committed: // queued (rec.New names its account): never send it again
//		case rec.Outcome == cardplatform.NotCommitted: // not run, and past the settle time: send it again, once
//		case rec.Reason.Wait(): // too early (read again at rec.SettleAt), other payouts in flight, read failed
//		default: // rec.Reason: ambiguous, identity missing, foreign owner, listing incomplete, ...: review
//		}
//	}
//
// Every pair runs one engine, from the rule the spec states, and fails closed: it answers
// Committed or NotCommitted only on what the read-back shows (exactly one new account of the
// payee, of type DISBURSEMENT; or the whole listing, every account identified, the snapshot's,
// past the settle time), and StillUnknown with its Reason whenever the listing does not prove
// it: an account without its account_guid or person_guid, one listed twice, one of another
// person, a total other than the accounts returned, a member of another type than the spec's.
//
// CreateCard for an existing person works the same way (SnapshotCard, ReconcileCard), and so
// does every other write whose doc names a read-back: Snapshot<Method> just before sending,
// Reconcile<Method> if the outcome is unknown (SnapshotActivateCard and ReconcileActivateCard,
// SnapshotChangeCardStatus, SnapshotSetCardPIN, SnapshotReplaceCard, ...), generated from the
// spec. A write whose doc says "manual review" has no read that proves its effect.
// examples/payouts keeps the journal in SQLite and says how the same works on Postgres.
//
// # Which failures prove a write did not run
//
// For a method that moves money or changes state (not retry-safe), every way a call can end
// falls in one of four classes. Only the first two allow sending the write again; the SDK
// itself re-sends only the first, and nothing else does.
//
// "Not sent" is an observation, never an error's kind alone: crypto/tls and net/http can fail
// at any byte with the same error after the whole request was written (a middlebox's malformed
// record gives the tls.RecordHeaderError a server that does not speak TLS gives during the
// handshake). Each attempt of such a write carries an httptrace.ClientTrace of the SDK's, and
// the SDK sends it again only when that trace shows the attempt wrote nothing and the error's
// kind agrees:
//
//	what the SDK saw, and the error                              class           what the call returns
//	refused by the SDK before your RoundTripper: bad argument    not sent        ErrInvalidArgument, ErrTokenSource,
//	  or header, token source failed or gave an unsendable                        ErrInsecureTransport, ErrRateLimited
//	  token, plain http, local rate limit                                         (a local limiter), never retried
//	the transport looked for a connection (GetConn) and never    not sent        retried by the SDK; the error if attempts
//	  got one (no GotConn, no TLS handshake completed, nothing                    run out (a certificate the client does
//	  written), and the error is a failed dial, DNS, proxy                        not trust: not retried)
//	  CONNECT, or a TLS handshake the client refused
//	  (certificate, server not speaking TLS)
//	the same, with any other error (a reset, EOF or timeout      outcome unknown ErrOutcomeUnknown
//	  during the handshake, a cancel)
//	a connection was obtained or a TLS handshake completed,      outcome unknown ErrOutcomeUnknown
//	  then any error: reset, EOF, timeout, cancel, a TLS alert
//	  or malformed record (17 03 01 00 10, 17 03 03 ff ff) from
//	  a middlebox, an HTTP/2 RST_STREAM or GOAWAY
//	a RoundTripper that fires none of the trace hooks (HTTP/3,   outcome unknown ErrOutcomeUnknown
//	  a mesh's client, a wrapper that drops the request's
//	  context): any error, a failed dial included
//	4xx but 408 (400, 401, 403, 404, 409, 422, 429, ...)         not processed   *Error (ErrBadRequest, ErrRateLimited, ...)
//	408, 500, 501, 502, 503, 504, any other 5xx                  outcome unknown ErrOutcomeUnknown around the *Error
//	a redirect (301, 302, 303, 307, 308) or another 3xx          outcome unknown ErrOutcomeUnknown (around a RedirectError)
//	a 2xx whose body was cut off, timed out or does not decode   ran, answer     ErrOutcomeUnknown around a *DecodeError (or
//	                                                               lost          *TimeoutError), saying which status arrived
//
// What the SDK observes: the trace hooks GetConn, TLSHandshakeDone, GotConn and WroteRequest,
// which net/http's transports call on the request's context (HTTP/1.1: GetConn, the dial and
// TLSHandshakeDone, then GotConn just before it writes the request, then WroteRequest; HTTP/2:
// GetConn and GotConn just before it opens the stream, then WroteRequest), and whether the
// request got past its own steps to your RoundTripper. What it assumes: a RoundTripper that
// passes the request's context on sends the request only through the transport that fires
// those hooks; one that also sends it elsewhere, or buffers bodies to send them again, is
// outside what the SDK can check. When it observes nothing, it assumes the worst: outcome unknown. A test breaks every
// write of this package on the network, over HTTP/1.1, HTTP/2 over TLS and a caller's
// transport, at every stage (in place of the handshake, at the request's bytes, once the
// request arrived, at the answer's bytes) with every fault above, and checks that the server
// never runs it twice and that the call ends in the class this table gives.
//
// 503 is not proof: the API documents no status as "not processed", and a proxy answers 503
// after it forwarded the request when the upstream connection resets before the headers
// (Envoy's "upstream connect error or disconnect/reset before headers"); a gateway's 502 says
// nothing about the origin either. 429 is a refusal by definition (RFC 6585) and runs nothing
// on the sandbox; a 4xx is the platform's (or a proxy's) refusal of the request as sent.
//
// Nothing below the SDK can send such a write twice: it leaves the SDK without GetBody and
// with a body that cannot be rewound (an empty one when it has none), so neither net/http on a
// reused HTTP/1.1 keep-alive connection (even with an Idempotency-Key or X-Idempotency-Key
// header), nor its HTTP/2 transport after a stream reset or GOAWAY, nor a RoundTripper of
// yours (WithHTTPClient) that rewinds with GetBody can replay it. Every outcome unknown is
// settled with the write's read-back (SnapshotDisbursement and ReconcileDisbursement,
// SnapshotCard and ReconcileCard, or the read-back its method's doc names), never by sending
// again blind. The repository's soak test checks all of this under random faults over
// HTTP/1.1, HTTP/2 over TLS and a caller's transport (the figures are in the repository's
// benchmark notes).
//
// # Errors, retries, timeouts and secrets
//
// What follows holds for every client of the SDK (cardplatform, validation, paging).
//
//   - Every non-2xx is an *Error (status, method, redacted URL, correlation id, trace id,
//     Retry-After, capped and masked body) that unwraps to the decoded body (*ProblemError on
//     the card platform, *BankError on the bank APIs) and to a sentinel: ErrNotFound,
//     ErrUnauthorized, ErrForbidden, ErrRateLimited, ErrServerError, ...
//   - Whether a request may be re-sent comes only from its operation (x-issuerkit-retry-safe
//     in the spec, carried by each call); a request of an unknown operation is treated as
//     unsafe. Safe requests are retried on connection errors and 408/429/500/502/503/504 with
//     full-jitter backoff and Retry-After.
//   - A request that moves money or changes state is sent again only when the SDK saw that
//     the attempt wrote nothing (the request's trace: the transport looked for a connection
//     and never got one) and the error agrees: a failed dial, a DNS failure, a TLS handshake
//     the client refused (certificate not trusted, server not speaking TLS), or the SDK's own
//     refusals. Anything else, with any transport (including your own WithHTTPClient
//     RoundTripper: HTTP/3, a service mesh, a proxy; one that fires no trace hooks proves
//     nothing), is one attempt; a failure that does not prove the write was not processed
//     (see "Which failures prove a write did not run": a 503 does not) matches
//     ErrOutcomeUnknown. The request leaves the SDK in a form no transport can replay (no
//     GetBody); a RoundTripper that buffers bodies itself to re-send them is still outside
//     what the SDK can check.
//   - No redirect is followed, for any operation, on the same origin or another. The APIs
//     document none, and a redirect's target answers another request: a 301/302/303 would turn
//     a CreateDisbursement POST into a GET whose 200 becomes a "successful" disbursement, a
//     307/308 re-sends the payment body and token to a path nobody chose, and a GetCard
//     redirected to /cards/other (same path template) would return another card. Since no rule
//     on the target tells these apart, every 301/302/303/307/308 is a RedirectError
//     (ErrRedirectRefused), never retried; for an operation that is not retry-safe it also
//     matches ErrOutcomeUnknown (the server received the request). This holds with the default
//     client and with yours: your *http.Client is copied, never modified, and its
//     CheckRedirect is not consulted.
//   - No credential in any text. The bearer token a call sent (also one you set yourself in
//     Authorization), a bank token source's consumer key and secret and client id and key, and
//     values given to WithSecretValues are replaced by *** in err.Error(), %+v, every exported
//     field of the error (body, ProblemDetails title, detail, errors and extensions, bank
//     error fields, headers) and log records, wherever the server echoes them: JSON keys and
//     values, plain text, HTML, headers. A transport error whose text would hold one is
//     replaced by an error with the text masked (it still matches context.DeadlineExceeded and
//     the like with errors.Is).
//   - PAN, CVV, PIN, track data, SSN and account numbers are Secret values: masked in fmt,
//     slog (text and JSON handlers) and error texts, sent in full only on the wire. What else
//     is masked or logged is per client: WithRedactKeys, WithRedactQueryParams and
//     WithLoggedHeaders add to the defaults; Authorization, Proxy-Authorization, Cookie and
//     Set-Cookie are never logged.
//   - Tokens: concurrent calls share one cached token and one refresh at a time. The refresh
//     runs on the token source's own context, shortly before expiry (a tenth of the token's
//     lifetime, at most a minute) in the background, so steady traffic does not wait for it. A
//     call that must wait gives up when its own context ends, with an error matching both
//     ErrTokenSource and the context's error; the refresh completes anyway and the next call
//     uses its token. A BankTokenSource keeps only the values of the context it is built with,
//     never its cancellation; each token request is bounded by 30 seconds, and Close ends the
//     source.
//   - Path arguments are one segment or nothing: ., .. (also percent-encoded, once or more, or
//     before ;), /, \ and control characters are refused with ErrInvalidArgument before the
//     network, in every method.
//   - New refuses, with ErrInvalidArgument, a base URL with a query or fragment (empty ones
//     too: url + "/?"), user info or a dot segment.
//   - A header HTTP cannot carry (a name that is not a token, a CR, LF or other control
//     character in a value or a correlation id) is refused with ErrInvalidArgument by the
//     client option, or before the first attempt for per-call values: never ErrOutcomeUnknown,
//     never retried, never quoted raw in an error or a log line.
//   - A required header parameter (the bank's KeyClientId) is taken from the request field,
//     else the call's WithHeader, else the client's option, in every generated method; with
//     none, the call fails with ErrInvalidArgument before the network.
//   - Memory follows the bytes that arrive, not the announced Content-Length (at most 64 KiB
//     is reserved ahead); 40 calls stalled after one byte of an announced 64 MiB body allocate
//     under 16 MiB in all, success and error bodies alike.
//   - A page holds no more items than its request asked for, a call that names no size no
//     more than the documented default (a search without limit: 25 cards; ListAccountsByBalance:
//     50 accounts): more is a *DecodeError with core.ErrTooManyItems, decided at the first
//     item beyond, before any is built (the lists without a documented maximum, such as
//     ListFees, are bounded by the 64 MiB body limit, their memory by the bytes); and an
//     answer's items allocate at most 160 times the bytes they take (1 MiB of {} items sent
//     for a page of 1,000 costs about 2.1 MB, the body read, where it cost 314 MiB).
//   - Nothing is inflated: every request asks for Accept-Encoding: identity, whatever
//     http.Client you pass (net/http then neither asks for gzip nor inflates), and an answer
//     compressed anyway is refused unread, a *DecodeError (a download's Body returns the error
//     from its first Read); a 61 KB gzip bomb inflating to 60 MiB costs its call 23 KB.
//   - An amount (Decimal) holds at most 40 digits before and 40 after the point
//     (core.MaxDecimalDigits): 1e999 is a *DecodeError at once, and a number costs a few
//     times its text at most.
//   - Every call has a whole-call ceiling, 60 s by default (DefaultTimeout; WithTimeout per
//     client, WithCallTimeout per call, 0 for none), so a body trickled a byte at a time ends
//     even when the context has no deadline: a *TimeoutError (ErrTimeout,
//     context.DeadlineExceeded), inside an OutcomeUnknownError for an operation that is not
//     retry-safe. File transfers (DownloadBatchfile, CreateBatchfile) have an idle timeout
//     instead (WithIdleTimeout, 60 s), so a large file is never cut off while bytes flow.
//   - No body panics a decode, invalid JSON is always an error, and a decoded value
//     re-encodes with its unknown members: fuzzed over HTTP for every public decode path.
//
// Secrets against a hostile echo:
//
//   - encoded credentials are masked too: the Basic header's base64 and every secret
//     URL-encoded (%2B%2F%3D, either case);
//   - the sandboxes' request logs (Requests() of cardplatformtest and pagingtest) mask the
//     same keys, card numbers and credentials; RevealBody() gives the body as sent;
//   - a value that fails to parse is never quoted whole: errors show its first two
//     characters and its length ("ey…" (44 bytes), nothing but the length up to eight
//     bytes), unknown member names likewise, and a DecodeError's text goes through the
//     call's redactor;
//   - masking lives in the field types: a Secret field, and the unknown members
//     (AdditionalProperties, a core.Extras: {"pin": …} is masked), mask themselves in every
//     fmt verb (%v, %+v, %#v, %s, %q, %x), both slog handlers and json.Marshal, wherever the
//     model is printed; core.MarshalWire is the one way to the wire form, to store a model;
//   - masking never hides the error: a secret shorter than 8 characters is masked only as a
//     whole token, and path arguments, which the
//     specs declare identifiers (a card proxy that passes the Luhn check), are not masked as
//     card numbers;
//   - a Secret is masked by every tool that prints or marshals it, inside your own structs
//     too (MarshalJSON, MarshalText, fmt, slog's JSON handler); the value leaves only
//     through Reveal and the SDK's own wire encoder, and the sandboxes still send and
//     receive it in clear.
//
// Hostile servers and inputs:
//
//   - Invalid JSON (as json.Valid judges it: raw control characters or bad escapes in any
//     member name or string, at any depth, kept or skipped) is a *DecodeError, never a
//     success; null for a promised list is a *DecodeError as for a record.
//   - A token stops being handed out min(10s, lifetime/4) before its expiry, so tokens
//     shorter lived than 10 seconds are used, not fetched on every call.
//   - BankTokenSource returns a *BankTokens (an oauth2.TokenSource) whose Close stops it: no
//     token request and no goroutine after Close, and calls fail with ErrTokenSource before
//     sending.
//   - A bank server that ignores the position (row, page, offset, sequence) while echoing it
//     fails with core.ErrPositionMismatch at the second page, no item delivered twice, with or
//     without totals and prefetch.
//
// # In a service: middleware, attempt timeouts, OpenTelemetry, fakes
//
// Steps of your own run in two places: WithCallMiddleware once per call, outside retries (a
// circuit breaker, an audit record), and WithAttemptMiddleware on every attempt (a header, a
// latency histogram). OperationID(req.Context()) names the operation and Attempt the try. An
// attempt step sees the SDK's User-Agent, X-CorrelationId, Accept and Content-Type, the
// call's headers and body; the Authorization header is set after it and never visible to it.
// For an operation that moves money or changes state a second next is refused with
// ErrResendRefused and sends nothing. Steps combine with WithClientCertificate, WithTLSConfig
// and a bank token source, which a RoundTripper wrapped in WithHTTPClient cannot.
//
// The timeouts, by default (the first three are the default HTTP client's; WithHTTPClient
// brings its own):
//
//	dial                        10 s
//	TLS handshake               10 s
//	response headers            60 s
//	idle body read (downloads)  60 s   WithIdleTimeout
//	attempt                     none   RetryOptions.AttemptTimeout
//	call                        60 s   WithTimeout, WithCallTimeout, the context's deadline
//
// WithLogger records every attempt with its operation: 2xx, 3xx and 4xx answers at DEBUG,
// 5xx answers and failures without an answer (outcome unknown included) at WARN.
//
// RetryOptions.AttemptTimeout bounds each attempt: a safe call is retried after it
// (*AttemptTimeoutError, ErrTimeout), an unsafe one that may have sent is ErrOutcomeUnknown,
// never re-sent. RetryOptions.StatusCodes replaces the statuses after which a safe call is
// retried (DefaultRetryStatusCodes); the rules of unsafe calls do not change.
//
// Spans and metrics go to the global OpenTelemetry providers, or to WithTracerProvider's and
// WithMeterProvider's: a span per call named by the operationId, a child per attempt with the
// HTTP client conventions, http.client.request.duration, issuerkit.client.call.attempts and
// issuerkit.client.lockouts. No URL, body, token, PAN or account number is in any attribute.
// The card platform sends traceparent on every attempt (WithTracePropagation(false) to stop);
// the bank clients only with WithTracePropagation(true). With no provider installed the
// hooks cost no allocation. Only the OpenTelemetry API is a dependency of this module.
//
// cardplatformfake.Fake is the typed fake for your unit tests: one function field per
// method, served to a real Client (f.Client()) through an http.RoundTripper, so encoding,
// decoding, errors and retries are the SDK's own. Problem builds a ProblemDetails answer,
// ErrAnswerLost drops the connection after the function ran (outcome unknown for a write),
// Calls and CallFrom give the correlation id, headers and attempt of each call. No
// per-client interface is generated: declare the small one your code uses, as Go code does,
// and read a call's options in your own fake with ReadCallOptions.
package cardplatform
