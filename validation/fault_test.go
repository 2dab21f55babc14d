package validation_test

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBankExampleKeepsResultAndFault: the bank's own v2 example carries a Result (errorCode
// 000, full owner match, score 85) and, beside AOAResponse, a businessFault. Neither is lost:
// the answer is a *FaultError holding the Result, its match data and the fault text.
func TestBankExampleKeepsResultAndFault(t *testing.T) {
	body, err := os.ReadFile("testdata/bank_v2_example.json")
	require.NoError(t, err)
	c := serve(t, 200, string(body))
	res, err := c.VerifyAccount(context.Background(), validInquiry())
	assert.Nil(t, res, "a fault is not a plain success")
	var fe *validation.FaultError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "Description if an error is found.", fe.Business)
	assert.Empty(t, fe.System)
	assert.Equal(t, "corr-1", fe.CorrelationID)
	require.NotNil(t, fe.Result, "the Result that came with the fault")
	assert.Equal(t, validation.ErrorCodeNoError, fe.Result.ErrorCode)
	score, ok := fe.Result.Score()
	assert.True(t, ok)
	assert.Equal(t, 85, score)
	assert.True(t, fe.Result.OwnerMatched())
	assert.Empty(t, fe.Result.AcctOwner.NotMatched())
	assert.Contains(t, fe.Result.AcctOwner.Matched(), "ssn")
	assert.Equal(t, "14:00:80", fe.Result.Client.ClientTime, "the malformed echo is kept")
	assert.Equal(t, validation.AccountOpen, fe.Result.Account(), "699 Open Valid")
	assert.Contains(t, err.Error(), "business fault: Description if an error is found.")
	var re *validation.ResultError
	assert.False(t, errors.As(err, &re), "errorCode 000 is no ResultError")
}

// TestFaultPlacements: errorResponse is read beside AOAResponse (the published placement) and
// inside it (tolerance); a fault without a Result keeps its text; an errorResponse without a
// fault description is no fault.
func TestFaultPlacements(t *testing.T) {
	const ok000 = `"AOAResponse":{"Result":{"errorCode":"000","AcctStatus":{"primaryStatusCode":"099"}}}`
	cases := []struct {
		name, body       string
		business, system string // "" and "" for no fault
		result           bool   // a Result comes with the fault
	}{
		{"beside a 000 Result", `{"accountValidationV2Response":{` + ok000 + `,"errorResponse":{"systemFault":{"errorDescription":"backend down"}}}}`, "", "backend down", true},
		{"beside, without a Result", `{"accountValidationV2Response":{"errorResponse":{"businessFault":{"errorDescription":"secondaryId not entitled"}}}}`, "secondaryId not entitled", "", false},
		{"beside an empty AOAResponse", `{"accountValidationV2Response":{"AOAResponse":{},"errorResponse":{"businessFault":{"errorDescription":"refused"}}}}`, "refused", "", false},
		{"inside AOAResponse", `{"accountValidationV2Response":{"AOAResponse":{"errorResponse":{"businessFault":{"errorDescription":"inside"}}}}}`, "inside", "", false},
		{"both placements", `{"accountValidationV2Response":{"AOAResponse":{"Result":{"errorCode":"000"},"errorResponse":{"systemFault":{"errorDescription":"a"}}},"errorResponse":{"systemFault":{"errorDescription":"b"},"businessFault":{"errorDescription":"c"}}}}`, "c", "b; a", true},
		{"no description", `{"accountValidationV2Response":{` + ok000 + `,"errorResponse":{"businessFault":{},"systemFault":{"errorDescription":"  "}}}}`, "", "", true},
		{"empty errorResponse", `{"accountValidationV2Response":{` + ok000 + `,"errorResponse":{}}}`, "", "", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := serve(t, 200, tc.body)
			res, err := c.VerifyAccount(context.Background(), validInquiry())
			if tc.business == "" && tc.system == "" {
				require.NoError(t, err)
				assert.Equal(t, validation.ErrorCodeNoError, res.ErrorCode)
				return
			}
			assert.Nil(t, res)
			var fe *validation.FaultError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, tc.business, fe.Business)
			assert.Equal(t, tc.system, fe.System)
			assert.Equal(t, tc.result, fe.Result != nil)
			assert.Equal(t, "corr-1", fe.CorrelationID)
		})
	}
}

// TestFaultBesideAFailedResult: a fault beside a Result whose errorCode is not 000 is a
// *FaultError that also matches *ResultError, so callers branching on either see it.
func TestFaultBesideAFailedResult(t *testing.T) {
	c := serve(t, 200, `{"accountValidationV2Response":{"AOAResponse":{"Result":{"errorCode":"998"}},"errorResponse":{"systemFault":{"errorDescription":"backend down"}}}}`)
	_, err := c.VerifyAccount(context.Background(), validInquiry())
	var fe *validation.FaultError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "backend down", fe.System)
	var re *validation.ResultError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, validation.ErrorCodeSystemFailure, re.Code)
	assert.Equal(t, "corr-1", re.CorrelationID)
}
