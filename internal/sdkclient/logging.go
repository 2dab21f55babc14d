package sdkclient

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// maxLoggedBody caps the bytes of a body copied into a log record.
const maxLoggedBody = 8 << 10

// loggingPolicy writes one record per attempt, redacted: method, URL, status, duration,
// attempt, correlation id, the allow-listed headers and, when enabled, the bodies.
type loggingPolicy struct {
	logger   *slog.Logger
	bodies   bool
	redactor *redact.Redactor // the client's; the call's credentials are added per record
	next     Next
}

func (p loggingPolicy) do(req *http.Request) (*http.Response, error) {
	next := p.next
	ctx := req.Context()
	level := slog.LevelDebug
	if !p.logger.Enabled(ctx, level) && !p.logger.Enabled(ctx, slog.LevelWarn) {
		return next(req)
	}
	ci := infoOf(req)
	red := ci.redactor(p.redactor)
	attrs := []slog.Attr{
		slog.String("operation", ci.OperationID()),
		slog.String("method", req.Method),
		slog.String("url", red.URL(req.URL)),
		slog.Int("attempt", ci.attempt()),
		slog.String("correlation_id", ci.correlationID()),
		slog.Any("request_headers", loggedHeaders{h: req.Header, r: red}),
	}
	if p.bodies && req.GetBody != nil {
		if b, err := req.GetBody(); err == nil {
			data, _ := io.ReadAll(io.LimitReader(b, maxLoggedBody))
			_ = b.Close()
			attrs = append(attrs, slog.String("request_body", string(red.JSON(data))))
		}
	}
	start := time.Now()
	resp, err := next(req)
	attrs = append(attrs, slog.Duration("duration", time.Since(start)))
	if err != nil {
		attrs = append(attrs, slog.String("error", red.Text(err.Error())))
		p.logger.LogAttrs(ctx, slog.LevelWarn, "issuerkit: request failed", attrs...)
		return resp, err
	}
	attrs = append(attrs, slog.Int("status", resp.StatusCode), slog.Any("response_headers", loggedHeaders{h: resp.Header, r: red}))
	if p.bodies {
		attrs = append(attrs, slog.String("response_body", string(red.JSON(peekBody(resp)))))
	}
	if resp.StatusCode >= 500 {
		level = slog.LevelWarn
	}
	p.logger.LogAttrs(ctx, level, "issuerkit: request", attrs...)
	return resp, nil
}

// peekBody returns up to maxLoggedBody bytes of the response body, put back in front of the
// rest (a streamed body is neither consumed nor buffered whole).
func peekBody(resp *http.Response) []byte {
	if resp.Body == nil || resp.Body == http.NoBody {
		return nil
	}
	buf := make([]byte, maxLoggedBody)
	n, err := io.ReadFull(resp.Body, buf)
	buf = buf[:n]
	rest := resp.Body
	var tail io.Reader = rest
	if err != nil { // the whole body (or all that could be read) is in buf
		tail = errReader{err: err}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			tail = bytes.NewReader(nil)
		}
	}
	resp.Body = readCloser{Reader: io.MultiReader(bytes.NewReader(buf), tail), Closer: rest}
	return buf
}

type readCloser struct {
	io.Reader
	io.Closer
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// loggedHeaders logs only the headers r allows, with r's secret values masked.
type loggedHeaders struct {
	h http.Header
	r *redact.Redactor
}

// LogValue implements slog.LogValuer.
func (l loggedHeaders) LogValue() slog.Value {
	var attrs []slog.Attr
	for name, vals := range l.h {
		if len(vals) > 0 && l.r.HeaderAllowed(name) {
			attrs = append(attrs, slog.String(name, l.r.MaskSecrets(vals[0])))
		}
	}
	return slog.GroupValue(attrs...)
}
