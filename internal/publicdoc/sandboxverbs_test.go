package publicdoc

import (
	"fmt"
	"go/ast"
	"go/doc"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformfake"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/paging/banktest"
	"github.com/issuerkit/issuerkit-go/paging/pagingfake"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
	"github.com/issuerkit/issuerkit-go/validation/validationfake"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
)

// kit is one test kit of a client package: a sandbox (its main type Server) or a fake (Fake).
type kit struct {
	dir    string // the package's directory from the module root
	pkg    string // its name: cardplatformtest
	client string // the client package it serves: cardplatform
	main   reflect.Type
	// values holds every package-level name the kits of a group share, by name: a function, a
	// nil pointer of a type, a constant's or variable's value. Their shapes are compared.
	values map[string]any
	// own lists the names (package-level, or methods of the main type) that only some kits of
	// the group have, each with why: every other name is in all of them.
	own map[string]string
}

// sandboxes are the three sandboxes; TestSandboxesOfferTheSameVerbs compares them.
var sandboxes = []kit{
	{dir: "cardplatform/cardplatformtest", pkg: "cardplatformtest", client: "cardplatform",
		main: reflect.TypeFor[*cardplatformtest.Server](),
		values: map[string]any{
			"NewServer": cardplatformtest.NewServer, "Start": cardplatformtest.Start,
			"WithClientOptions": cardplatformtest.WithClientOptions,
			"Option":            (*cardplatformtest.Option)(nil), "Server": (*cardplatformtest.Server)(nil),
			"Fault": (*cardplatformtest.Fault)(nil), "Request": (*cardplatformtest.Request)(nil),
			"Token": cardplatformtest.Token, "FaultHeader": cardplatformtest.FaultHeader,
			"ErrUnknownOperation": cardplatformtest.ErrUnknownOperation,
		},
		own: map[string]string{
			"Account": "state", "Disbursement": "state", "Accounts": "state", "Cards": "state",
			"Disbursements": "state", "Seed": "records loaded at start", "SeedAccount": "records loaded at start",
			"SeedCard": "records loaded at start", "WithSeed": "records loaded at start",
			"Token": "WithToken sets the token it accepts",
		}},
	{dir: "validation/validationtest", pkg: "validationtest", client: "validation",
		main: reflect.TypeFor[*validationtest.Server](),
		values: map[string]any{
			"NewServer": validationtest.NewServer, "Start": validationtest.Start,
			"WithClientOptions": validationtest.WithClientOptions,
			"Option":            (*validationtest.Option)(nil), "Server": (*validationtest.Server)(nil),
			"Fault": (*validationtest.Fault)(nil), "Request": (*validationtest.Request)(nil),
			"Token": validationtest.Token, "FaultHeader": validationtest.FaultHeader,
			"ErrUnknownOperation": validationtest.ErrUnknownOperation,
		},
		own: map[string]string{
			"Account": "state", "AddAccount": "state",
			"WithDocumentedAPI": "the bank's API form: the card platform has one",
		}},
	{dir: "paging/pagingtest", pkg: "pagingtest", client: "paging",
		main: reflect.TypeFor[*pagingtest.Server](),
		values: map[string]any{
			"NewServer": pagingtest.NewServer, "Start": pagingtest.Start,
			"WithClientOptions": pagingtest.WithClientOptions,
			"Option":            (*pagingtest.Option)(nil), "Server": (*pagingtest.Server)(nil),
			"Fault": (*pagingtest.Fault)(nil), "Request": (*pagingtest.Request)(nil),
			"Token": pagingtest.Token, "FaultHeader": pagingtest.FaultHeader,
			"ErrUnknownOperation": pagingtest.ErrUnknownOperation,
		},
		own: map[string]string{
			"Seed": "records served", "WithSeed": "records served", "Key": "the synthetic records' keys",
			"Published":         "the bank's API form: the card platform has one",
			"WithDocumentedAPI": "the bank's API form: the card platform has one",
			"Placement":         "where the page parameters go, a setting of the bank's list endpoints",
		}},
}

