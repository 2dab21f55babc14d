// Package exenv is the configuration the example programs share: it reads the environment
// variables that point an example at a real server, or starts the embedded sandbox when they
// are unset, and prints one line per step.
//
// Card platform: CARDPLATFORM_BASE_URL and CARDPLATFORM_TOKEN (both or neither);
// CARDPLATFORM_PROGRAM_GUID names the program to work in (the sandbox's default program
// otherwise).
//
// Bank (account validation and list endpoints): BANK_BASE_URL; BANK_CLIENT_ID and
// BANK_CLIENT_KEY (the token form's Id and Key); BANK_CONSUMER_KEY and BANK_CONSUMER_SECRET
// (HTTP Basic credentials of the token request); BANK_CLIENT_CERT and BANK_CLIENT_KEY_FILE
// (PEM files of the client certificate for mutual TLS). The reports example also reads
// BANK_REPORT_ACCOUNT (the account to report on) and BANK_KEY_CLIENT_ID (the KeyClientId of
// the RTP participants endpoint).
package exenv
