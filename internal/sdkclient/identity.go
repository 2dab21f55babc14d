package sdkclient

import "golang.org/x/oauth2"

// CredentialIdentity returns text that identifies the bank client credential behind ts, for
// keying the rate-limit budget (the caller hashes it; it holds no secret): a BankTokenSource's
// consumer key and client id. It is "" for any other source.
func CredentialIdentity(ts oauth2.TokenSource) string {
	s, ok := ts.(*SharedTokenSource)
	if !ok || len(s.creds) != 4 {
		return ""
	}
	return s.creds[0] + "\x00" + s.creds[2] // ConsumerKey, ClientID: see BankTokenSource
}
