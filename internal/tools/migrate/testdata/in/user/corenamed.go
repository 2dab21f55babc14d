package user

import (
	ik "github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
)

// Sentinel uses the caller's name for core.
var Sentinel = []error{paging.ErrNotFound, ik.ErrPartial}