// fakes are the three fakes; TestFakesOfferTheSameVerbs compares them.
var fakes = []kit{
	{dir: "cardplatform/cardplatformfake", pkg: "cardplatformfake", client: "cardplatform",
		main: reflect.TypeFor[*cardplatformfake.Fake](),
		values: map[string]any{
			"Fake": (*cardplatformfake.Fake)(nil), "Call": (*cardplatformfake.Call)(nil),
			"CallFrom": cardplatformfake.CallFrom, "Status": cardplatformfake.Status,
			"ErrAnswerLost": cardplatformfake.ErrAnswerLost,
		},
		own: map[string]string{"Problem": "the platform's error body (ProblemDetails)"}},
	{dir: "validation/validationfake", pkg: "validationfake", client: "validation",
		main: reflect.TypeFor[*validationfake.Fake](),
		values: map[string]any{
			"Fake": (*validationfake.Fake)(nil), "Call": (*validationfake.Call)(nil),
			"CallFrom": validationfake.CallFrom, "Status": validationfake.Status,
			"ErrAnswerLost": validationfake.ErrAnswerLost,
		},
		own: map[string]string{"BankError": "the bank's error body"}},
	{dir: "paging/pagingfake", pkg: "pagingfake", client: "paging",
		main: reflect.TypeFor[*pagingfake.Fake](),
		values: map[string]any{
			"Fake": (*pagingfake.Fake)(nil), "Call": (*pagingfake.Call)(nil),
			"CallFrom": pagingfake.CallFrom, "Status": pagingfake.Status,
			"ErrAnswerLost": pagingfake.ErrAnswerLost,
		},
		own: map[string]string{"BankError": "the bank's error body"}},
}

// counterparts pairs each verb of a sandbox's Server with the fake's verb that does the same:
// what a user learned on one works on the other.
var counterparts = map[string]string{
	"Client": "Client", "HTTPClient": "HTTPClient",
	"Requests": "Calls", "RequestsFor": "CallsFor", "ResetRequests": "ResetCalls",
}

// TestSandboxesOfferTheSameVerbs: the sandboxes of the three clients (cardplatformtest,
// validationtest, pagingtest) have the same package-level names and the same methods on
// Server, with the same shapes (the kit's and the client's package names aside), so that what
// a user learned on one works on the others (issue 36: pagingtest had no ResetRequests,
// cardplatformtest's Option returned an error, DefaultToken was Token elsewhere). A name only
// some of them have is listed in their own, with why; options and constants of one kit alone
// are its own settings.
func TestSandboxesOfferTheSameVerbs(t *testing.T) { compareKits(t, sandboxes) }

// TestFakesOfferTheSameVerbs: the fakes of the three clients (cardplatformfake, validationfake,
// pagingfake) have the same package-level names and the same methods on Fake, with the same
// shapes (issue 36: Client returned an error, no ResetCalls).
func TestFakesOfferTheSameVerbs(t *testing.T) { compareKits(t, fakes) }

