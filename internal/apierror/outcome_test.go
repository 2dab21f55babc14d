package apierror

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/leaktest"
)

func TestOutcomeUnknownError(t *testing.T) {
	const disb = "https://platform.example.com/api/v1/disbursements"
	tests := []struct {
		name string
		err  *OutcomeUnknownError
		want string
		is   []error
	}{
		{
			name: "connection reset",
			err:  &OutcomeUnknownError{Method: "POST", URL: disb, CorrelationID: correlationID, Attempts: 1, Err: syscall.ECONNRESET},
			want: "issuerkit: POST " + disb + ": outcome unknown: the request may have been processed; settle it by a read-back before sending it again (correlation id " +
				correlationID + ") (1 attempt): connection reset by peer",
			is: []error{ErrOutcomeUnknown, syscall.ECONNRESET},
		},
		{
			name: "deadline after retries of the connection",
			err:  &OutcomeUnknownError{Method: "POST", URL: disb, CorrelationID: "c-9", Attempts: 2, Err: context.DeadlineExceeded},
			want: "issuerkit: POST " + disb + ": outcome unknown: the request may have been processed; settle it by a read-back before sending it again (correlation id c-9) (2 attempts): context deadline exceeded",
			is:   []error{ErrOutcomeUnknown, context.DeadlineExceeded},
		},
		{
			name: "a 504",
			err: &OutcomeUnknownError{Method: "POST", URL: disb, CorrelationID: "c-1", Attempts: 1,
				Err: &Error{StatusCode: 504, Method: "POST", URL: disb, CorrelationID: "c-1"}},
			want: "issuerkit: POST " + disb + ": outcome unknown: the request may have been processed; settle it by a read-back before sending it again (correlation id c-1) (1 attempt): POST " +
				disb + ": 504 Gateway Timeout (correlation id c-1)",
			is: []error{ErrOutcomeUnknown, ErrServerError, ErrTimeout},
		},
		{
			name: "no correlation id, no cause",
			err:  &OutcomeUnknownError{Method: "POST", URL: disb},
			want: "issuerkit: POST " + disb + ": outcome unknown: the request may have been processed; settle it by a read-back before sending it again",
			is:   []error{ErrOutcomeUnknown},
		},
		{
			name: "secrets in the cause are masked",
			err:  &OutcomeUnknownError{CorrelationID: "c", Err: errors.New("write pan=4111111111111111: broken pipe")},
			want: "issuerkit: outcome unknown: the request may have been processed; settle it by a read-back before sending it again (correlation id c): write pan=************1111: broken pipe",
			is:   []error{ErrOutcomeUnknown},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.err.Error())
			wrapped := fmt.Errorf("create disbursement: %w", tt.err)
			for _, target := range tt.is {
				assert.ErrorIs(t, wrapped, target)
			}
			assert.NotErrorIs(t, wrapped, ErrNotFound)
			var ou *OutcomeUnknownError
			require.ErrorAs(t, wrapped, &ou)
			assert.Same(t, tt.err, ou)
		})
	}
	var nilErr *OutcomeUnknownError
	assert.Nil(t, nilErr.Unwrap())
	assert.Equal(t, "<nil>", fmt.Sprint(nilErr), "value methods (issue 33): a nil pointer prints as fmt prints one")
}

func TestOutcomeUnknownLogValue(t *testing.T) {
	var b strings.Builder
	log := slog.New(slog.NewTextHandler(&b, leaktest.NoTime(nil)))
	log.Error("failed", "err", &OutcomeUnknownError{Method: "POST", URL: "https://h/d", CorrelationID: "c-1", Attempts: 1,
		Err: errors.New("cvv 123 card 4111111111111111")})
	assert.Equal(t, `level=ERROR msg=failed err.outcome_unknown=true err.method=POST err.url=https://h/d err.correlation_id=c-1 err.attempts=1 err.error="cvv 123 card ************1111"`+"\n", b.String())
}
