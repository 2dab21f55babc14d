// Package scalar is the SDK's internal name for the scalar types, which are defined in the
// public package github.com/issuerkit/issuerkit-go/openapi/core so that go doc shows their
// methods where a user looks: [Timestamp] (`format: local-date-time`), [Decimal]
// (`format: decimal`), [Secret] (`format: sensitive`), [GUID] (`format: uuid`) and [Date]
// (`format: date`). The names here are aliases, kept so the SDK's internal packages, tests
// and generators need no change. What stays defined here is internal: [Mask], [Excerpt],
// [RedactSecrets] and [MaskedJSON].
//
// encoding/json and encoding.TextMarshaler users get a Secret masked, and so do they for the
// generated models holding one (their MarshalJSON masks); the models send it in full through
// their wire encoders only (jsonx.MarshalWire), the generated clients pass Reveal for
// parameters, and [SecretValues] gives the values a request sends, which the call masks in
// every text. [RedactSecrets] is kept for values whose Secrets sit where a marshaller cannot
// reach them.
package scalar
