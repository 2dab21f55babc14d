// Package scalar holds the SDK's scalar types, the Go types behind three formats of the API
// specifications:
//
//   - [Timestamp] for `format: local-date-time`: a zone-less date-time such as
//     2024-05-01T10:20:30.1234567, kept exactly as the service wrote it.
//   - [Decimal] for `format: decimal`: an exact decimal amount such as 12.50; never a float.
//   - [Secret] for `format: sensitive`: card numbers, CVVs, PINs, track data, account numbers
//     and tokens; masked whenever printed, logged or marshalled, sent in full to the API by
//     the SDK's own encoders only.
//
// All three encode and decode themselves as JSON, as text (encoding.TextMarshaler and
// encoding.TextUnmarshaler, used for query, path and header parameters) and bind as parameters
// through github.com/oapi-codegen/runtime.
//
// encoding/json and encoding.TextMarshaler users get a Secret masked; the generated models
// send it in full through their AppendJSON methods, and the generated clients pass Reveal for
// parameters. [RedactSecrets] is kept for values whose Secrets sit where a marshaller cannot
// reach them.
package scalar
