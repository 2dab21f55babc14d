package ops

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestMethodDocsSettleOnlyWhereAReadBackExists: the generated doc of every method of the card
// platform that is never re-sent says once what settles an unknown outcome, and says it as its
// x-issuerkit-readback does: the Snapshot and Reconcile methods that run a read-back, or a
// manual review where none exists; never both (issue 36: 13 methods said "settled by a
// read-back" and "no read-back exists: manual review").
func TestMethodDocsSettleOnlyWhereAReadBackExists(t *testing.T) {
	root, err := filepath.Abs("../../../..")
	if err != nil {
		t.Fatal(err)
	}
	files, err := generate(t, filepath.Join(root, "openapi", "cardplatform.yaml"), filepath.Join(root, "openapi", "cardplatform.codegen.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	// A method's doc is the comment block right above its func line.
	method := regexp.MustCompile(`(?m)((?:^//.*\n)+)^func \(c \*Client\) (\w+)\(`)
	unsafe, withReadBack := 0, 0
	for _, m := range method.FindAllStringSubmatch(files[clientFile], -1) {
		doc := strings.Join(strings.Fields(strings.ReplaceAll(m[1], "//", "")), " ")
		if !strings.Contains(doc, "Not retry-safe") {
			continue
		}
		unsafe++
		runs := regexp.MustCompile(`Client\.\w+ \(before sending\) and Client\.\w+ run it\.`).MatchString(doc)
		none := strings.Contains(doc, readbackNone)
		if runs {
			withReadBack++
		}
		if runs == none {
			t.Errorf("%s: the doc names a read-back the SDK runs (%v) and says none exists (%v); want exactly one:\n%s", m[2], runs, none, doc)
		}
		if strings.Contains(doc, "settled by a read-back") {
			t.Errorf("%s: the doc says %q outside the read-back paragraph:\n%s", m[2], "settled by a read-back", doc)
		}
	}
	if unsafe == 0 || withReadBack == 0 || withReadBack == unsafe {
		t.Errorf("found %d methods that are never re-sent, %d with a read-back: the doc blocks were not found", unsafe, withReadBack)
	}
}
