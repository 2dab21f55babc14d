package cardplatform

import (
	"net/http"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestEveryWriteFaultEndsInItsClass breaks every write of the card platform (every operation
// not x-issuerkit-retry-safe, from the operation table) on the network, over HTTP/1.1 and
// HTTP/2 over TLS, through a caller's transport that passes the request on and one that hides
// the SDK's trace: in place of the TLS handshake, at the request's first byte, once the whole
// request arrived and at the answer's first byte, with every fault that applies there (TCP
// reset, EOF, timeout, TLS alert and close_notify, the malformed records 17 03 01 00 10 and
// 17 03 03 ff ff, HTTP/2 RST_STREAM and GOAWAY, a proxy's 502/503/504 after forwarding);
// CreateDisbursement also at every byte offset of its request and of its answer. The server
// never runs a write twice, and every call ends in the class of the table in openapi/core's
// package doc ("Writes are sent once"; opstest.Expect). Under -race or -short the
// offsets are taken one in seven and each operation's boundary faults one in four.
//
// Figures (2 shared cores, load average 13 from other jobs; `go test -count=1 -run
// TestEveryWriteFaultEndsInItsClass -v ./cardplatform/`): about 7,400 calls in 24 s.
func TestEveryWriteFaultEndsInItsClass(t *testing.T) {
	plan := opstest.FaultPlan{Representative: "createDisbursement", Workers: 16}
	if raceDetector || testing.Short() {
		plan.Stride, plan.Thin, plan.HangTimeout = 7, 4, 2*time.Second
	}
	opstest.WriteFaults(t, operations, func(base string, hc *http.Client, timeout time.Duration) (any, error) {
		return New(base, core.WithHTTPClient(hc), core.WithStaticToken("tok"), core.WithTimeout(timeout), WithIdleTimeout(timeout))
	}, plan)
}
