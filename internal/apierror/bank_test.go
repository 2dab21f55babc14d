package apierror

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBankErrorUnmarshal(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		want      BankError // ServiceError.Raw is checked separately
		wantCodes []string
		wantText  string
	}{
		{
			name: "account validation 400 errorCode 104",
			in:   bankAOA104,
			want: BankError{
				ErrorMessage: "Missing mandatory information", TransactionID: "rrt-0b6d5a0e1f2c3d4e-b-ea-28167-1",
				CorrelationID: "7d2e1c04-5b6a-4f3e-9c8d-112233445566", TransactionTime: "2025-01-10T08:15:00.123Z",
				ServiceError: &ServiceError{ErrorCode: "104"},
			},
			wantCodes: []string{"104"},
			wantText:  "Missing mandatory information: errorCode 104",
		},
		{
			name: "503 connect error",
			in:   bankConnect503,
			want: BankError{
				ErrorMessage: "Service Unavailable", TransactionID: "rrt-5c1f0e2d3b4a5968-c-wu-30411-2",
				CorrelationID: "7d2e1c04-5b6a-4f3e-9c8d-112233445566", TransactionTime: "2025-01-10T08:15:01.456Z",
				ServiceError: &ServiceError{ConnectError: "Connection to the backend service failed"},
			},
			wantText: "Service Unavailable: connect error: Connection to the backend service failed",
		},
		{
			name: "inquiry metadata messages",
			in:   bankInquiry400,
			want: BankError{
				ErrorMessage: "Error received from backend service", TransactionID: "3f2c9a10-77aa-4c1e-9d3e-0b1c2d3e4f50",
				CorrelationID: "0c8e2f4a-1b2c-4d5e-8f90-a1b2c3d4e5f6", TransactionTime: "2025-01-10T08:15:00.123Z",
				APIURL: "/accounts/transactions/v1/ach/list",
				ServiceError: &ServiceError{Messages: []ServiceMessage{
					{Code: "AI-List-400-fromDate-105", Message: "fromDate must be YYYY-MM-DD"},
					{Code: "AI-List-400-fromDate-117", Message: "fromDate must not be more than 180 days back"},
				}},
			},
			wantCodes: []string{"AI-List-400-fromDate-105", "AI-List-400-fromDate-117"},
			wantText: "Error received from backend service: AI-List-400-fromDate-105: fromDate must be YYYY-MM-DD; " +
				"AI-List-400-fromDate-117: fromDate must not be more than 180 days back",
		},
		{
			name: "payments style",
			in:   bankPayment400,
			want: BankError{
				ErrorMessage: "Bad Request", TransactionID: "rrt-9a8b7c6d5e4f3a2b-a-eu-11234-7",
				CorrelationID: "5b0f6c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e", TransactionTime: "2025-01-10T09:30:05.001Z",
				APIURL: "https://partner-api.bank.example/rtp/v1/payment/rtp/participant",
				ServiceError: &ServiceError{Payment: &PaymentError{
					Status: "REJECTED", TransactionID: "US25011000000042", RequestReference: "RTP-REQ-42",
					SendersReference: "US25011000000042", ValueDate: "2025-01-10", DoddFrank: "NO",
					Fault: &PaymentFault{Code: "BANK-1006", Title: "Required field missing", Description: "A required field is missing",
						Detail: &PaymentFault{Code: "BANK-1006-01", Title: "creditorAccount", Description: "creditorAccount.accountNumber is required"}},
				}},
			},
			wantCodes: []string{"BANK-1006", "BANK-1006-01"},
			wantText: "Bad Request: BANK-1006 Required field missing: A required field is missing " +
				"(BANK-1006-01 creditorAccount: creditorAccount.accountNumber is required)",
		},
		{
			name:      "wrapped v1 response with fault, numeric code, lower-case names",
			in:        `{"errorMessage":"Bad Request","ServiceError":{"accountValidationResponse":{"AOAResponse":{"Result":{"errorCode":6},"errorResponse":{"businessFault":{"errorDescription":"missing a required field"}}}}}}`,
			want:      BankError{ErrorMessage: "Bad Request", ServiceError: &ServiceError{ErrorCode: "6", Messages: []ServiceMessage{{Code: "businessFault", Message: "missing a required field"}}}},
			wantCodes: []string{"6", "businessFault"},
			wantText:  "Bad Request: errorCode 6; businessFault: missing a required field",
		},
		{
			name:      "bare errorCode and ACH errorMessages",
			in:        `{"ServiceError":{"errorCode":"998","errorMessages":[{"code":"1002040-50E","moreInfo":"addenda missing"}]}}`,
			want:      BankError{ServiceError: &ServiceError{ErrorCode: "998", Messages: []ServiceMessage{{Code: "1002040-50E", Message: "addenda missing"}}}},
			wantCodes: []string{"998", "1002040-50E"},
			wantText:  "errorCode 998; 1002040-50E: addenda missing",
		},
		{
			name:      "many messages are elided",
			in:        `{"ErrorMessage":"E","ServiceError":{"metadata":{"messages":[{"code":"a"},{"code":"b"},{"code":"c"},{"code":"d"},{"code":"a"}]}}}`,
			want:      BankError{ErrorMessage: "E", ServiceError: &ServiceError{Messages: []ServiceMessage{{Code: "a"}, {Code: "b"}, {Code: "c"}, {Code: "d"}, {Code: "a"}}}},
			wantCodes: []string{"a", "b", "c", "d"},
			wantText:  "E: a; b; c; and 2 more",
		},
		{
			name:     "unknown shape kept raw",
			in:       `{"ErrorMessage":"Forbidden","ServiceError":{"fault":{"faultstring":"client ip denied"}}}`,
			want:     BankError{ErrorMessage: "Forbidden", ServiceError: &ServiceError{}},
			wantText: "Forbidden",
		},
		{
			name:     "service error as a string",
			in:       `{"ErrorMessage":"x","ServiceError":"text"}`,
			want:     BankError{ErrorMessage: "x", ServiceError: &ServiceError{}},
			wantText: "x",
		},
		{
			name:     "no message at all",
			in:       `{"TransactionId":123}`,
			want:     BankError{TransactionID: "123"},
			wantText: "issuerkit: bank error",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b BankError
			require.NoError(t, json.Unmarshal([]byte(tt.in), &b))
			if b.ServiceError != nil {
				var top map[string]json.RawMessage
				require.NoError(t, json.Unmarshal([]byte(tt.in), &top))
				for k, v := range top {
					if k == "ServiceError" {
						assert.JSONEq(t, string(v), string(b.ServiceError.Raw), "Raw keeps the member")
					}
				}
				b.ServiceError.Raw = nil
			}
			assert.Equal(t, tt.want, b)
			assert.Equal(t, tt.wantCodes, b.Codes())
			assert.Equal(t, tt.wantText, b.Error())
		})
	}
}

