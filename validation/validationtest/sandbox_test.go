package validationtest_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var ctx = context.Background()

func inquiry(routing, account string, owner validation.AcctOwner) validation.Inquiry {
	return validation.Inquiry{SecondaryID: validationtest.SecondaryID, RoutingNumber: routing,
		AccountNumber: core.NewSecret(account), AcctOwner: owner}
}

var patLee = validation.AcctOwner{FirstName: "Pat", LastName: "Lee"}

// versions runs f against a sandbox client of each version.
func versions(t *testing.T, f func(t *testing.T, srv *validationtest.Server)) {
	for _, v := range []string{"v1", "v2"} {
		t.Run(v, func(t *testing.T) {
			opts := []validationtest.Option{validationtest.WithRateLimit(0), validationtest.WithClientOptions(formOf(v)...)}
			if v == "v1" {
				opts = append(opts, validationtest.WithDocumentedAPI()) // v1 is served in the documented form only
			}
			srv := validationtest.NewServer(t, opts...)
			f(t, srv)
		})
	}
}

// TestConditionAndStatusCodes: every condition code and every status code of the seed, on v1
// and v2, with the partial data that comes with a condition.
func TestConditionAndStatusCodes(t *testing.T) {
	cases := []struct {
		name      string
		inq       validation.Inquiry
		condition validation.ConditionCode
		status    validation.PrimaryStatusCode
		state     validation.AccountState
	}{
		{"matched owner", inquiry(validationtest.RoutingNumber, validationtest.AccountPerson, patLee), "000", "099", validation.AccountOpen},
		{"not a participant", inquiry(validationtest.RoutingNotParticipant, validationtest.AccountPerson, patLee), "300", "", validation.AccountUnknown},
		{"not a contributor, status still returned", inquiry(validationtest.RoutingNotContributor, validationtest.AccountPerson, patLee), "301", "099", validation.AccountOpen},
		{"owner data unavailable", inquiry(validationtest.RoutingNumber, validationtest.AccountNoInformation, patLee), "302", "096", validation.AccountNoInformation},
		{"no name field", inquiry(validationtest.RoutingNumber, validationtest.AccountPerson, validation.AcctOwner{City: "Springfield"}), "304", "099", validation.AccountOpen},
		{"unknown account", inquiry(validationtest.RoutingNumber, validationtest.AccountUnknown, patLee), "396", "000", validation.AccountNotLocated},
		{"no owner requested", inquiry(validationtest.RoutingNumber, validationtest.AccountPerson, validation.AcctOwner{}), "900", "099", validation.AccountOpen},
		{"no owner response provided", inquiry(validationtest.RoutingNumber, validationtest.AccountNoOwnerResponse901, validationtest.PersonOwner), "901", "099", validation.AccountOpen},
		{"closed", inquiry(validationtest.RoutingNumber, validationtest.AccountClosed, patLee), "000", "012", validation.AccountClosed},
	}
	versions(t, func(t *testing.T, srv *validationtest.Server) {
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				res, err := srv.Client().VerifyAccount(ctx, tc.inq)
				require.NoError(t, err)
				assert.Equal(t, tc.condition, res.Condition(), res.Condition().String())
				assert.Equal(t, tc.condition != "000", res.Partial())
				assert.Equal(t, tc.status, res.AcctStatus.PrimaryStatusCode)
				assert.Equal(t, tc.state, res.Account())
				assert.Equal(t, validation.FeeAttribACH, res.FeeAttrib)
				assert.Equal(t, tc.inq.AccountNumber.Reveal(), res.AccountNumber.Reveal(), "echo")
				if tc.condition != "000" {
					assert.Empty(t, res.AcctOwner.Fields(), "no owner matching with condition %s", tc.condition)
				}
			})
		}
	})
}

