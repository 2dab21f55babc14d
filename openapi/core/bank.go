package core

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"sort"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// BankError is the error body of the bank's APIs (account validation and the list endpoints),
// for example
//
//	{"ErrorMessage":"Error received from backend service",
//	 "TransactionId":"3f2c9a10-77aa-4c1e-9d3e-0b1c2d3e4f50",
//	 "X-CorrelationId":"0c8e2f4a-1b2c-4d5e-8f90-a1b2c3d4e5f6",
//	 "TransactionTime":"2025-01-10T08:15:00.123Z",
//	 "Api-Url":"/accounts/transactions/v1/ach/list",
//	 "ServiceError":{"metadata":{"messages":[{"code":"AI-List-400-fromDate-105","message":"fromDate must be YYYY-MM-DD"}]}}}
//
// Every member is optional. It reaches callers through errors.As on the *Error of a validation or paging call.
type BankError struct {
	// ErrorMessage is the human-readable cause.
	ErrorMessage string `json:"ErrorMessage,omitempty"`
	// TransactionID is the gateway's id of the call, for tracing ("rrt-…" or a UUID).
	TransactionID string `json:"TransactionId,omitempty"`
	// CorrelationID echoes the X-CorrelationId of the request.
	CorrelationID string `json:"X-CorrelationId,omitempty"`
	// TransactionTime is when the error occurred, as sent (ISO 8601, e.g.
	// "2021-06-11T16:31:34.041Z").
	TransactionTime string `json:"TransactionTime,omitempty"`
	// APIURL is the path (older APIs) or full URL (newer APIs) of the failing call.
	APIURL string `json:"Api-Url,omitempty"`
	// ServiceError is the backend's own error, in one of several shapes; nil when absent.
	ServiceError *ServiceError `json:"ServiceError,omitempty"`

	text string // the Error text, masked when the SDK built it (NewError); "" for a literal
}

// ServiceError is the ServiceError member of a bank error body. Its shape depends on the API
// family; every documented shape is decoded into the fields below, and Raw keeps the member as
// received, so nothing of an unknown shape is lost.
type ServiceError struct {
	// ConnectError is the connectivity text of a 502, 503 or 504 (all APIs):
	// {"ConnectError":"..."}.
	ConnectError string
	// ErrorCode is the account validation service's errorCode (a three-digit code such as
	// "104", improper data type or value): {"AOAResponse":{"Result":{"errorCode":"104"}}}. A
	// bare {"errorCode":...} or {"Result":{"errorCode":...}} is accepted too.
	ErrorCode string
	// Messages are the coded messages of the inquiry APIs
	// ({"metadata":{"messages":[{"code":"…","message":"…"}]}}), of ACH origination
	// (a ServiceError that is itself a {code, moreInfo} or a list of them, or errorMessages[]
	// of them),
	// and the faults of account validation (errorResponse.businessFault or systemFault,
	// beside AOAResponse as the v2 wrapper has it or inside it, with code "businessFault" or
	// "systemFault" and the errorDescription as message).
	Messages []ServiceMessage
	// Info are the ACH origination service's information messages (informationMessages[]
	// of {code, moreInfo}, such as 1002040-50I, all addenda received). They are not errors:
	// Codes and Error leave them out.
	Info []ServiceMessage
	// Payment is the error of the RTP and wire payment APIs, nil for other shapes.
	Payment *PaymentError
	// Raw is the ServiceError member as the SDK kept it (the call's credentials and sent
	// Secrets, card numbers, SSNs and members under a sensitive name masked). When set,
	// MarshalJSON writes it, masked again by the SDK's default redactor.
	Raw json.RawMessage
}

// ServiceMessage is one coded message of a ServiceError.
type ServiceMessage struct {
	// Code is the message code, such as "AI-List-400-fromDate-105" or "Wire-List-408-timeout".
	Code string `json:"code,omitempty"`
	// Message is the text of the message.
	Message string `json:"message,omitempty"`
}

