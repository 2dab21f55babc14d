package core

import "encoding/json"

// The error body of the bank's commercial account reporting (Commercial Accounts Reporting
// 1.0.3) is not the "exception" schema of its other APIs but
//
//	{"code":"701","message":"Account not found","debugMessage":"accountId ACC-9999 is not ..."}
//
// DecodeBankError decodes it into a *BankError too, so that a caller of the bank's APIs meets
// one error type: ErrorMessage is the message, ServiceError.Messages holds {code, message}
// (Codes returns the code), ServiceError.Raw keeps the body as received, and DebugMessage
// returns the debug text.

// decodeReportingBody decodes doc, a JSON object, as a reporting error body. ok is false
// unless it has a code and a message or debugMessage: a {code, moreInfo} body is another
// API's.
func decodeReportingBody(doc []byte) (*BankError, bool) {
	o, ok := parseObject(doc)
	if !ok {
		return nil, false
	}
	code, msg, debug := o.str("code"), o.str("message"), o.str("debugMessage")
	if code == "" || (msg == "" && debug == "") {
		return nil, false
	}
	text := msg
	if text == "" {
		text = debug
	}
	return &BankError{
		ErrorMessage: msg,
		ServiceError: &ServiceError{
			Messages: []ServiceMessage{{Code: code, Message: text}},
			Raw:      json.RawMessage(doc),
		},
	}, true
}

// DebugMessage returns the debugMessage of a commercial account reporting error body
// ({code, message, debugMessage}), "" for the bank's other error bodies. It is text for the
// developer, not for end users.
func (b *BankError) DebugMessage() string {
	if b == nil || b.ServiceError == nil {
		return ""
	}
	o, ok := parseObject(b.ServiceError.Raw)
	if !ok {
		return ""
	}
	return o.str("debugMessage")
}
