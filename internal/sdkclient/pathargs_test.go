package sdkclient

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/ops"
)

// TestNoPathParameterIsSensitive holds the premise of notePathArgs: every path parameter of
// the SDK's specs is an identifier (no format: sensitive), so the pipeline may keep path
// arguments readable. A sensitive path parameter added to a spec fails here first.
func TestNoPathParameterIsSensitive(t *testing.T) {
	specs, err := filepath.Glob("../../openapi/*.yaml")
	require.NoError(t, err)
	checked := 0
	for _, f := range specs {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		doc, err := openapi3.NewLoader().LoadFromData(data)
		if err != nil || doc.Paths == nil {
			continue // not an OpenAPI description (codegen configs, overlays, lint rules)
		}
		for path, item := range doc.Paths.Map() {
			for _, op := range item.Operations() {
				for _, p := range append(item.Parameters, op.Parameters...) {
					if p.Value == nil || p.Value.In != "path" {
						continue
					}
					checked++
					if s := p.Value.Schema; s != nil && s.Value != nil {
						assert.NotEqual(t, "sensitive", s.Value.Format, "%s %s {%s}", filepath.Base(f), path, p.Value.Name)
					}
				}
			}
		}
	}
	assert.Greater(t, checked, 10, "the specs' path parameters were found")
}

func TestNotePathArgs(t *testing.T) {
	op := &ops.Operation{Path: "/api/{version}/cards/{card_proxy}/pin"}
	var ci callInfo
	ci.notePathArgs(op, "/base/api/v1/cards/5550000000009/pin")
	assert.Equal(t, []string{"5550000000009"}, ci.plain, "a proxy passing the Luhn check is kept readable")
	ci = callInfo{}
	ci.notePathArgs(op, "/base/api/v1/cards/proxy-1/pin")
	assert.Empty(t, ci.plain, "nothing that pattern masking hides: nothing recorded")
}
