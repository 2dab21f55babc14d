package apierror

import (
	"encoding/json"
	"fmt"
	"github.com/issuerkit/issuerkit-go/internal/mask"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/redact"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rtpParticipant400 is an RTP participant service error of the bank's published file: the
// payments shape plus receiversReference and the debtor's and creditor's account numbers.
const rtpParticipant400 = `{"ErrorMessage":"Bad Request","TransactionId":"rrt-1","ServiceError":{
 "status":"REJECTED","transactionId":"US25011000000042","requestReference":"RTP-REQ-42",
 "sendersReference":"SND-42","receiversReference":"RCV-42",
 "debitAccountNumber":"100200300400","creditAccountNumber":"998877665544",
 "error":{"code":"BANK-1006","title":"Required field missing","description":"creditor of account 998877665544 not reachable from 100200300400"}}}`

// TestRTPParticipantErrorFields: receiversReference and both account numbers decode into typed
// fields; the account numbers are Secrets, masked in the error text and in every fmt verb.
func TestRTPParticipantErrorFields(t *testing.T) {
	var b BankError
	require.NoError(t, json.Unmarshal([]byte(rtpParticipant400), &b))
	require.NotNil(t, b.ServiceError)
	p := b.ServiceError.Payment
	require.NotNil(t, p)
	assert.Equal(t, "RCV-42", p.ReceiversReference)
	assert.Equal(t, "SND-42", p.SendersReference)
	assert.Equal(t, "100200300400", p.DebitAccountNumber.Reveal())
	assert.Equal(t, "998877665544", p.CreditAccountNumber.Reveal())
	assert.Equal(t, []string{"BANK-1006"}, b.Codes())

	for _, text := range []string{b.Error(), fmt.Sprintf("%v", &b), fmt.Sprintf("%+v", *p), fmt.Sprintf("%#v", *p)} {
		assert.NotContains(t, text, "100200300400", text)
		assert.NotContains(t, text, "998877665544", text)
	}
	assert.Contains(t, b.Error(), "creditor of account "+mask.Mask("998877665544")+" not reachable from "+mask.Mask("100200300400"))
	assert.True(t, redact.IsSensitiveKey("debitAccountNumber"), "logged bodies mask them too")
	assert.True(t, redact.IsSensitiveKey("creditAccountNumber"))

	// Only receiversReference: still the payments shape.
	require.NoError(t, json.Unmarshal([]byte(`{"ServiceError":{"receiversReference":"R"}}`), &b))
	require.NotNil(t, b.ServiceError.Payment)
	assert.Equal(t, "R", b.ServiceError.Payment.ReceiversReference)

	// Built from the fields (no Raw), the service error is written back with every member,
	// the account numbers masked as a Secret marshals (issue 33: json.Marshal is a text for
	// logs; the BankError itself, an error, marshals as its masked text).
	var again BankError
	b = BankError{}
	require.NoError(t, json.Unmarshal([]byte(rtpParticipant400), &b))
	b.ServiceError.Raw = nil
	out, err := json.Marshal(b.ServiceError)
	require.NoError(t, err)
	assert.NotContains(t, string(out), "998877665544")
	assert.NotContains(t, string(out), "100200300400")
	again.ServiceError = new(ServiceError)
	require.NoError(t, json.Unmarshal(out, again.ServiceError))
	again.ServiceError.Raw = nil
	assert.Equal(t, mask.Mask("998877665544"), again.ServiceError.Payment.CreditAccountNumber.Reveal())
	assert.Equal(t, mask.Mask("100200300400"), again.ServiceError.Payment.DebitAccountNumber.Reveal())
	assert.Equal(t, "creditor of account *** not reachable from ***", again.ServiceError.Payment.Fault.Description,
		"and wherever a text repeats them")
	again.ServiceError.Payment.CreditAccountNumber = b.ServiceError.Payment.CreditAccountNumber
	again.ServiceError.Payment.DebitAccountNumber = b.ServiceError.Payment.DebitAccountNumber
	again.ServiceError.Payment.Fault.Description = b.ServiceError.Payment.Fault.Description
	assert.Equal(t, b.ServiceError, again.ServiceError, "every other member round-trips")
}

// TestACHOriginationErrorLists: the ACH origination service's {code, moreInfo} lists decode
// into Messages (errors) and Info (information messages), whether they come as errorMessages
// and informationMessages members or as a bare list.
func TestACHOriginationErrorLists(t *testing.T) {
	cases := []struct {
		name     string
		in       string
		messages []ServiceMessage
		info     []ServiceMessage
		text     string
	}{
		{
			name:     "members",
			in:       `{"ErrorMessage":"Bad Request","ServiceError":{"errorMessages":[{"code":"1002040-10E","moreInfo":"uuid is required"}],"informationMessages":[{"code":"1002040-50I","moreInfo":"All addenda have been received."}]}}`,
			messages: []ServiceMessage{{Code: "1002040-10E", Message: "uuid is required"}},
			info:     []ServiceMessage{{Code: "1002040-50I", Message: "All addenda have been received."}},
			text:     "Bad Request: 1002040-10E: uuid is required",
		},
		{
			name:     "bare list",
			in:       `{"ErrorMessage":"Bad Request","ServiceError":[{"code":"1002040-10E","moreInfo":"uuid is required"},{"code":"1002040-11E","moreInfo":"pageSize must be a number"}]}`,
			messages: []ServiceMessage{{Code: "1002040-10E", Message: "uuid is required"}, {Code: "1002040-11E", Message: "pageSize must be a number"}},
			text:     "Bad Request: 1002040-10E: uuid is required; 1002040-11E: pageSize must be a number",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var b BankError
			require.NoError(t, json.Unmarshal([]byte(tc.in), &b))
			require.NotNil(t, b.ServiceError)
			assert.Equal(t, tc.messages, b.ServiceError.Messages)
			assert.Equal(t, tc.info, b.ServiceError.Info)
			assert.Equal(t, tc.text, b.Error())
			for _, m := range tc.info {
				assert.NotContains(t, b.Codes(), m.Code, "information is not an error code")
			}
		})
	}
}

