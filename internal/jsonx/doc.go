// Package jsonx decodes and encodes the generated models and keeps the JSON object members a
// model does not name.
//
// The generated models of the SDK decode as encoding/json would and keep every member whose
// key is not one of their fields in a map[string]json.RawMessage, byte for byte, so that what a
// service sends survives decode → encode and a caller can send members the spec does not name.
// [Fields] tells which keys a model knows, matching keys exactly as encoding/json does (a
// case-insensitive fold), [Decoder.Keep] keeps the other members, and
// [Fields.AppendExtraMembers] writes them back after the known fields.
//
// The generated decoders (the unexported decodeJSON, and UnmarshalJSON, in api.gen.go, from
// openapi/templates/additional-properties.tmpl) are made of [Decoder], which reads each value
// once as it decodes it, a switch on the exact member name ([Fields.Index], encoding/json's
// case-insensitive match, only when no name matches exactly), and typed decoders per field
// ([DecodeString] for strings and string enums, [DecodeInt], [DecodeFloat], [DecodeBool],
// [DecodeScalar] for the SDK's scalars, [DecodeElems] for slices, decoded in place,
// [DecodeValue] for the rest). internal/bench/README.md has the figures. The same Decoder walks
// any document value by value ([Decoder.Peek], [Decoder.Member], [Decoder.Elem]): package
// redact re-encodes a body with its secrets masked on it.
//
// It also holds what the generated encoders (encode.gen.go, written by
// internal/tools/gen/models) are made of: append functions that write strings, numbers and raw
// values exactly as encoding/json does, and the wire registry: each client package registers
// its models' unexported encoders ([RegisterWire]), through which [AppendWire] and
// [MarshalWire] (what the SDK sends) and core.MarshalWire (for users) write a model in full.
//
// # The encoder's output
//
// The SDK's encoder defines its own output, the same on every Go release: what encoding/json
// wrote up to Go 1.26 (strings escaped as [AppendString] documents: quote, backslash and
// control characters, <, > and & as \u003c, \u003e, \u0026, U+2028 and U+2029, each byte of
// invalid UTF-8 as \ufffd). Go 1.27's encoding/json writes invalid UTF-8 as a raw U+FFFD; the
// SDK does not follow it. TestAppendStringGolden fixes the output; the equivalence tests
// compare the models' encodings with encoding/json's with U+FFFD in one form.
//
// # Memory by the bytes received
//
// Every success answer of the SDK is decoded by [UnmarshalLimited], never by encoding/json's
// engine for the models and lists of models (whose allocation differs between Go releases):
// each client package registers its models' decoders ([RegisterDecode]), for a model and for
// a []T result alike. A page holds no more items than its request asked for: the decoder
// counts the elements of the items array when it reaches it and refuses one beyond the
// [Limit] before building any (the SDK's answer decoder sets the bound from the request's page
// size or row window, else the operation's documented maximum; the error is
// core.ErrTooManyItems). The count also sizes the slice, allocated once at its length. An item
// then costs its element of the slice and what it holds: its strings, copied; an
// unknown-members map only for an item that has unknown members (a kept member costs about
// 440 bytes with its map); no other heap object per item.
//
// So the items of an answer allocate at most 160 times the bytes they take. The worst case is
// a page of {} items of the largest model (cardplatform.CardDTO, 464 bytes, for 3 bytes of
// input: 155.7×); an item with one unknown member, {"x":0}, costs at most 110 times its 8
// bytes. Reading the body costs at most 2.25 times its size and 64 KiB (1.5 times with a
// Content-Length: sdkclient's readBody reads into chunks that are never copied as they grow,
// then into one buffer of the exact size), so an answer allocates at most 162.25 times the
// bytes received, plus a constant per call, and never more items than asked for: 1 MiB of {}
// items sent for a page of 1,000 costs the body read (about 2.1 MB; no item is built), where
// it cost 314 MiB before (issue 34), and 4.2 MB with the buffer that doubled.
//
// Every list has a count bound stated in its spec (x-issuerkit-pagination for the items of a
// page, x-issuerkit-lists for the other arrays of an answer; the generator refuses an array
// with neither a bound nor the reason it has none). A list whose source documents no maximum
// is bounded by the success-body limit, 64 MiB: at most 22,369,621 items of {} (3 bytes each
// with its comma), each within the multiple above. TestListMemoryIsBoundedByTheBytes
// (cardplatform, paging) checks the multiple and the count on every list of every operation
// (internal/ops/opstest.CheckListMemory, enumerated from the operation descriptors: every
// page, every []T result, every list of x-issuerkit-lists, and the over-full answer to a call
// that named no size where a default is documented); TestEveryListIsBounded (each client)
// finds the lists from the Go types of the results and fails on one without a bound or a
// reason; BenchmarkListMemory reports the multiple, and internal/bench/README.md has the
// figures and the command.
package jsonx
