// Package journal runs the card platform's writes exactly once across crashes, restarts and
// fleets of workers: it records each write's intent and read-back snapshot durably before
// sending, marks every attempt before its bytes can leave, sends once, and settles an outcome
// unknown by the write's read-back (cardplatform's Settle methods), sending again only
// when a read-back proved the attempt not committed.
//
//	j, err := journal.New(client, store, journal.Options{})
//	r, err := journal.Do(ctx, j, journal.CreateDisbursement, payoutID, req)
//	switch {
//	case err == nil:                          // r.State is committed or refused, for good
//	case errors.Is(err, journal.ErrSettling): // recorded, not settled yet: Recover settles it
//	case errors.Is(err, journal.ErrReview):   // a person decides: j.Review, j.Resolve
//	}
//	go j.Run(ctx, 30*time.Second) // on start and on a timer: settle what crashes left
//
//	r, err = journal.Lookup(ctx, j, journal.CreateDisbursement, payoutID) // later, anywhere: what became of it
//
// Storage is one small interface, Store, with drivers in modules of their own: sqlitejournal
// (embedded, pure Go) and pgjournal (Postgres, for a fleet); journaltest holds the conformance
// suite every driver passes and an in-memory Store for tests.
//
// # The writes
//
// Every operation whose spec names a read-back the SDK runs has a Write (CreateDisbursement,
// CreateCard, ActivateCard, ...), generated from the same rule as its Snapshot and Settle
// methods; a write without a read-back cannot be journaled, because nothing could ever prove
// it unsent. SetCardPIN is left out on purpose: its read-back compares the PIN sent, so the
// journal would have to keep the PIN at rest to settle it, and a PIN never rests in a database.
// Each Write has a scope, computed before its intent is recorded: what its read-back reads
// (the person and program of a disbursement), or the scope its rule declares in the spec
// when writes of other operations change the same records (CreateCard, ReplaceCard and
// AssignCard all add to a person's cards: their scope is the person's cards; ReplaceCard's
// takes one GetCard to know the person). The Store sends the entries of one scope one at a
// time: while one is leased, sending or in review, the others wait, so a read-back never sees
// another write of the journal in flight (SettleOptions.InFlight is 0 by construction).
// Where one scope per entry cannot keep two writes apart, the request is refused before
// anything is recorded (ErrNotJournaled): CreateAccount's read-back lists a program's accounts
// by name and type, and every payout (CreateDisbursement, scoped by its person) makes an
// account of type DISBURSEMENT in its program, so a lost CreateAccount of that type could take
// a payout's account for its own. The generator finds such pairs in the spec's rules (two
// listings of one read, scoped differently, one making items whose constant members the
// other takes from its request).
//
// # What is proved
//
//   - An attempt is marked sending (Store.Update, checked against the lease's fencing token and
//     its end by the Store's clock) before any byte of it can leave, and sent with the lease's
//     end (SendBy) as its deadline. A worker whose lease ended or was taken over cannot mark,
//     so it sends nothing.
//   - An attempt is sent again only when a read-back proved it not committed, and a read-back
//     proves that only after SendBy plus Settle: after the moment no byte of the attempt could
//     leave (the lease's end; or, when the worker saw its call return, that moment) and the
//     time the platform may still take to run what it received. Before, the entry stays
//     sending. Any other answer (an effect that could be another writer's, a partial listing, a
//     read that failed) waits or goes to review, never to a resend.
//   - An answer settles the entry committed (with the answer) and a 4xx refused (a 429 leaves it
//     pending, due after its Retry-After: the platform did nothing), with a Refusal that keeps
//     what its reader needs days later: the status, the problem's title and detail, its field
//     errors (Refusal.Errors) and the trace and correlation ids a support ticket asks for; an
//     error the SDK returns only when nothing was sent ([core.ErrInvalidArgument],
//     [core.ErrTokenSource]: an allowlist) leaves it pending, the attempt not counted;
//     everything else (core.ErrOutcomeUnknown, a context error, whatever a call middleware
//     returns) leaves it sending for a read-back.
//   - A key names one write, ever: the same key with another request (its SHA-256) or another
//     operation is ErrKeyReused; a settled key returns its recorded Result without sending.
//
// # What is assumed
//
//   - The Store is atomic as its contract says (journaltest.RunStoreTests checks a driver) and
//     durable once a call returned: an Update that returned marked the attempt.
//   - Clocks: leases end by the Store's one clock; a worker's deadline is its own start time
//     plus Lease, taken before it asked for the lease, so it ends no later than the Store's
//     lease as long as the worker's clock runs at the Store's rate. Settle is measured on the
//     workers' clocks: they must agree, to well within Settle, with each other and the Store.
//   - A lease long enough for one call: Options.Lease must exceed a snapshot plus one send
//     (the client's call timeout), or calls are cut off at the lease's end (outcome unknown)
//     and settled later by read-back.
//   - The platform runs a request within Settle of its snapshot's SendBy, or not at all
//     (cardplatform.SettleOptions.Settle).
//   - Writes outside the journal: a read-back cannot tell this write's effect from that of a
//     writer the journal does not know about (another service paying the same person); the
//     read-back's own checks (owners, one new item, its type) turn most such cases into
//     review, never into a resend.
//
// # Operating it
//
// Recover (or Run, on a timer) settles what a crash or a lost answer left open. Review lists
// the writes a person must decide, with their evidence; Resolve records the decision. Lookup
// answers "what became of payout X?" for any key, from the Store alone: a support tool, a
// status endpoint or another service, days later, in another process, without the request.
// It returns the Result and error Do would return for a settled write or one in review
// (ErrReview), and for one not settled yet its State with a *SettlingError; it sends nothing,
// takes no lease and changes nothing. Its Write must be the key's operation's
// (ErrKeyReused otherwise), and a response resting sealed opens only with the Sealer.
//
// # At rest and in telemetry
//
// The Store keeps the request's wire encoding (core.MarshalWire: secrets in full, so that a
// recovery can send it again) and the platform's answer, sealed by Options.Sealer when one is
// set; give one (an AEAD keyed from your KMS) when a request or answer holds a secret (a
// person's SSN, a card's PAN). Snapshots and verdicts hold no secret, and a Refusal holds
// the texts of the SDK's error as the SDK masked them, never the problem's unknown members. An Entry is that stored
// record: never log one whole (its Request is the request as sent, or sealed); Review and
// Result (Do's, Lookup's) give what a person or a log needs. Spans and metrics carry
// the operation, states, outcomes and reasons only: never a key, a scope or a request value.
// The metrics: issuerkit.journal.entries (gauge by state), issuerkit.journal.oldest_unsettled_age
// (seconds), issuerkit.journal.resends (by operation), issuerkit.journal.verdicts (by outcome
// and reason).
package journal
