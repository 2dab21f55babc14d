package bench_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/internal/bench/cputime"
	"github.com/issuerkit/issuerkit-go/internal/bench/peers/oapiclient"
	"github.com/issuerkit/issuerkit-go/internal/bench/peers/ogenapi"
)

// pageCards is the number of cards on the benchmark's search page.
const pageCards = 1000

// page returns a CardDTOSearchResponse body of n cards, each with every published field, a
// tracking detail and three invoices, values varying from card to card (about 1.5 KB a card).
func page(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"items":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"card_proxy":"%013d","person_guid":"3fa85f64-5717-4562-b3fc-%012d",`+
			`"wallet_guid":"6f1c2a4e-8b3d-4c5e-9a7f-%012d","card_number":"4111111111%06d","cvv":"%03d",`+
			`"mask_card_pan":"411111XXXXXX%04d","expiration_date":"12%02d","logical_expiration_date":"2028-12-31T23:59:59",`+
			`"activation_method":"ONLOAD","card_status":"ACTIVE","card_condition":"ORIGINAL","issuance_type":"FULL",`+
			`"person_card_status":"ACTIVE","sys_utcinserted":"2024-05-01T10:20:30.%07d","sys_utcupdated":"2024-05-02T08:00:00",`+
			`"card_tracking_detail":{"card_delivery_method":"USPS","card_delivery_tracking_number":"94001118992231%08d",`+
			`"card_package_name":"STANDARD","card_requested":"2024-05-01T10:20:30","card_shipment_date":"2024-05-03T09:00:00",`+
			`"fulfillment_house_name":"Acme Fulfillment"},"supplemental_details":{"invoices":[`,
			i, i, i, i, i%1000, i%10000, i%100, i, i)
		for j := range 3 {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"invoice_amount":%d.%02d,"invoice_date":"2024-0%d-01T00:00:00","invoice_description":"Monthly fee",`+
				`"invoice_number":"INV-%d-%d","invoice_status":"ACTIVE","payment_due_amount":%d.5,"payment_due_reference_number":"REF-%d"}`,
				100+i, j*7, j+5, i, j, j, i)
		}
		b.WriteString(`]}}`)
	}
	fmt.Fprintf(&b, `],"total":%d}`, n)
	return b.Bytes()
}

// plainPage is the hand-written equivalent of the page for encoding/json: the same fields,
// strings for the scalars, json.Number for amounts.
type plainPage struct {
	Items []struct {
		ActivationMethod      string `json:"activation_method"`
		CardCondition         string `json:"card_condition"`
		CardNumber            string `json:"card_number"`
		CardProxy             string `json:"card_proxy"`
		CardStatus            string `json:"card_status"`
		CVV                   string `json:"cvv"`
		ExpirationDate        string `json:"expiration_date"`
		IssuanceType          string `json:"issuance_type"`
		LogicalExpirationDate string `json:"logical_expiration_date"`
		MaskCardPAN           string `json:"mask_card_pan"`
		PersonCardStatus      string `json:"person_card_status"`
		PersonGUID            string `json:"person_guid"`
		SysUTCInserted        string `json:"sys_utcinserted"`
		SysUTCUpdated         string `json:"sys_utcupdated"`
		WalletGUID            string `json:"wallet_guid"`
		CardTrackingDetail    struct {
			CardDeliveryMethod         string `json:"card_delivery_method"`
			CardDeliveryTrackingNumber string `json:"card_delivery_tracking_number"`
			CardPackageName            string `json:"card_package_name"`
			CardRequested              string `json:"card_requested"`
			CardShipmentDate           string `json:"card_shipment_date"`
			FulfillmentHouseName       string `json:"fulfillment_house_name"`
		} `json:"card_tracking_detail"`
		SupplementalDetails struct {
			Invoices []struct {
				InvoiceAmount             json.Number `json:"invoice_amount"`
				InvoiceDate               string      `json:"invoice_date"`
				InvoiceDescription        string      `json:"invoice_description"`
				InvoiceNumber             string      `json:"invoice_number"`
				InvoiceStatus             string      `json:"invoice_status"`
				PaymentDueAmount          json.Number `json:"payment_due_amount"`
				PaymentDueReferenceNumber string      `json:"payment_due_reference_number"`
			} `json:"invoices"`
		} `json:"supplemental_details"`
	} `json:"items"`
	Total int32 `json:"total"`
}

