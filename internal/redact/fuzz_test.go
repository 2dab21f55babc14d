package redact

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
)

// luhnDigits turns n into a 16-digit string; with check set, the last digit is chosen so that
// the string passes the Luhn check (a card number).
func luhnDigits(n uint64, check bool) string {
	s := fmt.Sprintf("%016d", n%1e16)
	if !check {
		return s
	}
	body := s[:15]
	for d := byte('0'); d <= '9'; d++ {
		if c := body + string(d); luhnSpan(c, 0, len(c)) {
			return c
		}
	}
	return s
}

func FuzzRedactJSON(f *testing.F) {
	for _, s := range []string{
		`{"card_number":"4111111111111111","cvv":"123"}`,
		`{"pan":4111111111111111}`,
		`{"errors":{"pin":["PIN must be 4 digits"]}}`,
		`{"ErrorMessage":"x","ServiceError":{"AOAResponse":{"Result":{"errorCode":"104"}}}}`,
		`{"title":"x","card_number":"4111111111111111","cvv":"737","detail":"cut her`,
		`[1,"a\u2028b",{"x":null}]`,
		"<html>502</html>",
		"",
	} {
		f.Add([]byte(s), uint64(4111111111111111), "card_number")
	}
	f.Fuzz(func(t *testing.T, body []byte, n uint64, key string) {
		out := JSON(body)
		valid := json.Valid(bytes.TrimPrefix(body, []byte("\xef\xbb\xbf")))
		if valid && !json.Valid(out) {
			t.Fatalf("valid JSON in, invalid out:\n in: %q\nout: %q", body, out)
		}
		if again := JSON(out); valid && !onlyMoreMasked(string(out), string(again)) {
			t.Fatalf("a second pass changed more than masks:\n in: %q\nout: %q\nout2: %q", body, out, again)
		}

		// Property: the value of a sensitive member never survives, whatever surrounds it.
		if !IsSensitiveKey(key) {
			key = defaultKeys[int(n%uint64(len(defaultKeys)))]
		}
		for _, check := range []bool{true, false} {
			secret := luhnDigits(n, check)
			kq, _ := json.Marshal(key)
			for _, doc := range []string{
				`{` + string(kq) + `:"` + secret + `"}`,
				`{` + string(kq) + `:` + strings.TrimLeft(secret, "0") + `1}`, // a number
				`{"x":` + string(body) + `,` + string(kq) + `:"` + secret + `"}`,
				`{` + string(kq) + `:"` + secret + `","x":` + string(body) + `}`,
				`{` + string(kq) + `:"` + secret + `"` + string(body), // invalid or truncated
			} {
				if strings.Contains(decodedText(body), secret) {
					continue // the surrounding body holds the secret itself
				}
				red := string(JSON([]byte(doc)))
				if strings.Contains(red, secret) {
					t.Fatalf("secret %q survived:\n in: %s\nout: %s", secret, doc, red)
				}
			}
		}
	})
}

// onlyMoreMasked reports whether b is a with, at most, more characters masked. A second pass
// may mask more (the four digits a mask keeps can join the digits next to it into a new card
// number), but must never change anything else.
func onlyMoreMasked(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] && b[i] != '*' {
			return false
		}
	}
	return true
}

// decodedText returns the JSON body re-encoded with its strings unescaped as far as possible,
// to tell whether it holds a value itself.
func decodedText(body []byte) string {
	var v any
	if json.Unmarshal(body, &v) != nil {
		return string(body)
	}
	return fmt.Sprint(v) + string(body)
}

func FuzzText(f *testing.F) {
	for _, s := range []string{"card 4111 1111 1111 1111", "123-45-6789", "4111-1111-1111-1111-12", "US4111111111111111", ""} {
		f.Add(s, uint64(4111111111111111))
	}
	f.Fuzz(func(t *testing.T, s string, n uint64) {
		out := Text(s)
		if again := Text(out); !onlyMoreMasked(out, again) {
			t.Fatalf("a second pass changed more than masks: %q -> %q -> %q", s, out, again)
		}
		if len(out) != len(s) && !strings.ContainsRune(s, 0xFFFD) {
			// Masking replaces characters one for one (ASCII digits and separators).
			t.Fatalf("length changed: %q -> %q", s, out)
		}
		// Property: a card number standing alone is never left in the output.
		pan := luhnDigits(n, true)
		in := s + " " + pan + " " + s
		if strings.Contains(Text(in), pan) && !strings.Contains(s, pan) {
			t.Fatalf("PAN survived in %q: %q", in, Text(in))
		}
	})
}

func FuzzURL(f *testing.F) {
	for _, s := range []string{
		"https://u:p@h/x?access_token=abc&y=1#token=z",
		"https://h/cards/4111111111111111?pan=4111111111111111",
		"/relative?cvv=123",
		"mailto:someone@example.com",
	} {
		f.Add(s, "s3cr3tvalue12345")
	}
	f.Fuzz(func(t *testing.T, raw, secret string) {
		u, err := url.Parse(raw)
		if err != nil {
			return
		}
		out := URL(u)
		noUser := *u
		noUser.User = nil
		if want := URL(&noUser); out != want {
			t.Fatalf("user information changed the output: %q -> %q, want %q", raw, out, want)
		}
		if len(secret) < 9 || strings.ContainsAny(secret, "&=#%+ *") || strings.Contains(raw, secret[:len(secret)-4]) {
			return
		}
		v := url.Values{"access_token": {secret}}
		u2, err := url.Parse("https://h/x?" + v.Encode() + "&" + u.RawQuery)
		if err != nil {
			return
		}
		out = URL(u2)
		if strings.Contains(out, url.QueryEscape(secret)) || strings.Contains(out, secret) {
			t.Fatalf("token survived: %q -> %q", u2, out)
		}
	})
}
