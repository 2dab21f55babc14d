package core

// BankCredentials are what the bank issues at onboarding for its token flow
// (validation.BankTokenSource and paging.BankTokenSource).
type BankCredentials struct {
	// ConsumerKey and ConsumerSecret are the application credentials, sent as HTTP Basic auth.
	ConsumerKey, ConsumerSecret string
	// ClientID and ClientSecret are sent in the form body as Id and Key.
	ClientID, ClientSecret string
}
