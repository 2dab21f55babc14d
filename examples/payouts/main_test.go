package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPayouts runs the example against the embedded sandbox: the payout whose answer was lost
// after the platform ran it is committed and not sent again, the one that never reached the
// platform is sent again once, and Mary's two are still unknown. run itself checks the
// sandbox's state (each payout queued at most once); the journal file is kept in a test
// directory and reread here.
func TestPayouts(t *testing.T) {
	unsetEnv(t)
	path := filepath.Join(t.TempDir(), "journal.db")
	t.Setenv("PAYOUTS_JOURNAL", path)
	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out), out.String())
	got := out.String()
	assert.Equal(t, 15, strings.Count(got, "\n"), got)
	for _, want := range []string{
		"4 payouts pending",
		"reconcile a committed (account",
		"reconcile b not committed, sent again: 120.00 QUEUED, journal: committed",
		"reconcile c1 still unknown",
		"reconcile c2 still unknown",
		"a and b paid once each, c1 once and c2 never",
		"audit per-call step: listPayoutOptions 1 (2xx 1), createCard 3 (2xx 3), searchAccounts 9 (2xx 9), createDisbursement 5 (2xx 1, no answer 4)",
		"36 spans written by the OpenTelemetry stdout exporter",
	} {
		assert.Contains(t, strings.Join(strings.Fields(got), " "), want)
	}

	// The stdout exporter's spans, beside the journal: the four lost payouts' call spans say
	// outcome unknown; no span holds the token.
	spans, err := os.ReadFile(filepath.Join(filepath.Dir(path), "spans.jsonl"))
	require.NoError(t, err)
	unknown := 0
	for _, line := range strings.Split(strings.TrimSpace(string(spans)), "\n") {
		if strings.HasPrefix(line, `{"Name":"createDisbursement"`) &&
			strings.Contains(line, `{"Key":"issuerkit.outcome_unknown","Value":{"Type":"BOOL","Value":true}}`) {
			unknown++
		}
	}
	assert.Equal(t, 4, unknown)
	assert.NotContains(t, string(spans), "sandbox-token")

	j, err := openJournal(t.Context(), path)
	require.NoError(t, err)
	defer j.Close()
	pending, err := j.pending(t.Context())
	require.NoError(t, err)
	require.Len(t, pending, 2, "Mary's payouts stay pending")
	for _, e := range pending {
		assert.Contains(t, e.Evidence, "in flight")
		assert.Equal(t, 1, e.Attempts, "never sent again")
	}
}

// unsetEnv clears, for t, the variables that point the example at a real platform, so that
// it runs against the embedded sandbox.
func unsetEnv(t *testing.T) {
	for _, k := range []string{"CARDPLATFORM_BASE_URL", "CARDPLATFORM_TOKEN", "CARDPLATFORM_PROGRAM_GUID"} {
		t.Setenv(k, "")
	}
}
