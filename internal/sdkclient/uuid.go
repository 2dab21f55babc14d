package sdkclient

import "github.com/google/uuid"

// NewUUID returns a new random (version 4) UUID in its 36-character text form: the value of a
// header parameter marked x-issuerkit-generated: uuid (the bank's x-fapi-interaction-id) that
// the caller left empty, one per call.
func NewUUID() string { return uuid.NewString() }