// TestMatchCodes: Y/N/C/U per field, case/spacing/punctuation ignored, the score.
func TestMatchCodes(t *testing.T) {
	versions(t, func(t *testing.T, srv *validationtest.Server) {
		exact := validation.AcctOwner{
			FirstName: "  PAT ", MiddleName: "quinn", LastName: "L.ee", NamePrefix: "Mr", NameSuffix: "Jr",
			AddressLine1: "100 MAIN ST.", AddressLine2: "apt 4", City: "springfield", State: "oh",
			ZipCode: "455011234", HomePhone: "9375550100", WorkPhone: "9375550199",
			SSN: core.NewSecret("6789"), DOB: core.NewSecret("19800131"), IDType: "D",
			IDNo: core.NewSecret("OH1234567"), IDState: "OH",
		}
		res, err := srv.Client().VerifyAccount(ctx, inquiry(validationtest.RoutingNumber, validationtest.AccountPerson, exact))
		require.NoError(t, err)
		o := res.AcctOwner
		assert.Empty(t, o.NotMatched())
		assert.Empty(t, o.ConditionallyMatched())
		assert.Equal(t, []string{"namePrefix", "nameSuffix"}, o.NoData(), "U always for prefix and suffix")
		assert.Equal(t, validation.MatchCodeMatch, o.SSNMatch, "four digits: Y")
		score, _ := res.Score()
		assert.Equal(t, 100, score)
		assert.True(t, res.OwnerMatched())

		partial := validation.AcctOwner{
			FirstName: "Patricia", LastName: "Lee", AddressLine1: "100 Main St", AddressLine2: "Apt 9",
			City: "Springfie", ZipCode: "45501-9999", HomePhone: "5135550100", WorkPhone: "1111111111",
			SSN: core.NewSecret("999456789"), DOB: core.NewSecret("19800130"), IDNo: core.NewSecret("XX1234567"),
			State: "KY", IDType: "P", IDState: "KY",
		}
		res, err = srv.Client().VerifyAccount(ctx, inquiry(validationtest.RoutingNumber, validationtest.AccountPerson, partial))
		require.NoError(t, err)
		o = res.AcctOwner
		assert.Equal(t, []string{"name", "address", "city", "zipCode", "homePhone", "ssn", "dob", "idNo"}, o.ConditionallyMatched())
		assert.Equal(t, []string{"firstName", "state", "workPhone", "idType", "idState"}, o.NotMatched())
		assert.Equal(t, []string{"lastName"}, o.Matched())
		score, _ = res.Score()
		assert.Equal(t, 35, score) // (lastName 1 + 7 C × 0.5) / 13 fields sent; nameMatch is a summary
		assert.False(t, res.OwnerMatched())

		res, err = srv.Client().VerifyAccount(ctx, inquiry(validationtest.RoutingNumber, validationtest.AccountPerson,
			validation.AcctOwner{FirstName: "Pat", LastName: "Lee", SSN: core.NewSecret("123456789")}))
		require.NoError(t, err)
		assert.Equal(t, validation.MatchCodeMatch, res.AcctOwner.SSNMatch, "nine digits, exact: Y")

		res, err = srv.Client().VerifyAccount(ctx, inquiry(validationtest.RoutingNumber, validationtest.AccountBusiness,
			validation.AcctOwner{BusinessName: "ACME widgets", FirstName: "Pat", LastName: "Lee"}))
		require.NoError(t, err)
		assert.Equal(t, validation.MatchCodeConditionalMatch, res.AcctOwner.BusinessNameMatch)
		assert.Equal(t, validation.MatchCodeNoData, res.AcctOwner.NameMatch, "no person name on file")

		res, err = srv.Client().VerifyAccount(ctx, inquiry(validationtest.RoutingNumber, validationtest.AccountPerson,
			validation.AcctOwner{BusinessName: "Acme", FirstName: "Bob", LastName: "Smith"}))
		require.NoError(t, err)
		assert.Equal(t, validation.MatchCodeNoData, res.AcctOwner.BusinessNameMatch, "U: found, but no business name")
		assert.Equal(t, validation.MatchCodeNoMatch, res.AcctOwner.NameMatch)
		score, ok := res.Score()
		assert.True(t, ok)
		assert.Equal(t, 0, score)
	})
}

// TestErrorCodes: every errorCode of the seed's table comes back through the client as a
// *ResultError with its meaning; the client-id codes come from the sandbox's own rules.
func TestErrorCodes(t *testing.T) {
	versions(t, func(t *testing.T, srv *validationtest.Server) {
		all := []validation.ErrorCode{"001", "003", "005", "006", "008", "010", "011", "013", "103", "104", "105", "106", "107", "997", "998", "999"}
		for i, code := range all {
			acct := "77000" + string(code) + string(rune('1'+i%9))
			srv.AddAccount(validationtest.Account{RoutingNumber: validationtest.RoutingNumber, AccountNumber: acct, ErrorCode: code})
			_, err := srv.Client().VerifyAccount(ctx, inquiry(validationtest.RoutingNumber, acct, patLee))
			var re *validation.ResultError
			require.ErrorAs(t, err, &re, code)
			assert.Equal(t, code, re.Code)
			assert.NotContains(t, re.Code.String(), "unknown")
		}
		natural := []struct {
			name string
			edit func(*validation.Inquiry)
			code validation.ErrorCode
		}{
			{"unknown client", func(i *validation.Inquiry) { i.SecondaryID = "NOBODY" }, "103"},
			{"wrong additional id", func(i *validation.Inquiry) {
				i.SecondaryID, i.AdditionalID = validationtest.SecondaryIDWithAdditional, "WRONG"
			}, "103"},
			{"missing additional id", func(i *validation.Inquiry) { i.SecondaryID = validationtest.SecondaryIDWithAdditional }, "106"},
			{"bad serial number", func(i *validation.Inquiry) { i.SerialNumber = "A12" }, "005"},
			{"system failure", func(i *validation.Inquiry) {
				i.AccountNumber = core.NewSecret(validationtest.AccountSystemFailure)
			}, "998"},
			{"timeout", func(i *validation.Inquiry) { i.AccountNumber = core.NewSecret(validationtest.AccountTimeout) }, "999"},
			{"authorization unavailable", func(i *validation.Inquiry) {
				i.AccountNumber = core.NewSecret(validationtest.AccountAuthorizationUnavailable)
			}, "997"},
		}
		for _, tc := range natural {
			inq := inquiry(validationtest.RoutingNumber, validationtest.AccountPerson, patLee)
			tc.edit(&inq)
			_, err := srv.Client().VerifyAccount(ctx, inq)
			var re *validation.ResultError
			require.ErrorAs(t, err, &re, tc.name)
			assert.Equal(t, tc.code, re.Code, tc.name)
		}
		inq := inquiry(validationtest.RoutingNumber, validationtest.AccountPerson, patLee)
		inq.SecondaryID, inq.AdditionalID = validationtest.SecondaryIDWithAdditional, validationtest.AdditionalID
		res, err := srv.Client().VerifyAccount(ctx, inq)
		require.NoError(t, err)
		assert.Equal(t, "CLIENT0002", res.PrimaryID)
	})
}