// TestFakesMirrorTheSandboxes: each verb of a sandbox's Server has its counterpart on the
// fake of the same client, of the same shape: Client returns the client and nothing else (the
// fake's takes the client options a sandbox takes at start), Calls, CallsFor and ResetCalls
// are Requests, RequestsFor and ResetRequests over the fake's Call.
func TestFakesMirrorTheSandboxes(t *testing.T) {
	for i, sb := range sandboxes {
		fk := fakes[i]
		if sb.client != fk.client {
			t.Fatalf("sandboxes[%d] serves %s, fakes[%d] %s: keep them in one order", i, sb.client, i, fk.client)
		}
		for sv, fv := range counterparts {
			sm, ok1 := sb.main.MethodByName(sv)
			fm, ok2 := fk.main.MethodByName(fv)
			if !ok1 || !ok2 {
				t.Errorf("%s.Server.%s (%v) and %s.Fake.%s (%v) must both exist", sb.pkg, sv, ok1, fk.pkg, fv, ok2)
				continue
			}
			ss, fs := sb.norm(signature(sm.Type, 1)), fk.norm(signature(fm.Type, 1))
			ss = strings.ReplaceAll(ss, "KIT.Request", "KIT.Call")
			if sv == "Client" {
				// The fake's client options come with Client, of the type a sandbox's
				// WithClientOptions takes.
				opt := reflect.TypeOf(sb.values["WithClientOptions"]).In(0).Elem().String()
				if want := sb.norm("func(..." + opt + ") *" + sb.client + ".Client"); fs != want || ss != "func() *CLIENT.Client" {
					t.Errorf("Client: %s.Server's is %s, %s.Fake's %s; want func() *CLIENT.Client and %s", sb.pkg, ss, fk.pkg, fs, want)
				}
				continue
			}
			if ss != fs {
				t.Errorf("%s.Server.%s is %s but %s.Fake.%s is %s", sb.pkg, sv, ss, fk.pkg, fv, fs)
			}
		}
	}
}

// compareKits checks that the kits of one group have the same names and shapes.
func compareKits(t *testing.T, kits []kit) {
	t.Helper()
	docs := kitDocs(t)
	names := map[string]map[string]string{} // kit → name → kind
	for _, k := range kits {
		p, ok := docs[k.dir]
		if !ok {
			t.Fatalf("package %s not found", k.dir)
		}
		names[k.pkg] = packageNames(p)
		for i := 0; i < k.main.NumMethod(); i++ {
			names[k.pkg][k.main.Elem().Name()+"."+k.main.Method(i).Name] = "method"
		}
	}
	all := map[string]int{}
	for _, ns := range names {
		for n := range ns {
			all[n]++
		}
	}
	for _, n := range slices.Sorted(maps.Keys(all)) {
		short := n[strings.LastIndex(n, ".")+1:]
		if all[n] == len(kits) {
			if _, ok := kits[0].values[n]; !ok && names[kits[0].pkg][n] != "method" {
				t.Errorf("%s is in every kit: add it to each kit's values so that its shape is compared", n)
			}
			continue
		}
		var lacks []string
		for _, k := range kits {
			if _, ok := names[k.pkg][n]; !ok {
				lacks = append(lacks, k.pkg)
			}
		}
		for _, k := range kits {
			kind, ok := names[k.pkg][n]
			if !ok {
				continue
			}
			if _, listed := k.own[short]; !listed && !(all[n] == 1 && (kind == "option" || kind == "const" || kind == "var")) {
				t.Errorf("%s.%s (%s) is not in %v: add it to every kit of the group, or to %s's own with why", k.pkg, n, kind, lacks, k.pkg)
			}
		}
	}
	for _, k := range kits {
		for n := range k.own {
			found := false
			for full := range names[k.pkg] {
				found = found || full == n || strings.HasSuffix(full, "."+n)
			}
			if !found {
				t.Errorf("%s's own lists %s, which it does not have: remove the entry", k.pkg, n)
			}
		}
	}
	// Methods of the main type: the same signature in every kit that has them.
	for i := 0; i < kits[0].main.NumMethod(); i++ {
		m := kits[0].main.Method(i)
		want := kits[0].norm(signature(m.Type, 1))
		for _, k := range kits[1:] {
			if o, ok := k.main.MethodByName(m.Name); ok {
				if got := k.norm(signature(o.Type, 1)); got != want {
					t.Errorf("%s.%s is %s in %s but %s in %s", k.main.Elem().Name(), m.Name, want, kits[0].pkg, got, k.pkg)
				}
			}
		}
	}
	// Shared package-level names: the same shape.
	for _, n := range slices.Sorted(maps.Keys(kits[0].values)) {
		want := kits[0].shape(n)
		for _, k := range kits[1:] {
			if got := k.shape(n); got != want {
				t.Errorf("%s is %s in %s but %s in %s", n, want, kits[0].pkg, got, k.pkg)
			}
		}
	}
}

