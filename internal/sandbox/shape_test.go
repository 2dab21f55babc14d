package sandbox_test

import (
	"context"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/internal/sandbox"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
)

// The three sandboxes share one shape: Start(opts...) (*Server, error) from a plain program
// (no testing.TB), Close, a Client() method returning the package's typed client,
// Requests() returning the package's Request, and FailNext(method, n, Fault) with the package's
// Fault, whose fields are the shared internal Fault's (the conversions below) and whose Request
// has the shared record's exported fields (TestRequestTypesHaveOneShape). These assignments
// fail to compile when one of them drifts.
var (
	_ func(...cardplatformtest.Option) (*cardplatformtest.Server, error) = cardplatformtest.Start
	_ func(...validationtest.Option) (*validationtest.Server, error)     = validationtest.Start
	_ func(...pagingtest.Option) (*pagingtest.Server, error)             = pagingtest.Start

	_ func(*cardplatformtest.Server) *cardplatform.Client = (*cardplatformtest.Server).Client
	_ func(*validationtest.Server) *validation.Client     = (*validationtest.Server).Client
	_ func(*pagingtest.Server) *paging.Client             = (*pagingtest.Server).Client

	_ func(*cardplatformtest.Server) []cardplatformtest.Request = (*cardplatformtest.Server).Requests
	_ func(*validationtest.Server) []validationtest.Request     = (*validationtest.Server).Requests
	_ func(*pagingtest.Server) []pagingtest.Request             = (*pagingtest.Server).Requests

	_ func(*cardplatformtest.Server, string, int, cardplatformtest.Fault) error = (*cardplatformtest.Server).FailNext
	_ func(*validationtest.Server, string, int, validationtest.Fault) error     = (*validationtest.Server).FailNext
	_ func(*pagingtest.Server, string, int, pagingtest.Fault) error             = (*pagingtest.Server).FailNext

	_ = sandbox.Fault(cardplatformtest.Fault{})
	_ = sandbox.Fault(validationtest.Fault{})
	_ = sandbox.Fault(pagingtest.Fault{})

	_ func(*cardplatformtest.Server) = (*cardplatformtest.Server).Close
	_ func(*validationtest.Server)   = (*validationtest.Server).Close
	_ func(*pagingtest.Server)       = (*pagingtest.Server).Close
)

// sandboxUnderTest is one sandbox started from a plain program, with one call of its own
// client to make.
type sandboxUnderTest struct {
	name      string
	start     func() (call func(context.Context) error, requests func() []record, closeFn func(), err error)
	operation string // the spec's operationId the call records
	secret    string // a secret the call sends in its body, masked in Requests
}

// TestSandboxesShareOneShape starts each sandbox without a testing.T, calls it through its
// Client() over real HTTP, and reads the call back from Requests(): the same record, with the
// operation id, the credential masked, the body's secret masked and RevealBody giving it back.
func TestSandboxesShareOneShape(t *testing.T) {
	const acct = "3123456789"
	cases := []sandboxUnderTest{
		{name: "cardplatformtest", operation: "setCardPin", secret: `"4321"`,
			start: func() (func(context.Context) error, func() []record, func(), error) {
				srv, err := cardplatformtest.Start()
				if err != nil {
					return nil, nil, nil, err
				}
				call := func(ctx context.Context) error {
					pg, err := core.ParseGUID(cardplatformtest.DefaultProgramGUID)
					if err != nil {
						return err
					}
					c, err := srv.Client().CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: pg,
						Person: cardplatform.Person{FirstName: "Pat", LastName: "Payee"}})
					if err != nil {
						return err
					}
					_, err = srv.Client().SetCardPIN(ctx, c.Card.CardProxy, cardplatform.CardPINDTO{PIN: core.NewSecret("4321")})
					return err
				}
				return call, func() []record { return recordsOf(srv.Requests()) }, srv.Close, nil
			}},
		{name: "validationtest", operation: "verifyAccountV2", secret: validationtest.AccountPerson,
			start: func() (func(context.Context) error, func() []record, func(), error) {
				srv, err := validationtest.Start()
				if err != nil {
					return nil, nil, nil, err
				}
				call := func(ctx context.Context) error {
					_, err := srv.Client().VerifyAccount(ctx, validation.Inquiry{
						SecondaryID: validationtest.SecondaryID, RoutingNumber: validationtest.RoutingNumber,
						AccountNumber: core.NewSecret(validationtest.AccountPerson),
					})
					return err
				}
				return call, func() []record { return recordsOf(srv.Requests()) }, srv.Close, nil
			}},
		{name: "pagingtest", operation: "listAchTransactions", secret: acct,
			start: func() (func(context.Context) error, func() []record, func(), error) {
				srv, err := pagingtest.Start(pagingtest.WithRecords(3))
				if err != nil {
					return nil, nil, nil, err
				}
				call := func(ctx context.Context) error {
					for _, err := range srv.Client().ACHTransactions(ctx, paging.ACHListRequest{AccountNumber: core.NewSecret(acct),
						FromDate: core.MustParseDate("2025-01-02"), ToDate: core.MustParseDate("2025-01-09")}) {
						if err != nil {
							return err
						}
					}
					return nil
				}
				return call, func() []record { return recordsOf(srv.Requests()) }, srv.Close, nil
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			call, requests, closeFn, err := tc.start()
			require.NoError(t, err)
			defer closeFn()
			require.NoError(t, call(t.Context()))
			reqs := requests()
			require.NotEmpty(t, reqs)
			r := reqs[len(reqs)-1]
			assert.Equal(t, tc.operation, r.OperationID)
			assert.Equal(t, http.MethodPost, r.Method)
			assert.NotEmpty(t, r.Path)
			assert.False(t, r.Time.IsZero())
			if auth := r.RevealHeader().Get("Authorization"); assert.NotEmpty(t, auth) {
				assert.True(t, strings.HasSuffix(auth, "****"), "credential masked: %q", auth)
			}
			assert.NotContains(t, string(r.Body), tc.secret, "the body's secret is masked")
			assert.Contains(t, string(r.RevealBody()), tc.secret, "RevealBody gives the body as received")
		})
	}
}

