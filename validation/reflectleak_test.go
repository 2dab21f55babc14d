package validation_test

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// reflectionRenderings renders v every way fmt can reach it without calling its methods: by
// value and by pointer, under an exported and an unexported field of a struct of the caller's,
// with verbs that fit and verbs that do not (%d of a string, %s of a pointer: fmt's
// %!verb(...) fallback prints the value by reflection).
func reflectionRenderings(v any) []string {
	type exported struct{ V any }
	type unexported struct {
		n int
		v any
	}
	var out []string
	for _, arg := range []any{v, &v, exported{v}, &exported{v}, unexported{1, v}, &unexported{1, v}, []any{v}, map[string]any{"k": v}} {
		for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "%d", "%t", "%p"} {
			out = append(out, fmt.Sprintf(verb, arg))
		}
	}
	return out
}

// verbS is %s, in a variable so that vet lets a test use it on a value it does not fit.
var verbS = "%s"

// TestSecretFieldsUnreadableByReflection: the date of birth and the account number of an
// Inquiry held by pointer in a struct of the caller's were printed in clear by fmt's
// %!s(...) fallback (issue 33, bug 2): a Secret keeps its value behind a pointer fmt never
// follows.
func TestSecretFieldsUnreadableByReflection(t *testing.T) {
	const dob, acct, ssn = "19800101", "3123456789", "123456789"
	inq := validation.Inquiry{
		ServiceType: validation.ServiceTypeOwner, RoutingNumber: "011000015",
		AccountNumber: core.NewSecret(acct),
		AcctOwner:     validation.AcctOwner{FirstName: "Ann", LastName: "Lee", DOB: core.NewSecret(dob), SSN: core.NewSecret(ssn)},
	}
	// An unexported field: fmt cannot call the methods of what it holds, and %s does not fit
	// a pointer, so fmt prints the Inquiry by reflection.
	type callerStruct struct {
		inq *validation.Inquiry
	}
	require.Contains(t, fmt.Sprintf(verbS, callerStruct{&inq}), "%!s(", "the fallback this test is about")
	for _, v := range []any{inq, &inq, callerStruct{&inq}, inq.AcctOwner, inq.AccountNumber} {
		for _, s := range reflectionRenderings(v) {
			for _, secret := range []string{dob, acct, ssn} {
				if strings.Contains(s, secret) {
					t.Fatalf("%T shows %q: %s", v, secret, s)
				}
			}
		}
	}
}

// TestBankErrorByValueShowsNothingTheCallSent: a plain 400 of the bank client, printed by
// value (*apiErr, or the error kept in a struct of the caller's, or taken out of a chain),
// showed the bearer token, its base64, the SSN and the account number the call sent: the
// error kept the call's redactor, which fmt printed by reflection (issue 33, bug 1).
func TestBankErrorByValueShowsNothingTheCallSent(t *testing.T) {
	const token, acct, ssn = "tok-VALUE-Qa1Ws2Ed3Rf4", "3123456789", "123456789"
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, `{"ErrorMessage":"Bad request","TransactionId":"rrt-1"}`)
	}, v1, core.WithStaticToken(token))
	_, err := c.VerifyAccount(context.Background(), validation.Inquiry{
		ServiceType: validation.ServiceTypeOwner, SecondaryID: "SEC0001", RoutingNumber: "011000015",
		AccountNumber: core.NewSecret(acct),
		AcctOwner:     validation.AcctOwner{FirstName: "Ann", LastName: "Lee", SSN: core.NewSecret(ssn)},
	})
	var apiErr *core.Error
	require.ErrorAs(t, err, &apiErr)
	var bankErr *core.BankError
	require.ErrorAs(t, err, &bankErr)
	secrets := []string{token, base64.RawStdEncoding.EncodeToString([]byte(token))[:12], acct, ssn}
	for _, v := range []any{*apiErr, apiErr, *bankErr, bankErr, err, errors.Join(err), fmt.Errorf("w: %w", err)} {
		for _, s := range reflectionRenderings(v) {
			for _, secret := range secrets {
				if !assert.NotContains(t, s, secret, "%T", v) {
					return
				}
			}
		}
	}
}