// shape describes the package-level name n of k with k's and its client's package names
// replaced by KIT and CLIENT: a function's signature, a type's kind and exported fields (its
// methods are compared apart), a value's type and text.
func (k kit) shape(n string) string {
	v, ok := k.values[n]
	if !ok {
		return "missing from " + k.pkg + "'s values"
	}
	typ := reflect.TypeOf(v)
	switch {
	case typ.Kind() == reflect.Func:
		return k.norm(signature(typ, 0))
	case typ.Kind() == reflect.Pointer && reflect.ValueOf(v).IsNil():
		t := typ.Elem()
		switch t.Kind() {
		case reflect.Func:
			return "func type " + k.norm(signature(t, 0))
		case reflect.Struct:
			if t == k.main.Elem() {
				return "the main type"
			}
			var fields []string
			for i := 0; i < t.NumField(); i++ {
				if f := t.Field(i); f.IsExported() {
					fields = append(fields, f.Name+" "+k.norm(f.Type.String()))
				}
			}
			return "struct{" + strings.Join(fields, "; ") + "}"
		}
		return t.Kind().String()
	}
	if err, ok := v.(error); ok {
		return "error " + strconvQuote(err.Error())
	}
	return typ.String() + " " + k.norm(fmt.Sprint(v))
}

// norm replaces the kit's package name (in any case: Cardplatformtest-Fault) and its client's
// with KIT and CLIENT.
func (k kit) norm(s string) string {
	s = regexp.MustCompile(`(?i)\b`+k.pkg+`\b`).ReplaceAllString(s, "KIT")
	return regexp.MustCompile(`\b`+k.client+`\.`).ReplaceAllString(s, "CLIENT.")
}

// signature writes the function type t without its first skip parameters (a receiver).
func signature(t reflect.Type, skip int) string {
	var in, out []string
	for i := skip; i < t.NumIn(); i++ {
		p := t.In(i).String()
		if t.IsVariadic() && i == t.NumIn()-1 {
			p = "..." + t.In(i).Elem().String()
		}
		in = append(in, p)
	}
	for i := 0; i < t.NumOut(); i++ {
		out = append(out, t.Out(i).String())
	}
	s := "func(" + strings.Join(in, ", ") + ")"
	switch len(out) {
	case 0:
	case 1:
		s += " " + out[0]
	default:
		s += " (" + strings.Join(out, ", ") + ")"
	}
	return s
}

// packageNames returns the exported package-level names of p, each with its kind: func, type,
// const, var, or option (a function returning the package's Option).
func packageNames(p publicPackage) map[string]string {
	out := map[string]string{}
	values := func(vs []*doc.Value, kind string) {
		for _, v := range vs {
			for _, n := range v.Names {
				if ast.IsExported(n) {
					out[n] = kind
				}
			}
		}
	}
	values(p.doc.Consts, "const")
	values(p.doc.Vars, "var")
	for _, f := range p.doc.Funcs {
		out[f.Name] = "func"
	}
	for _, typ := range p.doc.Types {
		out[typ.Name] = "type"
		values(typ.Consts, "const")
		values(typ.Vars, "var")
		for _, f := range typ.Funcs {
			out[f.Name] = "func"
			if typ.Name == "Option" {
				out[f.Name] = "option"
			}
		}
	}
	return out
}

// kits are every test kit a user imports: the sandboxes, the fakes, banktest and journaltest.
var kitDirs = []string{
	"cardplatform/cardplatformtest", "validation/validationtest", "paging/pagingtest", "paging/banktest",
	"cardplatform/cardplatformfake", "validation/validationfake", "paging/pagingfake",
	"cardplatform/journal/journaltest",
}

