package pagingtest

import (
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
)

// Placement says where the sandbox reads the pageNumber and pageSize of the ACH and RTP
// inquiry endpoints, and the pageSize of the ACH addenda endpoint.
type Placement int

const (
	// Query reads them from the query string, the documented form (WithDocumentedAPI).
	Query Placement = iota
	// Body reads them from the JSON request body, as the bank's current ACH and RTP inquiry
	// versions do, and the addenda pageSize as a string, as the bank's published ACH
	// origination file declares it. The default.
	Body
)

// Option configures a Server.
type Option func(*config)

// config is what the options set.
type config struct {
	records      int
	placement    Placement
	latency      time.Duration
	failStatus   int
	failAt       int
	claimedTotal int
	lying        bool
	ignorePage   bool
	// ignorePosition: WithPositionIgnored.
	ignorePosition bool
	noHeaders      bool
	clientID       string
	seqStep        int
	extraItems     int
	withheld       int
	sizeLimit      int
	shortPage      int // WithShortPage: the page number served short
	shortLen       int // WithShortPage: the records it serves
	shiftAfter     int // WithShiftAfter: the request after which the records move
	shiftBy        int // WithShiftAfter: how far they move
	partiesJSON    string
	seqText        func(int) string
	noEndMessage   bool
	cycleAt        int
	cycleTo        int
	partialAt      int
	published      bool
	wrapACHErrors  bool
	pageMeta       func(*paging.PageMetadata)
	clientOpts     []core.Option
	seed           Seed
}

// WithRecords sets the number of synthetic records each list endpoint serves (default 2,500;
// the addenda endpoint serves at most 9,999).
func WithRecords(n int) Option { return func(c *config) { c.records = max(n, 0) } }

// WithParamsIn sets where the ACH and RTP inquiry endpoints read pageNumber and pageSize, and
// where the ACH addenda endpoint reads pageSize (Body: as a string, the bank's published
// form). The wire list endpoint always reads them from the body, the others from the query.
func WithParamsIn(p Placement) Option { return func(c *config) { c.placement = p } }

// WithLatency delays every response by d (or until the request is cancelled).
func WithLatency(d time.Duration) Option { return func(c *config) { c.latency = d } }

// WithFailure makes the k-th request (1-based) to each list endpoint fail with status (429,
// 500, 503, ...) and the bank's error body. A 429 carries no Retry-After, as the bank
// documents a fixed wait of two minutes.
func WithFailure(status, k int) Option {
	return func(c *config) { c.failStatus, c.failAt = status, k }
}

// WithClaimedTotal makes the server lie about its total: totalRows, totalRecords (and the
// totalPages and lastPage derived from it) and count report n while the server still serves
// its real records.
func WithClaimedTotal(n int) Option { return func(c *config) { c.claimedTotal, c.lying = n, true } }

// WithPageParamsIgnored makes the server ignore the page parameters: it always serves the
// first page (rows 1-1000, offset 0, page 1) and says so in the page metadata and echoes.
func WithPageParamsIgnored() Option { return func(c *config) { c.ignorePage = true } }

// WithoutHeaders leaves out the totalRows and retrievedRows headers.
func WithoutHeaders() Option { return func(c *config) { c.noHeaders = true } }

// WithClientID makes every operation whose spec requires the KeyClientId header (the RTP
// participant endpoints) require it to equal id (403 otherwise).
func WithClientID(id string) Option { return func(c *config) { c.clientID = id } }

// WithWrappedACHInquiryErrors makes the ACH inquiry list (POST
// /accounts/transactions/v1/ach/list) answer its errors as the bank's published file declares
// its 400: the error body inside a metadata object, {"metadata": {"ErrorMessage": ...,
// "ServiceError": {"metadata": {"messages": [...]}}}}. Without it they come flat, as the file's
// example shows them. The client decodes both into its *BankError.
func WithWrappedACHInquiryErrors() Option { return func(c *config) { c.wrapACHErrors = true } }

// WithDocumentedAPI makes the sandbox speak the form of the bank's list documentation, as
// paging.WithDocumentedAPI makes the client (and the sandbox's Client): page parameters in
// the query string, the legacy wire details endpoint and the /ddaReports list served.
// Options apply in order: a later WithParamsIn overrides the placement it sets.
func WithDocumentedAPI() Option {
	return func(c *config) { c.published, c.placement = false, Query }
}

// WithClientOptions adds options to the Server's Client (for example core.WithRetry), after
// the sandbox's own: a later option wins.
func WithClientOptions(opts ...core.Option) Option {
	return func(c *config) { c.clientOpts = append(c.clientOpts, opts...) }
}
