package sandbox_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
)

// TestFaultHeadersOnTheWirePrintedByAllowlist: a Fault's Header goes on the wire as given
// (the client's error holds every value: Retry-After and a header the SDK knows nothing of),
// while the Fault itself prints by the SDK's header allowlist: Retry-After's value shows, the
// other's is REDACTED, by fmt and json.Marshal alike (issue 36).
func TestFaultHeadersOnTheWirePrintedByAllowlist(t *testing.T) {
	const made = "hv_Fq72LpXz0Nc"
	h := http.Header{"Retry-After": {"7"}, "X-Made-Up": {made}}
	cp := cardplatformtest.NewServer(t)
	v := validationtest.NewServer(t)
	pg := pagingtest.NewServer(t, pagingtest.WithRecords(1))
	for _, tc := range []struct {
		name  string
		fault any // the sandbox's Fault, as printed
		fail  func() error
		call  func(context.Context) error
	}{
		{"cardplatformtest", cardplatformtest.Fault{Status: 400, Header: h},
			func() error { return cp.FailNext("GetCard", 1, cardplatformtest.Fault{Status: 400, Header: h}) },
			func(ctx context.Context) error { _, err := cp.Client().GetCard(ctx, "p1"); return err }},
		{"validationtest", validationtest.Fault{Status: 400, Header: h},
			func() error { return v.FailNext("HealthCheck", 1, validationtest.Fault{Status: 400, Header: h}) },
			func(ctx context.Context) error { _, err := v.Client().HealthCheck(ctx); return err }},
		{"pagingtest", pagingtest.Fault{Status: 400, Header: h},
			func() error { return pg.FailNext("ListRTPTransactions", 1, pagingtest.Fault{Status: 400, Header: h}) },
			func(ctx context.Context) error {
				_, err := pg.Client().ListRTPTransactions(ctx, paging.ListRTPTransactionsRequest{PageNumber: 1, PageSize: 10,
					Body: paging.RTPListRequest{AccountNumber: core.NewSecret("3123456789"), FromDate: core.MustParseDate("2025-01-02"), ToDate: core.MustParseDate("2025-01-09")}})
				return err
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.NoError(t, tc.fail())
			var ae *core.Error
			err := tc.call(t.Context())
			require.True(t, errors.As(err, &ae), "a 400 is a *core.Error: %v", err)
			assert.Equal(t, 400, ae.StatusCode)
			assert.Equal(t, "7", ae.RevealHeader().Get("Retry-After"), "on the wire as given")
			assert.Equal(t, made, ae.RevealHeader().Get("X-Made-Up"), "on the wire as given")

			for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%d"} {
				text := fmt.Sprintf(verb, tc.fault)
				assert.NotContains(t, text, made, "%s prints the unknown header's value: %s", verb, text)
			}
			b, err := json.Marshal(tc.fault)
			require.NoError(t, err)
			var got struct {
				Status int
				Header http.Header
			}
			require.NoError(t, json.Unmarshal(b, &got), "%s", b)
			assert.Equal(t, 400, got.Status)
			assert.Equal(t, http.Header{"Retry-After": {"7"}, "X-Made-Up": {"REDACTED"}}, got.Header)
			assert.Equal(t, made, h.Get("X-Made-Up"), "printing leaves the Fault's Header as given")
		})
	}
}
