package pagingtest

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
)

// sleep waits d or until the request is cancelled; it reports whether d elapsed.
func sleep(r *http.Request, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}

// writeJSON writes v with status 200 and its length. The paging models encode themselves
// with the wire encoder (jsonx.MarshalWire), Secrets in full, and their output is written as
// it is: json.Marshal would mask the Secrets (and compact a copy).
func writeJSON(w http.ResponseWriter, v any) { writeJSONStatus(w, http.StatusOK, v) }

// writeJSONStatus is writeJSON with status (200, or a 206 partial success).
func writeJSONStatus(w http.ResponseWriter, status int, v any) {
	b, err := jsonx.MarshalWire(v) // the wire encoding: MarshalJSON masks the Secrets
	if err != nil {
		writeError(w, http.StatusInternalServerError, "sandbox: "+err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	_, _ = w.Write(b) // the client went away: nothing to do
}

// bankError is the bank's error body (openapi/banklists.yaml BankError).
type bankError struct {
	ErrorMessage  string `json:"ErrorMessage"`
	TransactionID string `json:"TransactionId"`
	CorrelationID string `json:"X-CorrelationId,omitempty"`
	ServiceError  any    `json:"ServiceError,omitempty"`
}

// writeError writes the bank's error body with status.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeErrorBody(w, status, bankError{ErrorMessage: msg, TransactionID: "sandbox-" + strconv.Itoa(status)})
}

// writeErrorBody writes body (a bankError, or its published wrapper) with status.
func writeErrorBody(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}

// Paths whose error bodies have a shape of their own (operation's path in banklists.yaml).
const (
	achAddendaPath   = "/ach/payments/v1/status/addenda"
	achInquiryPath   = "/accounts/transactions/v1/ach/list"
	reportingPathTop = "/commercial/"
)

// errorAnswer answers status with the bank's error body carrying msg, in the shape r's
// operation documents: the reporting reads' {code, message, debugMessage}; ACH origination's
// (the addenda) with the ServiceError {code, moreInfo}; the ACH inquiry list's with the
// ServiceError metadata.messages, inside {"metadata": ...} with WithWrappedACHInquiryErrors
// (the published file's schema); every other the bank's error body. The code is
// "sandbox-<status>".
func (s *Server) errorAnswer(w http.ResponseWriter, r *http.Request, status int, msg string) {
	code := "sandbox-" + strconv.Itoa(status)
	body := bankError{ErrorMessage: msg, TransactionID: code}
	switch p := r.URL.Path; {
	case strings.HasPrefix(p, reportingPathTop):
		reportingError(w, status, strconv.Itoa(status), msg, "")
		return
	case p == achAddendaPath:
		body.ServiceError = map[string]string{"code": code, "moreInfo": msg}
	case p == achInquiryPath && s.cfg.wrapACHErrors:
		body.ServiceError = map[string]any{"metadata": map[string]any{"messages": []map[string]string{{"code": code, "message": msg}}}}
		writeErrorBody(w, status, map[string]any{"metadata": body})
		return
	}
	writeErrorBody(w, status, body)
}

// setRowHeaders sets totalRows and retrievedRows, unless WithoutHeaders.
func (s *Server) setRowHeaders(w http.ResponseWriter, total, retrieved int) {
	if s.cfg.noHeaders {
		return
	}
	w.Header().Set("totalRows", strconv.Itoa(total))
	w.Header().Set("retrievedRows", strconv.Itoa(retrieved))
}

// claimed returns the total the server reports: the real one, or the WithClaimedTotal lie.
func (s *Server) claimed(real int) int {
	if s.cfg.lying {
		return s.cfg.claimedTotal
	}
	return real
}

// intParam reads an integer parameter: missing gives def and ok; malformed gives !ok.
func intParam(v string, def int) (int, bool) {
	if v == "" {
		return def, true
	}
	n, err := strconv.Atoi(v)
	return n, err == nil
}

// bodyInt reads an integer member of a JSON object body (a number or a numeric string).
func bodyInt(body []byte, name string, def int) (int, bool) {
	var m map[string]json.RawMessage
	if len(body) == 0 || json.Unmarshal(body, &m) != nil {
		return def, true
	}
	raw, ok := m[name]
	if !ok || string(raw) == "null" {
		return def, true
	}
	var n int
	if json.Unmarshal(raw, &n) == nil {
		return n, true
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return intParam(s, def)
	}
	return 0, false
}

// bodyText reads an integer member of a JSON object body that must be sent as text, as the
// bank's published addenda request declares pageSize ("10"): missing gives def and ok; a JSON
// number or text that is not a number gives !ok.
func bodyText(body []byte, name string, def int) (int, bool) {
	var m map[string]json.RawMessage
	if len(body) == 0 || json.Unmarshal(body, &m) != nil {
		return def, true
	}
	raw, ok := m[name]
	if !ok {
		return def, true
	}
	var s string
	if json.Unmarshal(raw, &s) != nil || s == "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}
