package sdkclient

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/settings"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// WithIdleTimeout sets the idle timeout of streamed transfers (cardplatform.WithIdleTimeout);
// 0 turns it off, negative fails.
func WithIdleTimeout(d time.Duration) Setter {
	return func(c *settings.Client) error {
		if d < 0 {
			return fmt.Errorf("issuerkit: WithIdleTimeout(%s): negative", d)
		}
		c.IdleTimeout, c.IdleTimeoutSet = d, true
		return nil
	}
}

// limits returns the client's ceiling and idle timeout, defaults applied.
func (c *Options) limits() (ceiling, idle time.Duration) {
	ceiling, idle = core.DefaultTimeout, core.DefaultIdleTimeout
	if c.TimeoutSet {
		ceiling = c.Timeout
	}
	if c.IdleTimeoutSet {
		idle = c.IdleTimeout
	}
	return ceiling, idle
}

// errLimit is the cancellation cause of a call's context when its own limit ran out.
var errLimit = errors.New("issuerkit: the SDK's time limit ran out")

// callLimit is the time limit of one call: a ceiling on the whole call, or an idle timeout
// reset by every byte of the answer that arrives.
type callLimit struct {
	ctx    context.Context
	cancel context.CancelCauseFunc // idle only
	stop   context.CancelFunc      // ceiling only
	limit  time.Duration
	timer  *time.Timer // idle only
	once   sync.Once
	idle   bool
}

// start bounds ctx for one call: a ceiling of limit, or an idle timeout when idle; limit 0
// means none (false, l unused).
func (l *callLimit) start(ctx context.Context, limit time.Duration, idle bool) bool {
	if limit <= 0 {
		return false
	}
	l.limit, l.idle = limit, idle
	if idle {
		l.ctx, l.cancel = context.WithCancelCause(ctx)
		l.timer = time.AfterFunc(limit, func() { l.cancel(errLimit) })
		return true
	}
	l.ctx, l.stop = context.WithTimeoutCause(ctx, limit, errLimit)
	return true
}

// fired reports whether the limit, not the caller's context, ended the call.
func (l *callLimit) fired() bool { return context.Cause(l.ctx) == errLimit }

// release stops the limit's timer and frees its context.
func (l *callLimit) release() {
	l.once.Do(func() {
		if l.timer != nil {
			l.timer.Stop()
		}
		if l.cancel != nil {
			l.cancel(context.Canceled)
		} else {
			l.stop()
		}
	})
}

// failed returns err as a *TimeoutError when the limit caused it (inside the pipeline's
// OutcomeUnknownError for an unsafe request), else err.
func (l *callLimit) failed(err error) error {
	if l == nil || err == nil || !l.fired() {
		return err
	}
	if ou, ok := err.(*core.OutcomeUnknownError); ok {
		cp := *ou
		cp.Err = &core.TimeoutError{Limit: l.limit, Idle: l.idle, Err: ou.Err}
		return &cp
	}
	return &core.TimeoutError{Limit: l.limit, Idle: l.idle, Err: err}
}

// limitedBody is a 2xx body read under the call's limit: every byte resets an idle timeout,
// a read the limit ended fails with a *TimeoutError (AnswerLost), and Close releases it.
type limitedBody struct {
	io.ReadCloser
	l    callLimit
	resp *http.Response
}

// Read reads from the body, resetting the idle timeout when bytes arrived.
func (b *limitedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if n > 0 && b.l.timer != nil && b.l.ctx.Err() == nil {
		b.l.timer.Reset(b.l.limit)
	}
	if err != nil && err != io.EOF && b.l.fired() {
		return n, AnswerLost(b.resp, &core.TimeoutError{Limit: b.l.limit, Idle: b.l.idle, Err: err})
	}
	return n, err
}

// Close closes the body and releases the limit.
func (b *limitedBody) Close() error {
	err := b.ReadCloser.Close()
	b.l.release()
	return err
}

// reader returns r with every read that returns bytes resetting the idle timeout (an upload).
func (l *callLimit) reader(r io.Reader) io.Reader { return &idleReader{r: r, l: l} }

type idleReader struct {
	r io.Reader
	l *callLimit
}

func (i *idleReader) Read(p []byte) (int, error) {
	n, err := i.r.Read(p)
	if n > 0 && i.l.ctx.Err() == nil {
		i.l.timer.Reset(i.l.limit)
	}
	return n, err
}
