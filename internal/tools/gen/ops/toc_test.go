package ops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTOCRefusesAnOperationWithoutItsTag: every operation is listed in the package doc under
// one tag of the spec's tags list; an operation with another tag, or none, fails the
// generation with the operation named and the tags it may take listed.
func TestTOCRefusesAnOperationWithoutItsTag(t *testing.T) {
	root, err := filepath.Abs("../../../..")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(root, "openapi", "validation.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, tag string }{{"unknown tag", "- Healthz"}, {"no tag", "[]"}} {
		t.Run(tc.name, func(t *testing.T) {
			old := "      tags:\n        - Health\n      summary: Check connectivity\n      description: |\n        Checks connectivity to the service. No request body."
			bad := strings.Replace(string(raw), old, strings.Replace(old, "- Health", tc.tag, 1), 1)
			if bad == string(raw) {
				t.Fatal("no tags of checkHealth to change")
			}
			path := filepath.Join(t.TempDir(), "validation.yaml")
			if err := os.WriteFile(path, []byte(bad), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err = generate(t, path, filepath.Join(root, "openapi", "validation.codegen.yaml"))
			if err == nil || !strings.Contains(err.Error(), "checkHealth: tags") || !strings.Contains(err.Error(), "(Health, Account validation)") {
				t.Fatalf("generate: %v, want checkHealth refused with the accepted tags listed", err)
			}
		})
	}
}
