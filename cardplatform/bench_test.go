package cardplatform_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/internal/bench/cputime"
	"github.com/issuerkit/issuerkit-go/internal/bench/oapiclient"
)

// The per-call overhead benchmarks compare the SDK with a hand-written net/http +
// encoding/json client and with the stock oapi-codegen client (internal/bench/oapiclient) for
// the same calls, through an in-memory RoundTripper (the client-side cost alone) and over
// loopback, serially and with 64 goroutines; besides wall time each reports cpu-ns/op, the
// process's CPU time per call (the loopback server's included: it runs in-process). Run:
//
//	go test -run '^$' -bench 'Overhead' -benchmem -count 8 ./cardplatform/ | tee new.txt
//	benchstat new.txt
//
// internal/bench/README.md has the interleaved form and the figures.

const benchCard = `{"card_proxy":"proxy-123","card_number":"4111111111111111","mask_card_pan":"411111XXXXXX1111",` +
	`"card_status":"ACTIVE","issuance_type":"FULL","card_condition":"ORIGINAL","expiration_date":"1228",` +
	`"activation_method":"ONLOAD","person_card_status":"ACTIVE",` +
	`"person_guid":"3fa85f64-5717-4562-b3fc-2c963f66afa6","wallet_guid":"7c9e6679-7425-40de-944b-e07fc1f90ae7",` +
	`"sys_utcinserted":"2024-05-01T10:20:30.1234567","sys_utcupdated":"2024-05-02T11:00:00",` +
	`"supplemental_details":{"invoices":[{"invoice_number":"INV-1","invoice_amount":125.50}]}}`

const benchDisbursement = `{"disbursement_guid":"3fa85f64-5717-4562-b3fc-2c963f66afa6",` +
	`"account_guid":"7c9e6679-7425-40de-944b-e07fc1f90ae7","person_guid":"3fa85f64-5717-4562-b3fc-2c963f66afa7",` +
	`"amount":250.75,"status":"QUEUED"}`

// handCard is what a hand-written client would decode a card into.
type handCard struct {
	CardProxy           string `json:"card_proxy"`
	CardNumber          string `json:"card_number"`
	MaskCardPAN         string `json:"mask_card_pan"`
	CardStatus          string `json:"card_status"`
	IssuanceType        string `json:"issuance_type"`
	CardCondition       string `json:"card_condition"`
	ExpirationDate      string `json:"expiration_date"`
	ActivationMethod    string `json:"activation_method"`
	PersonCardStatus    string `json:"person_card_status"`
	PersonGUID          string `json:"person_guid"`
	WalletGUID          string `json:"wallet_guid"`
	SysUTCInserted      string `json:"sys_utcinserted"`
	SysUTCUpdated       string `json:"sys_utcupdated"`
	SupplementalDetails struct {
		Invoices []struct {
			InvoiceNumber string      `json:"invoice_number"`
			InvoiceAmount json.Number `json:"invoice_amount"`
		} `json:"invoices"`
	} `json:"supplemental_details"`
}

type handDisbursementReq struct {
	Amount            json.Number `json:"amount"`
	ClientReferenceID string      `json:"client_reference_id"`
	ProgramGUID       string      `json:"program_guid"`
}

type handDisbursement struct {
	DisbursementGUID string      `json:"disbursement_guid"`
	AccountGUID      string      `json:"account_guid"`
	PersonGUID       string      `json:"person_guid"`
	Amount           json.Number `json:"amount"`
	Status           string      `json:"status"`
}

// memoryTransport answers every request in memory with body and status, after reading the
// request body as a server would.
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

// handGet is the hand-written GetCard.
func handGet(ctx context.Context, hc *http.Client, base, proxy string) (*handCard, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/v1/cards/"+proxy, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer tok")
	req.Header.Set("Accept", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var c handCard
	return &c, json.NewDecoder(resp.Body).Decode(&c)
}

// handPost is the hand-written CreateDisbursement.
func handPost(ctx context.Context, hc *http.Client, base string, d handDisbursementReq) (*handDisbursement, error) {
	b, err := json.Marshal(d)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/v1/disbursements", bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer tok")
	req.Header.Set("Content-Type", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var out handDisbursement
	return &out, json.NewDecoder(resp.Body).Decode(&out)
}

// benchEnv is one way of reaching the server: in memory or over loopback.
type benchEnv struct {
	name string
	hc   func(status int, body string) (hc *http.Client, base string, stop func())
}

