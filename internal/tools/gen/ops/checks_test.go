package ops

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// specHead is the start of every test spec.
const specHead = `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
`

// good is a spec that follows the conventions, with the cases the walker must handle:
// references, a recursive schema, sensitive fields inline, in components, in arrays and
// under allOf, and a paged operation.
const good = specHead + `
  /api/{version}/cards/{card_proxy}:
    parameters:
      - {name: version, in: path, required: true, schema: {type: string}}
      - {name: card_proxy, in: path, required: true, schema: {type: string}}
    get:
      operationId: getCard
      x-issuerkit-retry-safe: true
      x-issuerkit-handwritten: true
      x-issuerkit-lists:
        pins: {unbounded: a card's PINs}
        children: {unbounded: a card's children}
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
        defaultSize: 25
        items: data
        total: meta.total
      parameters:
        - {name: X-Optional, in: header, schema: {type: string}}
        - {name: X-Program, in: header, required: true, schema: {type: string}}
        - {name: start_index, in: query, schema: {type: integer}}
        - {name: limit, in: query, schema: {type: integer, default: 25, maximum: 100}}
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
  /fees:
    get:
      operationId: listFees
      x-issuerkit-retry-safe: true
      x-issuerkit-lists:
        .: {unbounded: no maximum documented}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: array, items: {type: object}}
  /ranked:
    get:
      operationId: listRanked
      x-issuerkit-retry-safe: true
      x-issuerkit-lists:
        items: {size: count, defaultSize: 50, maxSize: 50}
        notes: {unbounded: remarks}
      parameters:
        - {name: count, in: query, schema: {type: integer, default: 50, maximum: 50}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                allOf:
                  - type: object
                    properties:
                      items: {type: array, items: {type: object}}
                  - type: object
                    properties:
                      notes: {type: array, items: {type: string}}
                      total: {type: integer}
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

	assert.Equal(t, []*descriptor{
		{ID: "searchCards", Method: "GET", Path: "/api/{version}/cards", Success: []int{200}, RetrySafe: true,
			RequiredHeaders: []string{"X-Program"},
			Paging:          &paging{Style: "index", In: "query", Start: "start_index", Size: "limit", MaxSize: 100, DefaultSize: 25, Items: "data", Total: "meta.total"}},
		{ID: "createCard", Method: "POST", Path: "/api/{version}/cards", Success: []int{200, 201}},
		{ID: "getCard", Method: "GET", Path: "/api/{version}/cards/{card_proxy}", Success: []int{200}, RetrySafe: true, Handwritten: true,
			Lists: []list{{Member: "children", Unbounded: "a card's children"}, {Member: "pins", Unbounded: "a card's PINs"}}},
		{ID: "listFees", Method: "GET", Path: "/fees", Success: []int{200}, RetrySafe: true, Lists: []list{{Unbounded: "no maximum documented"}}},
		{ID: "listThings", Method: "POST", Path: "/list", Success: []int{200}, RetrySafe: true,
			Paging: &paging{Style: "sequence", In: "query", Start: "after", StartIn: "body", Size: "pageSize", MaxItems: 9999, Items: "things", Key: "id"}},
		{ID: "listRanked", Method: "GET", Path: "/ranked", Success: []int{200}, RetrySafe: true,
			Lists: []list{{Member: "items", Size: "count", DefaultSize: 50, MaxSize: 50}, {Member: "notes", Unbounded: "remarks"}}},
	}, got.Operations)
	assert.Equal(t, []string{"card_number", "cvv", "pins", "track1"}, got.SensitiveFields)
}

func TestCollectProblems(t *testing.T) {
	op := func(extra string, components ...string) string {
		return specHead + `
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
		{"no operationId", specHead + `
  /x:
    get:
      x-issuerkit-retry-safe: true
      responses: {'200': {description: ok}}
`, []string{"GET /x: no operationId"}},
		{"no retry-safe", specHead + `
  /x:
    get:
      operationId: getX
      responses: {'200': {description: ok}}
`, []string{"GET /x: no x-issuerkit-retry-safe"}},
		{"retry-safe not bool", specHead + `
  /x:
    get:
      operationId: getX
      x-issuerkit-retry-safe: "yes"
      responses: {'200': {description: ok}}
`, []string{"x-issuerkit-retry-safe is yes, want true or false"}},
		{"no 2xx", specHead + `
  /x:
    get:
      operationId: getX
      x-issuerkit-retry-safe: true
      responses: {'404': {description: no}}
`, []string{"GET /x: no 2xx response"}},
		{"2XX range", specHead + `
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
		{"list bounds", specHead + `
  /x:
    get:
      operationId: getX
      x-issuerkit-retry-safe: true
      x-issuerkit-lists:
        items: {size: n, unbounded: why, colour: red}
        other: {maxSize: 0}
        notes: {defaultSize: 60, maxSize: 50}
        rows: {maxSize: 5, unbounded: "also"}
      parameters:
        - {name: n, in: header, schema: {type: integer}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  items: {type: array, items: {type: object}}
                  notes: {type: array, items: {type: object}}
                  rows: {type: array, items: {type: object}}
                  tags: {type: array, items: {type: string}}
  /y:
    get:
      operationId: getY
      x-issuerkit-retry-safe: true
      x-issuerkit-lists: {count: 5}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: array, items: {type: object}}
`, []string{
			`GET /x: x-issuerkit-lists: items: unknown key "colour"`,
			`GET /x: x-issuerkit-lists: items: the operation has no query parameter "n"`,
			`GET /x: x-issuerkit-lists: other: maxSize is 0, want a positive integer`,
			`GET /x: x-issuerkit-lists: other: no bound`,
			`"other" is not an array of the success answer`,
			`GET /x: x-issuerkit-lists: notes: defaultSize 60 over maxSize 50`,
			`GET /x: x-issuerkit-lists: rows: a count bound and unbounded`,
			`GET /x: x-issuerkit-lists: 3 lists with a count bound: at most one`,
			`GET /x: the success answer's array "tags" has no bound`,
			`GET /y: x-issuerkit-lists: count: is 5, want an object`,
			`GET /y: the success answer's array "." has no bound`,
		}},
		{"paging bounds", specHead + `
  /x:
    get:
      operationId: getX
      x-issuerkit-retry-safe: true
      x-issuerkit-pagination: {style: index, in: query, start: start, size: limit, items: items}
      x-issuerkit-lists:
        items: {unbounded: twice}
        notes: {maxSize: 3}
      parameters:
        - {name: start, in: query, schema: {type: integer}}
        - {name: limit, in: query, schema: {type: integer, default: 25, maximum: 100}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  items: {type: array, items: {type: object}}
                  notes: {type: array, items: {type: object}}
  /y:
    get:
      operationId: getY
      x-issuerkit-retry-safe: true
      x-issuerkit-pagination: {style: index, in: query, start: start, size: limit, items: items, maxSize: 10, unbounded: "no"}
      parameters:
        - {name: start, in: query, schema: {type: integer}}
        - {name: limit, in: query, schema: {type: integer}}
      responses:
        '200': {description: ok}
`, []string{
			`GET /x: x-issuerkit-pagination: a call without "limit" has no bound on its items`,
			`GET /x: x-issuerkit-pagination: the query parameter "limit" defaults to 25, but defaultSize is 0`,
			`GET /x: x-issuerkit-pagination: the query parameter "limit" has maximum 100, but maxSize is 0`,
			`GET /x: x-issuerkit-lists: "items" is the items of the pages`,
			`GET /x: x-issuerkit-lists: "notes" has a count bound, but the operation pages`,
			`GET /y: x-issuerkit-pagination: a count bound (defaultSize, maxSize or maxItems, or a required size) and unbounded`,
		}},
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

// load reads and validates a test spec as genkit.Load does.
func load(ctx context.Context, path string) (*openapi3.T, error) {
	loader := openapi3.NewLoader()
	loader.Context = ctx
	doc, err := loader.LoadFromFile(path)
	if err != nil {
		return nil, err
	}
	return doc, doc.Validate(ctx)
}
