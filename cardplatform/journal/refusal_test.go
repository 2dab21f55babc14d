package journal_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestRefusalNamesTheFieldsAndIds: the sandbox refuses a payout with a validation problem (a
// 400 naming the field amount); the Result's Refusal carries the field errors, the problem's
// trace id and the attempt's correlation id, and a second Do of the key, served from the
// Store, carries the same.
func TestRefusalNamesTheFieldsAndIds(t *testing.T) {
	f := newFixture(t)
	j := f.journal(t, "w1", quick)
	ctx := context.Background()
	req := f.payout("p", 0) // the platform refuses an amount that is not positive

	r, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", req)
	require.NoError(t, err)
	require.Equal(t, journal.StateRefused, r.State)
	require.NotNil(t, r.Refusal)
	assert.Equal(t, 400, r.Refusal.Status)
	assert.Equal(t, "One or more validation errors occurred.", r.Refusal.Title)
	assert.Equal(t, map[string][]string{"amount": {"The field amount must be greater than 0."}}, r.Refusal.Errors)
	assert.Regexp(t, `^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$`, r.Refusal.TraceID, "the problem's traceId")
	sent := f.srv.RequestsFor("CreateDisbursement")
	require.Len(t, sent, 1)
	assert.Equal(t, sent[0].Header.Get("X-CorrelationId"), r.Refusal.CorrelationID, "the attempt's correlation id")
	assert.NotEmpty(t, r.Refusal.CorrelationID)

	for _, jj := range []*journal.Journal{j, f.journal(t, "w2", quick)} {
		again, err := journal.Do(ctx, jj, journal.CreateDisbursement, "p", req)
		require.NoError(t, err)
		assert.Equal(t, journal.StateRefused, again.State)
		require.NotNil(t, again.Refusal)
		assert.Equal(t, *r.Refusal, *again.Refusal, "the Store's record carries the same")
	}
	assert.Equal(t, 1, f.sent(), "a refused write is never sent again under its key")
	assert.Equal(t, 0, f.ran())
}

// TestRefusalRecordedByARecoveryPass: the first attempt is lost before the platform ran it;
// a recovery pass proves it not committed and sends again, and the platform refuses. The
// refusal the pass recorded carries the field errors and the ids of the resent attempt, for
// the caller who asks for the key later.
func TestRefusalRecordedByARecoveryPass(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	req := f.payout("p", 0)
	f.fail(t, "CreateDisbursement", 1, cardplatformtest.Fault{Drop: true})
	_, err := journal.Do(ctx, f.journal(t, "w1", quick), journal.CreateDisbursement, "p", req)
	settling(t, err)

	f.waitDue(t, "p")
	rep, err := f.journal(t, "recovery", quick).Recover(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, rep.Refused, "%+v", rep)
	sent := f.srv.RequestsFor("CreateDisbursement")
	require.Len(t, sent, 2)

	r, err := journal.Do(ctx, f.journal(t, "w2", quick), journal.CreateDisbursement, "p", req)
	require.NoError(t, err)
	assert.Equal(t, journal.StateRefused, r.State)
	assert.Equal(t, 2, r.Attempts)
	require.NotNil(t, r.Refusal)
	assert.Equal(t, 400, r.Refusal.Status)
	assert.Equal(t, map[string][]string{"amount": {"The field amount must be greater than 0."}}, r.Refusal.Errors)
	assert.NotEmpty(t, r.Refusal.TraceID)
	assert.Equal(t, sent[1].Header.Get("X-CorrelationId"), r.Refusal.CorrelationID, "the resent attempt's")
	assert.NotEqual(t, sent[0].Header.Get("X-CorrelationId"), r.Refusal.CorrelationID)
	assert.Equal(t, 2, f.sent())
	assert.Equal(t, 0, f.ran())
}

// TestRefusalOfOldRecordDecodes: a refusal recorded by the version before Errors, TraceID and
// CorrelationID (those members absent) is returned as it was, the new fields empty.
func TestRefusalOfOldRecordDecodes(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	req := f.payout("old", 100)
	e := crashAfterMarking(t, f, "old", req, quick.Lease)
	e.State = journal.StateRefused
	e.Result = journal.Wire(`{"refusal":{"Status":422,"Type":"https://tools.ietf.org/html/rfc9110#section-15.5.21",` +
		`"Title":"Unprocessable Entity","Detail":"The program is closed.","Resolved":false}}`)
	_, err := f.store.Update(ctx, e, true)
	require.NoError(t, err)

	r, err := journal.Do(ctx, f.journal(t, "w1", quick), journal.CreateDisbursement, "old", req)
	require.NoError(t, err)
	assert.Equal(t, journal.StateRefused, r.State)
	require.NotNil(t, r.Refusal)
	assert.Equal(t, journal.Refusal{Status: 422, Type: "https://tools.ietf.org/html/rfc9110#section-15.5.21",
		Title: "Unprocessable Entity", Detail: "The program is closed."}, *r.Refusal)
	assert.Equal(t, 0, f.sent(), "served from the Store")
}

// TestRefusalKeepsNoSecret: a platform that echoes card numbers, an SSN and the call's bearer
// token in its field errors (messages and names) and in members beyond the problem's schema
// refuses a payout. The Refusal's field errors and ids are the SDK's error's, masked as the
// SDK masked them; none of the planted values, nor any value of an unknown member, reaches
// the stored record, the Result or any rendering of the Refusal (fmt's verbs by value and by
// pointer, inside a caller's struct, json.Marshal, both slog handlers).
func TestRefusalKeepsNoSecret(t *testing.T) {
	const (
		pan     = "4111111111111111"
		pan2    = "5500005555555559"
		ssn     = "123-45-6789"
		token   = "tok-9f3a7c1e55d04b2a"
		unknown = "UNKNOWNx"
		traceID = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
	)
	f := newFixture(t)
	problem := `{"type":"https://tools.ietf.org/html/rfc9110#section-15.5.1","title":"One or more validation errors occurred.",` +
		`"status":400,"traceId":"` + traceID + `","errors":{` +
		`"amount":["The card ` + pan + ` cannot receive it.","SSN ` + ssn + ` on file."],` +
		`"person.note":"token ` + token + ` was sent",` +
		`"` + pan2 + `":["the field name is a card number"]},` +
		`"cardNumber":"` + pan + `","note":"echo ` + token + ` ` + unknown + `","extra":{"deep":["` + unknown + `"]}}`
	var mu sync.Mutex
	var correlation []string
	hostile := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/disbursements") {
			_, _ = io.Copy(io.Discard, r.Body)
			mu.Lock()
			correlation = append(correlation, r.Header.Get("X-CorrelationId"))
			mu.Unlock()
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(http.StatusBadRequest)
			_, _ = io.WriteString(w, problem)
			return
		}
		r.Header.Set("Authorization", "Bearer "+f.srv.Token())
		f.srv.Handler().ServeHTTP(w, r)
	}))
	t.Cleanup(hostile.Close)
	c, err := cardplatform.New(hostile.URL, core.WithStaticToken(token))
	require.NoError(t, err)
	ctx := context.Background()
	req := f.payout("p", 100)

	// What the SDK returns for this answer: the Refusal keeps exactly its masking.
	_, sdkErr := c.CreateDisbursement(ctx, req)
	var ae *core.Error
	require.ErrorAs(t, sdkErr, &ae)
	require.NotNil(t, ae.Problem)

	j, err := journal.New(c, f.store, journal.Options{Worker: "w1", Settle: quick.Settle, Lease: quick.Lease})
	require.NoError(t, err)
	r, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", req)
	require.NoError(t, err)
	require.Equal(t, journal.StateRefused, r.State)
	require.NotNil(t, r.Refusal)
	ref := *r.Refusal
	assert.Equal(t, ae.Problem.Errors, ref.Errors, "the SDK's field errors, masked as it masked them")
	assert.Equal(t, ae.TraceID, ref.TraceID)
	assert.Equal(t, traceID, ref.TraceID, "a trace id is not a secret")
	mu.Lock()
	require.Len(t, correlation, 2)
	assert.Equal(t, correlation[1], ref.CorrelationID, "the journal's attempt's correlation id")
	mu.Unlock()
	// The fields stay readable: names kept, the messages' words kept.
	require.Len(t, ref.Errors["amount"], 2)
	assert.Contains(t, ref.Errors["amount"][0], "cannot receive it.")
	assert.Contains(t, ref.Errors["amount"][1], "on file.")
	assert.Contains(t, strings.Join(ref.Errors["person.note"], ""), "was sent")
	assert.Len(t, ref.Errors, 3, "the field named by a card number is kept, its name masked")

	again, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", req)
	require.NoError(t, err)
	require.NotNil(t, again.Refusal)
	assert.Equal(t, ref, *again.Refusal, "served from the Store, the same")

	stored := f.entry(t, "p")
	in := struct {
		R   journal.Refusal
		P   *journal.Refusal
		Res journal.Result[cardplatform.DisbursementResponse]
	}{ref, &ref, r}
	texts := []string{string(stored.Result), string(stored.Verdict)}
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X"} {
		texts = append(texts, fmt.Sprintf(verb, ref), fmt.Sprintf(verb, &ref), fmt.Sprintf(verb, in),
			fmt.Sprintf(verb, r), fmt.Sprintf(verb, again))
	}
	var logs strings.Builder
	slog.New(slog.NewJSONHandler(&logs, leaktest.NoTime(nil))).Info("refused", "refusal", ref, "ptr", &ref, "result", r, "in", in)
	slog.New(slog.NewTextHandler(&logs, leaktest.NoTime(nil))).Info("refused", "refusal", ref, "ptr", &ref, "result", r, "in", in)
	js, err := json.Marshal(in)
	require.NoError(t, err)
	texts = append(texts, logs.String(), string(js))
	var planted []string
	for _, s := range []string{pan, pan2, ssn, token, unknown, "9f3a7c1e"} {
		h := hex.EncodeToString([]byte(s))
		planted = append(planted, s, h, strings.ToUpper(h))
	}
	for _, text := range texts {
		for _, s := range planted {
			assert.NotContains(t, text, s)
		}
	}
	assert.Contains(t, string(stored.Result), `"amount"`, "the stored record names the field")
	assert.Contains(t, string(stored.Result), traceID)
}
