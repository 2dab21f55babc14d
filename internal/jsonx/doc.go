// Package jsonx decodes and encodes the generated models and keeps the JSON object members a
// model does not name.
//
// The generated models of the SDK decode as encoding/json would and keep every member whose
// key is not one of their fields in a map[string]json.RawMessage, byte for byte, so that what a
// service sends survives decode → encode and a caller can send members the spec does not name.
// [Fields] tells which keys a model knows, matching keys exactly as encoding/json does (a
// case-insensitive fold), [Fields.Extras] collects the other members with one allocation-free
// scan when there are none, and [Fields.AppendExtraMembers] writes them back after the known
// fields.
//
// The generated decoders (the unexported decodeJSON, and UnmarshalJSON, in api.gen.go, from
// openapi/templates/additional-properties.tmpl) are made of [Decoder], which reads each value
// once as it decodes it, a switch on the exact member name ([Fields.Index], encoding/json's
// case-insensitive match, only when no name matches exactly), and typed decoders per field
// ([DecodeString] for strings and string enums, [DecodeInt], [DecodeFloat], [DecodeBool],
// [DecodeScalar] for the SDK's scalars, [DecodeElems] for slices, decoded in place,
// [DecodeValue] for the rest). internal/bench/README.md has the figures.
//
// It also holds what the generated encoders (encode.gen.go, written by
// internal/tools/gen/models) are made of: append functions that write strings, numbers and raw
// values exactly as encoding/json does, and the wire registry: each client package registers
// its models' unexported encoders ([RegisterWire]), through which [AppendWire] and
// [MarshalWire] (what the SDK sends) and core.MarshalWire (for users) write a model in full.
// [Fields.AppendExtras] is the splice the models used before; the equivalence tests (package
// jsonxtest) keep it as their reference.
package jsonx
