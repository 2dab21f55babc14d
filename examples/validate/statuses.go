package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	vt "github.com/issuerkit/issuerkit-go/validation/validationtest"
)

// statuses shows the bank's error statuses on a sandbox (only there can they be provoked):
// 401 without a valid token, 403 for a denied client, 503 from the bank, and 429 past the
// rate limit, each an *Error with the bank's error body and a sentinel for errors.Is.
func statuses(ctx context.Context, s *steps) error {
	if os.Getenv("BANK_BASE_URL") != "" {
		s.Step("HTTP statuses", "skipped: provoked only on the sandbox")
		return nil
	}
	srv, err := vt.Start() // the bank's limit: 5 requests per second
	if err != nil {
		return err
	}
	defer srv.Close()
	client := func(tok string) (*validation.Client, error) {
		// No client-side limiter and no retries, so that the sandbox's answers show as they are.
		return validation.New(srv.URL, core.WithStaticToken(tok), validation.WithRateLimit(0),
			core.WithRetry(core.RetryOptions{MaxAttempts: 1}))
	}
	inq := validation.Inquiry{SecondaryID: vt.SecondaryID, RoutingNumber: vt.RoutingNumber, AccountNumber: core.NewSecret(vt.AccountUnavailable)}
	for _, c := range []struct {
		name, tok string
		call      func(*validation.Client) error
		status    int
		sentinel  error
	}{
		{"401 unauthorized", "wrong-token", func(c *validation.Client) error { _, err := c.HealthCheck(ctx); return err }, 401, core.ErrUnauthorized},
		{"403 forbidden", vt.DeniedToken, func(c *validation.Client) error { _, err := c.HealthCheck(ctx); return err }, 403, core.ErrForbidden},
		{"503 unavailable", vt.Token, func(c *validation.Client) error { _, err := c.VerifyAccount(ctx, inq); return err }, 503, core.ErrServerError},
	} {
		c2, err := client(c.tok)
		if err != nil {
			return err
		}
		if err := expect(s, c.name, c.call(c2), c.status, c.sentinel); err != nil {
			return err
		}
	}
	c, err := client(vt.Token)
	if err != nil {
		return err
	}
	for i := range 10 {
		_, err := c.HealthCheck(ctx)
		if err == nil {
			continue
		}
		return expect(s, fmt.Sprintf("429 past 5 requests/s (%d more)", i), err, 429, core.ErrRateLimited)
	}
	return errors.New("429: ten requests in a row were accepted")
}

// expect checks that err is an *Error with status and sentinel, and prints it.
func expect(s *steps, name string, err error, status int, sentinel error) error {
	var ae *core.Error
	if !errors.As(err, &ae) || ae.StatusCode != status || !errors.Is(err, sentinel) {
		return fmt.Errorf("%s: got %v", name, err)
	}
	msg := "(no body)"
	var be *core.BankError
	if errors.As(err, &be) {
		msg = be.ErrorMessage
	}
	s.Step(name, "errors.Is(err, %v): true; bank error body: %q", sentinel, msg)
	return nil
}
