package mask

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

func TestMask(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"", ""},
		{"1", "*"},
		{"1234", "****"},
		{"12345678", "********"},
		{"123456789", "*****6789"},
		{"4111111111111111", "************1111"},
		{"éèêëàâäôö", "*****âäôö"},
		{"日本語のカード番号です", "*******番号です"},
		{"short\xff", "******"},
		{"abcdefgh\xffij", "*******h\uFFFDij"}, // an invalid byte is one character, shown as U+FFFD
		{strings.Repeat("x", 1000) + "tail", strings.Repeat("*", 1000) + "tail"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := Mask(tt.in)
			assert.Equal(t, tt.want, got)
			assert.True(t, utf8.ValidString(got), "the mask is valid UTF-8")
			assert.Equal(t, utf8.RuneCountInString(tt.in), utf8.RuneCountInString(got), "one mask character per character")
		})
	}
}
