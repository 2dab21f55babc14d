package core

import "github.com/issuerkit/issuerkit-go/internal/corelink"

// The SDK's internals build and render the error bodies through these (internal/corelink):
// their unexported parts (the call's redactor, what counts as a recognized body) are not API.
func init() {
	corelink.DecodeProblem = func(doc []byte) (error, bool) {
		p := new(Problem)
		if err := p.UnmarshalJSON(doc); err != nil || !p.recognized() {
			return nil, false
		}
		return p, true
	}
	corelink.DecodeBankError = func(doc []byte) (error, bool) {
		b := new(BankError)
		if err := b.UnmarshalJSON(doc); err != nil || !b.recognized() {
			return decodeReportingError(doc) // {code, message, debugMessage} (reporting.go)
		}
		return b, true
	}
	corelink.Summary = func(err error) string {
		switch v := err.(type) {
		case *Problem:
			return v.summary()
		case *BankError:
			return v.summary()
		}
		return ""
	}
	corelink.SetMasker = func(err error, m corelink.Masker) {
		switch v := err.(type) {
		case *Problem:
			v.red = m
		case *BankError:
			v.red = m
		}
	}
}
