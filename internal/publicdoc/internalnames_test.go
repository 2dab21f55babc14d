package publicdoc

import (
	"os"
	"strings"
	"testing"
)

// TestExportedAPINamesNoInternalPackage fails when a line of the exported API record names a
// package under internal/: a signature, field or alias a user could reach but never import
// or read in go doc. .ci/api fails when the record and the code disagree, so together they
// hold for the code itself.
func TestExportedAPINamesNoInternalPackage(t *testing.T) {
	raw, err := os.ReadFile("../api/exported.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(raw), "\n") {
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		n++
		if strings.Contains(line, module+"/internal/") {
			t.Errorf("the exported API names an internal package: %s", line)
		}
	}
	if n < 1000 {
		t.Fatalf("the record holds %d lines: not the API record", n)
	}
}
