// Command validate checks bank accounts with the account-validation service in both forms:
// the bank's published API (v2, the default, no switch) and v1 of the design documents
// (validation.WithDocumentedAPI()). It shows every condition code and account status
// the service answers with, the errorCodes of a 200, a fault beside a Result (the bank's own
// v2 example) and a fault alone, v1 answering 404 on the published API, the client-side rule
// errors (refused before the network, with the service's own codes), and the HTTP statuses of
// the bank's error body. One line per step.
//
//	go run ./examples/validate
//
// newClient is the part to copy into a service: the client certificate (mutual TLS), the
// bank's token source and the client (the bank as published, the default). The example uses the
// embedded sandbox (validationtest, in the same form as the client) and its test accounts
// unless BANK_BASE_URL points it at the bank, with BANK_CLIENT_CERT and BANK_CLIENT_KEY_FILE
// (PEM files of the client certificate), BANK_CONSUMER_KEY and BANK_CONSUMER_SECRET, and
// BANK_CLIENT_ID and BANK_CLIENT_KEY (the credentials of the token request); against the bank
// it runs the health checks and the client-side rules only, since the sandbox's accounts exist
// only there. It exits with status 1 on any unexpected answer.
package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	vt "github.com/issuerkit/issuerkit-go/validation/validationtest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Stdout)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "validate:", err)
		os.Exit(1)
	}
}

// newClient builds an account-validation client for the bank at baseURL; stop ends its
// token source. This is the part to copy into a service (reading the values from your own
// configuration). extra options come last and win (the v1 form of this example).
func newClient(ctx context.Context, baseURL string, extra ...core.Option) (c *validation.Client, stop func(), err error) {
	// Mutual TLS: the bank wants the client certificate it issued at onboarding on every
	// request, the token request included.
	cert, err := tls.LoadX509KeyPair(os.Getenv("BANK_CLIENT_CERT"), os.Getenv("BANK_CLIENT_KEY_FILE"))
	if err != nil {
		return nil, nil, fmt.Errorf("client certificate: %w", err)
	}
	tlsConfig := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}

	// The bank's token flow: POST {baseURL}/oauth/v1/token over tlsConfig. The consumer key
	// and secret travel as HTTP Basic auth, the client id and key as the form fields Id and
	// Key. The last argument is the *http.Client for the token requests: nil builds one.
	ts, err := validation.BankTokenSource(ctx, baseURL, core.BankCredentials{
		ConsumerKey:    os.Getenv("BANK_CONSUMER_KEY"),
		ConsumerSecret: os.Getenv("BANK_CONSUMER_SECRET"),
		ClientID:       os.Getenv("BANK_CLIENT_ID"),
		ClientSecret:   os.Getenv("BANK_CLIENT_KEY"),
	}, tlsConfig, nil)
	if err != nil {
		return nil, nil, err
	}
	c, err = validation.New(baseURL, append([]core.Option{
		core.WithTokenSource(ts),      // one cached token, refreshed before it expires
		core.WithTLSConfig(tlsConfig), // the same certificate on every call
	}, extra...)...)
	if err != nil {
		_ = ts.Close()
		return nil, nil, err
	}
	return c, func() { _ = ts.Close() }, nil
}

// service is what the example talks to: the bank, or an embedded sandbox.
type service struct {
	client  *validation.Client
	sandbox *vt.Server // nil against the bank
	where   string
	close   func()
}

// connect returns a client of the bank named by BANK_BASE_URL, or of a sandbox started with
// sandbox when it is unset (only for running the example without a bank); client applies to
// the client in both cases.
func connect(ctx context.Context, sandbox []vt.Option, client ...core.Option) (*service, error) {
	if base := os.Getenv("BANK_BASE_URL"); base != "" {
		c, closeFn, err := newClient(ctx, base, client...)
		if err != nil {
			return nil, err
		}
		return &service{client: c, where: base, close: closeFn}, nil
	}
	srv, err := vt.Start(sandbox...)
	if err != nil {
		return nil, err
	}
	// The sandbox takes a fixed token over plain HTTP on loopback, and has no rate limit here.
	c, err := validation.New(srv.URL, append([]core.Option{core.WithStaticToken(vt.Token), validation.WithRateLimit(0)}, client...)...)
	if err != nil {
		srv.Close()
		return nil, err
	}
	return &service{client: c, sandbox: srv, where: "embedded sandbox at " + srv.URL, close: srv.Close}, nil
}