// TestValidationFaultBesideAOAResponse: in an error body, the account-validation fault is
// read beside AOAResponse in the v2 wrapper (the published placement) as well as inside it.
func TestValidationFaultBesideAOAResponse(t *testing.T) {
	for _, in := range []string{
		`{"ServiceError":{"accountValidationV2Response":{"AOAResponse":{"Result":{"errorCode":"104"}},"errorResponse":{"businessFault":{"errorDescription":"bad value"}}}}}`,
		`{"ServiceError":{"AOAResponse":{"Result":{"errorCode":"104"}},"errorResponse":{"businessFault":{"errorDescription":"bad value"}}}}`,
	} {
		var b BankError
		require.NoError(t, json.Unmarshal([]byte(in), &b))
		assert.Equal(t, "104", b.ServiceError.ErrorCode, in)
		assert.Equal(t, []ServiceMessage{{Code: "businessFault", Message: "bad value"}}, b.ServiceError.Messages, in)
	}
}

// TestPublishedACHErrorShapes: the two bodies of the bank's published files that used to stay
// untyped decode into the bank error: the ACH inquiry list's 400 wrapped in metadata (its
// schema; the flat body of its example still decodes, and a metadata holding only messages
// stays the ServiceError it was), and the ACH origination ServiceError {code, moreInfo}, alone
// or as a list. DecodeBankError is what every bank client's error path calls.
func TestPublishedACHErrorShapes(t *testing.T) {
	inner := `{"ErrorMessage":"Error received from backend service","TransactionId":"3f2c","X-CorrelationId":"0c8e",` +
		`"TransactionTime":"2025-01-10T08:15:00.123Z","Api-Url":"/accounts/transactions/v1/ach/list",` +
		`"ServiceError":{"metadata":{"messages":[{"code":"AI-List-400-fromDate-105","message":"fromDate must be YYYY-MM-DD"}]}}}`
	for _, tt := range []struct {
		name, body string
		want       BankError
		codes      []string
	}{
		{"inquiry 400 wrapped", `{"metadata":` + inner + `}`,
			BankError{ErrorMessage: "Error received from backend service", TransactionID: "3f2c", CorrelationID: "0c8e",
				TransactionTime: "2025-01-10T08:15:00.123Z", APIURL: "/accounts/transactions/v1/ach/list"},
			[]string{"AI-List-400-fromDate-105"}},
		{"inquiry 400 flat", inner,
			BankError{ErrorMessage: "Error received from backend service", TransactionID: "3f2c", CorrelationID: "0c8e",
				TransactionTime: "2025-01-10T08:15:00.123Z", APIURL: "/accounts/transactions/v1/ach/list"},
			[]string{"AI-List-400-fromDate-105"}},
		{"inquiry messages without the envelope", `{"metadata":{"messages":[{"code":"AI-List-400-fromDate-117","message":"m"}]}}`,
			BankError{}, []string{"AI-List-400-fromDate-117"}},
		{"origination {code, moreInfo}", `{"ErrorMessage":"Bad Request","ServiceError":{"code":"1002040-40E","moreInfo":"uuid is required"}}`,
			BankError{ErrorMessage: "Bad Request"}, []string{"1002040-40E"}},
		{"origination list", `{"ErrorMessage":"Bad Request","ServiceError":[{"code":"1002040-40E","moreInfo":"uuid is required"}]}`,
			BankError{ErrorMessage: "Bad Request"}, []string{"1002040-40E"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := DecodeBankError([]byte(tt.body), "application/json")
			require.True(t, ok, "not decoded")
			b, isBank := got.(*BankError)
			require.True(t, isBank, "%T", got)
			require.NotNil(t, b.ServiceError)
			assert.Equal(t, tt.codes, b.Codes())
			fields := func(b BankError) []string {
				return []string{b.ErrorMessage, b.TransactionID, b.CorrelationID, b.TransactionTime, b.APIURL}
			}
			assert.Equal(t, fields(tt.want), fields(*b))
		})
	}
	got, _ := DecodeBankError([]byte(`{"ServiceError":{"code":"1002040-40E","moreInfo":"uuid is required"}}`), "application/json")
	assert.Equal(t, []ServiceMessage{{Code: "1002040-40E", Message: "uuid is required"}}, got.(*BankError).ServiceError.Messages)
}
