package spectest

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// specDir is the repository's openapi directory, relative to this package's directory, or
// the directory named by ISSUERKIT_SPEC_DIR (to test copies of the specs).
var specDir = cmp.Or(os.Getenv("ISSUERKIT_SPEC_DIR"), filepath.Join("..", "..", "..", "openapi"))

// specs are the specs of the SDK, by file name.
var specs = []string{"cardplatform.yaml", "validation.yaml", "banklists.yaml"}

// formats checks the example values of the SDK's own string formats, and of uuid, which
// kin-openapi leaves unchecked. (kin-openapi validates examples with its global format
// table only; this test binary is the only user of it.)
var formats = map[string]*regexp.Regexp{
	"local-date-time": regexp.MustCompile(`^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?$`),
	"uuid":            regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`),
}

func TestMain(m *testing.M) {
	for name, re := range formats {
		openapi3.DefineStringFormatValidator(name, openapi3.NewRegexpFormatValidator(re.String()))
	}
	os.Exit(m.Run())
}

// load reads and resolves a spec.
func load(t *testing.T, name string) *openapi3.T {
	t.Helper()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile(filepath.Join(specDir, name))
	require.NoError(t, err, "load %s", name)
	return doc
}

// TestValidate checks that each spec is valid OpenAPI 3.0, its examples and defaults
// included, and reports every independent error at once.
func TestValidate(t *testing.T) {
	for _, name := range specs {
		t.Run(name, func(t *testing.T) {
			doc := load(t, name)
			assert.True(t, strings.HasPrefix(doc.OpenAPI, "3.0."), "openapi: %s, want 3.0.x", doc.OpenAPI)
			err := doc.Validate(context.Background(),
				openapi3.EnableExamplesValidation(),
				openapi3.EnableSchemaDefaultsValidation(),
				openapi3.EnableSchemaPatternValidation(),
				openapi3.EnableMultiError(),
			)
			assert.NoError(t, err)
		})
	}
}

// TestOperations checks that every operation has an operationId, exactly one tag, a summary,
// a description, an explicit x-issuerkit-retry-safe, at least one response example, and an
// example on a success response whenever a success response has a body.
func TestOperations(t *testing.T) {
	for _, name := range specs {
		t.Run(name, func(t *testing.T) {
			doc := load(t, name)
			require.NotNil(t, doc.Paths)
			n := 0
			for _, path := range doc.Paths.InMatchingOrder() {
				item := doc.Paths.Value(path)
				for method, op := range item.Operations() {
					n++
					t.Run(method+" "+path, func(t *testing.T) { checkOperation(t, op) })
				}
			}
			assert.NotZero(t, n, "no operations")
		})
	}
}

func checkOperation(t *testing.T, op *openapi3.Operation) {
	assert.NotEmpty(t, op.OperationID, "operationId")
	assert.Len(t, op.Tags, 1, "tags: want exactly one, got %q", op.Tags)
	assert.NotEmpty(t, strings.TrimSpace(op.Summary), "summary")
	assert.NotEmpty(t, strings.TrimSpace(op.Description), "description")

	v, ok := op.Extensions["x-issuerkit-retry-safe"]
	if assert.True(t, ok, "x-issuerkit-retry-safe missing") {
		assert.IsType(t, true, v, "x-issuerkit-retry-safe: want true or false, got %v", v)
	}

	require.NotNil(t, op.Responses, "responses")
	var withExample, successBodies, successExamples []string
	for _, code := range slices.Sorted(maps.Keys(op.Responses.Map())) {
		r := op.Responses.Value(code)
		if r == nil || r.Value == nil {
			continue
		}
		success := strings.HasPrefix(code, "2")
		for _, mt := range slices.Sorted(maps.Keys(r.Value.Content)) {
			media := r.Value.Content[mt]
			where := code + " " + mt
			if success {
				successBodies = append(successBodies, where)
			}
			if media != nil && (media.Example != nil || len(media.Examples) > 0) {
				withExample = append(withExample, where)
				if success {
					successExamples = append(successExamples, where)
				}
			}
		}
	}
	assert.NotEmpty(t, withExample, "no response carries an example (example/examples of a media type)")
	if len(successBodies) > 0 {
		assert.NotEmpty(t, successExamples, "no example on the success responses %v", successBodies)
	}
}

// TestFormats checks the format patterns of this test against sample values, so that an
// example rejected by TestValidate is rejected for the right reason.
func TestFormats(t *testing.T) {
	tests := []struct {
		format, value string
		ok            bool
	}{
		{"local-date-time", "2024-05-01T10:20:30", true},
		{"local-date-time", "2024-05-01T10:20:30.1234567", true},
		{"local-date-time", "2024-05-01T10:20:30Z", false},
		{"local-date-time", "2024-05-01T10:20:30+02:00", false},
		{"local-date-time", "2024-05-01", false},
		{"local-date-time", "2024-13-01T10:20:30", false},
		{"uuid", "3fa85f64-5717-4562-b3fc-2c963f66afa6", true},
		{"uuid", "3FA85F64-5717-4562-B3FC-2C963F66AFA6", true},
		{"uuid", "3fa85f64571745622b3fc2c963f66afa6", false},
		{"uuid", "not-a-uuid", false},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s %s", tt.format, tt.value), func(t *testing.T) {
			assert.Equal(t, tt.ok, formats[tt.format].MatchString(tt.value))
		})
	}
}

// customFormats are the formats only the SDK knows: a tool that reads the specs on its own
// (Prism, kin-openapi, a code generator) cannot make up a value for them.
var customFormats = []string{"decimal", "local-date-time", "sensitive"}

// TestCustomFormatsCarryAnExample: every schema of a custom format, in every spec, carries an
// example or a pattern (or an enum), so that independent tools generate and check realistic
// values. Six commercial reporting amounts of banklists.yaml had neither (issue 27).
func TestCustomFormatsCarryAnExample(t *testing.T) {
	for _, name := range specs {
		t.Run(name, func(t *testing.T) {
			doc := load(t, name)
			seen := map[*openapi3.Schema]bool{}
			var walk func(path string, ref *openapi3.SchemaRef)
			walk = func(path string, ref *openapi3.SchemaRef) {
				if ref == nil || ref.Value == nil || seen[ref.Value] {
					return
				}
				s := ref.Value
				seen[s] = true
				if slices.Contains(customFormats, s.Format) {
					assert.True(t, s.Example != nil || s.Pattern != "" || len(s.Enum) > 0,
						"%s: format %s without an example or a pattern", path, s.Format)
				}
				for n, p := range s.Properties {
					walk(path+"."+n, p)
				}
				walk(path+"[]", s.Items)
				for _, list := range [][]*openapi3.SchemaRef{s.AllOf, s.OneOf, s.AnyOf} {
					for i, sub := range list {
						walk(fmt.Sprintf("%s/%d", path, i), sub)
					}
				}
			}
			for n, ref := range doc.Components.Schemas {
				walk(n, ref)
			}
			for n, p := range doc.Components.Parameters {
				if p.Value != nil {
					walk("parameter "+n, p.Value.Schema)
				}
			}
		})
	}
}
