// Code generated for the fixture. DO NOT EDIT.

package cardplatform

import "github.com/issuerkit/issuerkit-go/openapi/core"

// Cursor is an alias of core's: core's name, not the package's own.
type Cursor = core.Cursor
