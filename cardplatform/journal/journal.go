package journal

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"time"

	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"

	"github.com/issuerkit/issuerkit-go/cardplatform"
)

// DefaultLease is the Lease of Options left zero.
const DefaultLease = 30 * time.Second

// DefaultMaxAttempts is the MaxAttempts of Options left zero.
const DefaultMaxAttempts = 3

// Options configures a Journal. The zero value is usable.
type Options struct {
	// Worker is this process's name in leases; empty means hostname-pid-random. Two Journals
	// must never share one (a lease is granted to a name).
	Worker string
	// Lease is how long one step on an entry (snapshot, mark, send; or read-back and resend)
	// may hold it; zero means DefaultLease. An attempt's bytes never leave after the lease's
	// end (the send's deadline), so another worker may settle it from then on. It must be
	// longer than one call takes, the client's call timeout included, or calls are cut off by
	// it (their outcome unknown).
	Lease time.Duration
	// Settle is how long after an attempt ended the platform may still run it
	// (cardplatform.SettleOptions.Settle); zero means cardplatform.DefaultSettle.
	Settle time.Duration
	// MaxAttempts is how many attempts may be sent before a write that a read-back proved not
	// committed goes to review instead; zero means DefaultMaxAttempts.
	MaxAttempts int
	// Sealer, when set, seals each request and answer before it rests in the Store and opens
	// it when read back (see Sealer). Nil stores them as sent: the request's wire encoding, its
	// secrets in full.
	Sealer Sealer
	// TracerProvider makes the journal's spans and MeterProvider its metrics; nil means the
	// global ones.
	TracerProvider trace.TracerProvider
	MeterProvider  metric.MeterProvider
}

// Sealer seals what the journal keeps at rest: the request it may send again and the answer
// it returns again. Seal and Open are given the entry's key and operation as additional data,
// so that a sealed value copied to another entry does not open. An AEAD (crypto/cipher's
// AES-GCM with a key from your KMS) is what it is for.
type Sealer interface {
	Seal(plaintext, additionalData []byte) ([]byte, error)
	Open(sealed, additionalData []byte) ([]byte, error)
}

// Journal runs card platform writes exactly once (Do), settles those a crash or a lost answer
// left open (Recover, Run), and shows those a person must decide (Review, Resolve). It is safe
// for concurrent use; any number of Journals, in any number of processes, may share a Store.
type Journal struct {
	c           *cardplatform.Client
	s           Store
	worker      string
	lease       time.Duration
	settle      time.Duration
	maxAttempts int
	sealer      Sealer
	tel         *telemetry
}

// New returns a Journal that sends with c and keeps its entries in s.
func New(c *cardplatform.Client, s Store, o Options) (*Journal, error) {
	if c == nil || s == nil {
		return nil, errors.New("journal: New needs a client and a Store")
	}
	if o.Lease < 0 || o.Settle < 0 || o.MaxAttempts < 0 {
		return nil, errors.New("journal: negative Lease, Settle or MaxAttempts")
	}
	j := &Journal{c: c, s: s, worker: o.Worker, lease: o.Lease, settle: o.Settle, maxAttempts: o.MaxAttempts, sealer: o.Sealer}
	if j.worker == "" {
		host, _ := os.Hostname()
		var r [4]byte
		_, _ = rand.Read(r[:])
		j.worker = fmt.Sprintf("%s-%d-%s", host, os.Getpid(), hex.EncodeToString(r[:]))
	}
	if j.lease == 0 {
		j.lease = DefaultLease
	}
	if j.settle == 0 {
		j.settle = cardplatform.DefaultSettle
	}
	if j.maxAttempts == 0 {
		j.maxAttempts = DefaultMaxAttempts
	}
	var err error
	if j.tel, err = newTelemetry(o.TracerProvider, o.MeterProvider, s); err != nil {
		return nil, err
	}
	return j, nil
}

// Worker returns the name this Journal takes leases under.
func (j *Journal) Worker() string { return j.worker }
