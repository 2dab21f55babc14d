package ops

import (
	"fmt"
	"regexp"
	"strings"
)

// fakeFile is the data of ops_fake.tmpl: the typed fake of a client package (package
// <pkg>fake), one function field per generated method, with the method's own arguments and
// result, served to the real client through an http.RoundTripper (internal/fakekit).
type fakeFile struct {
	Pkg     string
	Problem bool // errors are ProblemDetails bodies (else the bank's error body)
	Ops     []fakeOp
}

// fakeVerbs is the data of ops_fake_verbs.tmpl: the verbs every fake of a client package
// offers, whether its Fake is generated (fakeFile) or written by hand.
type fakeVerbs struct {
	Pkg     string
	Problem bool // errors are ProblemDetails bodies (else the bank's error body)
}

// fakeOp is one faked method and its route.
type fakeOp struct {
	Name, ID, Method, Path string
	Status                 int      // the first success status: the fake answers it
	Params                 string   // the function's parameters, qualified: "ctx context.Context, ..."
	Result                 string   // the function's result: error, (*pkg.T, error)
	Decodes                []decode // how the handler reads each argument from the request
	Args                   string   // the arguments the handler passes: "ctx, cardProxy, req"
	NoContent              bool     // the method returns only an error
	// Raw marks a hand-written method (a stream, several answers): its field is an
	// http.HandlerFunc that answers the request itself, so the fake still has every
	// operation of the spec.
	Raw bool
}

// decode reads one argument, or one field of the request struct, from the request: it
// declares Var of Type when Var is set, then calls in.<From>(Name, &Dest) (in.Body(&Dest)
// when Name is empty), or fakekit.BodyMember for a page parameter the body carries.
type decode struct {
	Var, Type        string
	From, Name, Dest string
	Member           bool
}

// newFakeFile computes the fake of the generated methods of m.
func newFakeFile(m *model, problem bool) (*fakeFile, error) {
	f := &fakeFile{Pkg: m.pkg, Problem: problem}
	q := func(t string) string { return qualify(t, m.pkg) }
	for _, op := range m.defs {
		name := op.OperationId
		o := fakeOp{Name: name, ID: m.rawID(op), Method: op.Method, Path: op.Path}
		if handwritten(op.Spec) {
			o.Raw = true
			f.Ops = append(f.Ops, o)
			continue
		}
		params, args := []string{"ctx context.Context"}, []string{"ctx"}
		for _, a := range pathArguments(op) {
			params = append(params, a.name+" "+q(a.typ))
			o.Decodes = append(o.Decodes, decode{Var: a.name, Type: q(a.typ), From: "Path", Name: a.def.ParamName, Dest: a.name})
			args = append(args, a.name)
		}
		fields := requestFields(op)
		bodyType := jsonBodyType(op)
		result, status, err := successResult(op)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		switch reqType := requestType(name, fields, m.models); {
		case reqType != "":
			params = append(params, "req "+q(reqType))
			o.Decodes = append(o.Decodes, decode{Var: "req", Type: q(reqType)})
			for _, fl := range fields {
				from := "Query"
				if fl.def.In == "header" {
					from = "Header"
				}
				o.Decodes = append(o.Decodes, decode{From: from, Name: fl.def.ParamName, Dest: "req." + fl.name})
			}
			if bodyType != "" {
				o.Decodes = append(o.Decodes, decode{From: "Body", Dest: "req.Body"})
				// The page parameters the bank's published form carries in the body reach the
				// function typed, whichever form the client speaks.
				moved, _ := movableParams(m.pkg, op, bodyType)
				for _, fl := range fields {
					if fl.def.In == "query" && moved[fl.def.ParamName] {
						o.Decodes = append(o.Decodes, decode{Member: true, Name: fl.def.ParamName, Dest: "req." + fl.name})
					}
				}
			}
			args = append(args, "req")
		case bodyType != "":
			params = append(params, "body "+q(bodyType))
			o.Decodes = append(o.Decodes, decode{Var: "body", Type: q(bodyType), From: "Body", Dest: "body"})
			args = append(args, "body")
		}
		o.Params, o.Args = strings.Join(params, ", "), strings.Join(args, ", ")
		switch {
		case result == "":
			o.Result, o.NoContent = "error", true
		case strings.HasPrefix(result, "[]"):
			o.Result = "(" + q(result) + ", error)"
		default:
			o.Result = "(*" + q(result) + ", error)"
		}
		// Several successes ("200 or 206"): the fake answers the first.
		o.Status = firstStatus(status)
		f.Ops = append(f.Ops, o)
	}
	return f, nil
}

var exported = regexp.MustCompile(`\b(?:[a-z][A-Za-z0-9_]*\.)?[A-Z][A-Za-z0-9_]*\b`)

// qualify prefixes the package's own type names in t with pkg.
func qualify(t, pkg string) string {
	return exported.ReplaceAllStringFunc(t, func(name string) string {
		if strings.Contains(name, ".") { // already another package's (core.GUID)
			return name
		}
		return pkg + "." + name
	})
}
