package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/sqlitejournal"
)

// TestPayouts runs the example against the embedded sandbox: the payout whose answer was lost
// after the platform ran it is committed by its read-back and not sent again, the one that
// never reached the platform is sent again once, Mary's second waits for her first and is
// sent once it settled, and Annie's, made ambiguous by another system's payout, goes to
// review and is resolved. run itself checks the sandbox's state (each payout queued once);
// the journal file is kept in a test directory and reread here.
func TestPayouts(t *testing.T) {
	unsetEnv(t)
	path := filepath.Join(t.TempDir(), "journal.db")
	t.Setenv("PAYOUTS_JOURNAL", path)
	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out), out.String())
	got := out.String()
	assert.Equal(t, 20, strings.Count(got, "\n"), got)
	for _, want := range []string{
		"pay c2 (Mary) not sent: it waits for c1",
		"journal reopened: 4 payouts sending, 1 pending",
		"recover one pass: 4 committed, 1 in review; 2 sent (b again, c2 for the first time)",
		"settled a committed by its read-back (account",
		"settled b not committed (read-back), sent again once: 120.00 QUEUED",
		"settled c2 sent once c1 settled: 70.00 QUEUED",
		"review d still unknown (ambiguous)",
		"more than this write can have made",
		"resolve d a person found it on the platform",
		"a, b, c1, c2 and d paid once each; 7 CreateDisbursement requests in all",
		"audit per-call step: listPayoutOptions 1 (2xx 1), createCard 4 (2xx 4), searchAccounts 10 (2xx 10), createDisbursement 6 (2xx 2, no answer 4)",
	} {
		assert.Contains(t, strings.Join(strings.Fields(got), " "), want)
	}

	// The stdout exporter's spans, beside the journal: the four lost payouts' call spans say
	// outcome unknown; the journal's spans are there; no span holds the token.
	spans, err := os.ReadFile(filepath.Join(filepath.Dir(path), "spans.jsonl"))
	require.NoError(t, err)
	unknown, journaled := 0, 0
	for _, line := range strings.Split(strings.TrimSpace(string(spans)), "\n") {
		if strings.HasPrefix(line, `{"Name":"createDisbursement"`) &&
			strings.Contains(line, `{"Key":"issuerkit.outcome_unknown","Value":{"Type":"BOOL","Value":true}}`) {
			unknown++
		}
		if strings.HasPrefix(line, `{"Name":"journal.`) {
			journaled++
		}
	}
	assert.Equal(t, 4, unknown)
	assert.NotZero(t, journaled, "the journal's own spans")
	assert.NotContains(t, string(spans), "sandbox-token")

	// The journal file, reopened: every payout committed, once sent except b; d's verdict
	// holds the person's note.
	st, err := sqlitejournal.Open(context.Background(), path)
	require.NoError(t, err)
	defer st.Close()
	stats, err := st.Stats(t.Context())
	require.NoError(t, err)
	assert.Equal(t, map[journal.State]int64{journal.StateCommitted: 5}, nonZero(stats.ByState))
	assert.True(t, stats.OldestUnsettled.IsZero())
	entries, err := st.List(t.Context(), journal.StateCommitted, "", 10)
	require.NoError(t, err)
	attempts := map[string]int{}
	for _, e := range entries {
		ref := e.Key[strings.LastIndex(e.Key, "-")+1:]
		attempts[ref] = e.Attempts
		if ref == "d" {
			assert.Contains(t, string(e.Verdict), "found on the platform")
		}
	}
	assert.Equal(t, map[string]int{"a": 1, "b": 2, "c1": 1, "c2": 1, "d": 1}, attempts)
}

// nonZero returns the counts of m that are not zero.
func nonZero(m map[journal.State]int64) map[journal.State]int64 {
	out := map[journal.State]int64{}
	for k, v := range m {
		if v != 0 {
			out[k] = v
		}
	}
	return out
}

// unsetEnv clears, for t, the variables that point the example at a real platform, so that
// it runs against the embedded sandbox.
func unsetEnv(t *testing.T) {
	for _, k := range []string{"CARDPLATFORM_BASE_URL", "CARDPLATFORM_TOKEN", "CARDPLATFORM_PROGRAM_GUID"} {
		t.Setenv(k, "")
	}
}

// TestPayoutsAgainstAPlatform runs the example as against a real platform (the variables
// set, here to a sandbox the test starts): one payout through the journal, committed by the
// platform's answer, and a recovery pass that finds nothing to settle.
func TestPayoutsAgainstAPlatform(t *testing.T) {
	srv := cardplatformtest.NewServer(t)
	t.Setenv("CARDPLATFORM_BASE_URL", srv.URL)
	t.Setenv("CARDPLATFORM_TOKEN", srv.Token())
	t.Setenv("CARDPLATFORM_PROGRAM_GUID", cardplatformtest.DefaultProgramGUID)
	t.Setenv("PAYOUTS_JOURNAL", filepath.Join(t.TempDir(), "journal.db"))
	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out), out.String())
	got := strings.Join(strings.Fields(out.String()), " ")
	assert.Regexp(t, `pay [0-9a-f-]{36} 250\.75 QUEUED, journal: committed`, got)
	assert.Contains(t, got, "recover 0 payout(s) looked at, 0 committed, 0 waiting, 0 in review")
	assert.Len(t, srv.Disbursements(), 1)
}
