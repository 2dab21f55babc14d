// Package cardplatform is the client of the card, account and program platform API: cards,
// accounts, programs and companies, bulk orders, paper checks, disbursements, disputes and fees.
//
// The models and a raw client are generated from openapi/cardplatform.yaml (api.gen.go); this
// package adds the typed facade on top of the shared transport pipeline:
//
//	c, err := cardplatform.New("https://platform.example.com", cardplatform.WithTokenSource(ts))
//	card, err := c.GetCard(ctx, "proxy-123")
//	var pe *cardplatform.ProblemError
//	if errors.As(err, &pe) { log.Print(pe.Status, pe.Title, pe.Errors["person.email"]) }
//	if errors.Is(err, cardplatform.ErrNotFound) { ... }
//
// A Client is immutable and safe for concurrent use.
package cardplatform