// TestPeersDecodeTheSamePage checks that the four decoders compared read the benchmark page
// alike: every card, its proxy and its last invoice.
func TestPeersDecodeTheSamePage(t *testing.T) {
	data := page(50)
	var sdk cardplatform.CardDTOSearchResponse
	var og ogenapi.CardDTOSearchResponse
	var oapi oapiclient.CardDTOSearchResponse
	var plain plainPage
	if err := sdk.UnmarshalJSON(data); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &oapi); err != nil {
		t.Fatal(err)
	}
	if oapi.Items == nil || len(*oapi.Items) != 50 {
		t.Fatalf("oapi-codegen items: %v", oapi.Items)
	}
	if err := og.UnmarshalJSON(data); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &plain); err != nil {
		t.Fatal(err)
	}
	if len(sdk.Items) != 50 || len(og.Items) != 50 || len(plain.Items) != 50 || sdk.Total != 50 {
		t.Fatalf("items: sdk %d, ogen %d, encoding/json %d", len(sdk.Items), len(og.Items), len(plain.Items))
	}
	for i := range 50 {
		want := plain.Items[i]
		if sdk.Items[i].CardProxy != want.CardProxy || og.Items[i].CardProxy.Value != want.CardProxy {
			t.Errorf("card %d: proxy sdk %q, ogen %q, want %q", i, sdk.Items[i].CardProxy, og.Items[i].CardProxy.Value, want.CardProxy)
		}
		inv := want.SupplementalDetails.Invoices[2]
		if got := sdk.Items[i].SupplementalDetails.Invoices[2]; got.InvoiceNumber != inv.InvoiceNumber || got.InvoiceAmount.String() != string(inv.InvoiceAmount) {
			t.Errorf("card %d: sdk invoice %q %s, want %q %s", i, got.InvoiceNumber, got.InvoiceAmount, inv.InvoiceNumber, inv.InvoiceAmount)
		}
		if got := og.Items[i].SupplementalDetails.Value.Invoices[2]; got.InvoiceNumber.Value != inv.InvoiceNumber {
			t.Errorf("card %d: ogen invoice %q, want %q", i, got.InvoiceNumber.Value, inv.InvoiceNumber)
		}
		oc := (*oapi.Items)[i]
		if oc.CardProxy == nil || *oc.CardProxy != want.CardProxy {
			t.Errorf("card %d: oapi-codegen proxy %v, want %q", i, oc.CardProxy, want.CardProxy)
		}
		if got := (*oc.SupplementalDetails.Invoices)[2]; got.InvoiceNumber == nil || *got.InvoiceNumber != inv.InvoiceNumber {
			t.Errorf("card %d: oapi-codegen invoice %v, want %q", i, got.InvoiceNumber, inv.InvoiceNumber)
		}
	}
}

// BenchmarkDecodePage decodes a 1,000-card search page (1.48 MB) as each peer's client
// would: the SDK through the generated model's UnmarshalJSON (what its calls use), ogen through
// its generated UnmarshalJSON (jx), stock oapi-codegen's models (peers/oapiclient) and
// encoding/json into hand-written structs, both through json.Unmarshal. The peers are
// generated by `go generate .` in this module; README.md has the interleaved command and the
// figures.
//
// Besides ns/op (wall time), each reports cpu-ns/op, the CPU time the process spent per decode
// (all threads, so the garbage collector's work counts): on a machine shared with other jobs,
// wall time also counts the time the benchmark waited for a core, and CPU time much less so.
func BenchmarkDecodePage(b *testing.B) {
	data := page(pageCards)
	b.Run("impl=encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		defer cputime.Report(b, cputime.Now())
		for b.Loop() {
			var p plainPage
			if err := json.Unmarshal(data, &p); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=oapi-codegen", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		defer cputime.Report(b, cputime.Now())
		for b.Loop() {
			var p oapiclient.CardDTOSearchResponse
			if err := json.Unmarshal(data, &p); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=ogen", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		defer cputime.Report(b, cputime.Now())
		for b.Loop() {
			var p ogenapi.CardDTOSearchResponse
			if err := p.UnmarshalJSON(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=sdk", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		defer cputime.Report(b, cputime.Now())
		for b.Loop() {
			var p cardplatform.CardDTOSearchResponse
			if err := p.UnmarshalJSON(data); err != nil {
				b.Fatal(err)
			}
		}
	})
}
