package apierror

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReportingErrorBody: the {code, message, debugMessage} body of the commercial account
// reporting decodes into *BankError, with nothing of it lost.
func TestReportingErrorBody(t *testing.T) {
	body := []byte(`{"code":"701","message":"Account not found","debugMessage":"accountId ACC-9999 is not an account of this client"}`)
	err, ok := DecodeBankError(body, "application/json")
	require.True(t, ok)
	var b *BankError
	require.True(t, errors.As(err, &b))
	assert.Equal(t, "Account not found", b.ErrorMessage)
	assert.Equal(t, []string{"701"}, b.Codes())
	assert.Equal(t, "accountId ACC-9999 is not an account of this client", b.DebugMessage())
	assert.Contains(t, b.Error(), "701")
	assert.Contains(t, b.Error(), "Account not found")

	// Only a debug text: it is the message of the code.
	err, ok = DecodeBankError([]byte(`{"code":"500","debugMessage":"backend down"}`), "")
	require.True(t, ok)
	require.True(t, errors.As(err, &b))
	assert.Equal(t, []ServiceMessage{{Code: "500", Message: "backend down"}}, b.ServiceError.Messages)

	// Not a reporting body: a code alone, a {code, moreInfo} of another API, the bank's
	// exception schema (decoded as before, without a debug message).
	for _, s := range []string{`{"code":"1"}`, `{"code":"1","moreInfo":"x"}`, `{}`} {
		_, ok := DecodeBankError([]byte(s), "")
		assert.False(t, ok, s)
	}
	err, ok = DecodeBankError([]byte(`{"ErrorMessage":"Forbidden","TransactionId":"rrt-1"}`), "")
	require.True(t, ok)
	require.True(t, errors.As(err, &b))
	assert.Empty(t, b.DebugMessage())
}
