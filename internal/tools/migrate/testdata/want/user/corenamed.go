package user

import (
	ik "github.com/issuerkit/issuerkit-go/openapi/core"
)

// Sentinel uses the caller's name for core.
var Sentinel = []error{ik.ErrNotFound, ik.ErrPartial}
