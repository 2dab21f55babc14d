package validation_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
)

// The Secrets the inquiry sends, and texts a hostile or careless bank echoes back.
const (
	sentAccount = "987654321"
	sentSSN     = "123456789" // nine digits, no dashes: only the call knows it is an SSN
	sentIDNo    = "OH1234567"
	sentDOB     = "19800131"
	bearer      = "tok-echoed-bearer-0001"
	echoPAN     = "4111111111111111"
)

// echo is a server text quoting everything the call must never show.
var echo = fmt.Sprintf("account %s ssn %s id %s dob %s auth Bearer %s card %s ssn 078-05-1120\r\nlevel=ERROR msg=forged \x1b[2J \u202etxt",
	sentAccount, sentSSN, sentIDNo, sentDOB, bearer, echoPAN)

// forbidden is what no text of the call may contain.
var forbidden = []string{sentAccount, sentSSN, sentIDNo, sentDOB, bearer, echoPAN, "078-05-1120", "\r", "\n", "\x1b", "\u202e"}

// TestServerEchoesAreSanitizedInEveryText: the bank quotes, in a 400, in a fault or result of
// a 200, in a body that does not decode and in the X-CorrelationId it echoes, the account
// number, SSN, ID number and date of birth the call sent as Secrets, the call's bearer token, a
// card number, a dashed SSN, CR LF, ESC and U+202E. Every error text (Error, every fmt verb,
// both slog handlers, json.Marshal) and the fields a user reads (FaultError.Business,
// CorrelationID) show none of them. Before, FaultError/ResultError/DecodeError showed them raw
// and the 400 showed the sent Secrets in clear.
func TestServerEchoesAreSanitizedInEveryText(t *testing.T) {
	quoted, _ := json.Marshal(echo)
	bodies := map[string]struct {
		status int
		body   string
	}{
		"400 bank error": {400, `{"ErrorMessage":` + string(quoted) + `,"TransactionId":"t-1"}`},
		"200 business fault": {200, `{"accountValidationV2Response":{"AOAResponse":{"Result":{"errorCode":"000"}},` +
			`"errorResponse":{"businessFault":{"errorDescription":` + string(quoted) + `},"systemFault":{"errorDescription":` + string(quoted) + `}}}}`},
		"200 result error": {200, `{"accountValidationV2Response":{"AOAResponse":{"Result":{"errorCode":"104","accountNumber":"` + sentAccount + `"}}}}`},
		"200 undecodable":  {200, `{"accountValidationV2Response":{"AOAResponse":{"Result":{"errorCode":` + sentAccount + `}}}}`},
	}
	for name, b := range bodies {
		t.Run(name, func(t *testing.T) {
			c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("X-CorrelationId", echo[:60]+" "+echoPAN)
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(b.status)
				_, _ = w.Write([]byte(b.body))
			}, core.WithStaticToken(bearer))
			_, err := c.VerifyAccount(context.Background(), validation.Inquiry{
				SecondaryID: "SEC0001", RoutingNumber: "011000015", AccountNumber: core.NewSecret(sentAccount),
				AcctOwner: validation.AcctOwner{FirstName: "Pat", LastName: "Lee", SSN: core.NewSecret(sentSSN),
					IDType: "D", IDNo: core.NewSecret(sentIDNo), IDState: "OH", DOB: core.NewSecret(sentDOB)},
			})
			if err == nil {
				t.Fatal("no error")
			}
			texts := renderings(err)
			var fe *validation.FaultError
			if errors.As(err, &fe) {
				texts["FaultError.Business"] = fe.Business
				texts["FaultError.System"] = fe.System
				texts["FaultError.CorrelationID"] = fe.CorrelationID
			}
			var re *validation.ResultError
			if errors.As(err, &re) {
				texts["ResultError.CorrelationID"] = re.CorrelationID
			}
			var de *core.DecodeError
			if errors.As(err, &de) {
				texts["DecodeError.CorrelationID"] = de.CorrelationID
			}
			for how, s := range texts {
				for _, f := range forbidden {
					if strings.Contains(s, f) {
						t.Errorf("%s shows %q: %s", how, f, s)
					}
				}
			}
			if !strings.Contains(texts["Error"], "Pat") && name == "200 business fault" && !strings.Contains(texts["Error"], "account") {
				t.Errorf("the fault text is lost: %s", texts["Error"])
			}
		})
	}
}

// renderings renders err every way a user prints or logs an error. A slog text record ends
// with its one newline, which is removed.
func renderings(err error) map[string]string {
	var jh, th bytes.Buffer
	slog.New(slog.NewJSONHandler(&jh, leaktest.NoTime(nil))).Error("call failed", "err", err, "in", struct{ E error }{err})
	slog.New(slog.NewTextHandler(&th, leaktest.NoTime(nil))).Error("call failed", "err", err)
	js, jerr := json.Marshal(struct{ E error }{err})
	if jerr != nil {
		js = []byte(jerr.Error())
	}
	return map[string]string{
		"Error": err.Error(), "%v": fmt.Sprintf("%v", err), "%+v": fmt.Sprintf("%+v", err),
		"%s": fmt.Sprintf("%s", err), "%q": fmt.Sprintf("%q", err), "%#v": fmt.Sprintf("%#v", err),
		"slog JSON": strings.TrimSuffix(jh.String(), "\n"), "slog text": strings.TrimSuffix(th.String(), "\n"),
		"json.Marshal": string(js),
	}
}
