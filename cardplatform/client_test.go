package cardplatform_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const cardJSON = `{"card_proxy":"proxy-123","card_number":"4111111111111111","mask_card_pan":"411111XXXXXX1111",
"card_status":"PENDING","issuance_type":"SOMETHING_NEW","sys_utcinserted":"2024-05-01T10:20:30.1234567",
"supplemental_details":{"invoices":[{"invoice_number":"INV-1","invoice_amount":12345678901234567.89}]}}`

func newClient(t *testing.T, h http.HandlerFunc) (*cardplatform.Client, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		h(w, r)
	}))
	t.Cleanup(srv.Close)
	c, err := cardplatform.New(srv.URL, cardplatform.WithStaticToken("tok"),
		cardplatform.WithRetry(cardplatform.RetryOptions{BaseDelay: 1, MaxDelay: 10_000_000}))
	require.NoError(t, err)
	return c, &hits
}

func TestGetCardDecodesSDKTypes(t *testing.T) {
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		assert.Equal(t, "/api/v1/cards/proxy-123", r.URL.Path, "version v1 filled in")
		assert.Equal(t, "Bearer tok", r.Header.Get("Authorization"))
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, cardJSON)
	})
	card, err := c.GetCard(context.Background(), "proxy-123")
	require.NoError(t, err)
	assert.Equal(t, "2024-05-01T10:20:30.1234567", card.SysUTCInserted.String(), "zone-less timestamp kept exactly")
	assert.Equal(t, "12345678901234567.89", card.SupplementalDetails.Invoices[0].InvoiceAmount.String(), "money decoded exactly")
	assert.Equal(t, cardplatform.IssuanceType("SOMETHING_NEW"), card.IssuanceType, "unknown enum values decode")
	assert.Equal(t, "4111111111111111", card.CardNumber.Reveal())
	printed := fmt.Sprintf("%v %+v %#v", card.CardNumber, *card, *card)
	assert.NotContains(t, printed, "4111111111111111", "the PAN never prints")

	out, err := json.Marshal(card)
	require.NoError(t, err)
	assert.Contains(t, string(out), `"SOMETHING_NEW"`, "unknown enum values round-trip")
	assert.Contains(t, string(out), `12345678901234567.89`)
}

func TestErrorsAreTyped(t *testing.T) {
	cases := []struct {
		name   string
		status int
		body   string
		is     error
		title  string
	}{
		{"404 with ProblemDetails", 404, `{"title":"Card not found","status":404,"traceId":"00-abc-01"}`, cardplatform.ErrNotFound, "Card not found"},
		{"404 without body", 404, "", cardplatform.ErrNotFound, ""},
		{"400 with field errors", 400, `{"title":"One or more validation errors occurred.","status":400,"errors":{"person.email":["The email field is required."]}}`, cardplatform.ErrBadRequest, "One or more validation errors occurred."},
		{"401 without body", 401, "", cardplatform.ErrUnauthorized, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, hits := newClient(t, func(w http.ResponseWriter, r *http.Request) {
				if tc.body != "" {
					w.Header().Set("Content-Type", "application/problem+json")
				}
				w.WriteHeader(tc.status)
				_, _ = io.WriteString(w, tc.body)
			})
			card, err := c.GetCard(context.Background(), "proxy-123")
			assert.Nil(t, card)
			require.ErrorIs(t, err, tc.is)
			var apiErr *cardplatform.Error
			require.ErrorAs(t, err, &apiErr)
			assert.Equal(t, tc.status, apiErr.StatusCode)
			var pe *cardplatform.ProblemError
			if tc.title == "" {
				assert.False(t, errors.As(err, &pe))
			} else {
				require.ErrorAs(t, err, &pe)
				assert.Equal(t, tc.title, pe.Title)
				assert.Equal(t, tc.status, pe.Status)
			}
			if tc.status == 400 {
				assert.Equal(t, []string{"The email field is required."}, pe.Errors["person.email"])
			}
			assert.Equal(t, int32(1), hits.Load())
		})
	}
}

func TestCreateDisbursementIsNeverResent(t *testing.T) {
	for _, status := range []int{500, 502, 504} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			c, hits := newClient(t, func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(status)
			})
			amount, err := cardplatform.ParseDecimal("250.75")
			require.NoError(t, err)
			_, err = c.CreateDisbursement(context.Background(), cardplatform.DisbursementDTO{Amount: amount})
			require.ErrorIs(t, err, cardplatform.ErrOutcomeUnknown)
			var ou *cardplatform.OutcomeUnknownError
			require.ErrorAs(t, err, &ou)
			assert.NotEmpty(t, ou.CorrelationID)
			assert.Equal(t, int32(1), hits.Load(), "a money-moving POST reaches the server once")
		})
	}
	t.Run("connection reset after sending", func(t *testing.T) {
		c, hits := newClient(t, func(w http.ResponseWriter, r *http.Request) {
			conn, _, err := http.NewResponseController(w).Hijack()
			if err == nil {
				_ = conn.Close()
			}
		})
		_, err := c.CreateDisbursement(context.Background(), cardplatform.DisbursementDTO{})
		require.ErrorIs(t, err, cardplatform.ErrOutcomeUnknown)
		assert.Equal(t, int32(1), hits.Load())
	})
	t.Run("safe GetCard is retried on 503", func(t *testing.T) {
		c, hits := newClient(t, func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(503)
		})
		_, err := c.GetCard(context.Background(), "p")
		require.ErrorIs(t, err, cardplatform.ErrServerError)
		assert.Equal(t, int32(3), hits.Load())
	})
}

func TestNewRejectsBadConfiguration(t *testing.T) {
	_, err := cardplatform.New("http://platform.example.com", cardplatform.WithStaticToken("t"))
	assert.ErrorIs(t, err, cardplatform.ErrInsecureTransport)
	_, err = cardplatform.New("http://platform.example.com", cardplatform.WithStaticToken("t"), cardplatform.WithInsecureHTTP())
	assert.NoError(t, err)
	_, err = cardplatform.New("platform.example.com")
	assert.Error(t, err)
	_, err = cardplatform.New("https://platform.example.com", cardplatform.WithAPIVersion("v1/../x"))
	assert.Error(t, err)
}

func TestDecodeErrorOnBadSuccessBody(t *testing.T) {
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, `{"sys_utcinserted":"yesterday"}`)
	})
	_, err := c.GetCard(context.Background(), "p")
	var de *cardplatform.DecodeError
	require.ErrorAs(t, err, &de)
	assert.Equal(t, 200, de.StatusCode)
	assert.NotEmpty(t, de.CorrelationID)
}
