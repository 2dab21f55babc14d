package transport

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptrace"
	"sync/atomic"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// retryPolicy sends a request up to MaxAttempts times. It turns every non-2xx into an
// *apierror.Error and decides, per outcome, whether a new attempt is allowed:
//
//   - a connection error before the request reached the server (dial, DNS, TLS handshake):
//     retried for every request;
//   - a connection error after that, or a 500: retried only for safe requests;
//   - 408, 429, 502, 503, 504: retried only for safe requests;
//   - an unsafe request (one that moves money or changes state) is never re-sent once it may
//     have reached the server. A failure whose outcome the server did not state (a broken
//     connection, a timeout, 408, 500, 502, 504) is an *apierror.OutcomeUnknownError.
//
// Waits use full-jitter exponential backoff capped at MaxDelay, or the server's Retry-After when
// longer. Every wait is on the request context. A Retry-After longer than MaxDelay or beyond the
// context deadline is not waited for: the error returns at once with the wait on it.
type retryPolicy struct {
	opt     RetryOptions
	decode  apierror.Decoder
	maxBody int64
}

func newRetryPolicy(o RetryOptions, decode apierror.Decoder, maxBody int64) *retryPolicy {
	return &retryPolicy{opt: o.withDefaults(), decode: decode, maxBody: maxBody}
}

func (p *retryPolicy) Do(req *http.Request, next Next) (*http.Response, error) {
	ctx := req.Context()
	ci := infoOf(req)
	for attempt := 1; ; attempt++ {
		ci.attempt = attempt
		r := req
		if attempt > 1 {
			var err error
			if r, err = rewind(req); err != nil {
				return nil, err
			}
		}
		var reached atomic.Bool
		r = r.WithContext(httptrace.WithClientTrace(r.Context(), &httptrace.ClientTrace{
			GotConn: func(httptrace.GotConnInfo) { reached.Store(true) },
		}))
		resp, err := next(r)
		if err == nil && resp.StatusCode >= 200 && resp.StatusCode < 300 {
			return resp, nil
		}

		var failure error
		var retryAfter time.Duration
		retryable := false
		if err != nil {
			failure = err
			switch {
			case isPermanent(err):
				return nil, err
			case ctx.Err() != nil:
				return nil, p.unsafeOutcome(req, ci, attempt, reached.Load(), err)
			case !reached.Load():
				retryable = true
			case ci.safe:
				retryable = true
			default:
				return nil, p.unsafeOutcome(req, ci, attempt, true, err)
			}
		} else {
			apiErr := p.toError(req, resp, ci)
			failure, retryAfter = apiErr, apiErr.RetryAfter
			status := resp.StatusCode
			if !ci.safe {
				if outcomeUnknownStatus(status) {
					return nil, outcomeUnknown(req, ci, attempt, apiErr)
				}
				return nil, apiErr
			}
			retryable = retryableStatus(status)
		}
		if !retryable || attempt >= p.opt.MaxAttempts || !rewindable(req) {
			return nil, failure
		}
		wait := p.backoff(attempt)
		if retryAfter > 0 {
			if retryAfter > p.opt.MaxDelay {
				return nil, failure
			}
			wait = max(wait, retryAfter)
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
			return nil, failure
		}
		if err := sleep(ctx, wait); err != nil {
			return nil, errors.Join(err, failure)
		}
	}
}

// unsafeOutcome reports a transport failure: for a safe request or one that never reached the
// server it is err itself; otherwise the outcome is unknown.
func (p *retryPolicy) unsafeOutcome(req *http.Request, ci *callInfo, attempt int, reached bool, err error) error {
	if ci.safe || !reached {
		return err
	}
	return outcomeUnknown(req, ci, attempt, err)
}

func outcomeUnknown(req *http.Request, ci *callInfo, attempt int, err error) error {
	return &apierror.OutcomeUnknownError{
		Method:        req.Method,
		URL:           redact.URL(req.URL),
		CorrelationID: ci.correlationID,
		Attempts:      attempt,
		Err:           err,
	}
}

// toError reads the capped body of a non-2xx response, drains and closes it, and builds the
// typed error.
func (p *retryPolicy) toError(req *http.Request, resp *http.Response, ci *callInfo) *apierror.Error {
	defer DrainAndClose(resp.Body)
	return apierror.FromResponse(resp, apierror.RequestInfo{
		Method:        req.Method,
		URL:           redact.URL(req.URL),
		CorrelationID: ci.correlationID,
	}, p.decode, p.maxBody)
}

// backoff is the full-jitter wait before attempt+1: random in [0, min(MaxDelay, BaseDelay·2^(attempt-1))].
func (p *retryPolicy) backoff(attempt int) time.Duration {
	ceiling := p.opt.BaseDelay << min(attempt-1, 30)
	if ceiling <= 0 || ceiling > p.opt.MaxDelay {
		ceiling = p.opt.MaxDelay
	}
	return rand.N(ceiling + 1)
}

func retryableStatus(code int) bool {
	switch code {
	case http.StatusRequestTimeout, http.StatusTooManyRequests, http.StatusInternalServerError,
		http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

// outcomeUnknownStatus lists the statuses after which a request that changes state may or may
// not have been carried out: the server timed out or failed mid-way, or a gateway lost the
// backend's answer. 429 and 503 state that the request was not processed.
func outcomeUnknownStatus(code int) bool {
	switch code {
	case http.StatusRequestTimeout, http.StatusInternalServerError, http.StatusBadGateway, http.StatusGatewayTimeout:
		return true
	}
	return false
}

// isPermanent reports errors that a new attempt cannot fix: bad certificates and the SDK's own
// refusals.
func isPermanent(err error) bool {
	var (
		unknownAuthority x509.UnknownAuthorityError
		hostname         x509.HostnameError
		invalid          x509.CertificateInvalidError
		verify           *tls.CertificateVerificationError
	)
	return errors.As(err, &unknownAuthority) || errors.As(err, &hostname) || errors.As(err, &invalid) ||
		errors.As(err, &verify) || errors.Is(err, ErrInsecureTransport) || errors.Is(err, errTokenSource)
}

func rewindable(req *http.Request) bool {
	return req.Body == nil || req.Body == http.NoBody || req.GetBody != nil
}

// rewind returns a copy of req with a fresh body for a new attempt.
func rewind(req *http.Request) (*http.Request, error) {
	r := req.Clone(req.Context())
	if req.Body == nil || req.Body == http.NoBody {
		return r, nil
	}
	body, err := req.GetBody()
	if err != nil {
		return nil, err
	}
	r.Body = body
	return r, nil
}

// sleep waits d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// maxDrain bounds how much of an unread body is discarded to let the connection be reused.
const maxDrain = 256 << 10

// DrainAndClose discards up to 256 KiB of what is left of body, so the connection can be
// reused, and closes it.
func DrainAndClose(body io.ReadCloser) {
	if body == nil {
		return
	}
	_, _ = io.CopyN(io.Discard, body, maxDrain)
	_ = body.Close()
}
