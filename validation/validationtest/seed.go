package validationtest

import (
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
)

// Identifiers of the accounts and owners every sandbox starts with. Every value is a valid inquiry value for the SDK's client-side rules.
const (
	// Token is the bearer token the sandbox accepts.
	Token = "sandbox-token"
	// DeniedToken is a token the sandbox answers with 403 (access denied for the client).
	DeniedToken = "denied-client"

	// SecondaryID is a client id with no additional id.
	SecondaryID = "SEC0001"
	// SecondaryIDWithAdditional is a client id that was issued AdditionalID.
	SecondaryIDWithAdditional = "SEC0002"
	// AdditionalID is the additional id of SecondaryIDWithAdditional.
	AdditionalID = "ADD0002"

	// RoutingNumber is a participant that contributes owner data.
	RoutingNumber = "011000015"
	// RoutingNotContributor is a participant that does not contribute owner data (301).
	RoutingNotContributor = "026009593"
	// RoutingNotParticipant is a valid routing number of a bank that is not a participant (300).
	RoutingNotParticipant = "021000021"

	// AccountPerson is an open account (099) of PersonOwner at RoutingNumber and at
	// RoutingNotContributor.
	AccountPerson = "123456789"
	// AccountBusiness is an open account (099) of BusinessOwner at RoutingNumber.
	AccountBusiness = "555000111"
	// AccountClosed is a closed account (012) of PersonOwner at RoutingNumber.
	AccountClosed = "200000012"
	// AccountNoInformation is an account with no information (096) and no owner data (302).
	AccountNoInformation = "300000096"
	// AccountUnknown is not on file (000 and 396).
	AccountUnknown = "999999999"
	// AccountSystemFailure answers errorCode 998 in a 200.
	AccountSystemFailure = "990000998"
	// AccountTimeout answers errorCode 999 in a 200.
	AccountTimeout = "990000999"
	// AccountAuthorizationUnavailable answers errorCode 997 in a 200.
	AccountAuthorizationUnavailable = "990000997"
	// AccountNoOwnerResponse901 is open and answers conditionCode 901 (no account owner response
	// provided) whatever owner data is sent.
	AccountNoOwnerResponse901 = "990000901"
	// AccountUnavailable answers 503 with a ConnectError.
	AccountUnavailable = "950000503"
	// AccountBankExample answers like the bank's own published v2 example: an open account
	// of PersonOwner with primaryStatusCode 699 "Open Valid", and, beside the Result, a
	// businessFault with the example's placeholder text (v2 only; v1 answers the Result).
	AccountBankExample = "990000699"
	// AccountSystemFault answers a systemFault without a Result in v2, and errorCode 998
	// in v1, which has no errorResponse.
	AccountSystemFault = "990000777"
)

// BankExampleFault is the errorDescription of the businessFault in the bank's v2 example,
// which AccountBankExample answers.
const BankExampleFault = "Description if an error is found."

// PersonOwner is the owner data of AccountPerson and AccountClosed.
var PersonOwner = validation.AcctOwner{
	FirstName: "Pat", MiddleName: "Quinn", LastName: "Lee",
	AddressLine1: "100 Main St", AddressLine2: "Apt 4", City: "Springfield", State: "OH",
	ZipCode: "45501-1234", HomePhone: "9375550100", WorkPhone: "9375550199",
	SSN: core.NewSecret("123456789"), DOB: core.NewSecret("19800131"),
	IDType: "D", IDNo: core.NewSecret("OH1234567"), IDState: "OH",
}

// BusinessOwner is the owner data of AccountBusiness.
var BusinessOwner = validation.AcctOwner{
	BusinessName: "Acme Widgets LLC", AddressLine1: "1 Industrial Way", City: "Dayton",
	State: "OH", ZipCode: "45402", WorkPhone: "9375550111",
}

// Account is one account the sandbox knows.
type Account struct {
	// RoutingNumber and AccountNumber locate the account.
	RoutingNumber, AccountNumber string
	// Status is its primaryStatusCode (099 open, 012 closed, 096 no information).
	Status validation.PrimaryStatusCode
	// Owner is the ownership data matched against; nil means none is available (302).
	Owner *validation.AcctOwner
	// ErrorCode, when set, is answered in a 200 instead of a result (for example 998).
	ErrorCode validation.ErrorCode
	// HTTPStatus, when set, is answered with the bank's error body (for example 503).
	HTTPStatus int
	// OwnerCondition, when set, is the conditionCode answered whatever owner data is sent, with
	// the account status: a way to see any condition the service may send, such as 901, which
	// the bank's documentation gives the same meaning as 900 without saying when each is sent.
	OwnerCondition validation.ConditionCode
	// BusinessFault, when set, is the errorDescription of a businessFault a v2 answer carries
	// beside the Result (as the bank's own example does). v1 has no errorResponse and answers
	// the Result alone.
	BusinessFault string
	// SystemFault, when set, is the errorDescription of a systemFault a v2 answer carries
	// instead of a Result; v1 answers errorCode 998 (system failure).
	SystemFault string
}

// seedAccounts returns the accounts every sandbox starts with.
func seedAccounts() []Account {
	person, business := PersonOwner, BusinessOwner
	open := validation.PrimaryStatusCodeInMasterFile
	return []Account{
		{RoutingNumber: RoutingNumber, AccountNumber: AccountPerson, Status: open, Owner: &person},
		{RoutingNumber: RoutingNotContributor, AccountNumber: AccountPerson, Status: open, Owner: &person},
		{RoutingNumber: RoutingNumber, AccountNumber: AccountBusiness, Status: open, Owner: &business},
		{RoutingNumber: RoutingNumber, AccountNumber: AccountClosed, Status: validation.PrimaryStatusCodeClosed, Owner: &person},
		{RoutingNumber: RoutingNumber, AccountNumber: AccountNoInformation, Status: validation.PrimaryStatusCodeNoInformation},
		{RoutingNumber: RoutingNumber, AccountNumber: AccountSystemFailure, ErrorCode: validation.ErrorCodeSystemFailure},
		{RoutingNumber: RoutingNumber, AccountNumber: AccountTimeout, ErrorCode: validation.ErrorCodeTimeout},
		{RoutingNumber: RoutingNumber, AccountNumber: AccountAuthorizationUnavailable, ErrorCode: validation.ErrorCodeAuthorizationUnavailable},
		{RoutingNumber: RoutingNumber, AccountNumber: AccountUnavailable, HTTPStatus: 503},
		{RoutingNumber: RoutingNumber, AccountNumber: AccountNoOwnerResponse901, Status: open, Owner: &person,
			OwnerCondition: validation.ConditionCodeNoOwnerResponse901},
		{RoutingNumber: RoutingNumber, AccountNumber: AccountBankExample, Status: validation.PrimaryStatusCodeOpenValid,
			Owner: &person, BusinessFault: BankExampleFault},
		{RoutingNumber: RoutingNumber, AccountNumber: AccountSystemFault, SystemFault: "Backend system is not available"},
	}
}
