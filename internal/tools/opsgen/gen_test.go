package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// header is the start of every test spec.
const header = `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
`

// good is a spec that follows the conventions, with the cases the walker must handle:
// references, a recursive schema, sensitive fields inline, in components, in arrays and
// under allOf, and a paged operation.
const good = header + `
  /api/{version}/cards/{card_proxy}:
    parameters:
      - {name: version, in: path, required: true, schema: {type: string}}
      - {name: card_proxy, in: path, required: true, schema: {type: string}}
      - {name: X-Tenant, in: header, required: true, schema: {type: string}}
      - {name: X-Overridden, in: header, required: true, schema: {type: string}}
    get:
      operationId: getCard
      x-issuerkit-retry-safe: true
      parameters:
        - {name: KeyClientId, in: header, required: true, schema: {type: string}}
        - {name: X-Optional, in: header, schema: {type: string}}
        - {name: X-Overridden, in: header, required: false, schema: {type: string}}
        - {name: Trace, in: query, required: true, schema: {type: string}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Card'}
        '404': {description: none}
  /api/{version}/cards:
    parameters:
      - {name: version, in: path, required: true, schema: {type: string}}
    post:
      operationId: createCard
      x-issuerkit-retry-safe: false
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                cvv: {type: string, format: sensitive}
                amount: {type: number, format: decimal}
                lat: {type: number, format: double}
                count: {type: integer}
      responses:
        '201': {description: created}
        '200': {description: also}
        default: {description: error}
    get:
      operationId: searchCards
      x-issuerkit-retry-safe: true
      x-issuerkit-pagination:
        style: index
        in: query
        start: start_index
        size: limit
        maxSize: 100
        items: data
        total: meta.total
      parameters:
        - {name: start_index, in: query, schema: {type: integer}}
        - {name: limit, in: query, schema: {type: integer}}
        - {name: min_amount, in: query, schema: {type: number, format: decimal}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  data: {type: array, items: {$ref: '#/components/schemas/Card'}}
  /list:
    post:
      operationId: listThings
      x-issuerkit-retry-safe: true
      x-issuerkit-pagination: {style: sequence, in: query, start: after, startIn: body, size: pageSize, items: things, key: id, maxItems: 9999}
      parameters:
        - {name: pageSize, in: query, schema: {type: integer}}
      requestBody:
        content:
          application/json:
            schema:
              allOf:
                - type: object
                  properties:
                    after: {type: string}
      responses:
        '200': {description: ok}
components:
  schemas:
    Card:
      type: object
      properties:
        card_number: {$ref: '#/components/schemas/Pan'}
        pins: {type: array, items: {type: string, format: sensitive}}
        track1: {allOf: [{$ref: '#/components/schemas/Pan'}]}
        mask_card_pan: {type: string}
        balance: {type: number, format: decimal}
        parent: {$ref: '#/components/schemas/Card'}
        children: {type: array, items: {$ref: '#/components/schemas/Card'}}
        fulfillment:
          type: object
          properties:
            cvv: {type: string, format: sensitive}
    Pan: {type: string, format: sensitive}
`

func writeSpec(t *testing.T, dir, body string) string {
	t.Helper()
	p := filepath.Join(dir, "spec.yaml")
	require.NoError(t, os.WriteFile(p, []byte(body), 0o600))
	return p
}

func TestCollect(t *testing.T) {
	doc, err := load(context.Background(), writeSpec(t, t.TempDir(), good))
	require.NoError(t, err)
	got, err := collect(doc)
	require.NoError(t, err)

	assert.Equal(t, []operation{
		{ID: "searchCards", Method: "GET", Path: "/api/{version}/cards", Success: []int{200}, RetrySafe: true,
			Paging: &paging{Style: "index", In: "query", Start: "start_index", Size: "limit", MaxSize: 100, Items: "data", Total: "meta.total"}},
		{ID: "createCard", Method: "POST", Path: "/api/{version}/cards", Success: []int{200, 201}},
		{ID: "getCard", Method: "GET", Path: "/api/{version}/cards/{card_proxy}", Success: []int{200}, RetrySafe: true,
			RequiredHeaders: []string{"X-Tenant", "KeyClientId"}},
		{ID: "listThings", Method: "POST", Path: "/list", Success: []int{200}, RetrySafe: true,
			Paging: &paging{Style: "sequence", In: "query", Start: "after", StartIn: "body", Size: "pageSize", MaxItems: 9999, Items: "things", Key: "id"}},
	}, got.Operations)
	assert.Equal(t, []string{"card_number", "cvv", "pins", "track1"}, got.SensitiveFields)
}