// TestKitsHaveAnOverview: the package doc of every test kit says what it is for, shows a short
// example (a code block) and lists its verbs under a "# Verbs" heading, naming every method
// of its main type and every function that is not an option.
func TestKitsHaveAnOverview(t *testing.T) {
	docs := kitDocs(t)
	for _, dir := range kitDirs {
		p, ok := docs[dir]
		if !ok {
			t.Errorf("package %s not found", dir)
			continue
		}
		text := p.doc.Doc
		if !strings.HasPrefix(text, "Package "+p.doc.Name+" is ") {
			t.Errorf("%s: the package doc does not start by saying what it is (Package %s is ...)", dir, p.doc.Name)
		}
		if !regexp.MustCompile(`(?m)^\t\S`).MatchString(text) {
			t.Errorf("%s: the package doc shows no example (an indented code block)", dir)
		}
		if !strings.Contains(text, "\n# Verbs\n") {
			t.Errorf("%s: the package doc has no # Verbs section", dir)
		}
		var verbs []string
		for _, f := range p.doc.Funcs {
			verbs = append(verbs, f.Name)
		}
		for _, typ := range p.doc.Types {
			if typ.Name == "Server" || typ.Name == "Fake" {
				for _, m := range typ.Methods {
					verbs = append(verbs, m.Name)
				}
			}
			if typ.Name != "Option" {
				for _, f := range typ.Funcs {
					verbs = append(verbs, f.Name)
				}
			}
		}
		for _, v := range verbs {
			if !regexp.MustCompile(`\b` + v + `\b`).MatchString(text) {
				t.Errorf("%s: the package doc does not name the verb %s", dir, v)
			}
		}
	}
}

// TestKitValuesShowTheirText: go doc of a kit shows what each of its exported constants and
// variables is, never another name it copies (var ErrUnknownOperation = errUnknownOperation
// hid the error's text; const Token = validationtest.Token the token).
func TestKitValuesShowTheirText(t *testing.T) {
	docs := kitDocs(t)
	for _, dir := range kitDirs {
		p := docs[dir]
		var vs []*doc.Value
		vs = append(vs, p.doc.Consts...)
		vs = append(vs, p.doc.Vars...)
		for _, typ := range p.doc.Types {
			vs = append(vs, typ.Consts...)
			vs = append(vs, typ.Vars...)
		}
		for _, v := range vs {
			for _, s := range v.Decl.Specs {
				spec := s.(*ast.ValueSpec)
				for i, val := range spec.Values {
					if !spec.Names[i].IsExported() {
						continue
					}
					switch val.(type) {
					case *ast.Ident, *ast.SelectorExpr:
						if id, ok := val.(*ast.Ident); ok && (id.Name == "iota" || id.Name == "true" || id.Name == "false") {
							continue
						}
						t.Errorf("%s.%s is declared as another name (%s): go doc does not show its value", dir, spec.Names[i].Name, exprString(val))
					}
				}
			}
		}
	}
}

// TestSandboxTokensAgree: every sandbox's client sends the same Token, so that banktest's
// one credential is accepted by the two sandboxes it joins.
func TestSandboxTokensAgree(t *testing.T) {
	for _, tok := range []string{cardplatformtest.Token, validationtest.Token, pagingtest.Token} {
		if tok != banktest.Token {
			t.Errorf("a sandbox's Token is %q, banktest's %q", tok, banktest.Token)
		}
	}
}

// kitDocs returns the public packages by directory.
func kitDocs(t *testing.T) map[string]publicPackage {
	t.Helper()
	out := map[string]publicPackage{}
	for _, p := range publicPackages(t) {
		out[p.dir] = p
	}
	return out
}

func strconvQuote(s string) string { return fmt.Sprintf("%q", s) }

func exprString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return exprString(e.X) + "." + e.Sel.Name
	}
	return fmt.Sprintf("%T", e)
}
