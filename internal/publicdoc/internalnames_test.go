package publicdoc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportedAPINamesNoInternalPackage fails when a line of an exported API record (one per
// release, internal/api/<version>.txt) names a package under internal/: a signature, field or
// alias a user could reach but never import or read in go doc. .ci/api fails when the newest
// record and the code disagree, so together they hold for the code itself.
func TestExportedAPINamesNoInternalPackage(t *testing.T) {
	records, err := filepath.Glob("../api/*.*.*.txt")
	if err != nil || len(records) == 0 {
		t.Fatalf("no API record in internal/api: %v", err)
	}
	for _, rec := range records {
		raw, err := os.ReadFile(rec)
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
				t.Errorf("%s: the exported API names an internal package: %s", rec, line)
			}
		}
		if n < 1000 {
			t.Fatalf("%s holds %d lines: not an API record", rec, n)
		}
	}
}
