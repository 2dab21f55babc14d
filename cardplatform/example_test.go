package cardplatform_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/issuerkit/issuerkit-go/cardplatform"
)

func ExampleClient_GetCard() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v1/cards/proxy-123" {
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, `{"title":"Card not found","status":404}`)
			return
		}
		_, _ = io.WriteString(w, `{"card_proxy":"proxy-123","card_number":"4111111111111111","card_status":"PENDING","sys_utcinserted":"2024-05-01T10:20:30"}`)
	}))
	defer srv.Close()

	c, err := cardplatform.New(srv.URL, cardplatform.WithStaticToken("token"))
	if err != nil {
		panic(err)
	}
	card, err := c.GetCard(context.Background(), "proxy-123")
	if err != nil {
		panic(err)
	}
	fmt.Println(card.CardStatus, card.CardNumber, card.SysUTCInserted)

	_, err = c.GetCard(context.Background(), "missing")
	var pe *cardplatform.ProblemError
	fmt.Println(errors.Is(err, cardplatform.ErrNotFound), errors.As(err, &pe) && pe.Title == "Card not found")
	// Output:
	// PENDING ************1111 2024-05-01T10:20:30
	// true true
}