// TestRequestsForTakesEveryClientMethod: each sandbox's RequestsFor takes the name of every
// method of its client that calls the API (iterators and hand-written methods included), and
// panics on a name that is neither a method nor an operation id.
func TestRequestsForTakesEveryClientMethod(t *testing.T) {
	cp := cardplatformtest.NewServer(t)
	v := validationtest.NewServer(t)
	pg := pagingtest.NewServer(t)
	for _, tc := range []struct {
		name        string
		client      any
		requestsFor func(string) []record
	}{
		{"cardplatformtest", cp.Client(), func(n string) []record { return recordsOf(cp.RequestsFor(n)) }},
		{"validationtest", v.Client(), func(n string) []record { return recordsOf(v.RequestsFor(n)) }},
		{"pagingtest", pg.Client(), func(n string) []record { return recordsOf(pg.RequestsFor(n)) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctxType := reflect.TypeOf((*context.Context)(nil)).Elem()
			typ := reflect.TypeOf(tc.client)
			n := 0
			for i := 0; i < typ.NumMethod(); i++ {
				m := typ.Method(i)
				if m.Type.NumIn() > 1 && m.Type.In(1) == ctxType {
					n++
					assert.NotPanics(t, func() { tc.requestsFor(m.Name) }, m.Name)
				}
			}
			assert.Positive(t, n)
			assert.Panics(t, func() { tc.requestsFor("NoSuchMethod") })
		})
	}
}

// record is what these tests read of a sandbox's Request: the Request types of the three
// packages have the same fields (TestRequestTypesHaveOneShape).
type record struct {
	OperationID, Method, Path string
	Header                    http.Header
	Body                      []byte
	Time                      time.Time
	reveal                    func() []byte
	revealHeader              func() http.Header
}

// RevealBody is the Request's RevealBody.
func (r record) RevealBody() []byte { return r.reveal() }

// RevealHeader is the Request's RevealHeader.
func (r record) RevealHeader() http.Header { return r.revealHeader() }

// recordsOf reads a sandbox package's Requests as records.
func recordsOf[R interface {
	RevealBody() []byte
	RevealHeader() http.Header
}](rs []R) []record {
	out := make([]record, len(rs))
	for i, r := range rs {
		v := reflect.ValueOf(r)
		out[i] = record{
			OperationID: v.FieldByName("OperationID").String(), Method: v.FieldByName("Method").String(),
			Path: v.FieldByName("Path").String(), Header: v.FieldByName("Header").Interface().(http.Header),
			Body: v.FieldByName("Body").Bytes(), Time: v.FieldByName("Time").Interface().(time.Time),
			reveal: r.RevealBody, revealHeader: r.RevealHeader,
		}
	}
	return out
}

// TestRequestTypesHaveOneShape: the Request of each sandbox package has exactly the exported
// fields of the shared record (names and types, in order) and its RevealBody method.
func TestRequestTypesHaveOneShape(t *testing.T) {
	exported := func(typ reflect.Type) []reflect.StructField {
		var out []reflect.StructField
		for i := range typ.NumField() {
			if f := typ.Field(i); f.IsExported() {
				out = append(out, reflect.StructField{Name: f.Name, Type: f.Type})
			}
		}
		return out
	}
	want := exported(reflect.TypeFor[sandbox.Request]())
	require.NotEmpty(t, want)
	for _, typ := range []reflect.Type{reflect.TypeFor[cardplatformtest.Request](), reflect.TypeFor[validationtest.Request](), reflect.TypeFor[pagingtest.Request]()} {
		assert.Equal(t, want, exported(typ), typ.String())
		for _, m := range []string{"RevealBody", "RevealHeader", "RevealQuery", "Format", "MarshalJSON"} {
			_, ok := typ.MethodByName(m)
			assert.True(t, ok, "%s has %s", typ, m)
		}
	}
}
