// Package contract holds the contract test of the three clients against an independent
// reader of the specs: Prism (@stoplight/prism-cli) mocking each spec with dynamic responses,
// and Prism as a validating proxy in front of the embedded sandboxes. The test
// (contract_test.go) is skipped unless ISSUERKIT_CONTRACT_CARDPLATFORM_URL,
// ISSUERKIT_CONTRACT_VALIDATION_URL and ISSUERKIT_CONTRACT_BANKLISTS_URL are set; .ci/contract
// starts Prism and sets them. The program in sandboxes/ starts the three sandboxes for the
// proxy run.
package contract

// KeyClientID is the KeyClientId the bank lists sandbox of the proxy run requires, and the
// one the contract test sends.
const KeyClientID = "0123456789abcdef0123456789abcdef"
