package cardplatform_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// A per-call step (an audit record, once per call whatever the retries) and a per-attempt
// step (a header on every try). Both see the operation id; neither sees the token.
func ExampleWithAttemptMiddleware() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, `{"card_proxy":"proxy-123","card_status":"ACTIVE","sys_utcinserted":"2024-05-01T10:20:30"}`)
	}))
	defer srv.Close()

	audit := func(req *http.Request, next core.Next) (*http.Response, error) {
		resp, err := next(req)
		fmt.Println("audit:", core.OperationID(req.Context()), err == nil)
		return resp, err
	}
	tenant := func(req *http.Request, next core.Next) (*http.Response, error) {
		req.Header.Set("X-Tenant", "acme")
		fmt.Println("attempt", core.Attempt(req.Context()), "token visible:", req.Header.Get("Authorization") != "")
		return next(req)
	}
	c, err := cardplatform.New(srv.URL, core.WithStaticToken("token"),
		core.WithCallMiddleware(audit), core.WithAttemptMiddleware(tenant))
	if err != nil {
		panic(err)
	}
	card, err := c.GetCard(context.Background(), "proxy-123")
	if err != nil {
		panic(err)
	}
	fmt.Println(card.CardStatus)
	// Output:
	// attempt 1 token visible: false
	// audit: getCard true
	// ACTIVE
}
