package ops

import (
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/issuerkit/issuerkit-go/internal/tools/gen/genkit"
)

// TestSizesRefusedBelowTheirLeast enumerates, in the three specs, every size parameter (the
// size of x-issuerkit-pagination, the size of each x-issuerkit-lists entry) of every operation,
// and checks that its generated method refuses, before sending (sdkclient.SizeArgument, naming
// the parameter), a value below 1 when the operation requires it and a negative one when it
// is optional (0: not sent), and that no other parameter is checked so. A required size of 0
// was sent as limit=0 (ListRTPParticipants{}), an answer with no bound on its count, and an
// optional PageSize of -5 went on the wire (issue 36). A size in the JSON body has no rule:
// a required one fails here.
func TestSizesRefusedBelowTheirLeast(t *testing.T) {
	root, err := filepath.Abs("../../../..")
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, spec := range []string{"cardplatform", "validation", "banklists"} {
		t.Run(spec, func(t *testing.T) {
			specPath, config := filepath.Join(root, "openapi", spec+".yaml"), filepath.Join(root, "openapi", spec+".codegen.yaml")
			pkg := map[string]string{"banklists": "paging"}[spec]
			if pkg == "" {
				pkg = spec
			}
			j, err := genkit.Load(specPath, config, pkg, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			a, err := collect(j.Doc)
			if err != nil {
				t.Fatal(err)
			}
			// want: `<operation id> <parameter>` of every required size parameter.
			var want []string
			for _, d := range a.Operations {
				item := j.Doc.Paths.Value(d.Path)
				op := item.GetOperation(d.Method)
				var sizes []string
				if d.Paging != nil && d.Paging.Size != "" {
					sizes = append(sizes, d.Paging.Size)
				}
				for _, l := range d.Lists {
					if l.Size != "" {
						sizes = append(sizes, l.Size)
					}
				}
				for _, s := range sizes {
					switch {
					case requiredQuery(item, op, s, "query"):
						want = append(want, d.ID+" "+s+" 1")
					case queryParam(item, op, s) || bodyMember(op, s):
						want = append(want, d.ID+" "+s+" 0")
					}
					if requiredBodyMember(op, s) {
						t.Errorf("%s: the size %q is a required member of the JSON body: the generator has no rule refusing it below 1", d.ID, s)
					}
				}
			}
			files, err := generate(t, specPath, config)
			if err != nil {
				t.Fatal(err)
			}
			src := files[clientFile]
			ids := map[string]string{} // Go method name → operation id
			for _, m := range regexp.MustCompile(`var op(\w+) = &ops\.Operation\{ID: "(\w+)"`).FindAllStringSubmatch(src, -1) {
				ids[m[1]] = m[2]
			}
			var got []string
			for _, m := range regexp.MustCompile(`if ((?:req|body)[\w.]+) < (\d) \{\n\t\treturn [^\n]*sdkclient\.SizeArgument\("(\w+)", "((?:req|body)[\w.]+)", "(\w+)", int64\(((?:req|body)[\w.]+)\), (\d)\)`).FindAllStringSubmatch(src, -1) {
				if m[1] != m[4] || m[1] != m[6] || m[2] != m[7] {
					t.Errorf("%s: the check of %s below %s reports %s, %s below %s", m[3], m[1], m[2], m[4], m[6], m[7])
				}
				got = append(got, ids[m[3]]+" "+m[5]+" "+m[2])
			}
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(want, got) {
				t.Errorf("sizes refused below their least (1 required, 0 optional) by the generated methods: %q, want %q (the spec's)", got, want)
			}
			found += len(want)
		})
	}
	if found == 0 {
		t.Error("no size parameter in the three specs: listRtpParticipants requires limit")
	}
}

// requiredBodyMember reports whether the JSON request body of op requires the member name.
func requiredBodyMember(op *openapi3.Operation, name string) bool {
	if op.RequestBody == nil || op.RequestBody.Value == nil {
		return false
	}
	for _, c := range op.RequestBody.Value.Content {
		if c != nil && c.Schema != nil && c.Schema.Value != nil && slices.Contains(c.Schema.Value.Required, name) {
			return true
		}
	}
	return false
}

// queryParam reports whether op (or its path item) has the query parameter name.
func queryParam(item *openapi3.PathItem, op *openapi3.Operation, name string) bool {
	for _, ps := range []openapi3.Parameters{item.Parameters, op.Parameters} {
		if p := ps.GetByInAndName("query", name); p != nil {
			return true
		}
	}
	return false
}

// bodyMember reports whether the JSON request body of op has the member name.
func bodyMember(op *openapi3.Operation, name string) bool {
	if op.RequestBody == nil || op.RequestBody.Value == nil {
		return false
	}
	for _, c := range op.RequestBody.Value.Content {
		if c != nil && c.Schema != nil && c.Schema.Value != nil && c.Schema.Value.Properties[name] != nil {
			return true
		}
	}
	return false
}