var benchEnvs = []benchEnv{
	{"memory", func(status int, body string) (*http.Client, string, func()) {
		return &http.Client{Transport: memoryTransport{status, body}}, "http://127.0.0.1:1", func() {}
	}},
	{"loopback", func(status int, body string) (*http.Client, string, func()) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			_, _ = io.Copy(io.Discard, r.Body)
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			_, _ = io.WriteString(w, body)
		}))
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.MaxIdleConnsPerHost = 128
		return &http.Client{Transport: t}, srv.URL, srv.Close
	}},
}

func sdkClient(b *testing.B, hc *http.Client, base string) *cardplatform.Client {
	c, err := cardplatform.New(base, cardplatform.WithHTTPClient(hc), cardplatform.WithStaticToken("tok"))
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// oapiClient is the stock oapi-codegen client of the same server, with the bearer token set by a
// request editor, as its documentation suggests.
func oapiClient(b *testing.B, hc *http.Client, base string) *oapiclient.ClientWithResponses {
	c, err := oapiclient.NewClientWithResponses(base, oapiclient.WithHTTPClient(hc),
		oapiclient.WithRequestEditorFn(func(_ context.Context, req *http.Request) error {
			req.Header.Set("Authorization", "Bearer tok")
			return nil
		}))
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// benchVariants are the clients compared, in the order they run.
var benchVariants = []string{"hand", "oapi", "sdk"}

// runVariants runs each variant's call serially and with 64 goroutines.
func runVariants(b *testing.B, env string, run map[string]func() error) {
	for _, variant := range benchVariants {
		f := run[variant]
		b.Run(env+"/"+variant, func(b *testing.B) {
			b.ReportAllocs()
			defer cputime.Report(b, cputime.Now())
			for b.Loop() {
				if err := f(); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(env+"/parallel64/"+variant, func(b *testing.B) {
			b.ReportAllocs()
			b.SetParallelism(64 / runtime.GOMAXPROCS(0)) // 64 goroutines in all
			defer cputime.Report(b, cputime.Now())
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					if err := f(); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}

// BenchmarkOverheadGetCard: the SDK against hand-written and stock oapi-codegen clients, in
// memory and over loopback, serial and with 64 goroutines.
func BenchmarkOverheadGetCard(b *testing.B) {
	ctx := context.Background()
	for _, env := range benchEnvs {
		hc, base, stop := env.hc(200, benchCard)
		c := sdkClient(b, hc, base)
		oc := oapiClient(b, hc, base)
		runVariants(b, env.name, map[string]func() error{
			"sdk":  func() error { _, err := c.GetCard(ctx, "proxy-123"); return err },
			"hand": func() error { _, err := handGet(ctx, hc, base, "proxy-123"); return err },
			"oapi": func() error {
				r, err := oc.GetCardWithResponse(ctx, "v1", "proxy-123")
				if err == nil && r.JSON200 == nil {
					err = fmt.Errorf("status %d", r.StatusCode())
				}
				return err
			},
		})
		stop()
	}
}

// BenchmarkOverheadCreateDisbursement: the same for a POST with a JSON body.
func BenchmarkOverheadCreateDisbursement(b *testing.B) {
	ctx := context.Background()
	amount := cardplatform.NewDecimalFromInt(25075, 2)
	guid := cardplatform.MustParseGUID("3fa85f64-5717-4562-b3fc-2c963f66afa6")
	oapiAmount, oapiRef, oapiGUID := float32(250.75), "ref-1", uuid.UUID(guid)
	for _, env := range benchEnvs {
		hc, base, stop := env.hc(201, benchDisbursement)
		c := sdkClient(b, hc, base)
		oc := oapiClient(b, hc, base)
		runVariants(b, env.name, map[string]func() error{
			"sdk": func() error {
				_, err := c.CreateDisbursement(ctx, cardplatform.DisbursementDTO{Amount: amount, ClientReferenceID: "ref-1", ProgramGUID: guid})
				return err
			},
			"hand": func() error {
				_, err := handPost(ctx, hc, base, handDisbursementReq{Amount: "250.75", ClientReferenceID: "ref-1", ProgramGUID: guid.String()})
				return err
			},
			"oapi": func() error {
				r, err := oc.CreateDisbursementWithResponse(ctx, "v1", oapiclient.DisbursementDTO{Amount: &oapiAmount, ClientReferenceId: &oapiRef, ProgramGuid: &oapiGUID})
				if err == nil && r.JSON201 == nil {
					err = fmt.Errorf("status %d", r.StatusCode())
				}
				return err
			},
		})
		stop()
	}
}
