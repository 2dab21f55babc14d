package redact_test

import (
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// TestTextEscapesControlAndBidiCharacters: a server's text cannot forge a log line (CR LF),
// drive a terminal (ESC) or reorder what it shows (U+202E); each is escaped, not dropped. It
// failed before: Text kept them raw.
func TestTextEscapesControlAndBidiCharacters(t *testing.T) {
	for in, want := range map[string]string{
		"ok\r\nlevel=ERROR msg=forged": `ok\r\nlevel=ERROR msg=forged`,
		"\x1b[31mred\x1b[0m":           `\x1b[31mred\x1b[0m`,
		"abc\u202edcba":                `abc\u202edcba`,
		"a\u2066b\u2069\u200e\u061c":   `a\u2066b\u2069\u200e\u061c`,
		"tab\there\x00\x7f\u0085":      `tab\there\x00\x7f\u0085`,
		"bad\xffutf8":                  `bad\xffutf8`,
		"line\u2028sep":                `line\u2028sep`,
		"plain é€😀 text":               "plain é€😀 text",
	} {
		if got := redact.Text(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
		if got := redact.Default().Text(in); got != want {
			t.Errorf("Default().Text(%q) = %q, want %q", in, got, want)
		}
	}
	// Masking and escaping together: a card number split by nothing, then escaped controls.
	if got, want := redact.Text("pan 4111111111111111\n"), `pan ************1111\n`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	// JSON bodies keep their strings (JSON escapes them itself).
	if got := string(redact.JSON([]byte(`{"title":"a\r\nb"}`))); got != `{"title":"a\r\nb"}` {
		t.Errorf("JSON changed a string: %s", got)
	}
}
