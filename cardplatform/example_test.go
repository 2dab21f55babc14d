package cardplatform_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"

	"golang.org/x/oauth2"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// New builds a client from the platform's base URL and a token source; the client is safe for
// concurrent use and meant to be built once. (Not run: it needs a platform.)
func ExampleNew() {
	// Any oauth2.TokenSource: a fixed token here; for OAuth2 client credentials,
	// (&clientcredentials.Config{ClientID: id, ClientSecret: secret, TokenURL: url}).TokenSource(ctx).
	ts := oauth2.StaticTokenSource(&oauth2.Token{AccessToken: os.Getenv("CARDPLATFORM_TOKEN")})
	c, err := cardplatform.New("https://platform.example.com",
		core.WithTokenSource(ts), // "Authorization: Bearer …" on every call, never logged
	)
	if err != nil {
		log.Fatal(err) // a base URL with a query, user info or a dot segment
	}
	_ = c
}

// GetCard returns the card without its full PAN (ShowCardPAN reveals it, as a masked Secret);
// an answer other than 2xx is an error matching a sentinel and carrying the ProblemDetails.
func ExampleClient_GetCard() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v1/cards/proxy-123" {
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, `{"title":"Card not found","status":404}`)
			return
		}
		_, _ = io.WriteString(w, `{"card_proxy":"proxy-123","mask_card_pan":"411111XXXXXX1111","card_status":"ACTIVE","sys_utcinserted":"2024-05-01T10:20:30"}`)
	}))
	defer srv.Close()
	c, err := cardplatform.New(srv.URL, core.WithStaticToken("token"))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()

	for _, proxy := range []string{"proxy-123", "proxy-404"} {
		card, err := c.GetCard(ctx, proxy)
		var pe *core.Problem
		switch {
		case errors.Is(err, core.ErrNotFound) && errors.As(err, &pe):
			fmt.Println("not found:", pe.Status, pe.Title) // the platform's ProblemDetails, typed
		case errors.Is(err, core.ErrOutcomeUnknown):
			// only for writes: the request may have run; settle it before sending again
		case err != nil:
			log.Fatal(err) // *core.Error: status, correlation id, masked body
		default:
			fmt.Println(card.CardStatus, card.MaskCardPAN) // the full PAN is never in GetCard's answer
		}
	}
	// Output:
	// ACTIVE 411111XXXXXX1111
	// not found: 404 Card not found
}

// Cards yields every card of a search, page after page (start_index and limit), lazily: no
// request before the first step, and the first error ends the loop.
func ExampleClient_Cards() {
	srv, err := cardplatformtest.Start()
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	c, ctx := srv.Client(), context.Background()
	program := core.MustParseGUID(cardplatformtest.DefaultProgramGUID)
	for _, name := range []string{"Ada", "Grace", "Alan"} {
		if _, err := c.CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: program,
			Person: cardplatform.Person{FirstName: name, LastName: "Example"}}); err != nil {
			log.Fatal(err)
		}
	}

	for card, err := range c.Cards(ctx, cardplatform.SearchCardsRequest{ProgramGUID: program}) {
		if err != nil {
			log.Fatal(err) // the first error ends the loop
		}
		fmt.Println(card.CardProxy, card.CardStatus)
	}
	// Output:
	// 1000000000001 PENDING
	// 1000000000002 PENDING
	// 1000000000003 PENDING
}
