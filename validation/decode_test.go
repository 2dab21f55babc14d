package validation_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// publishedV2 has the shape of the bank's published v2 response: v2 envelope, every Result
// field, empty strings for unset values and the malformed clientTime echo of its example.
const publishedV2 = `{"accountValidationV2Response":{"AOAResponse":{"Result":{
 "errorCode":"000","systemRecordId":"2501100000000001","primaryId":"CLIENT0001","secondaryId":"SEC0001",
 "additionalId":"","routingNumber":"011000015","accountNumber":"123456789","feeAttrib":"HH","amount":"125.50",
 "serialNumber":"",
 "AcctOwner":{"conditionCode":"000","nameMatch":"Y","firstNameMatch":"Y","lastNameMatch":"Y","middleNameMatch":"U",
  "namePrefixMatch":"U","nameSuffixMatch":"U","businessNameMatch":"U","addressMatch":"C","cityMatch":"Y","stateMatch":"Y",
  "zipCodeMatch":"Y","homePhoneMatch":"N","workPhoneMatch":"U","ssnMatch":"C","dobMatch":"Y","idTypeMatch":"Y",
  "idNoMatch":"Y","idStateMatch":"Y","overallMatchScore":"90"},
 "AcctStatus":{"primaryStatusCode":"099","primMessage":"account in master file"},
 "Client":{"clientDate":"","clientTime":"14:00:80","userDefined":"order 4711"}}}}}`

// v1 selects the seed's version, for the bodies written in its envelope.
var v1 = validation.WithDocumentedAPI()

func serve(t *testing.T, status int, body string, opts ...core.Option) *validation.Client {
	t.Helper()
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-CorrelationId", "corr-1")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}, opts...)
	return c
}

func TestPublishedV2ResponseDecodesFully(t *testing.T) {
	var path string
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		path = r.URL.Path
		_, _ = io.WriteString(w, publishedV2)
	})
	res, err := c.VerifyAccount(context.Background(), validInquiry())
	require.NoError(t, err)
	assert.Equal(t, "/accounts/validations/v2/verifyAccount", path)
	assert.Equal(t, validation.ErrorCodeNoError, res.ErrorCode)
	assert.Equal(t, "2501100000000001", res.SystemRecordID)
	assert.Equal(t, "CLIENT0001", res.PrimaryID)
	assert.Equal(t, "123456789", res.AccountNumber.Reveal())
	assert.Equal(t, validation.FeeAttribACH, res.FeeAttrib)
	assert.Equal(t, "125.50", res.Amount)
	assert.Equal(t, validation.AccountOpen, res.Account())
	assert.Equal(t, "", res.Client.ClientDate, `"" decodes as unset`)
	assert.Equal(t, "14:00:80", res.Client.ClientTime, "the echo is kept as sent")
	assert.Equal(t, "order 4711", res.Client.UserDefined)
	score, ok := res.Score()
	assert.True(t, ok)
	assert.Equal(t, 90, score)
	o := res.AcctOwner
	assert.Equal(t, []string{"name", "firstName", "lastName", "city", "state", "zipCode", "dob", "idType", "idNo", "idState"}, o.Matched())
	assert.Equal(t, []string{"homePhone"}, o.NotMatched())
	assert.Equal(t, []string{"address", "ssn"}, o.ConditionallyMatched())
	assert.Equal(t, []string{"middleName", "namePrefix", "nameSuffix", "businessName", "workPhone"}, o.NoData())
	assert.Len(t, o.Fields(), 18)
	assert.False(t, res.OwnerMatched(), "homePhone did not match")
	assert.False(t, res.Partial())
}

