package crashtest

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
)

// fault is one kind of failure the sandbox injects, with its weight in a schedule.
type fault struct {
	name   string
	weight int
	f      cardplatformtest.Fault
}

// none lets a call through: a Fault must do something, and a nanosecond's delay is the least.
var none = cardplatformtest.Fault{Delay: time.Nanosecond}

// writeFaults are the failures of CreateDisbursement: answers lost after the payout ran
// (DropAnswer), connections closed before it ran (Drop), 5xx that say nothing of whether it
// ran, a refusal (400), and answers slower than a lease (the client gives up: outcome
// unknown, and the sandbox does not run it).
func writeFaults(lease time.Duration) []fault {
	return []fault{
		{"none", 62, none},
		{"answer lost after it ran", 12, cardplatformtest.Fault{DropAnswer: true}},
		{"dropped before it ran", 10, cardplatformtest.Fault{Drop: true}},
		{"500", 3, cardplatformtest.Fault{Status: http.StatusInternalServerError}},
		{"502", 3, cardplatformtest.Fault{Status: http.StatusBadGateway}},
		{"503", 3, cardplatformtest.Fault{Status: http.StatusServiceUnavailable}},
		{"400 refused", 2, cardplatformtest.Fault{Status: http.StatusBadRequest}},
		{"slow (200ms), ran", 4, cardplatformtest.Fault{Delay: 200 * time.Millisecond}},
		{"slower than the lease", 1, cardplatformtest.Fault{Delay: lease + time.Second}},
	}
}

// readFaults are the failures of SearchAccounts, the payout's read-back (snapshot and
// settling).
var readFaults = []fault{
	{"none", 88, none},
	{"dropped", 4, cardplatformtest.Fault{Drop: true}},
	{"answer lost", 2, cardplatformtest.Fault{DropAnswer: true}},
	{"503", 3, cardplatformtest.Fault{Status: http.StatusServiceUnavailable}},
	{"500", 3, cardplatformtest.Fault{Status: http.StatusInternalServerError}},
}

// schedule queues n faults drawn from kinds on the sandbox's operation name, and returns how
// many of each kind it queued (as "kind n" sorted by name).
func schedule(srv *cardplatformtest.Server, name string, n int, kinds []fault, rng *rand.Rand) (string, error) {
	total := 0
	for _, k := range kinds {
		total += k.weight
	}
	counts := map[string]int{}
	for range n {
		r := rng.IntN(total)
		for _, k := range kinds {
			if r -= k.weight; r < 0 {
				if err := srv.FailNext(name, 1, k.f); err != nil {
					return "", err
				}
				counts[k.name]++
				break
			}
		}
	}
	var parts []string
	for k, c := range counts {
		if k != "none" {
			parts = append(parts, fmt.Sprintf("%s %d", k, c))
		}
	}
	sort.Strings(parts)
	return strings.Join(parts, ", "), nil
}