// form is one way to talk to the service: the same switch on the sandbox and the client.
type form struct {
	version string
	what    string
	sandbox []vt.Option
	client  []core.Option
}

// forms are the published API (the default) and v1. No limit in the sandbox: the walk is
// about codes; the 429 has its own step below.
var forms = []form{
	{"v2", "the bank's published API (the default)",
		[]vt.Option{vt.WithRateLimit(0)}, nil},
	{"v1", "v1 (WithDocumentedAPI)",
		[]vt.Option{vt.WithRateLimit(0), vt.WithDocumentedAPI()}, []core.Option{validation.WithDocumentedAPI()}},
}

// run is the whole example, printing to out; it returns the first unexpected error.
func run(ctx context.Context, out io.Writer) error {
	s := &steps{w: out}
	for _, f := range forms {
		env, err := connect(ctx, f.sandbox, f.client...)
		if err != nil {
			return err
		}
		s.Step(f.version+" form", "%s", f.what)
		err = walk(ctx, s, env, f.version)
		if err == nil && f.version == "v2" {
			err = noV1(ctx, s, env)
		}
		env.close()
		if err != nil {
			return fmt.Errorf("%s: %w", f.version, err)
		}
	}
	if err := rules(ctx, s); err != nil {
		return err
	}
	return statuses(ctx, s)
}

