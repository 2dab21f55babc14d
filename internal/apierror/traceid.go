package apierror

import "net/http"

// TraceIDFromHeader returns the server's trace id from response headers: the trace id of a
// traceparent, else X-Request-Id, else Request-Id. Successful responses carry it only there.
func TraceIDFromHeader(h http.Header) string { return headerTraceID(h) }
