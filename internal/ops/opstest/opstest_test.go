package opstest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/ops"
)

func TestReadExpected(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o600))
		return p
	}
	rows, err := ReadExpected(write("ok.txt", "# comment\n\nGET /a/{x} 200 retry\n  POST /b 200,201  \n"))
	require.NoError(t, err)
	assert.Equal(t, []Row{
		{Method: "GET", Path: "/a/{x}", Success: []int{200}, RetrySafe: true},
		{Method: "POST", Path: "/b", Success: []int{200, 201}},
	}, rows)

	for name, body := range map[string]string{
		"fields.txt":   "GET /a\n",
		"status.txt":   "GET /a 404\n",
		"number.txt":   "GET /a two\n",
		"order.txt":    "GET /a 201,200\n",
		"toomany.txt":  "GET /a 200 x\n",
		"five.txt":     "GET /a 200 retry x\n",
		"nocomma.txt":  "GET /a 200;201\n",
		"trailing.txt": "GET /a 200,\n",
	} {
		_, err := ReadExpected(write(name, body))
		assert.Error(t, err, name)
	}
	_, err = ReadExpected(filepath.Join(dir, "absent.txt"))
	assert.Error(t, err)
}

func TestDiff(t *testing.T) {
	want := []Row{
		{Method: "GET", Path: "/a", Success: []int{200}},
		{Method: "POST", Path: "/a", Success: []int{200, 201}},
		{Method: "GET", Path: "/b", Success: []int{200}},
	}
	tab := ops.NewTable([]ops.Operation{
		{ID: "getA", Method: "GET", Path: "/a", Success: []int{200}},
		{ID: "postA", Method: "POST", Path: "/a", Success: []int{201}},
		{ID: "getC", Method: "GET", Path: "/c", Success: []int{200}},
	})
	assert.Equal(t, []string{
		"different: want POST /a 200,201, got POST /a 201",
		"extra: GET /c 200",
		"missing: GET /b 200",
	}, Diff(want, tab))

	assert.Equal(t, []string{"different: want GET /a 200 retry, got GET /a 200"},
		Diff([]Row{{Method: "GET", Path: "/a", Success: []int{200}, RetrySafe: true}}, ops.NewTable([]ops.Operation{{Method: "GET", Path: "/a", Success: []int{200}}})))
	assert.Empty(t, Diff(want[:1], ops.NewTable([]ops.Operation{{Method: "GET", Path: "/a", Success: []int{200}}})))
	assert.Equal(t, []string{"duplicate in expected table: GET /a"}, Diff(append(want[:1:1], want[0]), ops.NewTable([]ops.Operation{{Method: "GET", Path: "/a", Success: []int{200}}})))
}

func TestSamplePath(t *testing.T) {
	assert.Equal(t, "/api/x2-3f2a/cards/x4-3f2a/pin", SamplePath("/api/{version}/cards/{card_proxy}/pin"))
	assert.Equal(t, "/a/b", SamplePath("/a/b"))
}
