package journal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// Write describes one journaled write of the card platform: how to send it, take its
// read-back snapshot, settle it, and which scope it belongs to. Every operation whose
// read-back the SDK runs has one, generated from the spec's rule (writes.gen.go):
// CreateDisbursement, CreateCard, ActivateCard, ... Run it with Do. Req is the method's body
// type, or its Args struct for a method with path arguments (ActivateCardArgs); Res is the
// method's result type. The zero Write is not usable.
type Write[Req, Res any] struct {
	op       string
	send     func(*cardplatform.Client, context.Context, Req, ...core.CallOption) (*Res, error)
	snapshot func(*cardplatform.Client, context.Context, Req) (cardplatform.Snapshot, error)
	settle   func(*cardplatform.Client, context.Context, cardplatform.Snapshot, cardplatform.SettleOptions) (cardplatform.SettleResult, error)
	scope    func(context.Context, *cardplatform.Client, Req) (string, error)
	// apart refuses, before anything is recorded, a request whose read-back could not tell its
	// effect from another journaled write's in another scope; nil for most writes.
	apart func(Req) error
}

// Operation returns the write's operation id ("createDisbursement").
func (w Write[Req, Res]) Operation() string { return w.op }

// newWrite is how writes.gen.go builds every Write.
func newWrite[Req, Res any](op string,
	send func(*cardplatform.Client, context.Context, Req, ...core.CallOption) (*Res, error),
	snapshot func(*cardplatform.Client, context.Context, Req) (cardplatform.Snapshot, error),
	settle func(*cardplatform.Client, context.Context, cardplatform.Snapshot, cardplatform.SettleOptions) (cardplatform.SettleResult, error),
	scope func(context.Context, *cardplatform.Client, Req) (string, error),
	apart func(Req) error,
) Write[Req, Res] {
	return Write[Req, Res]{op: op, send: send, snapshot: snapshot, settle: settle, scope: scope, apart: apart}
}

// ErrNotJournaled matches Do's error for a request the journal cannot run exactly once: its
// read-back could not tell its effect from another journaled write's (see the package doc).
// Nothing was recorded or sent.
var ErrNotJournaled = errors.New("journal: this request cannot be journaled")

func notJournaled(why string) error { return fmt.Errorf("%w: %s", ErrNotJournaled, why) }

// write is a Write with its types erased: what the engine runs for an entry, whose request
// and response it holds as their wire encodings.
type write interface {
	operation() string
	// sendWire decodes the request, sends it and returns the answer's wire encoding.
	sendWire(ctx context.Context, c *cardplatform.Client, req []byte) ([]byte, error)
	snapshotWire(ctx context.Context, c *cardplatform.Client, req []byte) (cardplatform.Snapshot, error)
	settleSnap(ctx context.Context, c *cardplatform.Client, snap cardplatform.Snapshot, o cardplatform.SettleOptions) (cardplatform.SettleResult, error)
}

func (w Write[Req, Res]) operation() string { return w.op }

func (w Write[Req, Res]) sendWire(ctx context.Context, c *cardplatform.Client, b []byte) ([]byte, error) {
	req, err := decodeRequest[Req](b)
	if err != nil {
		return nil, err
	}
	res, err := w.send(c, ctx, req)
	if err != nil {
		return nil, err
	}
	if res == nil {
		return []byte("null"), nil
	}
	out, err := core.MarshalWire(res)
	if err != nil {
		// The platform answered: the write ran. The answer is kept as nothing rather than lost
		// with the verdict.
		return []byte("null"), nil
	}
	return out, nil
}

func (w Write[Req, Res]) snapshotWire(ctx context.Context, c *cardplatform.Client, b []byte) (cardplatform.Snapshot, error) {
	req, err := decodeRequest[Req](b)
	if err != nil {
		return cardplatform.Snapshot{}, err
	}
	return w.snapshot(c, ctx, req)
}

func (w Write[Req, Res]) settleSnap(ctx context.Context, c *cardplatform.Client, snap cardplatform.Snapshot, o cardplatform.SettleOptions) (cardplatform.SettleResult, error) {
	return w.settle(c, ctx, snap, o)
}

// wireArgs is implemented by the generated Args structs: their wire encoding, the body's
// beside the path arguments.
type wireArgs interface {
	appendWire(b []byte) ([]byte, error)
}

// encodeRequest returns the wire encoding of a request: what the journal stores, hashes and
// sends again.
func encodeRequest(req any) ([]byte, error) {
	if a, ok := req.(wireArgs); ok {
		return a.appendWire(nil)
	}
	return core.MarshalWire(req)
}

// decodeRequest reads a request back from its wire encoding.
func decodeRequest[Req any](b []byte) (Req, error) {
	var req Req
	if err := json.Unmarshal(b, &req); err != nil {
		return req, fmt.Errorf("journal: the stored request does not decode: %w", err)
	}
	return req, nil
}

// appendArgs appends the wire encoding of an Args struct: {"<param>": <value>, ..., "body":
// <the body's wire encoding>}; kv alternates a path parameter's name and its value.
func appendArgs(b []byte, body any, kv ...any) ([]byte, error) {
	b = append(b, '{')
	for i := 0; i+1 < len(kv); i += 2 {
		v, err := json.Marshal(kv[i+1]) // not a model: a path argument, a string or a GUID
		if err != nil {
			return nil, err
		}
		b = fmt.Appendf(b, "%q:", kv[i])
		b = append(b, v...)
		b = append(b, ',')
	}
	b = append(b, `"body":`...)
	b, err := core.AppendWire(b, body)
	if err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}

// scopeOf is a write's scope: the read-back operation and its arguments as the request gives
// them ("searchAccounts?person_guid=…&program_guid=…"); kv alternates an argument's name and
// its value, sorted by name.
func scopeOf(read string, kv ...any) string {
	var b strings.Builder
	b.WriteString(read)
	for i := 0; i+1 < len(kv); i += 2 {
		if i == 0 {
			b.WriteByte('?')
		} else {
			b.WriteByte('&')
		}
		b.WriteString(url.QueryEscape(fmt.Sprint(kv[i])))
		b.WriteByte('=')
		b.WriteString(url.QueryEscape(scopeValue(kv[i+1])))
	}
	return b.String()
}

// scopeValue is the text of a scope argument: a string as it is, anything else as fmt prints
// it (a GUID's String).
func scopeValue(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return fmt.Sprint(v)
}
