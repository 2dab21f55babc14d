package cardplatformtest

import (
	"encoding/json"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"strconv"
	"sync"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest/internal/sandboxapi"
	"github.com/issuerkit/issuerkit-go/internal/jsonx"
)

// api holds the sandbox's records and implements the generated strict server. One mutex
// guards every record: each operation reads and changes them as one step.
type api struct {
	cfg  config
	spec *spec

	mu          sync.Mutex
	seq         int64 // source of proxies and PANs
	companies   map[core.GUID]*sandboxapi.CompanyDTO
	programs    map[core.GUID]*sandboxapi.ProgramDataDTO
	persons     map[core.GUID]*sandboxapi.Person
	wallets     map[core.GUID]bool
	cards       map[string]*card
	cardOrder   []string
	accounts    map[core.GUID]*account
	acctOrder   []core.GUID
	instruments map[core.GUID]*sandboxapi.AccountInstrumentDTO
	shares      map[[2]core.GUID]*sandboxapi.AccountSharedPersonDTO
	advances    map[string]*advance
	batchfiles  map[core.GUID]*batchfile
	orders      map[core.GUID]*bulkOrder
	orderSeq    []core.GUID
	checks      []*sandboxapi.CheckDTO
	kyb         map[core.GUID]*sandboxapi.RetrieveCompanyRequest
	disburse    []disbursed
	disputes    []*sandboxapi.DisputeChargebackResponse
	fees        []*sandboxapi.FeesResponse
	preferences map[core.GUID]string
}

// disbursed is a disbursement the sandbox queued: its answer and the request's reference.
type disbursed struct {
	resp *sandboxapi.DisbursementResponse
	ref  string
}

// card is a card with what the platform keeps beside the CardDTO.
type card struct {
	dto            sandboxapi.CardDTO // with CardNumber and CVV
	program        core.GUID
	pin            string
	digitalPackage string
}

// account is an account with its owner and interest state.
type account struct {
	dto       sandboxapi.AccountDTO
	person    core.GUID
	accrued   core.Decimal
	closedOn  string // date (2006-01-02) the account was closed, if closed
	closingOn string // date a PostInterest request prepared the account for closing
}

func newAPI(cfg config, sp *spec) (*api, error) {
	a := &api{
		cfg: cfg, spec: sp, seq: 1000000000000,
		companies:   map[core.GUID]*sandboxapi.CompanyDTO{},
		programs:    map[core.GUID]*sandboxapi.ProgramDataDTO{},
		persons:     map[core.GUID]*sandboxapi.Person{},
		wallets:     map[core.GUID]bool{},
		cards:       map[string]*card{},
		accounts:    map[core.GUID]*account{},
		instruments: map[core.GUID]*sandboxapi.AccountInstrumentDTO{},
		shares:      map[[2]core.GUID]*sandboxapi.AccountSharedPersonDTO{},
		advances:    map[string]*advance{},
		batchfiles:  map[core.GUID]*batchfile{},
		orders:      map[core.GUID]*bulkOrder{},
		kyb:         map[core.GUID]*sandboxapi.RetrieveCompanyRequest{},
		preferences: map[core.GUID]string{},
	}
	seed := cfg.seed
	if cfg.defaults {
		seed = defaultSeed().merge(seed)
	}
	if err := a.load(seed); err != nil {
		return nil, err
	}
	return a, nil
}

// now reads the sandbox clock.
func (a *api) now() time.Time { return a.cfg.clock() }

// stamp is the sandbox clock as a zone-less timestamp, to the millisecond.
func (a *api) stamp() core.Timestamp {
	return core.NewTimestamp(a.now().Truncate(time.Millisecond))
}

// today is the sandbox clock's date.
func (a *api) today() string { return a.now().Format(time.DateOnly) }

// convert copies a public record into the generated server's type of the same JSON.
func convert[T any](v any) (T, error) {
	var out T
	b, err := jsonx.MarshalWire(v) // Secrets in full: json.Marshal masks them
	if err != nil {
		return out, err
	}
	err = json.Unmarshal(b, &out)
	return out, err
}

// nextSeq returns the next number of the proxy and PAN sequence.
func (a *api) nextSeq() int64 {
	a.seq++
	return a.seq
}

// newPAN returns a 16-digit test PAN starting 4111 with a valid Luhn check digit.
func newPAN(n int64) string {
	body := fmt.Sprintf("4111%011d", n%100000000000)
	sum := 0
	for i := len(body) - 1; i >= 0; i-- {
		d := int(body[i] - '0')
		if (len(body)-i)%2 == 1 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return body + strconv.Itoa((10-sum%10)%10)
}

// maskPAN keeps the first six and last four digits: 411111XXXXXX1111.
func maskPAN(pan string) string {
	if len(pan) < 10 {
		return pan
	}
	b := []byte(pan)
	for i := 6; i < len(b)-4; i++ {
		b[i] = 'X'
	}
	return string(b)
}

// page returns the window [start_index, start_index+limit) of n items as slice bounds
// (start_index is 1-based; absent, it is 1; limit absent is def; past the end the window is
// empty), or the offending fields when a value is negative.
func page(n int, startIndex, limit, def int32) (lo, hi int, fields map[string][]string) {
	fields = map[string][]string{}
	if startIndex < 0 {
		fields["start_index"] = []string{"The field start_index must be at least 1."}
	}
	if limit < 0 {
		fields["limit"] = []string{"The field limit must be at least 1."}
	}
	if len(fields) > 0 {
		return 0, 0, fields
	}
	if startIndex == 0 {
		startIndex = 1
	}
	if limit == 0 {
		limit = def
	}
	lo = min(int(startIndex)-1, n)
	hi = min(lo+int(limit), n)
	return lo, hi, nil
}

// bad is a 400 ProblemDetails body naming one field.
func bad(field, msg string) sandboxapi.BadRequestJSONResponse {
	return sandboxapi.BadRequestJSONResponse{
		Type:    "https://tools.ietf.org/html/rfc9110#section-15.5.1",
		Title:   "One or more validation errors occurred.",
		Status:  400,
		Errors:  map[string][]string{field: {msg}},
		TraceID: traceID(),
	}
}

// badFields is a 400 ProblemDetails body naming fields.
func badFields(fields map[string][]string) sandboxapi.BadRequestJSONResponse {
	p := bad("", "")
	p.Errors = fields
	return p
}

// notFound is a 404 ProblemDetails body.
func notFound(what string) sandboxapi.NotFoundJSONResponse {
	return sandboxapi.NotFoundJSONResponse{
		Type:    "https://tools.ietf.org/html/rfc9110#section-15.5.5",
		Title:   "Not Found",
		Status:  404,
		Detail:  what + " does not exist.",
		TraceID: traceID(),
	}
}
