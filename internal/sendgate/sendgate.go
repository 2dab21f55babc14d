// Package sendgate lets the code that asked for a request take it back until the moment the
// SDK hands it to the network, and tells it afterwards whether it was handed over: the one
// decision that cancelling a context cannot make. net/http writes a request once it has a
// connection, whatever the context says by then (an idle connection and a cancelled context
// are both ready, and its select picks either), so a request cancelled "in time" can still
// reach the server after its caller returned.
//
// The iterator engine's prefetcher (openapi/core) puts a Gate in each prefetched page's
// context; the SDK's RoundTripper (internal/sdkclient) calls Pass as the last step before the
// caller's RoundTripper and net/http. Close and Pass decide atomically: either the request
// passed (the caller must wait for its answer, it is on its way) or it never will (the caller
// may cancel it: nothing of it is sent).
package sendgate

import (
	"context"
	"sync/atomic"
)

// The states of a Gate.
const (
	open   int32 = iota // nothing passed, not closed
	passed              // a request passed: it is, or will be, sent
	closed              // closed before any request passed: none will
)

// Gate decides whether the requests of one context may still be sent. The zero Gate is open.
type Gate struct{ state atomic.Int32 }

type key struct{}

// With returns ctx carrying g: the requests sent with it pass g (Pass).
func With(ctx context.Context, g *Gate) context.Context { return context.WithValue(ctx, key{}, g) }

// Pass reports whether a request with ctx may be sent now: true when ctx carries no Gate, or
// one not closed (which then stays open for good: Close fails); false when it was closed.
func Pass(ctx context.Context) bool {
	g, _ := ctx.Value(key{}).(*Gate)
	if g == nil {
		return true
	}
	return g.state.CompareAndSwap(open, passed) || g.state.Load() == passed
}

// Close closes g unless a request passed it, and reports whether g is closed: true means no
// request with g's context was or will be sent.
func (g *Gate) Close() bool {
	return g.state.CompareAndSwap(open, closed) || g.state.Load() == closed
}
