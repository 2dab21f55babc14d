package validation_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func newClient(t *testing.T, h http.HandlerFunc, opts ...core.Option) (*validation.Client, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		h(w, r)
	}))
	t.Cleanup(srv.Close)
	c, err := validation.New(srv.URL, append([]core.Option{core.WithStaticToken("tok"),
		core.WithRetry(core.RetryOptions{BaseDelay: 1, MaxDelay: 10_000_000})}, opts...)...)
	require.NoError(t, err)
	return c, &hits
}

func TestVerifyAccountEnvelopes(t *testing.T) {
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		assert.Equal(t, "/accounts/validations/v1/verifyAccount", r.URL.Path)
		var req map[string]map[string]map[string]map[string]any
		require.NoError(t, json.NewDecoder(r.Body).Decode(&req))
		inq := req["accountValidationRequest"]["AOARequest"]["Inquiry"]
		assert.Equal(t, "123456789", inq["accountNumber"], "the secret is sent unmasked")
		assert.Equal(t, "Owner", inq["serviceType"])
		_, _ = io.WriteString(w, `{"accountValidationResponse":{"AOAResponse":{"Result":{"errorCode":"000","accountNumber":"123456789","feeAttrib":"HH","AcctStatus":{"primaryStatusCode":"099","primMessage":"account in master file"}}}}}`)
	}, v1)
	res, err := c.VerifyAccount(context.Background(), validation.Inquiry{
		ServiceType:   validation.ServiceTypeOwner,
		SecondaryID:   "SEC0001",
		RoutingNumber: "011000015",
		AccountNumber: core.NewSecret("123456789"),
	})
	require.NoError(t, err)
	assert.Equal(t, "000", string(res.ErrorCode))
	assert.Equal(t, "099", string(res.AcctStatus.PrimaryStatusCode))
	assert.NotContains(t, res.AccountNumber.String(), "12345")
}

func TestBankErrorsAreTyped(t *testing.T) {
	cases := []struct {
		name     string
		status   int
		body     string
		is       error
		hits     int32
		wantCode string
		connect  string
	}{
		{"400 with errorCode", 400, `{"ErrorMessage":"Bad request","TransactionId":"rrt-1","ServiceError":{"AOAResponse":{"Result":{"errorCode":"104"}}}}`, core.ErrBadRequest, 1, "104", ""},
		{"503 ConnectError is retried (verifyAccount only reads)", 503, `{"ErrorMessage":"Service unavailable","ServiceError":{"ConnectError":"backend unreachable"}}`, core.ErrServerError, 3, "", "backend unreachable"},
		{"HTML 502", 502, `<html>Bad Gateway</html>`, core.ErrServerError, 3, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, hits := newClient(t, func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(tc.status)
				_, _ = io.WriteString(w, tc.body)
			})
			inq := validInquiry()
			inq.AccountNumber = core.NewSecret("987654321")
			_, err := c.VerifyAccount(context.Background(), inq)
			require.ErrorIs(t, err, tc.is)
			assert.Equal(t, tc.hits, hits.Load())
			assert.NotContains(t, err.Error(), "987654321")
			var apiErr *core.Error
			require.ErrorAs(t, err, &apiErr)
			assert.Equal(t, tc.status, apiErr.StatusCode)
			var be *core.BankError
			if tc.wantCode == "" && tc.connect == "" {
				return
			}
			require.ErrorAs(t, err, &be)
			require.NotNil(t, be.ServiceError)
			assert.Equal(t, tc.wantCode, be.ServiceError.ErrorCode)
			assert.Equal(t, tc.connect, be.ServiceError.ConnectError)
		})
	}
}

func TestHealthCheck(t *testing.T) {
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		assert.Equal(t, http.MethodGet, r.Method)
		assert.NotEmpty(t, r.Header.Get("X-CorrelationId"))
		_, _ = io.WriteString(w, `{"Status":"Ok","Source":"Roundtrip","Timestamp":"2025-01-10T08:15:00","ClientIp":"192.0.2.10","X-Forwarded-For":"[192.0.2.10]"}`)
	})
	h, err := c.HealthCheck(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "Ok", h.Status)
	assert.Equal(t, "2025-01-10T08:15:00", h.Timestamp)
}
