// Command sandboxes starts the three embedded sandboxes (card platform, account validation,
// bank lists) on loopback ports, prints "name URL" per line, then serves until interrupted
// (SIGINT or SIGTERM). .ci/contract puts Prism's validating proxy in front of them.
package main

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/internal/contract"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
)

func main() {
	cp, err := cardplatformtest.Start()
	if err != nil {
		fmt.Fprintln(os.Stderr, "sandboxes:", err)
		os.Exit(1)
	}
	defer cp.Close()
	// No rate limit: the contract test sends many requests in a row.
	// The documented forms too (v1, the legacy wire details and /ddaReports lists): the
	// contract covers every operation of the specs, the published ones in the clients' default
	// form.
	v, err := validationtest.Start(validationtest.WithRateLimit(0), validationtest.WithDocumentedAPI())
	if err != nil {
		fmt.Fprintln(os.Stderr, "sandboxes:", err)
		return
	}
	defer v.Close()
	b, err := pagingtest.Start(pagingtest.WithRecords(50), pagingtest.WithClientID(contract.KeyClientID), pagingtest.WithDocumentedAPI())
	if err != nil {
		fmt.Fprintln(os.Stderr, "sandboxes:", err)
		return
	}
	defer b.Close()
	fmt.Printf("cardplatform %s\nvalidation %s\nbanklists %s\n", cp.URL, v.URL, b.URL)

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	<-sig
}
