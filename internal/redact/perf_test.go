package redact

import (
	"math"
	"strings"
	"testing"
	"time"
)

// TestAdversarialInputsStayFast guards against quadratic behaviour on bodies at the 64 KiB cap.
func TestAdversarialInputsStayFast(t *testing.T) {
	const n = 64 << 10
	inputs := map[string]string{
		"escaped quotes":   strings.Repeat(`"\`, n/2),
		"quotes":           strings.Repeat(`"`, n),
		"keys and colons":  strings.Repeat(`"cvv":`, n/6),
		"unterminated":     `{"cvv":"` + strings.Repeat("1", n),
		"digit groups":     strings.Repeat("1 ", n/2),
		"dash groups":      strings.Repeat("4111-", n/5),
		"digits":           strings.Repeat("4", n),
		"deep arrays":      strings.Repeat("[", n),
		"deep valid":       strings.Repeat("[", 5000) + strings.Repeat("]", 5000),
		"many small pans":  strings.Repeat("4111111111111111 ", n/17),
		"ssn-like":         strings.Repeat("123-45-6789-", n/12),
		"object of secret": `{` + strings.Repeat(`"pan":"4111111111111111",`, n/26) + `"x":1}`,
	}
	for name, in := range inputs {
		// The fastest of up to five runs: a loaded machine only adds to a run's time, while
		// quadratic work is slow on every run (see internal/apierror's TestAdversarialBodiesStayFast).
		fastest := time.Duration(math.MaxInt64)
		for run := 0; run < 5 && fastest > 2*time.Second; run++ {
			start := time.Now()
			JSON([]byte(in))
			Text(in)
			fastest = min(fastest, time.Since(start))
		}
		if fastest > 2*time.Second {
			t.Errorf("%s: %v", name, fastest)
		}
	}
}
