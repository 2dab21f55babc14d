package main

import (
	"regexp"
	"strings"
)

// mdName matches a client-qualified name in Markdown: core.ErrOutcomeUnknown.
var mdName = regexp.MustCompile(`\b(cardplatform|paging|validation|banklimit)\.([A-Z][A-Za-z0-9_]*)\b`)

// rewriteMarkdown rewrites the moved names in a README's fenced Go blocks and inline code
// spans (the snippets tests compare with the examples); prose outside code is left as it is.
// It reports whether anything changed.
func rewriteMarkdown(src []byte) ([]byte, bool) {
	lines := strings.SplitAfter(string(src), "\n")
	inGo := false
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "```") {
			inGo = !inGo && strings.HasPrefix(t, "```go")
			continue
		}
		if inGo {
			lines[i] = replaceNames(l)
			continue
		}
		lines[i] = inlineCode.ReplaceAllStringFunc(l, replaceNames)
	}
	out := strings.Join(lines, "")
	return []byte(out), out != string(src)
}

// inlineCode matches a Markdown code span.
var inlineCode = regexp.MustCompile("`[^`\n]+`")

// replaceNames replaces every client-qualified moved name in s by core's.
func replaceNames(s string) string {
	return mdName.ReplaceAllStringFunc(s, func(q string) string {
		m := mdName.FindStringSubmatch(q)
		if to, ok := movedTo(m[1], m[2]); ok {
			return "core." + to
		}
		return q
	})
}
