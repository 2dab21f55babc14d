package validation_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// validInquiry passes every rule.
func validInquiry() validation.Inquiry {
	return validation.Inquiry{
		SecondaryID: "SEC0001", RoutingNumber: "011000015", AccountNumber: core.NewSecret("123456789"),
		AcctOwner: validation.AcctOwner{FirstName: "Pat", LastName: "Lee"},
	}
}

// TestRules has, for every rule, a value that passes and one that fails with the service's
// errorCode. A failing inquiry never reaches the network: the server fails the test if hit.
func TestRules(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("a bad inquiry reached the network: %s", r.URL.Path)
		w.WriteHeader(http.StatusTeapot)
	}))
	t.Cleanup(srv.Close)
	c, err := validation.New(srv.URL, core.WithStaticToken("tok"))
	require.NoError(t, err)

	type edit func(*validation.Inquiry)
	owner := func(f func(*validation.AcctOwner)) edit { return func(i *validation.Inquiry) { f(&i.AcctOwner) } }
	cases := []struct {
		field      string
		pass, fail edit
		code       validation.ErrorCode
	}{
		{"serviceType", func(i *validation.Inquiry) { i.ServiceType = "Owner" }, func(i *validation.Inquiry) { i.ServiceType = "owner" }, "104"},
		{"secondaryId", func(i *validation.Inquiry) { i.SecondaryID = "ABCDE12345" }, func(i *validation.Inquiry) { i.SecondaryID = "" }, "006"},
		{"secondaryId", func(i *validation.Inquiry) { i.SecondaryID = "A1" }, func(i *validation.Inquiry) { i.SecondaryID = "ABCDE123456" }, "011"},
		{"secondaryId", func(i *validation.Inquiry) { i.SecondaryID = "A1" }, func(i *validation.Inquiry) { i.SecondaryID = "SEC-1" }, "104"},
		{"additionalId", func(i *validation.Inquiry) { i.AdditionalID = "ADD0002" }, func(i *validation.Inquiry) { i.AdditionalID = "ADD00020000" }, "011"},
		{"routingNumber", func(i *validation.Inquiry) { i.RoutingNumber = "021000021" }, func(i *validation.Inquiry) { i.RoutingNumber = "" }, "006"},
		{"routingNumber", func(i *validation.Inquiry) { i.RoutingNumber = "026009593" }, func(i *validation.Inquiry) { i.RoutingNumber = "01100001" }, "001"},
		{"routingNumber", func(i *validation.Inquiry) { i.RoutingNumber = "011000015" }, func(i *validation.Inquiry) { i.RoutingNumber = "011000016" }, "001"},
		{"routingNumber", func(i *validation.Inquiry) { i.RoutingNumber = "011000015" }, func(i *validation.Inquiry) { i.RoutingNumber = "01100001A" }, "001"},
		{"accountNumber", func(i *validation.Inquiry) { i.AccountNumber = core.NewSecret("12345678901234567") }, func(i *validation.Inquiry) { i.AccountNumber = core.NewSecret("123456789012345678") }, "008"},
		{"accountNumber", func(i *validation.Inquiry) { i.AccountNumber = core.NewSecret("AB123") }, func(i *validation.Inquiry) { i.AccountNumber = core.NewSecret("123-456") }, "003"},
		{"accountNumber", func(i *validation.Inquiry) { i.AccountNumber = core.NewSecret("100") }, func(i *validation.Inquiry) { i.AccountNumber = core.NewSecret("0123") }, "003"},
		{"accountNumber", func(i *validation.Inquiry) { i.AccountNumber = core.NewSecret("1") }, func(i *validation.Inquiry) { i.AccountNumber = core.Secret{} }, "006"},
		{"amount", func(i *validation.Inquiry) { i.Amount = "123456789012" }, func(i *validation.Inquiry) { i.Amount = "1234567890123" }, "013"},
		{"amount", func(i *validation.Inquiry) { i.Amount = "125.50" }, func(i *validation.Inquiry) { i.Amount = "125.5" }, "013"},
		{"amount", func(i *validation.Inquiry) { i.Amount = "123456789.00" }, func(i *validation.Inquiry) { i.Amount = "$125" }, "013"},
		{"AcctOwner.lastName", owner(func(o *validation.AcctOwner) { o.BusinessName = "Acme" }), owner(func(o *validation.AcctOwner) { o.LastName = "" }), "006"},
		{"AcctOwner.firstName", owner(func(o *validation.AcctOwner) { *o = validation.AcctOwner{BusinessName: "Acme"} }), owner(func(o *validation.AcctOwner) { o.FirstName = "" }), "006"},
		{"AcctOwner.firstName", owner(func(o *validation.AcctOwner) { o.FirstName = strings.Repeat("a", 40) }), owner(func(o *validation.AcctOwner) { o.FirstName = strings.Repeat("a", 41) }), "011"},
		{"AcctOwner.namePrefix", owner(func(o *validation.AcctOwner) { o.NamePrefix = "Prof" }), owner(func(o *validation.AcctOwner) { o.NamePrefix = "Profe" }), "011"},
		{"AcctOwner.nameSuffix", owner(func(o *validation.AcctOwner) { o.NameSuffix = "III" }), owner(func(o *validation.AcctOwner) { o.NameSuffix = "Junior" }), "011"},
		{"AcctOwner.businessName", owner(func(o *validation.AcctOwner) { o.BusinessName = strings.Repeat("b", 87) }), owner(func(o *validation.AcctOwner) { o.BusinessName = strings.Repeat("b", 88) }), "011"},
		{"AcctOwner.addressLine1", owner(func(o *validation.AcctOwner) { o.AddressLine1 = strings.Repeat("x", 40) }), owner(func(o *validation.AcctOwner) { o.AddressLine1 = strings.Repeat("x", 41) }), "011"},
		{"AcctOwner.addressLine2", owner(func(o *validation.AcctOwner) { o.AddressLine2 = strings.Repeat("x", 40) }), owner(func(o *validation.AcctOwner) { o.AddressLine2 = strings.Repeat("x", 41) }), "011"},
		{"AcctOwner.city", owner(func(o *validation.AcctOwner) { o.City = strings.Repeat("c", 25) }), owner(func(o *validation.AcctOwner) { o.City = strings.Repeat("c", 26) }), "011"},
		{"AcctOwner.zipCode", owner(func(o *validation.AcctOwner) { o.ZipCode = "45501" }), owner(func(o *validation.AcctOwner) { o.ZipCode = "4550" }), "107"},
		{"AcctOwner.zipCode", owner(func(o *validation.AcctOwner) { o.ZipCode = "45501-1234" }), owner(func(o *validation.AcctOwner) { o.ZipCode = "45501 1234" }), "107"},
		{"AcctOwner.zipCode", owner(func(o *validation.AcctOwner) { o.ZipCode = "455011234" }), owner(func(o *validation.AcctOwner) { o.ZipCode = "45501-12345" }), "107"},
		{"AcctOwner.homePhone", owner(func(o *validation.AcctOwner) { o.HomePhone = "9375550100" }), owner(func(o *validation.AcctOwner) { o.HomePhone = "937555010" }), "107"},
		{"AcctOwner.homePhone", owner(func(o *validation.AcctOwner) { o.HomePhone = "9375550100" }), owner(func(o *validation.AcctOwner) { o.HomePhone = "937-555-0100" }), "104"},
		{"AcctOwner.workPhone", owner(func(o *validation.AcctOwner) { o.WorkPhone = "9375550199" }), owner(func(o *validation.AcctOwner) { o.WorkPhone = "93755501999" }), "107"},
		{"AcctOwner.ssn", owner(func(o *validation.AcctOwner) { o.SSN = core.NewSecret("6789") }), owner(func(o *validation.AcctOwner) { o.SSN = core.NewSecret("56789") }), "107"},
		{"AcctOwner.ssn", owner(func(o *validation.AcctOwner) { o.SSN = core.NewSecret("123456789") }), owner(func(o *validation.AcctOwner) { o.SSN = core.NewSecret("123-45-6789") }), "104"},
		{"AcctOwner.dob", owner(func(o *validation.AcctOwner) { o.DOB = core.NewSecret("20000229") }), owner(func(o *validation.AcctOwner) { o.DOB = core.NewSecret("19990229") }), "107"},
		{"AcctOwner.dob", owner(func(o *validation.AcctOwner) { o.DOB = core.NewSecret("19800131") }), owner(func(o *validation.AcctOwner) { o.DOB = core.NewSecret("1980-01-31") }), "104"},
		{"AcctOwner.state", owner(func(o *validation.AcctOwner) { o.State = "oh" }), owner(func(o *validation.AcctOwner) { o.State = "OHI" }), "107"},
		{"AcctOwner.state", owner(func(o *validation.AcctOwner) { o.State = "OH" }), owner(func(o *validation.AcctOwner) { o.State = "O1" }), "104"},
		{"AcctOwner.idType", owner(func(o *validation.AcctOwner) { o.IDType = "D" }), owner(func(o *validation.AcctOwner) { o.IDType = "DL" }), "011"},
		{"AcctOwner.idType", owner(func(o *validation.AcctOwner) { o.IDType = "7" }), owner(func(o *validation.AcctOwner) { o.IDType = "d" }), "104"},
		{"AcctOwner.idNo", owner(func(o *validation.AcctOwner) { o.IDNo = core.NewSecret(strings.Repeat("9", 28)) }), owner(func(o *validation.AcctOwner) { o.IDNo = core.NewSecret(strings.Repeat("9", 29)) }), "011"},
		{"AcctOwner.idState", owner(func(o *validation.AcctOwner) { o.IDState = "ONTARI" }), owner(func(o *validation.AcctOwner) { o.IDState = "ONTARIO" }), "011"},
		{"AcctOwner.idState", owner(func(o *validation.AcctOwner) { o.IDState = "OH" }), owner(func(o *validation.AcctOwner) { o.IDState = "O" }), "010"},
		{"Client.userDefined", func(i *validation.Inquiry) { i.Client.UserDefined = strings.Repeat("u", 255) }, func(i *validation.Inquiry) { i.Client.UserDefined = strings.Repeat("u", 256) }, "011"},
		{"Client.clientDate", func(i *validation.Inquiry) { i.Client.ClientDate = "2025-01-10" }, func(i *validation.Inquiry) { i.Client.ClientDate = "2025-02-30" }, "105"},
		{"Client.clientDate", func(i *validation.Inquiry) { i.Client.ClientDate = "" }, func(i *validation.Inquiry) { i.Client.ClientDate = "10/01/2025" }, "105"},
		{"Client.clientTime", func(i *validation.Inquiry) { i.Client.ClientTime = "23:59:59" }, func(i *validation.Inquiry) { i.Client.ClientTime = "14:00:80" }, "105"},
		{"Client.clientTime", func(i *validation.Inquiry) { i.Client.ClientTime = "08:15:00" }, func(i *validation.Inquiry) { i.Client.ClientTime = "8:15" }, "105"},
	}
	for _, tc := range cases {
		t.Run(tc.field+" "+string(tc.code), func(t *testing.T) {
			good := validInquiry()
			tc.pass(&good)
			good.ServiceType = validation.ServiceTypeOwner
			assert.NoError(t, good.Validate())

			bad := validInquiry()
			tc.fail(&bad)
			_, err := c.VerifyAccount(context.Background(), bad)
			require.ErrorIs(t, err, validation.ErrInvalidInquiry)
			var ie *validation.InquiryError
			require.ErrorAs(t, err, &ie)
			v, ok := ie.Field(tc.field)
			require.True(t, ok, "no violation for %s in %v", tc.field, ie)
			assert.Equal(t, tc.code, v.Code, v.String())
			assert.Len(t, ie.Violations, 1, "only the broken field is reported: %v", ie)
		})
	}
}