func TestSilenceIsADecodeError(t *testing.T) {
	cases := map[string]struct {
		body string
		v2   bool
	}{
		"unknown envelope":           {`{"somethingElse":{"AOAResponse":{"Result":{"errorCode":"000"}}}}`, false},
		"v1 envelope to a v2 client": {`{"accountValidationResponse":{"AOAResponse":{"Result":{"errorCode":"000"}}}}`, true},
		"v2 envelope to a v1 client": {`{"accountValidationV2Response":{"AOAResponse":{"Result":{"errorCode":"000"}}}}`, false},
		"no AOAResponse":             {`{"accountValidationResponse":{}}`, false},
		"neither Result nor fault":   {`{"accountValidationResponse":{"AOAResponse":{}}}`, false},
		"Result without errorCode":   {`{"accountValidationResponse":{"AOAResponse":{"Result":{"accountNumber":"1"}}}}`, false},
		"empty object":               {`{}`, false},
		"not JSON":                   {`<html>ok</html>`, false},
		"empty body":                 {``, false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var opts []core.Option
			if !tc.v2 {
				opts = []core.Option{validation.WithDocumentedAPI()}
			}
			c := serve(t, 200, tc.body, opts...)
			res, err := c.VerifyAccount(context.Background(), validInquiry())
			assert.Nil(t, res)
			var de *core.DecodeError
			require.ErrorAs(t, err, &de)
			assert.Equal(t, 200, de.StatusCode)
			assert.Equal(t, "corr-1", de.CorrelationID)
		})
	}
}

func TestErrorResponseIsAFaultError(t *testing.T) {
	c := serve(t, 200, `{"accountValidationV2Response":{"AOAResponse":{"errorResponse":{"businessFault":{"errorDescription":"secondaryId not entitled"}}}}}`)
	_, err := c.VerifyAccount(context.Background(), validInquiry())
	var fe *validation.FaultError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "secondaryId not entitled", fe.Business)
	assert.Empty(t, fe.System)
	assert.Equal(t, "corr-1", fe.CorrelationID)

	c = serve(t, 200, `{"accountValidationResponse":{"AOAResponse":{"Result":{"errorCode":"000"},"errorResponse":{"systemFault":{"errorDescription":"backend down"}}}}}`, v1)
	_, err = c.VerifyAccount(context.Background(), validInquiry())
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "backend down", fe.System)
	assert.Contains(t, fe.Error(), "system fault: backend down")
}

func TestNonZeroErrorCodeIsAResultError(t *testing.T) {
	c := serve(t, 200, `{"accountValidationResponse":{"AOAResponse":{"Result":{"errorCode":"998","secondaryId":"SEC0001"}}}}`, v1)
	res, err := c.VerifyAccount(context.Background(), validInquiry())
	assert.Nil(t, res)
	var re *validation.ResultError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, validation.ErrorCodeSystemFailure, re.Code)
	assert.Equal(t, "SEC0001", re.Result.SecondaryID)
	assert.Contains(t, err.Error(), "errorCode 998: system failure")
}

// TestCodesString: every code prints its meaning from the spec; unknown codes say so and
// round-trip unchanged.
func TestCodesString(t *testing.T) {
	assert.Equal(t, "invalid routing number", validation.ErrorCode("001").String())
	assert.Equal(t, "no name field populated (first, last or business name)", validation.ConditionCode("304").String())
	assert.Equal(t, "account is closed", validation.PrimaryStatusCode("012").String())
	assert.Equal(t, "conditional match", validation.MatchCodeConditionalMatch.String())
	assert.Equal(t, "unknown code 555", validation.ErrorCode("555").String())
	assert.Equal(t, "unknown code 777", validation.ConditionCode("777").String())
	assert.Equal(t, "unknown code 001", validation.PrimaryStatusCode("001").String())
	assert.Equal(t, "unknown code X", validation.MatchCode("X").String())

	c := serve(t, 200, `{"accountValidationResponse":{"AOAResponse":{"Result":{"errorCode":"000","AcctOwner":{"conditionCode":"777","nameMatch":"X"},"AcctStatus":{"primaryStatusCode":"555"}}}}}`, v1)
	res, err := c.VerifyAccount(context.Background(), validInquiry())
	require.NoError(t, err)
	assert.Equal(t, validation.ConditionCode("777"), res.Condition())
	assert.True(t, res.Partial())
	assert.Equal(t, validation.AccountUnknown, res.Account())
	assert.Equal(t, []string{"name"}, res.AcctOwner.With("X"))
	b, err := json.Marshal(res.AcctOwner)
	require.NoError(t, err)
	assert.JSONEq(t, `{"conditionCode":"777","nameMatch":"X"}`, string(b))
}