// PaymentError is the ServiceError shape of the RTP and wire payment APIs.
type PaymentError struct {
	// Status is the payment status the API reported.
	Status string `json:"status,omitempty"`
	// TransactionID is the payment's transaction id.
	TransactionID string `json:"transactionId,omitempty"`
	// RequestReference is the caller's reference of the request.
	RequestReference string `json:"requestReference,omitempty"`
	// SendersReference is the sender's reference.
	SendersReference string `json:"sendersReference,omitempty"`
	// ReceiversReference is the receiver's reference (RTP participant service errors).
	ReceiversReference string `json:"receiversReference,omitempty"`
	// DebitAccountNumber is the debtor's account number (RTP participant service errors).
	// It is a Secret: masked by fmt, String and log/slog, and in the error text.
	DebitAccountNumber Secret `json:"debitAccountNumber,omitzero"`
	// CreditAccountNumber is the creditor's account number (RTP participant service errors),
	// a Secret like DebitAccountNumber.
	CreditAccountNumber Secret `json:"creditAccountNumber,omitzero"`
	// ValueDate is the value date, as sent.
	ValueDate string `json:"valueDate,omitempty"`
	// Fault is the error member: code ("<BANK>-1006" required field missing, "<BANK>-0006"
	// not authorized, "<BANK>-9999" unknown), title, description and a nested detail.
	Fault *PaymentFault `json:"error,omitempty"`
	// DoddFrank is "YES" or "NO".
	DoddFrank string `json:"doddFrank,omitempty"`
}

// PaymentFault is the error member of a PaymentError, and its nested detail.
type PaymentFault struct {
	// Code is the error code.
	Code string `json:"code,omitempty"`
	// Title is a short summary.
	Title string `json:"title,omitempty"`
	// Description explains the error.
	Description string `json:"description,omitempty"`
	// Detail is a more specific fault, nil when absent.
	Detail *PaymentFault `json:"detail,omitempty"`
}

// maxFaultDepth bounds how deep nested fault details are decoded.
const maxFaultDepth = 8

// UnmarshalJSON decodes a bank error body tolerantly: member names are matched
// case-insensitively, scalar members of another JSON type than string are kept as their
// literal text, and ServiceError is decoded whatever its shape. Only a value that is not a
// JSON object is an error.
func (b *BankError) UnmarshalJSON(data []byte) error {
	if isNull(data) {
		return nil
	}
	o, ok := parseObject(data)
	if !ok {
		return fmt.Errorf("issuerkit: bank error body: not a JSON object")
	}
	*b = bankErrorOf(o, data)
	if md := o.obj("metadata"); !b.recognized() && md.has(bankErrorMembers...) {
		// The ACH inquiry list's 400 as the bank's published file declares it: the error body
		// inside metadata ({"metadata":{"ErrorMessage":…,"ServiceError":…}}). One level only.
		raw, _ := o.get("metadata")
		*b = bankErrorOf(md, raw)
	}
	return nil
}

// bankErrorMembers are the members of the bank's error body.
var bankErrorMembers = []string{"ErrorMessage", "TransactionId", "X-CorrelationId", "TransactionTime", "Api-Url", "ServiceError"}

// bankErrorOf reads the bank's error body o (raw: its text).
func bankErrorOf(o object, raw []byte) BankError {
	b := BankError{
		ErrorMessage:    o.str("ErrorMessage"),
		TransactionID:   o.str("TransactionId"),
		CorrelationID:   o.str("X-CorrelationId"),
		TransactionTime: o.str("TransactionTime"),
		APIURL:          o.str("Api-Url"),
	}
	if se, ok := o.get("ServiceError"); ok && !isNull(se) {
		b.ServiceError = decodeServiceError(se)
	} else if md, ok := o.get("metadata"); ok && !isNull(md) {
		// The inquiry APIs' error schema form, without the envelope: the ACH inquiry list's
		// 400 ({"metadata":{"messages":[{"code":…,"message":…}]}}), read as the ServiceError
		// its example wraps.
		if se := decodeServiceError(raw); len(se.Messages) > 0 {
			b.ServiceError = se
		}
	}
	return b
}

// UnmarshalJSON decodes a ServiceError of any shape (see ServiceError).
func (s *ServiceError) UnmarshalJSON(data []byte) error {
	if isNull(data) {
		return nil
	}
	*s = *decodeServiceError(data)
	return nil
}