func TestCollectProblems(t *testing.T) {
	op := func(extra string, components ...string) string {
		return header + `
  /x:
    post:
      operationId: postX
      x-issuerkit-retry-safe: false
` + extra + `
      responses:
        '200': {description: ok}
` + strings.Join(components, "")
	}
	tests := []struct {
		name, spec string
		want       []string // substrings of the error
	}{
		{"no operationId", header + `
  /x:
    get:
      x-issuerkit-retry-safe: true
      responses: {'200': {description: ok}}
`, []string{"GET /x: no operationId"}},
		{"no retry-safe", header + `
  /x:
    get:
      operationId: getX
      responses: {'200': {description: ok}}
`, []string{"GET /x: no x-issuerkit-retry-safe"}},
		{"retry-safe not bool", header + `
  /x:
    get:
      operationId: getX
      x-issuerkit-retry-safe: "yes"
      responses: {'200': {description: ok}}
`, []string{"x-issuerkit-retry-safe is yes, want true or false"}},
		{"no 2xx", header + `
  /x:
    get:
      operationId: getX
      x-issuerkit-retry-safe: true
      responses: {'404': {description: no}}
`, []string{"GET /x: no 2xx response"}},
		{"2XX range", header + `
  /x:
    get:
      operationId: getX
      x-issuerkit-retry-safe: true
      responses: {'2XX': {description: ok}}
`, []string{"response range 2XX"}},
		{"bare number", op(`
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                lat: {type: number}
`), []string{"POST /x requestBody application/json.properties.lat: bare type: number"}},
		{"money as double", op(`
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Fee'}
`, `
components:
  schemas:
    Fee:
      type: object
      properties:
        fee_amount: {type: number, format: double}
        Amounts: {type: array, items: {type: number, format: float}}
        totalBalance: {allOf: [{type: number, format: double}]}
        feeAttrib: {type: string}
`), []string{
			`#/components/schemas/Fee.properties.fee_amount: "fee_amount" looks like money but is type: number with format double`,
			`"Amounts" looks like money but is type: number with format float`,
			`"totalBalance" looks like money but is type: number with format double`,
		}},
		{"money parameter", op(`
      parameters:
        - {name: price, in: query, schema: {type: number, format: double}}
`), []string{`"price" looks like money`}},
		{"bare money", op(`
      parameters:
        - {name: amount, in: query, schema: {type: number}}
`), []string{`"amount" looks like money but is type: number with format none`, "bare type: number"}},
		{"pagination", op(`
      x-issuerkit-pagination: {style: pages, in: header, startIn: path, sise: 10, maxSize: 0.5}
`), []string{
			`unknown key "sise"`, `style is "pages"`, `in is "header"`, `startIn is "path"`,
			"maxSize is 0.5", "no items", "no start", "no size",
		}},
		{"pagination parameters", op(`
      x-issuerkit-pagination: {style: offset, in: query, start: offset, size: limit, items: rows}
      parameters:
        - {name: limit, in: header, schema: {type: integer}}
`), []string{`no query parameter "offset"`, `no query parameter "limit"`}},
		{"pagination body", op(`
      x-issuerkit-pagination: {style: offset, in: body, start: offset, size: limit, items: rows}
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                offset: {type: integer}
`), []string{`no body parameter "limit"`}},
		{"pagination row", op(`
      x-issuerkit-pagination: {style: row, in: query, start: startRowIndex, size: endRowIndex, items: rows, total: "header:totalRows", retrieved: "header:retrievedRows", defaultSize: 2000}
      parameters:
        - {name: startRowIndex, in: query, schema: {type: integer}}
        - {name: endRowIndex, in: query, schema: {type: integer}}
`), []string{
			"no end (row windows", `size "endRowIndex" on a row style`, "no maxSize",
			`total "header:totalRows": no response header "totalRows"`,
			`retrieved "header:retrievedRows": no response header "retrievedRows"`,
		}},
		{"pagination page and sequence", op(`
      x-issuerkit-pagination: {style: page, in: query, start: pageNumber, size: pageSize, end: last, items: rows, maxSize: 10, defaultSize: 20}
      parameters:
        - {name: pageNumber, in: query, schema: {type: integer}}
        - {name: pageSize, in: query, schema: {type: integer}}
`), []string{"end is only for the row style", "defaultSize 20 over maxSize 10", "a page style needs totalPages", `no query parameter "last"`}},
		{"pagination sequence", op(`
      x-issuerkit-pagination: {style: sequence, in: query, items: rows, maxItems: -1}
`), []string{"no key", "maxItems is -1"}},
		{"pagination not an object", op(`
      x-issuerkit-pagination: true
`), []string{"is bool, want an object"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeSpec(t, t.TempDir(), tt.spec)
			doc, err := load(context.Background(), path)
			require.NoError(t, err, "the test spec must be valid OpenAPI")
			_, err = collect(doc)
			require.Error(t, err)
			for _, w := range tt.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

func TestLoadInvalid(t *testing.T) {
	dir := t.TempDir()
	_, err := load(context.Background(), writeSpec(t, dir, header+`
  /x:
    get:
      responses: {}
`))
	assert.Error(t, err)
	_, err = load(context.Background(), filepath.Join(dir, "absent.yaml"))
	assert.Error(t, err)
}

func TestRun(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/m\n"), 0o600))
	for _, d := range []string{"openapi", "cards", "tools/gen"} {
		require.NoError(t, os.MkdirAll(filepath.Join(root, d), 0o755))
	}
	spec := filepath.Join(root, "openapi", "cards.yaml")
	require.NoError(t, os.WriteFile(spec, []byte(good), 0o600))
	out := filepath.Join(root, "cards", "operations.gen.go")

	// From another directory, with relative paths, as go:generate runs it through go run -C.
	t.Chdir(filepath.Join(root, "tools", "gen"))
	args := []string{"-spec", "../../openapi/cards.yaml", "-package", "cards", "-out", "../../cards/operations.gen.go"}
	require.NoError(t, run(context.Background(), args, os.Stderr))
	first, err := os.ReadFile(out)
	require.NoError(t, err)
	src := string(first)
	assert.True(t, strings.HasPrefix(src, "// Code generated by opsgen from openapi/cards.yaml. DO NOT EDIT.\n\npackage cards\n"), src)
	assert.Contains(t, src, `import "github.com/issuerkit/issuerkit-go/internal/ops"`)
	assert.Contains(t, src, "var operations = ops.NewTable([]ops.Operation{\n")
	assert.Contains(t, src, `{ID: "createCard", Method: "POST", Path: "/api/{version}/cards", Success: []int{200, 201}, RetrySafe: false},`)
	assert.Contains(t, src, `{ID: "getCard", Method: "GET", Path: "/api/{version}/cards/{card_proxy}", Success: []int{200}, RetrySafe: true, RequiredHeaders: []string{"X-Tenant", "KeyClientId"}},`)
	assert.Contains(t, src, `Paging: &ops.Paging{Style: "index", In: "query", Start: "start_index", Size: "limit", MaxSize: 100, Items: "data", Total: "meta.total"}}`)
	assert.Contains(t, src, "var sensitiveFields = []string{\n\t\"card_number\",\n\t\"cvv\",\n\t\"pins\",\n\t\"track1\",\n}\n")

	// Deterministic, and an unchanged file is not rewritten.
	info, err := os.Stat(out)
	require.NoError(t, err)
	require.NoError(t, run(context.Background(), args, os.Stderr))
	second, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, src, string(second))
	info2, err := os.Stat(out)
	require.NoError(t, err)
	assert.Equal(t, info.ModTime(), info2.ModTime())

	// A bad spec fails and leaves the output alone.
	require.NoError(t, os.WriteFile(spec, []byte(strings.Replace(good, "      operationId: getCard\n", "", 1)), 0o600))
	err = run(context.Background(), args, os.Stderr)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no operationId")
	unchanged, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, src, string(unchanged))

	// Usage errors.
	assert.Error(t, run(context.Background(), []string{"-spec", "x.yaml"}, &strings.Builder{}))
	assert.Error(t, run(context.Background(), append(args, "extra"), &strings.Builder{}))
}

func TestSourceName(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "go.mod"), []byte("module m\n"), 0o600))
	assert.Equal(t, "openapi/a.yaml", sourceName(filepath.Join(root, "openapi", "a.yaml"), filepath.Join(root, "pkg", "x.go")))
	// A spec outside the output's module: the path as given.
	outside := filepath.Join(t.TempDir(), "a.yaml")
	assert.Equal(t, filepath.ToSlash(outside), sourceName(outside, filepath.Join(root, "pkg", "x.go")))
}
