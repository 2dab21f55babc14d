package sdkclient

import (
	"context"
	"errors"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// retryPolicy sends a request up to MaxAttempts times, turns every non-2xx into a
// *core.Error and decides whether a new attempt is allowed (the table is core's package doc,
// "Writes are sent once"). A safe request is retried on a transport error and on the statuses
// of retryableStatus; an unsafe one (of an unknown operation too) only when provedUnsent
// shows the attempt wrote nothing (observe.go: the error's kind alone is never proof), and
// any other failure of it is an *core.OutcomeUnknownError but a 4xx other than 408. The SDK's
// refusals, rejected certificates (isPermanent), a local rate limit and a redirect are never
// retried. Waits are full-jitter exponential backoff capped at MaxDelay, or the server's
// Retry-After when longer; one beyond MaxDelay or the context's deadline is not waited for.
type retryPolicy struct {
	opt      core.RetryOptions
	decode   apierror.Decoder
	maxBody  int64
	redactor *redact.Redactor
	no429    bool // Options.No429Retry
	next     Next
}

func (p *retryPolicy) do(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	// release ends the current attempt's timer (nil: none, or handed on), also when a step
	// below panics.
	var release context.CancelFunc
	defer func() {
		if release != nil {
			release()
		}
	}()
	ci := infoOf(req)
	opt := p.opt
	if r := callRetry(ci.call); r != nil { // the call's override, defaults applied
		opt = retryDefaults(*r)
	}
	for attempt := 1; ; attempt++ {
		ci.attemptN = int32(attempt)
		r := req
		if attempt > 1 {
			var err error
			if r, err = rewind(req); err != nil {
				return nil, err
			}
		}
		r, release = attemptRequest(r, opt.AttemptTimeout)
		ci.attemptLog.Store(nil) // sendOnce sets the attempt's own
		resp, err := p.next(r)
		if err == nil && resp.StatusCode >= 200 && resp.StatusCode < 300 {
			releaseOnClose(resp, release)
			release = nil // the body releases it
			return resp, nil
		}
		err = attemptTimedOut(err, ctx, r, attempt, opt.AttemptTimeout)

		var failure error
		var retryAfter time.Duration
		retryable := false
		if err != nil {
			if release != nil {
				release()
				release = nil
			}
			red := ci.redactor(p.redactor)
			failure = cleanError(err, red)
			switch {
			case errors.Is(err, ErrRedirectRefused):
				// The server received the request and answered with a redirect: never
				// followed, never retried; for an unsafe request the server may have acted.
				if !ci.safe() {
					return nil, outcomeUnknown(req, ci, attempt, failure, red)
				}
				return nil, failure
			case !ci.safe() && !provedUnsent(err, ci.attemptLog.Load()):
				// Nothing proves that this attempt wrote nothing: the server may have it.
				return nil, outcomeUnknown(req, ci, attempt, failure, red)
			case isPermanent(err), errors.Is(err, core.ErrRateLimited):
				return nil, failure
			default:
				retryable = ctx.Err() == nil
			}
		} else {
			apiErr := p.toError(req, resp, ci)
			if release != nil {
				release()
				release = nil
			}
			failure, retryAfter = apiErr, apiErr.RetryAfter
			status := resp.StatusCode
			if !ci.safe() {
				if !notProcessedStatus(status) {
					return nil, outcomeUnknown(req, ci, attempt, apiErr, ci.redactor(p.redactor))
				}
				return nil, apiErr
			}
			retryable = p.retryableStatus(status, opt.StatusCodes)
		}
		if !retryable || attempt >= opt.MaxAttempts || !rewindable(req) {
			return nil, failure
		}
		wait := backoff(opt, attempt)
		if retryAfter > 0 {
			if retryAfter > opt.MaxDelay {
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

func outcomeUnknown(req *http.Request, ci *callInfo, attempt int, err error, red *redact.Redactor) error {
	return core.NewOutcomeUnknownError(req.Method, red.URL(req.URL), ci.correlationID(), attempt, err, red)
}

// toError reads a non-2xx response into the typed error, its body capped, drained and closed.
func (p *retryPolicy) toError(req *http.Request, resp *http.Response, ci *callInfo) *core.Error {
	defer DrainAndClose(resp.Body)
	red := ci.redactor(p.redactor)
	return apierror.DecodeOptions{MaxBodyBytes: p.maxBody, Decode: p.decode, Redactor: red}.FromResponse(resp, apierror.RequestInfo{
		Method:        req.Method,
		URL:           red.URL(req.URL),
		CorrelationID: ci.correlationID(),
	})
}

// backoff is the full-jitter wait before attempt+1: random in [0, min(MaxDelay, BaseDelay·2^(attempt-1))].
func backoff(opt core.RetryOptions, attempt int) time.Duration {
	ceiling := opt.BaseDelay << min(attempt-1, 30)
	if ceiling <= 0 || ceiling > opt.MaxDelay {
		ceiling = opt.MaxDelay
	}
	return rand.N(ceiling + 1)
}

// retryableStatus reports whether a safe request answered with status may be sent again:
// status is among codes (RetryOptions.StatusCodes; nil: core.DefaultRetryStatusCodes), and
// not a 429 when every 429 is final (Options.No429Retry).
func (p *retryPolicy) retryableStatus(status int, codes []int) bool {
	if codes == nil {
		codes = core.DefaultRetryStatusCodes
	}
	return slices.Contains(codes, status) && !(status == http.StatusTooManyRequests && p.no429)
}

// notProcessedStatus reports the statuses that prove that a request which changes state was
// not carried out: a 4xx but 408 (the server gave up waiting, maybe after part of the work).
// A 5xx proves nothing: a proxy answers 502 or 503 after forwarding the request when the
// upstream connection resets before the headers.
func notProcessedStatus(code int) bool {
	return code >= 400 && code < 500 && code != http.StatusRequestTimeout
}

// rewindable reports whether req can be sent again: it has no body, or GetBody.
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
	buf := drainBufs.Get().(*[drainBuf]byte)
	for left := maxDrain; left > 0; {
		n, err := body.Read(buf[:min(left, drainBuf)])
		left -= n
		if err != nil {
			break
		}
	}
	drainBufs.Put(buf)
	_ = body.Close()
}

// drainBuf is the size of the pooled buffers DrainAndClose reads into.
const drainBuf = 8 << 10

var drainBufs = sync.Pool{New: func() any { return new([drainBuf]byte) }}
