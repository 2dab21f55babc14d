package validation_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
)

// fmt and slog must mask the SSN, ID number and account number of an inquiry and its owner.
func TestInquiryNeverLogsSecrets(t *testing.T) {
	const ssn, idNo, acct = "123456789", "D1234567890", "99887766554433"
	owner := validation.AcctOwner{
		FirstName: "Pat", LastName: "Lee",
		SSN:  core.NewSecret(ssn),
		IDNo: core.NewSecret(idNo),
	}
	inq := validation.Inquiry{AccountNumber: core.NewSecret(acct), RoutingNumber: "011000015", AcctOwner: owner}

	var out bytes.Buffer
	fmt.Fprintf(&out, "%v %+v %#v\n", inq, inq, owner)
	slog.New(slog.NewJSONHandler(&out, leaktest.NoTime(nil))).Info("inquiry", "inq", inq, "owner", &owner)
	slog.New(slog.NewTextHandler(&out, leaktest.NoTime(nil))).Info("inquiry", "inq", inq)
	logged := out.String()
	for _, secret := range []string{ssn, idNo, acct} {
		assert.NotContains(t, logged, secret)
	}
	assert.Contains(t, logged, "011000015")
	assert.Contains(t, logged, "Pat")
}
