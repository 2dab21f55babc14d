// Package cardplatform is the client of the card, account and program platform API: cards,
// accounts, programs and companies, bulk orders, paper checks, disbursements, disputes and fees.
//
// Every operation of openapi/cardplatform.yaml is one method of Client: path parameters as
// arguments, query parameters (and the body, when both exist) in one ...Request struct, the
// body alone otherwise, and the typed result. The models (api.gen.go) and the methods
// (client.gen.go) are generated from the spec; batchfiles.go holds the methods that are not
// plain JSON (a streamed upload and download, UpdateCard's two answers).
//
//	c, err := cardplatform.New("https://platform.example.com", cardplatform.WithTokenSource(ts))
//	card, err := c.GetCard(ctx, "proxy-123")
//	var pe *cardplatform.ProblemError
//	if errors.As(err, &pe) { log.Print(pe.Status, pe.Title, pe.Errors["person.email"]) }
//	if errors.Is(err, cardplatform.ErrNotFound) { ... }
//
// Calls that move money or change state are sent once: a failure after the request may have
// reached the platform matches ErrOutcomeUnknown and carries the correlation id to reconcile
// with (WithCorrelationID sets it, WithResponseInto reads it back on success). Reads and
// searches are retried with backoff.
//
// Records keep the JSON members the spec does not name (AdditionalProperties), exactly, and
// send them back; PAN, CVV, PIN and track data are Secret values, masked whenever printed or
// logged. A Client is immutable and safe for concurrent use.
package cardplatform
