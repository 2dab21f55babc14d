package cardplatform_test

import (
	"io"
	"net/http"
	"strings"
)

// benchCard is a card as GetCard's benchmarks answer it. The comparisons with other clients
// (hand-written net/http, stock oapi-codegen, ogen) are in the benchmark module,
// internal/bench, with their own copy.
const benchCard = `{"card_proxy":"proxy-123","card_number":"4111111111111111","mask_card_pan":"411111XXXXXX1111",` +
	`"card_status":"ACTIVE","issuance_type":"FULL","card_condition":"ORIGINAL","expiration_date":"1228",` +
	`"activation_method":"ONLOAD","person_card_status":"ACTIVE",` +
	`"person_guid":"3fa85f64-5717-4562-b3fc-2c963f66afa6","wallet_guid":"7c9e6679-7425-40de-944b-e07fc1f90ae7",` +
	`"sys_utcinserted":"2024-05-01T10:20:30.1234567","sys_utcupdated":"2024-05-02T11:00:00",` +
	`"supplemental_details":{"invoices":[{"invoice_number":"INV-1","invoice_amount":125.50}]}}`

// memoryTransport answers every request in memory with body and status, after reading the
// request body as a server would: the client-side cost of a call alone.
type memoryTransport struct {
	status int
	body   string
}

func (m memoryTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body != nil {
		_, _ = io.Copy(io.Discard, r.Body)
		_ = r.Body.Close()
	}
	return &http.Response{
		StatusCode: m.status, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header:        http.Header{"Content-Type": {"application/json"}},
		Body:          io.NopCloser(strings.NewReader(m.body)),
		ContentLength: int64(len(m.body)), Request: r,
	}, nil
}
