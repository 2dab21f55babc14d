package validation_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/issuerkit/issuerkit-go/openapi"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
)

// TestErrorCodesBranchLikeErrors: every errorCode of the spec, answered in a 200 by the
// sandbox, gives an error that matches the SDK's sentinel for it and no other: 997
// (authorization unavailable) and 998 (system failure) ErrServerError, 999 (timeout)
// ErrTimeout, the client's own mistakes (001..107) neither. Before, none matched a sentinel
// and a caller needed a table of its own.
func TestErrorCodesBranchLikeErrors(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData(openapi.Validation)
	if err != nil {
		t.Fatal(err)
	}
	want := map[validation.ErrorCode]error{"997": core.ErrServerError, "998": core.ErrServerError, "999": core.ErrTimeout}
	var accts []validationtest.Account
	var codes []validation.ErrorCode
	for i, v := range doc.Components.Schemas["ErrorCode"].Value.Enum {
		code := validation.ErrorCode(v.(string))
		if code == validation.ErrorCodeNoError {
			continue
		}
		codes = append(codes, code)
		accts = append(accts, validationtest.Account{RoutingNumber: validationtest.RoutingNumber,
			AccountNumber: fmt.Sprintf("7700%05d", i), ErrorCode: code})
	}
	if len(codes) != 16 {
		t.Fatalf("%d error codes in the spec, want 16", len(codes))
	}
	srv := validationtest.NewServer(t, validationtest.WithRateLimit(0), validationtest.WithAccounts(accts...))
	for i, code := range codes {
		t.Run(string(code), func(t *testing.T) {
			_, err := srv.Client().VerifyAccount(t.Context(), validation.Inquiry{SecondaryID: validationtest.SecondaryID,
				RoutingNumber: validationtest.RoutingNumber, AccountNumber: core.NewSecret(accts[i].AccountNumber)})
			var re *validation.ResultError
			if !errors.As(err, &re) || re.Code != code {
				t.Fatalf("want a *ResultError with errorCode %s, got %v", code, err)
			}
			if code.Sentinel() != want[code] {
				t.Errorf("Sentinel() = %v, want %v", code.Sentinel(), want[code])
			}
			for _, s := range []error{core.ErrServerError, core.ErrTimeout, core.ErrBadRequest, core.ErrNotFound} {
				if got := errors.Is(err, s); got != (s == want[code]) {
					t.Errorf("errors.Is(err, %v) = %v", s, got)
				}
			}
		})
	}
	if validation.ErrorCode("996").Sentinel() != nil {
		t.Error("an unknown code matches a sentinel")
	}
}
