package transport

import (
	"context"
	"net/http"
)

// callInfo is the per-call state the policies share. It travels in the request context, set
// once by Pipeline.Do.
type callInfo struct {
	safe          bool // the request may be re-sent (see ops.Table.RetrySafe)
	attempt       int  // 1-based attempt number, maintained by the retry policy
	correlationID string
}

type callInfoKey struct{}

func infoOf(req *http.Request) *callInfo {
	if ci, ok := req.Context().Value(callInfoKey{}).(*callInfo); ok {
		return ci
	}
	return &callInfo{attempt: 1}
}

func withInfo(ctx context.Context, ci *callInfo) context.Context {
	return context.WithValue(ctx, callInfoKey{}, ci)
}
