package scalar

// Mask returns s with every character but the last four replaced, so that logs and error
// texts can still tell two values apart without revealing them. Values of eight characters or
// fewer are masked whole. Mask("4111111111111111") == "************1111".
func Mask(s string) string {
	r := []rune(s)
	keep := 0
	if len(r) > 8 {
		keep = 4
	}
	out := make([]rune, len(r))
	for i := range r {
		if i < len(r)-keep {
			out[i] = '*'
		} else {
			out[i] = r[i]
		}
	}
	return string(out)
}
