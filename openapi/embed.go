// Package openapi holds the hand-written OpenAPI descriptions the SDK is generated from, for
// programs that need the text itself (the card platform sandbox validates requests against
// it).
package openapi

import _ "embed" // for go:embed

// CardPlatform is openapi/cardplatform.yaml, the description of the card platform.
//
//go:embed cardplatform.yaml
var CardPlatform []byte