// TestRulesListEveryProblem: one error lists every violation, and never a secret value.
func TestRulesListEveryProblem(t *testing.T) {
	inq := validation.Inquiry{
		RoutingNumber: "123", AccountNumber: core.NewSecret("0099-887766"), Amount: "12.3",
		AcctOwner: validation.AcctOwner{FirstName: "Pat", ZipCode: "4550 1", SSN: core.NewSecret("12-3456789")},
	}
	err := inq.Validate()
	var ie *validation.InquiryError
	require.ErrorAs(t, err, &ie)
	assert.Equal(t, []validation.ErrorCode{"006", "006", "001", "003", "013", "006", "107", "104"}, ie.Codes())
	assert.NotContains(t, err.Error(), "887766")
	assert.NotContains(t, err.Error(), "3456789")
	assert.Contains(t, err.Error(), "invalid routing number")
}

// TestOwnerCombinations: the seed's five owner shapes as one struct.
func TestOwnerCombinations(t *testing.T) {
	cases := []struct {
		name       string
		owner      validation.AcctOwner
		valid, dep bool
	}{
		{"first and last name", validation.AcctOwner{FirstName: "Pat", LastName: "Lee"}, true, false},
		{"business name", validation.AcctOwner{BusinessName: "Acme"}, true, false},
		{"first name and business (deprecated)", validation.AcctOwner{FirstName: "Pat", BusinessName: "Acme"}, true, true},
		{"last name and business (deprecated)", validation.AcctOwner{LastName: "Lee", BusinessName: "Acme"}, true, true},
		{"full name and business (deprecated)", validation.AcctOwner{FirstName: "Pat", LastName: "Lee", BusinessName: "Acme"}, true, true},
		{"no name: service answers 304", validation.AcctOwner{City: "Dayton"}, true, false},
		{"first name alone", validation.AcctOwner{FirstName: "Pat"}, false, false},
		{"last name alone", validation.AcctOwner{LastName: "Lee", MiddleName: "Q"}, false, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			inq := validInquiry()
			inq.ServiceType = validation.ServiceTypeOwner
			inq.AcctOwner = tc.owner
			err := inq.Validate()
			if tc.valid {
				assert.NoError(t, err)
			} else {
				var ie *validation.InquiryError
				require.ErrorAs(t, err, &ie)
				assert.Equal(t, []validation.ErrorCode{"006"}, ie.Codes())
			}
			assert.Equal(t, tc.dep, tc.owner.DeprecatedNames())
		})
	}
}

func TestValidABA(t *testing.T) {
	for _, ok := range []string{"011000015", "021000021", "026009593", "122105155"} {
		assert.True(t, validation.ValidABA(ok), ok)
	}
	for _, bad := range []string{"011000016", "12345678", "0110000155", "01100001x", ""} {
		assert.False(t, validation.ValidABA(bad), bad)
	}
}
