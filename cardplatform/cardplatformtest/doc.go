// Package cardplatformtest is a stateful, in-process sandbox of the card platform for tests,
// in the spirit of net/http/httptest: NewServer starts it on a loopback port and returns it
// with a *cardplatform.Client pointed at it.
//
//	srv := cardplatformtest.NewServer(t)
//	card, err := srv.Client.GetCard(ctx, proxy)
//
// Routing and request and response types are generated from openapi/cardplatform.yaml
// (oapi-codegen's strict net/http server), and every request is validated against that spec
// before it reaches the sandbox's rules: a request the platform would refuse is answered 400
// with a ProblemDetails body whose errors map names each offending field. A request without
// the sandbox's bearer token is answered 401. 404 comes with or without a body exactly as the
// spec says per operation; 500 has no body.
//
// Persons, cards, accounts, companies and programs, bulk orders, checks, disputes, fees and
// disbursements live in memory and follow the platform's rules (see the README of the seed
// rules in the repository). Where the platform does not publish a rule, the sandbox follows
// the assumption written in the method documentation of Server and in the constants below.
//
// Fault injection (Server.FailNext) makes the next calls of an operation fail with a status,
// a delay or a connection dropped after the request was read, and Server.Requests returns
// every request the sandbox saw, with the Authorization header masked.
package cardplatformtest
