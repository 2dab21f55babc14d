package journal_test

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
)

// gcm is a journal.Sealer: AES-GCM, the nonce before the ciphertext.
type gcm struct{ aead cipher.AEAD }

func newGCM(t *testing.T) gcm {
	t.Helper()
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	b, err := aes.NewCipher(key)
	require.NoError(t, err)
	a, err := cipher.NewGCM(b)
	require.NoError(t, err)
	return gcm{a}
}

func (g gcm) Seal(plain, ad []byte) ([]byte, error) {
	nonce := make([]byte, g.aead.NonceSize())
	_, _ = rand.Read(nonce)
	return g.aead.Seal(nonce, nonce, plain, ad), nil
}

func (g gcm) Open(sealed, ad []byte) ([]byte, error) {
	n := g.aead.NonceSize()
	if len(sealed) < n {
		return nil, errors.New("short")
	}
	return g.aead.Open(nil, sealed[:n], sealed[n:], ad)
}

// TestSealerKeepsRequestAndAnswerSealedAtRest: with a Sealer, neither the request nor the
// answer rests in clear, and a recovery still sends the request again and returns the answer.
func TestSealerKeepsRequestAndAnswerSealedAtRest(t *testing.T) {
	f := newFixture(t)
	o := quick
	o.Sealer = newGCM(t)
	j := f.journal(t, "w1", o)
	ctx := context.Background()
	req := f.payout("ref-sealed-4711", 100)
	f.fail(t, "CreateDisbursement", 1, cardplatformtest.Fault{Drop: true})
	_, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", req)
	settling(t, err)
	e := f.entry(t, "p")
	assert.False(t, bytes.Contains(e.Request, []byte("ref-sealed-4711")), "the request rests sealed")

	f.waitDue(t, "p")
	r, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", req)
	require.NoError(t, err)
	require.NotNil(t, r.Response, "proved not committed, opened, sent again")
	account := r.Response.AccountGUID.String()
	e = f.entry(t, "p")
	assert.False(t, bytes.Contains(e.Result, []byte(account)), "the answer rests sealed")
	assert.Equal(t, "ref-sealed-4711", f.srv.Disbursements()[0].ClientReferenceID)

	again, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", req)
	require.NoError(t, err)
	require.NotNil(t, again.Response)
	assert.Equal(t, account, again.Response.AccountGUID.String())

	// A Journal without the Sealer says so, and returns no garbage.
	other := f.journal(t, "w2", quick)
	r, err = journal.Do(ctx, other, journal.CreateDisbursement, "p", req)
	require.ErrorContains(t, err, "sealed, and this Journal has no Sealer")
	assert.Nil(t, r.Response)
	assert.Equal(t, 2, f.sent())
}

// TestRunSettlesOnATimer: Run recovers on its timer until its context ends.
func TestRunSettlesOnATimer(t *testing.T) {
	f := newFixture(t)
	j := f.journal(t, "w1", quick)
	ctx, cancel := context.WithCancel(context.Background())
	f.fail(t, "CreateDisbursement", 1, cardplatformtest.Fault{DropAnswer: true})
	_, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	settling(t, err)

	done := make(chan error, 1)
	go func() { done <- j.Run(ctx, 5*time.Millisecond) }()
	require.Eventually(t, func() bool { return f.entry(t, "p").State == journal.StateCommitted }, 10*time.Second, 5*time.Millisecond)
	cancel()
	require.ErrorIs(t, <-done, context.Canceled)
	assert.Equal(t, 1, f.sent())
	assert.Equal(t, 1, f.ran())
}