// MarshalJSON writes Raw when it is set, masked as the SDK masks a body it logs, and
// otherwise the documented shapes of the fields that are set, in one object, account numbers
// masked (as a Secret marshals): it is a text for logs, never the body as received.
func (s ServiceError) MarshalJSON() ([]byte, error) {
	if len(s.Raw) > 0 && json.Valid(s.Raw) {
		return redact.JSON(s.Raw), nil
	}
	m := map[string]any{}
	if s.ConnectError != "" {
		m["ConnectError"] = s.ConnectError
	}
	if s.ErrorCode != "" {
		m["AOAResponse"] = map[string]any{"Result": map[string]string{"errorCode": s.ErrorCode}}
	}
	if len(s.Messages) > 0 {
		m["metadata"] = map[string]any{"messages": s.Messages}
	}
	if len(s.Info) > 0 {
		info := make([]map[string]string, len(s.Info))
		for i, msg := range s.Info {
			info[i] = map[string]string{"code": msg.Code, "moreInfo": msg.Message}
		}
		m["informationMessages"] = info
	}
	if p := s.Payment; p != nil {
		for k, v := range map[string]string{
			"status": p.Status, "transactionId": p.TransactionID, "requestReference": p.RequestReference,
			"sendersReference": p.SendersReference, "valueDate": p.ValueDate, "doddFrank": p.DoddFrank,
			"receiversReference": p.ReceiversReference, "debitAccountNumber": p.DebitAccountNumber.String(),
			"creditAccountNumber": p.CreditAccountNumber.String(),
		} {
			if v != "" {
				m[k] = v
			}
		}
		if p.Fault != nil {
			m["error"] = p.Fault
		}
	}
	b, err := json.Marshal(m)
	if err != nil || s.Payment == nil {
		return b, err
	}
	// The account numbers are masked wherever a text repeats them (a fault's description).
	return redact.Default().WithSecrets(s.Payment.DebitAccountNumber.Reveal(), s.Payment.CreditAccountNumber.Reveal()).JSON(b), nil
}

// decodeServiceError decodes every documented ServiceError shape found in raw.
func decodeServiceError(raw []byte) *ServiceError {
	s := &ServiceError{Raw: append(json.RawMessage(nil), raw...)}
	o, ok := parseObject(raw)
	if !ok {
		// ACH origination: the service error may itself be a list of {code, moreInfo}.
		s.Messages = appendMessages(s.Messages, parseArray(raw))
		return s
	}
	s.ConnectError = o.str("ConnectError")

	// Account validation: AOAResponse.Result.errorCode, possibly inside a response wrapper
	// (accountValidationResponse, accountValidationV2Response), or Result.errorCode, or a bare
	// errorCode; the errorResponse beside AOAResponse (the v2 wrapper) or inside it.
	aoa, wrapper := o.obj("AOAResponse"), o
	if aoa == nil {
		names := make([]string, 0, len(o))
		for k := range o {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			if w, ok := parseObject(o[k]); ok && w.has("AOAResponse", "errorResponse") {
				aoa, wrapper = w.obj("AOAResponse"), w
				break
			}
		}
	}
	switch {
	case aoa != nil && aoa.obj("Result").str("errorCode") != "":
		s.ErrorCode = aoa.obj("Result").str("errorCode")
	case o.obj("Result").str("errorCode") != "":
		s.ErrorCode = o.obj("Result").str("errorCode")
	default:
		s.ErrorCode = o.str("errorCode")
	}
	for _, er := range []object{wrapper.obj("errorResponse"), aoa.obj("errorResponse")} {
		for _, kind := range []string{"businessFault", "systemFault"} {
			if f := er.obj(kind); f != nil {
				s.Messages = append(s.Messages, ServiceMessage{Code: kind, Message: f.str("errorDescription")})
			}
		}
	}

	// Inquiry APIs: metadata.messages[] (a bare messages[] is accepted too).
	msgs := o.obj("metadata").arr("messages")
	if msgs == nil {
		msgs = o.arr("messages")
	}
	s.Messages = appendMessages(s.Messages, msgs)
	// ACH origination: the service error itself a {code, moreInfo}, or errorMessages[] and
	// informationMessages[] of them.
	if o.has("code", "moreInfo") {
		s.Messages = appendMessages(s.Messages, []json.RawMessage{raw})
	}
	s.Messages = appendMessages(s.Messages, o.arr("errorMessages"))
	s.Info = appendMessages(s.Info, o.arr("informationMessages"))

	// RTP and wire payments.
	if o.has("error", "transactionId", "requestReference", "sendersReference", "valueDate", "doddFrank",
		"receiversReference", "debitAccountNumber", "creditAccountNumber") {
		s.Payment = &PaymentError{
			Status:              o.str("status"),
			TransactionID:       o.str("transactionId"),
			RequestReference:    o.str("requestReference"),
			SendersReference:    o.str("sendersReference"),
			ReceiversReference:  o.str("receiversReference"),
			DebitAccountNumber:  NewSecret(o.str("debitAccountNumber")),
			CreditAccountNumber: NewSecret(o.str("creditAccountNumber")),
			ValueDate:           o.str("valueDate"),
			Fault:               decodeFault(o.obj("error"), 0),
			DoddFrank:           o.str("doddFrank"),
		}
	}
	return s
}

