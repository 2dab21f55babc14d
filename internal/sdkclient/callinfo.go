package sdkclient

import (
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"

	"github.com/issuerkit/issuerkit-go/internal/settings"

	"github.com/issuerkit/issuerkit-go/internal/ops"
	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// callInfo is the per-call state the policies share, in the context of the pipeline's own
// copy of the request (callInfoKey).
type callInfo struct {
	// call is the call's configuration (nil: an unknown operation, no per-call settings).
	call          *CallConfig
	resendRefused bool // a middleware step called next twice for this unsafe call
	// attemptLog is what the current attempt of an unsafe request did (sendOnce; nil before).
	attemptLog atomic.Pointer[attemptLog]
	attemptN   int32 // 1-based attempt number, maintained by the retry policy (see attempt)
	// correlation holds the call's correlation id, sent as the header's value as it is.
	correlation [1]string
	// base is the pipeline's redactor, set by Pipeline.send, for ResponseRedactor.
	base *redact.Redactor
	// plain holds the call's path arguments that pattern masking would hide (notePathArgs).
	plain []string
	// sent holds the credentials and Secret values the call sent, masked in its every text;
	// it starts on sentBuf.
	sent    []string
	sentBuf [2]string
}

// correlationID returns the call's correlation id ("" until setCorrelation, but one given).
func (ci *callInfo) correlationID() string { return ci.correlation[0] }

type callInfoKey = settings.CallKey

// attempt returns the 1-based number of the call's current attempt.
func (ci *callInfo) attempt() int { return int(ci.attemptN) }

// init sets a zero ci up for a new call of call (nil: an unknown operation).
func (ci *callInfo) init(call *CallConfig) {
	ci.attemptN, ci.call = 1, call
	if call != nil {
		ci.correlation[0] = call.CorrelationID
		for _, v := range call.Secrets {
			ci.recordSent(v)
		}
	}
}

// op returns the operation called, nil for an unknown one.
func (ci *callInfo) op() *ops.Operation {
	if ci.call == nil {
		return nil
	}
	return ci.call.Op
}

// safe reports whether the request may be re-sent: its operation's RetrySafe flag alone.
func (ci *callInfo) safe() bool { op := ci.op(); return op != nil && op.RetrySafe }

func infoOf(req *http.Request) *callInfo {
	if ci, ok := req.Context().Value(callInfoKey{}).(*callInfo); ok {
		return ci
	}
	return &callInfo{attemptN: 1}
}

// recordSent notes a credential value that goes out with this call.
func (ci *callInfo) recordSent(v string) {
	if v == "" {
		return
	}
	for _, s := range ci.sent {
		if s == v {
			return
		}
	}
	if ci.sent == nil {
		ci.sent = ci.sentBuf[:0]
	}
	ci.sent = append(ci.sent, v)
}

// redactor returns base extended with the credentials this call sent and the call's path
// arguments that stay readable.
func (ci *callInfo) redactor(base *redact.Redactor) *redact.Redactor {
	r := base
	if len(ci.sent) > 0 {
		r = r.WithSecrets(ci.sent...)
	}
	if len(ci.plain) > 0 {
		r = r.WithPlain(ci.plain...)
	}
	return r
}

// notePathArgs records in ci.plain the arguments of op's {param} segments in path (escaped,
// matched from its end) that pattern masking would hide: path parameters are identifiers in
// every spec (none is format: sensitive), so a card proxy that passes the Luhn check is not
// masked as a card number.
func (ci *callInfo) notePathArgs(op *ops.Operation, path string) {
	if op == nil || !strings.Contains(op.Path, "{") || redact.Text(path) == path {
		return // nothing in the path that pattern masking would hide: no work, no allocation
	}
	tmpl := strings.Split(strings.Trim(op.Path, "/"), "/")
	segs := strings.Split(strings.Trim(path, "/"), "/")
	if len(segs) < len(tmpl) {
		return
	}
	segs = segs[len(segs)-len(tmpl):]
	for i, t := range tmpl {
		if !strings.HasPrefix(t, "{") {
			continue
		}
		v, err := url.PathUnescape(segs[i])
		if err != nil || v == "" || redact.Text(v) == v {
			continue
		}
		ci.plain = append(ci.plain, v)
	}
}