// walk runs the health check and, on the sandbox, every inquiry case with version.
func walk(ctx context.Context, s *steps, env *service, version string) error {
	h, err := env.client.HealthCheck(ctx)
	switch {
	case errors.Is(err, core.ErrNotFound) && version == "v1" && env.sandbox == nil:
		s.Step(version+" health check", "%s: 404, the bank's published API holds only v2", env.where)
		return nil
	case err != nil:
		return fmt.Errorf("health check: %w", err)
	}
	s.Step(version+" health check", "%s: %s (%s)", env.where, h.Status, h.Timestamp)
	if env.sandbox == nil {
		s.Step(version+" inquiries", "skipped: the test accounts exist only in the sandbox")
		return nil
	}
	for _, c := range cases(version) {
		res, err := env.client.VerifyAccount(ctx, c.inq)
		got, err := describe(res, err)
		if err != nil {
			return fmt.Errorf("%s: %w", c.name, err)
		}
		if !strings.HasPrefix(got, c.want) {
			return fmt.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
		s.Step(version+" "+c.name, "%s", got)
	}
	return nil
}

// noV1 shows that the published API has no v1: a v1 client gets a 404 (sandbox only, where
// the published form is exactly the bank's files).
func noV1(ctx context.Context, s *steps, env *service) error {
	if env.sandbox == nil {
		return nil
	}
	c, err := validation.New(env.sandbox.URL, core.WithStaticToken(vt.Token), validation.WithDocumentedAPI())
	if err != nil {
		return err
	}
	_, err = c.HealthCheck(ctx)
	if !errors.Is(err, core.ErrNotFound) {
		return fmt.Errorf("v1 on the published API: got %v, want a 404", err)
	}
	s.Step("v2 no v1 there", "a v1 client gets errors.Is(err, ErrNotFound): %v", err)
	return nil
}

// describe renders a VerifyAccount outcome as "errorCode/conditionCode/status ...". Only
// unexpected error kinds are returned as errors.
func describe(res *validation.Result, err error) (string, error) {
	var re *validation.ResultError
	var fe *validation.FaultError
	switch {
	case errors.As(err, &fe) && fe.Result == nil:
		return fmt.Sprintf("fault without a Result: business %q, system %q", fe.Business, fe.System), nil
	case errors.As(err, &fe):
		// The fault decides; the Result that came with it is kept whole.
		r, _ := describe(fe.Result, nil)
		return fmt.Sprintf("fault beside a Result: business %q; the Result: %s", fe.Business, r), nil
	case errors.As(err, &re):
		return fmt.Sprintf("errorCode %s (%s)", string(re.Code), re.Code), nil
	case err != nil:
		return "", err
	}
	score, _ := res.Score()
	cond, status := res.Condition(), res.AcctStatus.PrimaryStatusCode
	return fmt.Sprintf("condition %s, account %s %s, owner matched %t, score %d: %s; %s", string(cond), string(status),
		res.Account(), res.OwnerMatched(), score, cond, status), nil
}

// inquiry is a case of walk: the inquiry and the prefix of its described outcome.
type inquiry struct {
	name, want string
	inq        validation.Inquiry
}

// cases lists one inquiry per outcome the sandbox can give in version.
func cases(version string) []inquiry {
	acct := func(routing, number string, owner validation.AcctOwner) validation.Inquiry {
		return validation.Inquiry{SecondaryID: vt.SecondaryID, RoutingNumber: routing, AccountNumber: core.NewSecret(number), AcctOwner: owner}
	}
	pat := validation.AcctOwner{FirstName: "Pat", LastName: "Lee", City: "Springfield", ZipCode: "45501"}
	withAdditional := acct(vt.RoutingNumber, vt.AccountPerson, pat)
	withAdditional.SecondaryID = vt.SecondaryIDWithAdditional
	wrongAdditional := withAdditional
	wrongAdditional.AdditionalID = "ADD9999"
	rightAdditional := withAdditional
	rightAdditional.AdditionalID = vt.AdditionalID
	unknownClient := acct(vt.RoutingNumber, vt.AccountPerson, pat)
	unknownClient.SecondaryID = "SEC9999"
	badSerial := acct(vt.RoutingNumber, vt.AccountPerson, pat)
	badSerial.SerialNumber = "12A"
	all := []inquiry{
		{"owner matches", "condition 000, account 099 open", acct(vt.RoutingNumber, vt.AccountPerson, pat)},
		{"business owner", "condition 000, account 099 open", acct(vt.RoutingNumber, vt.AccountBusiness, validation.AcctOwner{BusinessName: "ACME widgets, LLC"})},
		{"owner does not match", "condition 000, account 099 open", acct(vt.RoutingNumber, vt.AccountPerson, validation.AcctOwner{FirstName: "Sam", LastName: "Smith"})},
		{"closed account", "condition 000, account 012 closed", acct(vt.RoutingNumber, vt.AccountClosed, pat)},
		{"no information", "condition 302, account 096 no information", acct(vt.RoutingNumber, vt.AccountNoInformation, pat)},
		{"account not on file", "condition 396, account 000 not located", acct(vt.RoutingNumber, vt.AccountUnknown, pat)},
		{"not a contributor", "condition 301, account 099 open", acct(vt.RoutingNotContributor, vt.AccountPerson, pat)},
		{"not a participant", "condition 300", acct(vt.RoutingNotParticipant, vt.AccountPerson, pat)},
		{"owner without a name", "condition 304", acct(vt.RoutingNumber, vt.AccountPerson, validation.AcctOwner{City: "Springfield"})},
		{"no owner sent", "condition 900", acct(vt.RoutingNumber, vt.AccountPerson, validation.AcctOwner{})},
		{"additional id", "condition 000, account 099 open", rightAdditional},
		{"additional id missing", "errorCode 106", withAdditional},
		{"additional id wrong", "errorCode 103", wrongAdditional},
		{"unknown client id", "errorCode 103", unknownClient},
		{"serial number not digits", "errorCode 005", badSerial},
		{"system failure", "errorCode 998", acct(vt.RoutingNumber, vt.AccountSystemFailure, pat)},
		{"timeout", "errorCode 999", acct(vt.RoutingNumber, vt.AccountTimeout, pat)},
		{"authorization unavailable", "errorCode 997", acct(vt.RoutingNumber, vt.AccountAuthorizationUnavailable, pat)},
	}
	example, sysFault := acct(vt.RoutingNumber, vt.AccountBankExample, vt.PersonOwner), acct(vt.RoutingNumber, vt.AccountSystemFault, pat)
	if version == "v1" {
		// v1 has no errorResponse: the same accounts answer a plain Result and errorCode 998.
		return append(all, inquiry{"bank example account", "condition 000, account 699 open, owner matched true", example},
			inquiry{"system fault account", "errorCode 998", sysFault})
	}
	return append(all,
		inquiry{"bank's own example", `fault beside a Result: business "Description if an error is found."; the Result: condition 000, account 699 open, owner matched true`, example},
		inquiry{"system fault", "fault without a Result: business \"\", system \"Backend system is not available\"", sysFault})
}

// steps prints one numbered line per step of the example.
type steps struct {
	w io.Writer
	n int
}

// Step prints the next line: the step's number, its name and the formatted detail.
func (s *steps) Step(name, format string, args ...any) {
	s.n++
	fmt.Fprintf(s.w, "%2d. %-28s %s\n", s.n, name, fmt.Sprintf(format, args...))
}
