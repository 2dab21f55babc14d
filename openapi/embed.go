// Package openapi holds the hand-written OpenAPI descriptions the SDK is generated from, for
// programs that need the text itself (the card platform sandbox validates requests against
// it).
package openapi

import _ "embed" // for go:embed

// CardPlatform is openapi/cardplatform.yaml, the description of the card platform.
//
//go:embed cardplatform.yaml
var CardPlatform []byte

// BankLists is openapi/banklists.yaml, the description of the bank's paginated list
// endpoints (the bank lists sandbox, pagingtest, validates requests against it).
//
//go:embed banklists.yaml
var BankLists []byte

// Validation is openapi/validation.yaml, the description of the bank's account-validation
// service (its sandbox, validationtest, names the operations of the requests it records with
// it).
//
//go:embed validation.yaml
var Validation []byte
