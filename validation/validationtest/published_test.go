package validationtest_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const v2Body = `{"accountValidationV2Request":{"AOARequest":{"Inquiry":{"serviceType":"Owner","secondaryId":"SEC0001","routingNumber":"011000015","accountNumber":"123456789","AcctOwner":{"firstName":"Pat","lastName":"Lee"}}}}}`

// TestPublishedAPI: with the switch, the sandbox is the bank's published files: v2 only (v1
// answers 404), errorResponse beside AOAResponse in every answer, and a Client that speaks it.
func TestPublishedAPI(t *testing.T) {
	srv := validationtest.NewServer(t, validationtest.WithRateLimit(0))
	res, err := srv.Client().VerifyAccount(ctx, inquiry(validationtest.RoutingNumber, validationtest.AccountPerson, patLee))
	require.NoError(t, err)
	assert.True(t, res.OwnerMatched())

	status, body := post(t, srv, "/accounts/validations/v2/verifyAccount", "application/json", validationtest.Token, v2Body)
	require.Equal(t, http.StatusOK, status, body)
	var got map[string]map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(body), &got))
	w := got["accountValidationV2Response"]
	assert.Contains(t, w, "AOAResponse")
	assert.JSONEq(t, `{}`, string(w["errorResponse"]), "errorResponse is required beside AOAResponse; empty without a fault")

	status, body = post(t, srv, "/accounts/validations/v1/verifyAccount", "application/json", validationtest.Token,
		`{"accountValidationRequest":{"AOARequest":{"Inquiry":{"serviceType":"Owner","secondaryId":"SEC0001","routingNumber":"011000015","accountNumber":"123456789"}}}}`)
	assert.Equal(t, http.StatusNotFound, status, "v1 is not in the published files")
	assert.Contains(t, body, `"ErrorMessage":"Resource not found"`)
	v1, err := validation.New(srv.URL, core.WithStaticToken(validationtest.Token), validation.WithDocumentedAPI())
	require.NoError(t, err)
	_, err = v1.HealthCheck(ctx)
	assert.ErrorIs(t, err, core.ErrNotFound)
}

// TestDefaultFollowsTheClient: without the switch the sandbox's Client speaks the client's
// default version (v2, published form), and the seed's v1 is still served for a client that
// asks for it.
func TestDefaultFollowsTheClient(t *testing.T) {
	srv := validationtest.NewServer(t, validationtest.WithRateLimit(0))
	_, err := srv.Client().VerifyAccount(ctx, inquiry(validationtest.RoutingNumber, validationtest.AccountSystemFault, patLee))
	var fe *validation.FaultError
	require.ErrorAs(t, err, &fe, "only v2 carries faults: the default Client speaks v2")

	status, body := post(t, srv, "/accounts/validations/v2/verifyAccount", "application/json", validationtest.Token, v2Body)
	require.Equal(t, http.StatusOK, status, body)
	assert.Contains(t, body, `"errorResponse":{}`)

	// The default is the bank as published: v1 answers 404 there, and is served in the
	// documented form (WithDocumentedAPI), whose Client speaks v1.
	v1, err := validation.New(srv.URL, core.WithStaticToken(validationtest.Token), validation.WithRateLimit(0), validation.WithDocumentedAPI())
	require.NoError(t, err)
	_, err = v1.VerifyAccount(ctx, inquiry(validationtest.RoutingNumber, validationtest.AccountPerson, patLee))
	require.ErrorIs(t, err, core.ErrNotFound)
	docs := validationtest.NewServer(t, validationtest.WithRateLimit(0), validationtest.WithDocumentedAPI())
	res, err := docs.Client().VerifyAccount(ctx, inquiry(validationtest.RoutingNumber, validationtest.AccountPerson, patLee))
	require.NoError(t, err)
	assert.True(t, res.OwnerMatched())
	assert.Equal(t, "/accounts/validations/v1/verifyAccount", docs.Requests()[0].Path)
}

// TestFaults: AccountBankExample answers like the bank's own v2 example (a matched owner, 699
// "Open Valid" and a businessFault beside the Result), AccountSystemFault a systemFault without
// a Result; v1, which has no errorResponse, answers the Result alone and errorCode 998.
func TestFaults(t *testing.T) {
	srv := validationtest.NewServer(t, validationtest.WithRateLimit(0))
	_, err := srv.Client().VerifyAccount(ctx, inquiry(validationtest.RoutingNumber, validationtest.AccountBankExample, validationtest.PersonOwner))
	var fe *validation.FaultError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "Description if an error is found.", fe.Business)
	require.NotNil(t, fe.Result)
	assert.Equal(t, validation.PrimaryStatusCodeOpenValid, fe.Result.AcctStatus.PrimaryStatusCode)
	assert.Equal(t, "Open Valid", fe.Result.AcctStatus.PrimMessage)
	assert.Equal(t, validation.AccountOpen, fe.Result.Account())
	assert.True(t, fe.Result.OwnerMatched())

	_, err = srv.Client().VerifyAccount(ctx, inquiry(validationtest.RoutingNumber, validationtest.AccountSystemFault, patLee))
	require.ErrorAs(t, err, &fe)
	assert.NotEmpty(t, fe.System)
	assert.Nil(t, fe.Result)

	def := validationtest.NewServer(t, validationtest.WithRateLimit(0), validationtest.WithDocumentedAPI())
	res, err := def.Client().VerifyAccount(ctx, inquiry(validationtest.RoutingNumber, validationtest.AccountBankExample, validationtest.PersonOwner))
	require.NoError(t, err)
	assert.Equal(t, validation.AccountOpen, res.Account())
	_, err = def.Client().VerifyAccount(ctx, inquiry(validationtest.RoutingNumber, validationtest.AccountSystemFault, patLee))
	var re *validation.ResultError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, validation.ErrorCodeSystemFailure, re.Code)
}