// TestMalformedInputGetsTheServiceCode: requests that skip the SDK's rules (raw HTTP) are
// validated against the spec and answered 400 with the service's errorCode.
func TestMalformedInputGetsTheServiceCode(t *testing.T) {
	srv := validationtest.NewServer(t, validationtest.WithRateLimit(0), validationtest.WithDocumentedAPI())
	cases := []struct {
		name, inquiry string
		code          string
	}{
		{"bad routing", `"serviceType":"Owner","secondaryId":"SEC0001","routingNumber":"011000016","accountNumber":"123456789"`, "001"},
		{"separator in account", `"serviceType":"Owner","secondaryId":"SEC0001","routingNumber":"011000015","accountNumber":"123-456"`, "003"},
		{"missing account", `"serviceType":"Owner","secondaryId":"SEC0001","routingNumber":"011000015"`, "006"},
		{"missing serviceType", `"secondaryId":"SEC0001","routingNumber":"011000015","accountNumber":"1"`, "006"},
		{"long account", `"serviceType":"Owner","secondaryId":"SEC0001","routingNumber":"011000015","accountNumber":"123456789012345678"`, "008"},
		{"dob not a real date", `"serviceType":"Owner","secondaryId":"SEC0001","routingNumber":"011000015","accountNumber":"1","AcctOwner":{"firstName":"P","lastName":"L","dob":"19990229"}`, "107"},
		{"amount", `"serviceType":"Owner","secondaryId":"SEC0001","routingNumber":"011000015","accountNumber":"1","amount":"1.5"`, "013"},
		{"serviceType", `"serviceType":"owner","secondaryId":"SEC0001","routingNumber":"011000015","accountNumber":"1"`, "104"},
		{"zip", `"serviceType":"Owner","secondaryId":"SEC0001","routingNumber":"011000015","accountNumber":"1","AcctOwner":{"zipCode":"4550 1"}`, "107"},
		{"not an inquiry", `"serviceType":"Owner","secondaryId":"SEC0001","routingNumber":"011000015","accountNumber":"1","AcctOwner":"Pat"`, "105"},
	}
	for _, v := range []string{"accountValidationRequest", "accountValidationV2Request"} {
		path := "/accounts/validations/v1/verifyAccount"
		if strings.Contains(v, "V2") {
			path = "/accounts/validations/v2/verifyAccount"
		}
		for _, tc := range cases {
			t.Run(v+" "+tc.name, func(t *testing.T) {
				body := `{"` + v + `":{"AOARequest":{"Inquiry":{` + tc.inquiry + `}}}}`
				status, got := post(t, srv, path, "application/json", validationtest.Token, body)
				assert.Equal(t, http.StatusBadRequest, status)
				assert.Contains(t, got, `"AOAResponse":{"Result":{"errorCode":"`+tc.code+`"}}`)
			})
		}
	}
	status, got := post(t, srv, "/accounts/validations/v1/verifyAccount", "application/json", validationtest.Token, `{"accountValidationV2Request":{}}`)
	assert.Equal(t, http.StatusBadRequest, status, "v2 envelope on the v1 path")
	assert.Contains(t, got, `"errorCode":"105"`)
}

func post(t *testing.T, srv *validationtest.Server, path, ct, token, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+path, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", ct)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(b)
}

