package apierror

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestAdversarialBodiesStayFast guards against super-linear decoding of bodies at the cap.
func TestAdversarialBodiesStayFast(t *testing.T) {
	var manyKeys, manyMsgs strings.Builder
	manyKeys.WriteString(`{"ServiceError":{`)
	for i := 0; i < 4000; i++ {
		fmt.Fprintf(&manyKeys, `"K%d":{"x":1},`, i)
	}
	manyKeys.WriteString(`"ErrorCode":"1"},"Title":"t"}`)
	manyMsgs.WriteString(`{"ServiceError":{"metadata":{"messages":[`)
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&manyMsgs, `{"code":"c%d","message":"m"},`, i)
	}
	manyMsgs.WriteString(`{}]}}}`)
	bodies := map[string]string{
		"many keys":     manyKeys.String(),
		"many messages": manyMsgs.String(),
		"deep objects":  strings.Repeat(`{"a":`, 9000) + "1" + strings.Repeat("}", 9000),
		"deep faults":   `{"ServiceError":{"error":` + strings.Repeat(`{"detail":`, 5000) + "{}" + strings.Repeat("}", 5000) + `}}`,
		"deep errors":   `{"errors":{"a":` + strings.Repeat("[", 9000) + strings.Repeat("]", 9000) + `}}`,
		"quotes":        strings.Repeat(`"\`, 32<<10),
	}
	for name, body := range bodies {
		for _, decode := range []Decoder{DecodeProblem, DecodeBankError} {
			start := time.Now()
			resp := &http.Response{StatusCode: 400, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(body))}
			_ = FromResponse(resp, RequestInfo{}, decode, 0).Error()
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("%s: %v", name, d)
			}
		}
	}
}
