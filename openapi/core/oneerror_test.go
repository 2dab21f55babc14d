package core_test

import (
	"errors"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
)

// TestOneErrorTypeForTheThreeClients: a non-2xx answer of each client, over real HTTP against
// its sandbox, is read by one errors.As into *core.Error (status, correlation id, decoded
// body), by the client's own *Error name as well, and matches the status sentinel.
func TestOneErrorTypeForTheThreeClients(t *testing.T) {
	ctx := t.Context()
	var errs []error

	cp := cardplatformtest.NewServer(t)
	require.NoError(t, cp.FailNext("GetCard", 1, cardplatformtest.Fault{Status: http.StatusNotFound}))
	_, err := cp.Client().GetCard(ctx, "proxy-1")
	errs = append(errs, err)

	v := validationtest.NewServer(t)
	require.NoError(t, v.FailNext("VerifyAccount", 1, validationtest.Fault{Status: http.StatusNotFound}))
	_, err = v.Client().VerifyAccount(ctx, validation.Inquiry{
		SecondaryID: validationtest.SecondaryID, RoutingNumber: validationtest.RoutingNumber,
		AccountNumber: core.NewSecret(validationtest.AccountPerson),
	})
	errs = append(errs, err)

	pg := pagingtest.NewServer(t, pagingtest.WithRecords(3))
	require.NoError(t, pg.FailNext("ACHTransactions", 1, pagingtest.Fault{Status: http.StatusNotFound}))
	for _, err := range pg.Client().ACHTransactions(ctx, paging.ACHListRequest{AccountNumber: core.NewSecret("3123456789"),
		FromDate: core.MustParseDate("2025-01-02"), ToDate: core.MustParseDate("2025-01-09")}) {
		if err != nil {
			errs = append(errs, err)
			break
		}
	}

	require.Len(t, errs, 3)
	for i, err := range errs {
		var apiErr *core.Error
		require.True(t, errors.As(err, &apiErr), "%d: %T %v", i, err, err)
		assert.Equal(t, http.StatusNotFound, apiErr.StatusCode, "%d", i)
		assert.NotEmpty(t, apiErr.CorrelationID, "%d", i)
		assert.ErrorIs(t, err, core.ErrNotFound, "%d", i)
		// The clients' names are the same type: any of them reads any client's error.
		var cpErr *core.Error
		var pgErr *core.Error
		assert.True(t, errors.As(err, &cpErr) && errors.As(err, &pgErr), "%d", i)
	}
	var e0, e1 *core.Error
	require.True(t, errors.As(errs[0], &e0) && errors.As(errs[1], &e1))
	assert.NotNil(t, e0.Problem, "the card platform's ProblemDetails is decoded")
	assert.NotNil(t, e1.Bank, "the bank's error body is decoded")
}
