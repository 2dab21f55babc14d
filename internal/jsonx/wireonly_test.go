package jsonx_test

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// notAModel is the mark that a json.Marshal of the client packages' own code encodes no model
// of the SDK (a decoded value, a map, a sandbox-only type): it must follow the call on its
// line, or stand on the line above it, with the reason.
const notAModel = "not a model:"

// TestModelsAreSentWithTheWireEncoder: json.Marshal of a model masks its Secrets and
// sensitive-looking members (for the user's logs), so anything that sends, serves or compares
// what is sent must use MarshalWire (or AppendWire). Every json.Marshal in the hand-written
// code of cardplatform, validation and paging (their sandboxes and fakes too) must say why it
// encodes no model. The batch file upload sent a masked account number and card number before
// its encoder was the wire one (TestBatchfileMetadataSentAsWritten).
func TestModelsAreSentWithTheWireEncoder(t *testing.T) {
	var unmarked []string
	for _, dir := range []string{"cardplatform", "validation", "paging"} {
		err := filepath.WalkDir(filepath.Join("..", "..", dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if d.Name() == "testdata" || d.Name() == "redisfleet" { // redisfleet: a module of its own
					return filepath.SkipDir
				}
				return nil
			}
			name := d.Name()
			if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || strings.HasSuffix(name, ".gen.go") {
				return nil
			}
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			defer f.Close()
			sc := bufio.NewScanner(f)
			prev, n := "", 0
			for sc.Scan() {
				n++
				line := sc.Text()
				if strings.Contains(line, "json.Marshal(") && !strings.Contains(line, notAModel) && !strings.Contains(prev, notAModel) {
					unmarked = append(unmarked, path+":"+strconv.Itoa(n)+": "+strings.TrimSpace(line))
				}
				prev = line
			}
			return sc.Err()
		})
		require.NoError(t, err)
	}
	require.Empty(t, unmarked, "json.Marshal masks a model's secrets: send, serve and compare with jsonx.MarshalWire, or mark the call with %q and the reason", notAModel)
}