func TestBankErrorMarshalRoundTrip(t *testing.T) {
	for _, in := range []string{bankAOA104, bankConnect503, bankInquiry400, bankPayment400} {
		// The service error marshals back to itself (Raw); the BankError, an error, marshals
		// as its masked text by value as by pointer (issue 33: no error renders its fields).
		var b BankError
		require.NoError(t, json.Unmarshal([]byte(in), &b))
		var top map[string]json.RawMessage
		require.NoError(t, json.Unmarshal([]byte(in), &top))
		out, err := json.Marshal(b.ServiceError)
		require.NoError(t, err)
		assert.JSONEq(t, string(top["ServiceError"]), string(out), "decoded bodies marshal back to themselves (Raw)")
		for _, v := range []any{b, &b} {
			text, err := json.Marshal(v)
			require.NoError(t, err)
			want, _ := json.Marshal(map[string]string{"error": b.Error()})
			assert.JSONEq(t, string(want), string(text))
		}

		b.ServiceError.Raw = nil
		out, err = json.Marshal(b.ServiceError)
		require.NoError(t, err)
		var again ServiceError
		require.NoError(t, json.Unmarshal(out, &again))
		again.Raw = nil
		assert.Equal(t, *b.ServiceError, again, "built from the fields: %s", out)
	}
}

func TestBankErrorNil(t *testing.T) {
	var b *BankError
	assert.Nil(t, b.Codes())
	assert.Equal(t, "issuerkit: bank error", BankError{}.Error())
	assert.Equal(t, "<nil>", fmt.Sprint(b), "a value method on a nil pointer: fmt prints <nil>")
	var s ServiceError
	require.NoError(t, json.Unmarshal([]byte(`null`), &s))
	require.NoError(t, json.Unmarshal([]byte(`{"ConnectError":"x"}`), &s))
	assert.Equal(t, "x", s.ConnectError)
	assert.Error(t, json.Unmarshal([]byte(`[1]`), new(BankError)))
}
