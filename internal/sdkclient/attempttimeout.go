package sdkclient

import (
	"context"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// attemptRequest returns r bounded by the attempt timeout d (0: r itself) and the function
// that releases the timer (nil when there is none); release must be called once the attempt is over, or handed to the
// success body (releaseOnClose).
func attemptRequest(r *http.Request, d time.Duration) (*http.Request, context.CancelFunc) {
	if d <= 0 {
		return r, nil
	}
	ctx, cancel := context.WithTimeout(r.Context(), d)
	return r.WithContext(ctx), cancel
}

// attemptTimedOut wraps err when the attempt's own timeout ended it while the call's context
// is live.
func attemptTimedOut(err error, call context.Context, r *http.Request, attempt int, d time.Duration) error {
	if err == nil || d <= 0 || call.Err() != nil || r.Context().Err() != context.DeadlineExceeded {
		return err
	}
	return &core.AttemptTimeoutError{Attempt: attempt, After: d, Err: err}
}

// releaseOnClose makes the body of a successful attempt release the attempt's timer when it
// is closed: the attempt timeout covers reading the body too.
func releaseOnClose(resp *http.Response, release context.CancelFunc) {
	if release == nil {
		return
	}
	resp.Body = &releasingBody{ReadCloser: resp.Body, release: release}
}

type releasingBody struct {
	io.ReadCloser
	release context.CancelFunc
	once    sync.Once
}

func (b *releasingBody) Close() error {
	err := b.ReadCloser.Close()
	b.once.Do(b.release)
	return err
}
