package core

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"sort"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// Problem is the card platform's error body: an RFC 9457 problem details object as ASP.NET
// writes it (ProblemDetails, ValidationProblemDetails), for example
//
//	{"type":"https://tools.ietf.org/html/rfc9110#section-15.5.1",
//	 "title":"One or more validation errors occurred.","status":400,
//	 "errors":{"person.email":["The email field is not a valid e-mail address."]},
//	 "traceId":"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"}
//
// It reaches callers through errors.As on the *Error of a card platform call.
type Problem struct {
	// Type is a URI reference identifying the problem type ("about:blank" when absent).
	Type string
	// Title is a short summary of the problem type.
	Title string
	// Status is the HTTP status the server put in the body, which may differ from the
	// response's (the client's Error.StatusCode is authoritative).
	Status int
	// Detail explains this occurrence of the problem.
	Detail string
	// Instance is a URI reference identifying this occurrence.
	Instance string
	// TraceID is the server's trace id (the "traceId" member).
	TraceID string
	// Errors maps a field name (such as "person.email") to its validation messages.
	Errors map[string][]string
	// Extensions holds every other member, and any known member whose JSON type was not the
	// expected one, as received (masked in an error the SDK returns). Like a model's unknown
	// members they print masked, every value behind a pointer (core.Extras).
	Extensions Extras

	text string // the Error text, masked when the SDK built it (NewError); "" for a literal
}

// problemMembers maps the lower-cased names of the known members to their canonical spelling.
var problemMembers = map[string]string{
	"type": "type", "title": "title", "status": "status", "detail": "detail",
	"instance": "instance", "errors": "errors", "traceid": "traceId",
}

// UnmarshalJSON decodes a problem details object tolerantly. Known members are matched by
// name case-insensitively (the canonical spelling wins over variants); status may be a number
// or a string; a field's errors may be an array of strings or a single string; every other
// member goes to Extensions. Only a value that is not a JSON object is an error.
func (p *Problem) UnmarshalJSON(data []byte) error {
	if isNull(data) {
		return nil
	}
	o, ok := parseObject(data)
	if !ok {
		return fmt.Errorf("issuerkit: problem details: not a JSON object")
	}
	*p = Problem{}
	// Canonical spellings first, then the other names in sorted order, so that the result
	// does not depend on map order.
	names := make([]string, 0, len(o))
	for k := range o {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool {
		ci, cj := problemMembers[strings.ToLower(names[i])] == names[i], problemMembers[strings.ToLower(names[j])] == names[j]
		if ci != cj {
			return ci
		}
		return names[i] < names[j]
	})
	taken := make(map[string]bool, len(problemMembers))
	for _, k := range names {
		raw := o[k]
		member, known := problemMembers[strings.ToLower(k)]
		if known && !taken[member] && p.setMember(member, raw) {
			taken[member] = true
			continue
		}
		p.Extensions.Set(k, append(json.RawMessage(nil), raw...))
	}
	return nil
}

// setMember stores a known member; it reports false when raw has an unexpected JSON type.
func (p *Problem) setMember(member string, raw json.RawMessage) bool {
	str := func(dst *string) bool {
		s, ok := scalarText(raw)
		if !ok || len(raw) > 0 && raw[0] != '"' && !isNull(raw) {
			return false
		}
		*dst = s
		return true
	}
	switch member {
	case "type":
		return str(&p.Type)
	case "title":
		return str(&p.Title)
	case "detail":
		return str(&p.Detail)
	case "instance":
		return str(&p.Instance)
	case "traceId":
		return str(&p.TraceID)
	case "status":
		n, ok := parseStatus(raw)
		if ok {
			p.Status = n
		}
		return ok
	case "errors":
		return p.setErrors(raw)
	}
	return false
}

// setErrors decodes the errors member: an object mapping a field to an array of messages, or
// to a single message. Messages that are not strings are kept as their JSON text.
func (p *Problem) setErrors(raw json.RawMessage) bool {
	if isNull(raw) {
		return true
	}
	o, ok := parseObject(raw)
	if !ok {
		return false
	}
	p.Errors = make(map[string][]string, len(o))
	for field, v := range o {
		var msgs []string
		switch {
		case isNull(v):
		case len(v) > 0 && v[0] == '[':
			for _, el := range parseArray(v) {
				if s, ok := scalarText(el); ok {
					msgs = append(msgs, s)
				} else {
					msgs = append(msgs, compactText(el))
				}
			}
		default:
			if s, ok := scalarText(v); ok {
				msgs = []string{s}
			} else {
				msgs = []string{compactText(v)}
			}
		}
		p.Errors[field] = msgs
	}
	return true
}

// recognized reports whether the problem has at least one known member with a value, which is
// what tells a problem details body from any other JSON object.
func (p *Problem) recognized() bool {
	return p.Type != "" || p.Title != "" || p.Status != 0 || p.Detail != "" ||
		p.Instance != "" || p.TraceID != "" || len(p.Errors) > 0
}

// Error returns the title (or, without one, the detail, or the status) followed by the
// detail and the messages of the first field in Errors (in name order), with card numbers and
// SSNs masked:
//
//	One or more validation errors occurred.: person.email: The email field is not a valid e-mail address. (and 1 more field)
func (p Problem) Error() string {
	if p.text != "" {
		return p.text
	}
	return p.render(redact.Default())
}

// render is the Error text, masked by red.
func (p *Problem) render(red redact.Masker) string {
	if msg := p.summary(red); msg != "" {
		return msg
	}
	if p.Status != 0 {
		return red.Text(fmt.Sprintf("issuerkit: problem details (status %d)", p.Status))
	}
	return "issuerkit: problem details"
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (p Problem) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, p) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (p Problem) LogValue() slog.Value { return redact.ErrorLogValue(p) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (p Problem) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(p) }

// summary is Error without a fallback, masked by red: "" when the problem has no text.
func (p *Problem) summary(red redact.Masker) string {
	if p == nil {
		return ""
	}
	msg := p.Title
	if p.Detail != "" && p.Detail != p.Title {
		msg = joinNonEmpty(": ", msg, p.Detail)
	}
	if len(p.Errors) > 0 {
		fields := make([]string, 0, len(p.Errors))
		for f := range p.Errors {
			fields = append(fields, f)
		}
		sort.Strings(fields)
		msg = joinNonEmpty(": ", msg, fields[0], strings.Join(p.Errors[fields[0]], "; "))
		switch n := len(fields) - 1; n {
		case 0:
		case 1:
			msg += " (and 1 more field)"
		default:
			msg += fmt.Sprintf(" (and %d more fields)", n)
		}
	}
	return red.Text(msg)
}
