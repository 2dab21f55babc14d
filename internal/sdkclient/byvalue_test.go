package sdkclient

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/stretchr/testify/require"
)

// TestOutcomeUnknownByValueShowsNoToken: an outcome unknown kept the call's redactor, whose
// secrets (the bearer token and its base64) fmt printed from the error taken by value
// (issue 33, bug 1). Printed by value, in a struct of the caller's (exported and unexported
// fields), by verbs that fit and verbs that do not, it shows neither.
func TestOutcomeUnknownByValueShowsNoToken(t *testing.T) {
	const token = "tok-VALUE-Qa1Ws2Ed3Rf4"
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
			resetConn(conn)
		}
	})
	p := newPipeline(t, testClient(t), func(o *testOptions) { o.TokenSource = StaticToken(token) })
	_, err := do(t, p, context.Background(), "POST", srv.URL+"/x", `{"amount":"10.00"}`)
	var ou *core.OutcomeUnknownError
	require.ErrorAs(t, err, &ou)
	type holder struct {
		N int
		E core.OutcomeUnknownError
		e core.OutcomeUnknownError
	}
	b64 := base64.RawStdEncoding.EncodeToString([]byte(token))
	for _, v := range []any{*ou, ou, holder{E: *ou, e: *ou}, &holder{E: *ou, e: *ou}, errors.Join(*ou), fmt.Errorf("w: %w", *ou)} {
		for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%d", "%t"} {
			s := fmt.Sprintf(verb, v)
			for _, secret := range []string{token, b64[:12], fmt.Sprintf("%x", token)} {
				if strings.Contains(s, secret) {
					t.Fatalf("%T %s shows %q: %s", v, verb, secret, s)
				}
			}
		}
	}
}
