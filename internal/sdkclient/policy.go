package sdkclient

import "github.com/issuerkit/issuerkit-go/openapi/core"

// Next sends a request through the rest of the pipeline. Each step of the pipeline holds the
// Next after it, set once when New builds the pipeline, so a request pays no allocation and
// no adapter frame for the chain.
type Next = core.Next
