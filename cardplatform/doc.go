// Package cardplatform is the client of the card, account and program platform API: cards,
// accounts, programs and companies, bulk orders, paper checks, disbursements, disputes and
// fees.
//
// A method per operation (listed under Operations below) takes path parameters as arguments,
// query parameters (and the body, when both exist) in one ...Request struct, the body alone
// otherwise, and the typed result. Models and methods are generated from the spec; the file
// transfers ([Client.CreateBatchfile], [Client.DownloadBatchfile]: streamed, with an idle
// timeout, WithIdleTimeout, instead of a whole-call one) and [Client.UpdateCard] (two answers)
// are written by hand.
//
//	c, err := cardplatform.New("https://platform.example.com", core.WithTokenSource(ts))
//	card, err := c.GetCard(ctx, "proxy-123")
//	var pe *core.Problem
//	if errors.As(err, &pe) { log.Print(pe.Status, pe.Title, pe.Errors["person.email"]) }
//	if errors.Is(err, core.ErrNotFound) { ... }
//
// Every method takes per-call options (core.WithCorrelationID, core.WithHeader,
// core.WithCallRetry, core.WithCallTimeout, and core.WithResponseInto for the status, headers,
// correlation and trace ids of a success). What every client of the SDK promises is written once, in package [core]: the
// errors to branch on ([core.Error], [core.ErrOutcomeUnknown]), reads retried and writes sent
// once ([core.RetryOptions]), secrets masked ([core.Secret]), iterators ([core.Iterator]),
// timeouts, middleware and telemetry. The card platform sends traceparent on every attempt
// (core.WithTracePropagation(false) to stop).
//
// For your tests, cardplatformtest is a stateful in-process sandbox of the platform, checked
// against the spec, and cardplatformfake a typed fake with one function field per method
// (Problem builds a ProblemDetails answer, ErrAnswerLost drops the connection after the
// function ran); both serve a real Client.
//
// # A write whose answer was lost
//
// A write that may have reached the platform and lost its answer matches
// [core.ErrOutcomeUnknown]. The platform has no lookup by correlation id or client reference:
// only a read-back can settle it. The operations list below says, for each write, which
// Settle method settles it or that none exists (manual review), as the spec's
// x-issuerkit-readback states; the method's doc says what the read-back reads. Take the
// snapshot (the pair's Snapshot method) just before sending, keep it with the request in your
// journal, and settle from it if the outcome is unknown:
//
//	snap, err := c.SnapshotDisbursement(ctx, req) // ErrNoReadBack if req creates its person
//	d, err := c.CreateDisbursement(ctx, req, core.WithCorrelationID(id))
//	if errors.Is(err, core.ErrOutcomeUnknown) {
//		rec, err := c.SettleDisbursement(ctx, snap, cardplatform.SettleOptions{InFlight: n})
//		switch { // rec.Evidence says why
//		case rec.Outcome == cardplatform.Committed: // it ran (rec.New names its account): never send it again
//		case rec.Outcome == cardplatform.NotCommitted: // not run, past the settle time: send it again, once
//		case rec.Reason.Wait(): // too early (read again at rec.SettleAt), payouts in flight, read failed
//		default: // ambiguous, identity missing, foreign owner, listing incomplete, ...: review
//		}
//	}
//
// Every pair runs one engine from the rule the spec states, and fails closed: Committed or
// NotCommitted only on what the read-back shows (for a disbursement, exactly one new account of
// the payee of type DISBURSEMENT; or the whole listing, every account identified, the
// snapshot's, past the settle time), and StillUnknown with its Reason whenever the listing does
// not prove it: an account without its account_guid or person_guid, one listed twice, one of
// another person, a total other than the accounts returned, a type other than the spec's.
// The rules are of four kinds: a member holds the value the write sets (state), a number moved
// by exactly the amount sent (delta), a member changed (changed), one item more is listed
// (new). A delta rule states which way the write moves its number: up, a credit (the balance
// rose by exactly the amount: SettleAdjustAccountBalance), or down, a debit (it fell by
// exactly the amount); a movement of any other size or direction, the amount's own in the
// other direction included, is StillUnknown (ReasonAmbiguous), and so is no movement past the
// settle time (the write and a movement of the same size the other way look the same: a delta
// rule never answers NotCommitted), and a balance absent or not a number (ReasonMemberMissing). Each Settle method's doc says which rule it runs.
// examples/payouts keeps the journal in SQLite and says how the same works on Postgres.
package cardplatform
