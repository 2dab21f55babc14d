// Package scalar holds the SDK's scalar types, the Go types behind three formats of the API
// specifications:
//
//   - [Timestamp] for `format: local-date-time`: a zone-less date-time such as
//     2024-05-01T10:20:30.1234567, kept exactly as the service wrote it.
//   - [Decimal] for `format: decimal`: an exact decimal amount such as 12.50; never a float.
//   - [Secret] for `format: sensitive`: card numbers, CVVs, PINs, track data, account numbers
//     and tokens; masked whenever printed or logged, sent in full to the API.
//
// All three encode and decode themselves as JSON, as text (encoding.TextMarshaler and
// encoding.TextUnmarshaler, used for query, path and header parameters) and bind as parameters
// through github.com/oapi-codegen/runtime.
//
// A Secret is sent to the API in full, so encoding/json writes it in full. The generated models
// that hold one mask it in their LogValue methods (through [MaskedJSON]); for other structs,
// give slog.JSONHandler the [RedactSecrets] option (re-exported by each client package).
package scalar