// appendMessages appends the coded messages of list to msgs: {code, message} (inquiry APIs)
// or {code, moreInfo} (ACH origination); items that are not objects are skipped.
func appendMessages(msgs []ServiceMessage, list []json.RawMessage) []ServiceMessage {
	for _, m := range list {
		if mo, ok := parseObject(m); ok {
			text := mo.str("message")
			if text == "" {
				text = mo.str("moreInfo")
			}
			msgs = append(msgs, ServiceMessage{Code: mo.str("code"), Message: text})
		}
	}
	return msgs
}

func decodeFault(o object, depth int) *PaymentFault {
	if o == nil || depth >= maxFaultDepth {
		return nil
	}
	return &PaymentFault{
		Code:        o.str("code"),
		Title:       o.str("title"),
		Description: o.str("description"),
		Detail:      decodeFault(o.obj("detail"), depth+1),
	}
}

// recognized reports whether the body has at least one member of the bank's error schema.
func (b *BankError) recognized() bool {
	return b.ErrorMessage != "" || b.TransactionID != "" || b.CorrelationID != "" ||
		b.TransactionTime != "" || b.APIURL != "" || b.ServiceError != nil
}

// Codes returns every code found in the error, in order and without repeats: the account
// validation errorCode, the message codes, and the payment fault codes (outer, then nested).
func (b *BankError) Codes() []string {
	if b == nil || b.ServiceError == nil {
		return nil
	}
	var codes []string
	seen := map[string]bool{}
	add := func(c string) {
		if c != "" && !seen[c] {
			seen[c] = true
			codes = append(codes, c)
		}
	}
	s := b.ServiceError
	add(s.ErrorCode)
	for _, m := range s.Messages {
		add(m.Code)
	}
	if s.Payment != nil {
		for f := s.Payment.Fault; f != nil; f = f.Detail {
			add(f.Code)
		}
	}
	return codes
}

// maxMessages bounds how many service messages Error lists.
const maxMessages = 3

// Error returns the ErrorMessage followed by what the ServiceError says, with card numbers and
// SSNs masked:
//
//	Error received from backend service: AI-List-400-fromDate-105: fromDate must be YYYY-MM-DD
//	Missing mandatory information: errorCode 104
//	Service Unavailable: connect error: Connection to the backend service failed
func (b BankError) Error() string {
	if b.text != "" {
		return b.text
	}
	return b.render(redact.Default())
}

// render is the Error text, masked by red.
func (b *BankError) render(red redact.Masker) string {
	if msg := b.summary(red); msg != "" {
		return msg
	}
	return "issuerkit: bank error"
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (b BankError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, b) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (b BankError) LogValue() slog.Value { return redact.ErrorLogValue(b) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (b BankError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(b) }

// summary is Error without a fallback, masked by red: "" when the body has no text.
func (b *BankError) summary(red redact.Masker) string {
	if b == nil {
		return ""
	}
	text := joinNonEmpty(": ", b.ErrorMessage, b.ServiceError.summary())
	if s := b.ServiceError; s != nil && s.Payment != nil {
		// Account numbers the body names are masked wherever the text repeats them.
		for _, n := range []Secret{s.Payment.DebitAccountNumber, s.Payment.CreditAccountNumber} {
			if v := n.Reveal(); v != "" {
				text = strings.ReplaceAll(text, v, n.String())
			}
		}
	}
	return red.Text(text)
}

// summary describes the service error in one line.
func (s *ServiceError) summary() string {
	if s == nil {
		return ""
	}
	var parts []string
	if s.ConnectError != "" {
		parts = append(parts, "connect error: "+s.ConnectError)
	}
	if s.ErrorCode != "" {
		parts = append(parts, "errorCode "+s.ErrorCode)
	}
	for i, m := range s.Messages {
		if i == maxMessages {
			parts = append(parts, fmt.Sprintf("and %d more", len(s.Messages)-maxMessages))
			break
		}
		parts = append(parts, joinNonEmpty(": ", m.Code, m.Message))
	}
	if s.Payment != nil && s.Payment.Fault != nil {
		f := s.Payment.Fault
		text := f.text()
		if f.Detail != nil {
			if dt := f.Detail.text(); dt != "" {
				text = joinNonEmpty(" ", text, "("+dt+")")
			}
		}
		parts = append(parts, text)
	}
	return joinNonEmpty("; ", parts...)
}

func (f *PaymentFault) text() string {
	return joinNonEmpty(": ", joinNonEmpty(" ", f.Code, f.Title), f.Description)
}

func joinNonEmpty(sep string, parts ...string) string {
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, sep)
}
