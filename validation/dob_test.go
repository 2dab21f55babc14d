package validation_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
)

// TestDateOfBirthIsASecret: dob is identity-verification data sent with the SSN; every text
// of an AcctOwner masks it while the names stay readable, and the wire sends it. (Before, DOB
// was a plain string printed in full everywhere.)
func TestDateOfBirthIsASecret(t *testing.T) {
	o := validation.AcctOwner{FirstName: "Pat", LastName: "Lee", DOB: core.NewSecret("19800131")}
	var jh, th bytes.Buffer
	slog.New(slog.NewJSONHandler(&jh, leaktest.NoTime(nil))).Info("owner", "o", o, "in", struct{ O any }{o})
	slog.New(slog.NewTextHandler(&th, leaktest.NoTime(nil))).Info("owner", "o", o)
	js, err := json.Marshal(struct{ O validation.AcctOwner }{o})
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]string{
		"%v": fmt.Sprintf("%v", o), "%+v": fmt.Sprintf("%+v", o), "%#v": fmt.Sprintf("%#v", o),
		"%s": fmt.Sprintf("%s", o), "json.Marshal": string(js), "slog JSON": jh.String(), "slog text": th.String(),
	} {
		if strings.Contains(s, "19800131") {
			t.Errorf("%s shows the date of birth: %s", name, s)
		}
		if !strings.Contains(s, "Pat") || !strings.Contains(s, "Lee") {
			t.Errorf("%s hides the names: %s", name, s)
		}
	}
	wire, err := core.MarshalWire(o)
	if err != nil || !bytes.Contains(wire, []byte(`"dob":"19800131"`)) {
		t.Fatalf("the wire encoding lost the date of birth: %s %v", wire, err)
	}
}
