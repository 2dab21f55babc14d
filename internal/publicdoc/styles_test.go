package publicdoc

import (
	"regexp"
	"testing"
)

// otherStyleWord matches a pagination style named otherwise than "<name> style" (row, offset,
// page, sequence, key): "key pagination", "key-paged", "row paging".
var otherStyleWord = regexp.MustCompile(`(?i)\b(row|offset|page|sequence|key)[- ](pagination|paged|paging)\b`)

// TestPagingStylesHaveOneName fails when the go doc of a public package names a pagination
// style with another word than the one package paging's doc (and Style) uses.
func TestPagingStylesHaveOneName(t *testing.T) {
	for _, p := range publicPackages(t) {
		for _, s := range docTexts(p.doc) {
			for _, m := range otherStyleWord.FindAllStringIndex(s.text, -1) {
				t.Errorf("%s: go doc of %s says %q; say \"<name> style\"", p.dir, s.where, context(s.text, m[0], m[1]))
			}
		}
	}
}
