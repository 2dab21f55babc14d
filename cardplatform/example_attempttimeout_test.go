package cardplatform_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// An attempt that stalls is cut off by AttemptTimeout and a safe call (GetCard) tries again;
// StatusCodes makes a 409 retryable too, for safe calls only.
func ExampleRetryOptions() {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			select { // the first attempt stalls until the client gives up on it
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
			return
		}
		_, _ = io.WriteString(w, `{"card_proxy":"proxy-123","card_status":"ACTIVE","sys_utcinserted":"2024-05-01T10:20:30"}`)
	}))
	defer srv.Close()

	c, err := cardplatform.New(srv.URL, core.WithStaticToken("token"),
		core.WithRetry(core.RetryOptions{
			AttemptTimeout: 100 * time.Millisecond,
			StatusCodes:    append([]int{http.StatusConflict}, core.DefaultRetryStatusCodes...),
		}))
	if err != nil {
		panic(err)
	}
	card, err := c.GetCard(context.Background(), "proxy-123")
	if err != nil {
		panic(err)
	}
	fmt.Println(card.CardStatus, n.Load(), "attempts")
	// Output: ACTIVE 2 attempts
}
