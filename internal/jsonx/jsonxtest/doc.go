// Package jsonxtest checks generated JSON encoders against encoding/json: the generated test
// of each package with models (encode.gen_test.go) calls [CheckEncoders] and [FuzzEncoders]
// with the list of its model types.
//
// The reference ("oracle") is the encoding the models had before they were given encoders:
// encoding/json applied to a copy of the model's type without methods, each nested model
// encoded the same way, followed by the members of AdditionalProperties spliced in by
// appendExtras (extras.go); json.Marshal then compacts the whole.
package jsonxtest
