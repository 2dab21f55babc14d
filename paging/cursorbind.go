package paging

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/internal/redact"
	"github.com/issuerkit/issuerkit-go/internal/settings"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// bindOpts returns opts followed by the option that binds the iteration's cursors to the
// request req of operation opID (nil for an operation without one), its path arguments (the
// account of a reporting read), and where c speaks as whom (its base URL and credential
// identity, never the credential: sdkclient.Core.Binding), in a new slice. A cursor taken at
// one bank origin or with one credential is then refused at another with
// *core.CursorMismatchError: the rows before it were never delivered there. The generated
// typed iterators call it.
func (c *Client) bindOpts(opID string, req any, opts []core.IterOption, path ...string) []core.IterOption {
	fp := fingerprint(c.core.Binding, opID, req, path...)
	out := make([]core.IterOption, 0, len(opts)+1)
	return append(append(out, opts...), func(c *settings.Iter) { c.Bind = fp })
}

// fingerprint is 16 hex digits: 12 of the SHA-256 of the client's binding (origin, base path
// and credential identity, already a hash), the operation id, the path arguments and req's
// JSON with
// the operation's page parameters (its x-issuerkit-pagination start, size and end) removed
// from the top level, keys sorted, and sensitive members (account numbers, ...) masked
// whatever their shape; then 4 of the same hash over the unmasked JSON. The secrets thus
// enter through 16 bits only: the text reveals next to nothing of an account number (one in
// 65,536 shares its fingerprint), at the price of one chance in 65,536 that a cursor of
// another account's otherwise identical request goes undetected.
func fingerprint(binding, opID string, req any, path ...string) string {
	canon, masked := []byte("null"), []byte("null")
	if req != nil {
		var v any
		raw, err := jsonx.MarshalWire(req) // Secrets in full: json.Marshal masks them
		if err == nil && json.Unmarshal(raw, &v) == nil {
			if m, ok := v.(map[string]any); ok {
				for k := range m {
					if isPageParam(opID, k) {
						delete(m, k)
					}
				}
			}
			// not a model: v and its masked copy are decoded maps
			canon, _ = json.Marshal(v)                 // maps marshal with sorted keys
			masked, _ = json.Marshal(maskSensitive(v)) // not a model: a decoded map
		} else {
			canon = fmt.Appendf(nil, "%T", req)
			masked = canon
		}
	}
	sum := func(b []byte) []byte {
		h := sha256.New()
		h.Write([]byte(binding))
		h.Write([]byte{0})
		h.Write([]byte(opID))
		h.Write([]byte{0})
		for _, p := range path { // the path arguments, each ended by a 0 (none: as before)
			h.Write([]byte(p))
			h.Write([]byte{0})
		}
		h.Write(b)
		return h.Sum(nil)
	}
	public, all := sum(masked), sum(canon)
	return hex.EncodeToString(append(public[:6:6], all[:2]...))
}

// maskSensitive returns v (decoded JSON) with the value of every sensitive member
// (redact.IsSensitiveKey: accountNumber, ...), whatever its shape, replaced by "***".
func maskSensitive(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			if redact.IsSensitiveKey(k) {
				out[k] = "***"
			} else {
				out[k] = maskSensitive(e)
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = maskSensitive(e)
		}
		return out
	}
	return v
}

// isPageParam reports whether name is one of operation opID's page parameters.
func isPageParam(opID, name string) bool {
	op, ok := operations.ByID(opID)
	if !ok || op.Paging == nil {
		return false
	}
	for _, p := range []string{op.Paging.Start, op.Paging.Size, op.Paging.End} {
		if p != "" && strings.EqualFold(p, name) {
			return true
		}
	}
	return false
}
