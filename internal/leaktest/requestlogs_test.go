package leaktest

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformfake"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/internal/fakekit"
	"github.com/issuerkit/issuerkit-go/internal/redact"
	"github.com/issuerkit/issuerkit-go/paging/pagingfake"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
	"github.com/issuerkit/issuerkit-go/validation/validationfake"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
)

// TestRequestLogsPrintByAllowlist: the request logs of the sandboxes (Requests) and of the
// fakes (Calls) masked body values by sensitive names only, so a value under an ordinary
// unknown name ({"note":"sk_live_..."}) printed in clear. Every string and number value of a
// logged body is masked now, at any depth, in every rendering (fmt verbs, slog, json.Marshal);
// the member names stay, and RevealBody returns the body as received. The headers print by
// allowlist (issue 36): a key or a header the SDK knows nothing of prints "REDACTED", in the
// record itself too (a record inside a value of the caller's, where fmt prints fields without
// calling methods), and RevealHeader returns them as sent.
func TestRequestLogsPrintByAllowlist(t *testing.T) {
	const secret, nested, number = "sk_live_4eC39HqLyjWDarjtT1zdp7dc", "memo-Zq81xVb07Kd", "987654321987"
	const query = "?note=qs_Jx93KdLq0Zw7Vb" // query values are masked too
	// Credential headers other than Authorization are never logged either.
	const cookie, proxyAuth = "session=ck_Pq7Wm20XzL4", "Basic cHJveHk6cHJveHlwdw=="
	// Nor is the value of a header the SDK knows nothing of, or of a key.
	const madeUp, apiKey = "hv_Lm30QxTz8Wd", "ak_Vb51NcRe9Ks"
	body := []byte(`{"note":"` + secret + `","meta":{"memo":["` + nested + `",true,null]},"ref":` + number + `}`)

	post := func(t *testing.T, c *http.Client, url string) {
		t.Helper()
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Cookie", cookie)
		req.Header.Set("Proxy-Authorization", proxyAuth)
		req.Header.Set("X-Made-Up", madeUp)
		req.Header.Set("X-Api-Key", apiKey)
		resp, err := c.Do(req)
		require.NoError(t, err)
		require.NoError(t, resp.Body.Close())
	}
	// Each case sends body once and returns the log, its Body fields and their RevealBody.
	type logged struct {
		log            any
		bodies, reveal [][]byte
		notes          []string      // the query parameter note as RevealQuery or RevealPath return it
		headers        []http.Header // the records' Header fields
		revealHeader   []http.Header // their RevealHeader
	}
	cases := []struct {
		name string
		send func(t *testing.T) logged
	}{
		{"cardplatformtest", func(t *testing.T) logged {
			srv := cardplatformtest.NewServer(t)
			post(t, srv.HTTPClient(), srv.URL+"/api/v1/disbursements"+query)
			rs := srv.Requests()
			var l logged
			for _, r := range rs {
				l.bodies, l.reveal = append(l.bodies, r.Body), append(l.reveal, r.RevealBody())
				l.headers, l.revealHeader = append(l.headers, r.Header), append(l.revealHeader, r.RevealHeader())
				l.notes = append(l.notes, r.RevealQuery().Get("note"))
			}
			l.log = rs
			return l
		}},
		{"validationtest", func(t *testing.T) logged {
			srv := validationtest.NewServer(t)
			post(t, http.DefaultClient, srv.URL+"/accounts/validations/v2/verifyAccount"+query)
			rs := srv.Requests()
			var l logged
			for _, r := range rs {
				l.bodies, l.reveal = append(l.bodies, r.Body), append(l.reveal, r.RevealBody())
				l.headers, l.revealHeader = append(l.headers, r.Header), append(l.revealHeader, r.RevealHeader())
				l.notes = append(l.notes, r.RevealQuery().Get("note"))
			}
			l.log = rs
			return l
		}},
		{"pagingtest", func(t *testing.T) logged {
			srv := pagingtest.NewServer(t)
			post(t, srv.HTTPClient(), srv.URL+"/ach/payments/v1/status/addenda"+query)
			rs := srv.Requests()
			var l logged
			for _, r := range rs {
				l.bodies, l.reveal = append(l.bodies, r.Body), append(l.reveal, r.RevealBody())
				l.headers, l.revealHeader = append(l.headers, r.Header), append(l.revealHeader, r.RevealHeader())
				l.notes = append(l.notes, r.RevealQuery().Get("note"))
			}
			l.log = rs
			return l
		}},
		{"cardplatformfake", func(t *testing.T) logged {
			f := &cardplatformfake.Fake{}
			post(t, &http.Client{Transport: f}, fakekit.BaseURL+"/api/v1/accounts/AdjustBalance"+query)
			cs := f.Calls()
			var l logged
			for _, c := range cs {
				l.bodies, l.reveal = append(l.bodies, c.Body), append(l.reveal, c.RevealBody())
				l.headers, l.revealHeader = append(l.headers, c.Header), append(l.revealHeader, c.RevealHeader())
				u, err := url.Parse(c.RevealPath())
				require.NoError(t, err)
				l.notes = append(l.notes, u.Query().Get("note"))
			}
			l.log = cs
			return l
		}},
		{"validationfake", func(t *testing.T) logged {
			f := &validationfake.Fake{}
			post(t, &http.Client{Transport: f}, fakekit.BaseURL+"/accounts/validations/v2/verifyAccount"+query)
			cs := f.Calls()
			var l logged
			for _, c := range cs {
				l.bodies, l.reveal = append(l.bodies, c.Body), append(l.reveal, c.RevealBody())
				l.headers, l.revealHeader = append(l.headers, c.Header), append(l.revealHeader, c.RevealHeader())
				u, err := url.Parse(c.RevealPath())
				require.NoError(t, err)
				l.notes = append(l.notes, u.Query().Get("note"))
			}
			l.log = cs
			return l
		}},
		{"pagingfake", func(t *testing.T) logged {
			f := &pagingfake.Fake{}
			post(t, &http.Client{Transport: f}, fakekit.BaseURL+"/ach/payments/v1/status/addenda"+query)
			cs := f.Calls()
			var l logged
			for _, c := range cs {
				l.bodies, l.reveal = append(l.bodies, c.Body), append(l.reveal, c.RevealBody())
				l.headers, l.revealHeader = append(l.headers, c.Header), append(l.revealHeader, c.RevealHeader())
				u, err := url.Parse(c.RevealPath())
				require.NoError(t, err)
				l.notes = append(l.notes, u.Query().Get("note"))
			}
			l.log = cs
			return l
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l := tc.send(t)
			require.Len(t, l.bodies, 1, "the request is logged")
			assert.JSONEq(t, string(body), string(l.reveal[0]), "RevealBody is the body as received")
			var shape map[string]any
			require.NoError(t, json.Unmarshal(l.bodies[0], &shape), "the logged body is JSON: %s", l.bodies[0])
			assert.ElementsMatch(t, []string{"note", "meta", "ref"}, keys(shape), "member names are kept")
			values := []string{secret, nested, number, strings.TrimPrefix(query, "?note=")}
			assert.Equal(t, values[3:], l.notes, "RevealQuery/RevealPath give the query as received")
			assert.Equal(t, []string{redact.Redacted}, l.headers[0].Values("X-Made-Up"), "an unknown header's name is kept, its value masked")
			assert.Equal(t, []string{redact.Redacted}, l.headers[0].Values("X-Api-Key"))
			assert.Equal(t, []string{"application/json"}, l.headers[0].Values("Content-Type"), "a header known harmless shows")
			assert.Equal(t, madeUp, l.revealHeader[0].Get("X-Made-Up"), "RevealHeader gives the headers as received")
			assert.Equal(t, apiKey, l.revealHeader[0].Get("X-Api-Key"))
			values = append(values, madeUp, apiKey)

			texts := []string{string(l.bodies[0])}
			for _, verb := range []string{"%s", "%v", "%+v", "%#v", "%q", "%x"} {
				texts = append(texts, fmt.Sprintf(verb, l.log))
				// In an unexported field of the caller's, fmt calls no method of the record
				// and prints its fields: what the record holds must be masked already.
				texts = append(texts, fmt.Sprintf(verb, struct{ log any }{l.log}))
			}
			for _, h := range []func(*bytes.Buffer) slog.Handler{
				func(b *bytes.Buffer) slog.Handler { return slog.NewJSONHandler(b, NoTime(nil)) },
				func(b *bytes.Buffer) slog.Handler { return slog.NewTextHandler(b, NoTime(nil)) },
			} {
				var b bytes.Buffer
				slog.New(h(&b)).Info("requests", "log", l.log)
				texts = append(texts, b.String())
			}
			js, err := json.Marshal(l.log)
			require.NoError(t, err)
			texts = append(texts, string(js))
			var decoded []struct{ Body []byte }
			require.NoError(t, json.Unmarshal(js, &decoded))
			for _, d := range decoded {
				texts = append(texts, string(d.Body))
			}
			for _, v := range append(values, "ck_Pq7Wm20XzL4", "cHJveHk6cHJveHlwdw") {
				for _, h := range l.revealHeader {
					if v == madeUp || v == apiKey {
						continue
					}
					assert.NotContains(t, fmt.Sprint(h), v, "RevealHeader masks or leaves out the credentials")
				}
				for _, text := range texts {
					for _, form := range forms(v) {
						assert.NotContains(t, text, form, "the value %q leaks", v)
					}
				}
			}
		})
	}
}

// forms returns how fmt and encoding/json can render the bytes of v inside a []byte: as
// they are, as %v prints bytes (decimal), %#v (0x..) and %x (json.Marshal's base64 is
// decoded by the test).
func forms(v string) []string {
	b := []byte(v)
	dec := strings.Trim(fmt.Sprint(b), "[]")
	goSyntax := strings.TrimSuffix(strings.TrimPrefix(fmt.Sprintf("%#v", b), "[]byte{"), "}")
	return []string{v, dec, goSyntax, hex.EncodeToString(b)}
}

func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
