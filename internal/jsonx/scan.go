package jsonx

import "errors"

// errSyntax is returned for input that is not valid JSON where a decoder expects it.
var errSyntax = errors.New("jsonx: malformed JSON object")

func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// stringEnd returns the index just past the JSON string starting at data[i] (a quote) and
// whether it holds an escape, or -1 if the string does not end or is not valid JSON: a raw
// control character (below U+0020) or an escape other than \" \\ \/ \b \f \n \r \t \uXXXX.
// Every string the scanners meet goes through here (member names, values, skipped members),
// so that no invalid string passes as valid JSON. Invalid UTF-8 is accepted, as json.Valid
// accepts it.
func stringEnd(data []byte, i int) (int, bool) {
	escaped := false
	for j := i + 1; j < len(data); j++ {
		switch c := data[j]; {
		case c == '"':
			return j + 1, escaped
		case c < 0x20:
			return -1, escaped
		case c == '\\':
			escaped = true
			j++
			if j >= len(data) {
				return -1, escaped
			}
			switch data[j] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if j+4 >= len(data) || !isHex(data[j+1]) || !isHex(data[j+2]) || !isHex(data[j+3]) || !isHex(data[j+4]) {
					return -1, escaped
				}
				j += 4
			default:
				return -1, escaped
			}
		}
	}
	return -1, escaped
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// valueEnd returns the index just past the JSON value starting at data[i], or -1.
func valueEnd(data []byte, i int) int {
	if i >= len(data) {
		return -1
	}
	switch data[i] {
	case '"':
		end, _ := stringEnd(data, i)
		return end
	case '{', '[':
		depth := 0
		for j := i; j < len(data); j++ {
			switch data[j] {
			case '"':
				end, _ := stringEnd(data, j)
				if end < 0 {
					return -1
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return -1
	default: // number, true, false, null
		j := i
		for j < len(data) {
			switch data[j] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				if j == i {
					return -1
				}
				return j
			}
			j++
		}
		if j == i {
			return -1
		}
		return j
	}
}
