package cardplatform

import "github.com/issuerkit/issuerkit-go/openapi/core"

// The iterator engine is shared by the SDK's clients and defined in package
// github.com/issuerkit/issuerkit-go/openapi/core (go doc github.com/issuerkit/issuerkit-go/openapi/core.Iterator):
// its page styles (core.StyleRow, ...), Config, core.NewIterator for an endpoint of your own, and
// the errors an iteration ends with (core.ErrPositionMismatch, *core.RangeError, ...).

// Iterator walks the pages of one list: Items and Pages range over it (each range continues
// where the last stopped), Cursor and CursorAt say where it stands. Its methods are in the go
// doc of github.com/issuerkit/issuerkit-go/openapi/core.Iterator.
type Iterator[T any] = core.Iterator[T]

// Page is one page of a list (Items, the Position it answers, totals, Next): see
// github.com/issuerkit/issuerkit-go/openapi/core.Page.
type Page[T any] = core.Page[T]

// Position is one page request in the terms of its style (start, size, key): see
// github.com/issuerkit/issuerkit-go/openapi/core.Position.
type Position = core.Position

// Cursor is where an iteration stands; store its text (MarshalText) and resume with
// WithCursor: see github.com/issuerkit/issuerkit-go/openapi/core.Cursor.
type Cursor = core.Cursor