// TestHTTPErrors: the bank's error body for 401, 403, 404, 415 and 5xx, typed by the client.
func TestHTTPErrors(t *testing.T) {
	srv := validationtest.NewServer(t, validationtest.WithRateLimit(0), validationtest.WithDocumentedAPI())
	noRetry := core.WithRetry(core.RetryOptions{MaxAttempts: 1})
	for _, tc := range []struct {
		token string
		is    error
	}{{"wrong", core.ErrUnauthorized}, {validationtest.DeniedToken, core.ErrForbidden}} {
		c, err := validation.New(srv.URL, core.WithStaticToken(tc.token), noRetry)
		require.NoError(t, err)
		_, err = c.VerifyAccount(ctx, inquiry(validationtest.RoutingNumber, validationtest.AccountPerson, patLee))
		require.ErrorIs(t, err, tc.is)
		var be *core.BankError
		require.ErrorAs(t, err, &be)
		assert.NotEmpty(t, be.ErrorMessage)
		assert.NotEmpty(t, be.TransactionID)
	}
	c, err := validation.New(srv.URL, core.WithStaticToken(validationtest.Token), noRetry)
	require.NoError(t, err)
	_, err = c.VerifyAccount(ctx, inquiry(validationtest.RoutingNumber, validationtest.AccountUnavailable, patLee))
	require.ErrorIs(t, err, core.ErrServerError)
	var be *core.BankError
	require.ErrorAs(t, err, &be)
	require.NotNil(t, be.ServiceError)
	assert.NotEmpty(t, be.ServiceError.ConnectError)

	status, body := post(t, srv, "/accounts/validations/v1/nothing", "application/json", validationtest.Token, `{}`)
	assert.Equal(t, http.StatusNotFound, status)
	assert.Contains(t, body, `"ErrorMessage":"Resource not found"`)
	status, body = post(t, srv, "/accounts/validations/v1/verifyAccount", "text/plain", validationtest.Token, `{}`)
	assert.Equal(t, http.StatusUnsupportedMediaType, status)
	assert.Contains(t, body, `"ErrorMessage":"Unsupported media type"`)

	for _, v := range []string{"v1", "v2"} {
		c, err := validation.New(srv.URL, append(formOf(v), core.WithStaticToken(validationtest.Token))...)
		require.NoError(t, err)
		h, err := c.HealthCheck(ctx)
		require.NoError(t, err)
		assert.Equal(t, "Ok", h.Status)
	}
}

// TestRateLimit: five requests a second, then 429 with the bank's body; the client's own
// limiter is off here, so that the sixth request reaches the sandbox within the second.
func TestRateLimit(t *testing.T) {
	srv := validationtest.NewServer(t, validationtest.WithClientOptions(validation.WithRateLimit(0),
		core.WithRetry(core.RetryOptions{MaxAttempts: 1})))
	inq := inquiry(validationtest.RoutingNumber, validationtest.AccountPerson, patLee)
	for i := range 5 {
		_, err := srv.Client().VerifyAccount(ctx, inq)
		require.NoError(t, err, "request %d", i+1)
	}
	_, err := srv.Client().VerifyAccount(ctx, inq)
	require.ErrorIs(t, err, core.ErrRateLimited)
	var e *core.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, http.StatusTooManyRequests, e.StatusCode)
	assert.Equal(t, time.Second, e.RetryAfter, "the sandbox's Retry-After")
	assert.Len(t, srv.Requests(), 6)
}

// TestClientRateLimitByDefault: the client's default limiter (5/s) keeps eleven back-to-back
// requests under the sandbox's limit: none is answered 429, and they take at least two seconds.
func TestClientRateLimitByDefault(t *testing.T) {
	srv := validationtest.NewServer(t)
	inq := inquiry(validationtest.RoutingNumber, validationtest.AccountPerson, patLee)
	start := time.Now()
	for i := range 11 {
		_, err := srv.Client().VerifyAccount(ctx, inq)
		require.NoError(t, err, "request %d", i+1)
	}
	assert.GreaterOrEqual(t, time.Since(start), 2*time.Second-50*time.Millisecond)
	assert.Len(t, srv.Requests(), 11)
}

// TestStartForPrograms: the constructor without testing.TB.
func TestStartForPrograms(t *testing.T) {
	srv, err := validationtest.Start()
	require.NoError(t, err)
	defer srv.Close()
	res, err := srv.Client().VerifyAccount(ctx, inquiry(validationtest.RoutingNumber, validationtest.AccountBusiness, validation.AcctOwner{BusinessName: "Acme Widgets, L.L.C."}))
	require.NoError(t, err)
	assert.Equal(t, validation.MatchCodeMatch, res.AcctOwner.BusinessNameMatch)
	assert.True(t, res.OwnerMatched())
}

// formOf returns the client options of version v's API form: v1 is the documented form, v2
// the default.
func formOf(v string) []core.Option {
	if v == "v1" {
		return []core.Option{validation.WithDocumentedAPI()}
	}
	return nil
}
