package apierror_test

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
)

func ExampleFromResponse() {
	resp := &http.Response{
		StatusCode: http.StatusBadRequest,
		Header:     http.Header{"Content-Type": {"application/problem+json"}},
		Body: io.NopCloser(strings.NewReader(`{"title":"One or more validation errors occurred.","status":400,` +
			`"errors":{"person.email":["The email field is not a valid e-mail address."]},"traceId":"00-4bf9-01"}`)),
	}
	defer resp.Body.Close()
	var err error = apierror.FromResponse(resp, apierror.RequestInfo{
		Method: "POST", URL: "https://platform.example.com/api/v1/cards", CorrelationID: "0c8e2f4a",
	}, apierror.DecodeProblem, apierror.MaxBodyBytes)

	fmt.Println(err)
	fmt.Println(errors.Is(err, apierror.ErrBadRequest))
	var pe *apierror.Problem
	if errors.As(err, &pe) {
		fmt.Println(pe.Status, pe.Errors["person.email"])
	}
	// Output:
	// issuerkit: POST https://platform.example.com/api/v1/cards: 400 Bad Request: One or more validation errors occurred.: person.email: The email field is not a valid e-mail address. (correlation id 0c8e2f4a, trace id 00-4bf9-01)
	// true
	// 400 [The email field is not a valid e-mail address.]
}

func ExampleBankError_Codes() {
	body := `{"ErrorMessage":"Missing mandatory information","TransactionId":"rrt-1",` +
		`"ServiceError":{"AOAResponse":{"Result":{"errorCode":"104"}}}}`
	decoded, ok := apierror.DecodeBankError([]byte(body), "application/json")
	fmt.Println(ok)
	var be *apierror.BankError
	if errors.As(decoded, &be) {
		fmt.Println(be.Codes(), be)
	}
	// Output:
	// true
	// [104] Missing mandatory information: errorCode 104
}

func ExampleParseRetryAfter() {
	d, ok := apierror.ParseRetryAfter("120", time.Now())
	fmt.Println(d, ok)
	// Output:
	// 2m0s true
}
