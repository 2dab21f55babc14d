package redact_test

import (
	"fmt"
	"net/url"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

func ExampleURL() {
	u, _ := url.Parse("https://user:pw@partner-api.bank.example/oauth/v1/token?client_secret=s3cr3t-v4lue-xyz&grant_type=client_credentials")
	fmt.Println(redact.URL(u))
	// Output:
	// https://partner-api.bank.example/oauth/v1/token?client_secret=************-xyz&grant_type=client_credentials
}

func ExampleJSON() {
	body := `{"card_proxy":"proxy-123","card_number":"4111111111111111","cvv":"737","detail":"ssn 123-45-6789 on file"}`
	fmt.Println(string(redact.JSON([]byte(body))))
	// Output:
	// {"card_proxy":"proxy-123","card_number":"************1111","cvv":"***","detail":"ssn *******6789 on file"}
}

func ExampleText() {
	fmt.Println(redact.Text("card 4111 1111 1111 1111 declined"))
	// Output:
	// card ***************1111 declined
}
