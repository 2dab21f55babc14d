// Package models is the part of the generator that writes the models' encoders: for every
// struct model oapi-codegen declares from the spec (read through oapi-codegen's library with
// the models' own configuration, never from generated Go), encode.gen.go gives
//
//	func (a T) MarshalJSON() ([]byte, error)             // for the user's tools: masked
//	func (a *T) appendJSON(b []byte, wire bool) ([]byte, error)
//	func (a *T) jsonZero() bool
//
// and one appendWire function, registered with internal/jsonx, through which the SDK's request
// encoder, its sandboxes and fakes, and core.MarshalWire write a model's wire encoding: the only
// encoding that writes a Secret in full. The wire encoding is exactly what encoding/json writes
// for the model without methods, followed by the members of AdditionalProperties in sorted key
// order: known fields in declaration order with their omitempty and omitzero options, strings
// escaped as encoding/json escapes them, nested models, the SDK scalars, slices and maps
// through their own append code. A field of a type that cannot be appended directly (a union
// holding raw JSON, an interface) is encoded with json.Marshal, that field alone.
// MarshalJSON, which encoding/json and slog.JSONHandler call, writes each Secret as
// Secret.String shows it and then passes the whole through redact.JSON (sensitive members,
// card numbers and SSNs in the texts, unknown members and union payloads included).
//
// encode.gen_test.go checks every model against encoding/json (internal/jsonx/jsonxtest), and
// every model that can hold a Secret for a leak through json.Marshal and both slog handlers.
//
// A model needs no String, Format or LogValue: its Secret and core.Extras fields mask
// themselves. A union does (String, GoString, Format, LogValue, also written here): its payload
// is raw JSON in an unexported field, which fmt prints without calling any method of it.
package models

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/issuerkit/issuerkit-go/internal/tools/gen/genkit"
)

// Generate writes encode.gen.go and encode.gen_test.go into the job's package.
func Generate(j *genkit.Job) error {
	p, err := load(j)
	if err != nil {
		return err
	}
	data, err := encodeData(p)
	if err != nil {
		return err
	}
	src, err := j.Render("models_encode.tmpl", data, nil)
	if err != nil {
		return err
	}
	if err := j.Write("encode.gen.go", src); err != nil {
		return err
	}
	test, err := j.Render("models_encode_test.tmpl", testData{Models: p.sortedModelNames(), HoldsSecrets: p.holdsSecrets()}, nil)
	if err != nil {
		return err
	}
	return j.Write("encode.gen_test.go", test)
}

// encodeFile is the data of models_encode.tmpl.
type encodeFile struct {
	UseMath, UseScalar bool
	Models             []modelCode
	// Unions are the union types: their payload is raw JSON in an unexported field, which fmt
	// prints without calling a method of it, so they mask themselves.
	Unions []string
}

// modelCode is one model's encoder: its fields' code, written here (each is recursive in its
// type), laid out by the template.
type modelCode struct {
	Name     string
	Fields   string // the statements appending the named fields
	Extras   string // the FieldSet of AdditionalProperties ("" when the model has none)
	Fallible bool   // appending can fail: the function declares err
	Zero     string // jsonZero's condition
}

// testData is the data of models_encode_test.tmpl.
type testData struct {
	Models       []string
	HoldsSecrets bool
}

func encodeData(p *pkgInfo) (*encodeFile, error) {
	f := &encodeFile{Unions: p.unions}
	for _, m := range p.models {
		g := &gen{p: p}
		mc := modelCode{Name: m.name, Fallible: m.extras}
		for _, fd := range m.fields {
			if fd.jsonName == "" {
				continue
			}
			t := p.resolve(fd.typ)
			if t.fallible() {
				mc.Fallible = true
			}
			x := "a." + fd.goName
			omit := t.omitExpr(x, fd)
			g.note(omit)
			if omit != "" {
				g.printf("if %s {\n", negate(omit))
			}
			key, _ := json.Marshal(fd.jsonName)
			g.printf("b = append(b, %s...)\n", strconv.Quote(string(key)+":"))
			g.value(x, t, 0, fmt.Sprintf("jsonx.MemberError(%q, %q, err)", m.name, fd.jsonName))
			g.printf("b = append(b, ',')\n")
			if omit != "" {
				g.printf("}\n")
			}
		}
		mc.Fields = strings.TrimSuffix(g.buf.String(), "\n")
		if m.extras {
			mc.Extras = lcFirst(m.name) + "Fields"
		}
		var conds []string
		for _, fd := range m.fields {
			if m.extras && fd.jsonName == "" && fd.goName == "AdditionalProperties" {
				// A core.Extras in the client's model (openapi/templates/typedef.tmpl).
				conds = append(conds, "a.AdditionalProperties.Len() == 0")
				continue
			}
			conds = append(conds, p.resolve(fd.typ).zeroExpr("a."+fd.goName))
		}
		if len(conds) == 0 {
			conds = []string{"true"}
		}
		mc.Zero = strings.Join(conds, " &&\n")
		g.note(mc.Zero)
		f.UseMath = f.UseMath || g.useMath
		f.UseScalar = f.UseScalar || g.useScalar
		f.Models = append(f.Models, mc)
	}
	return f, nil
}

// gen accumulates the code of one model's fields.
type gen struct {
	p         *pkgInfo
	buf       strings.Builder
	useMath   bool
	useScalar bool
}

func (g *gen) printf(format string, args ...any) { fmt.Fprintf(&g.buf, format, args...) }

func (g *gen) note(s string) {
	if strings.Contains(s, "math.") {
		g.useMath = true
	}
	if strings.Contains(s, "scalar.") {
		g.useScalar = true
	}
}

// value writes the statements that append the value x of type t to b. onErr is the error
// expression returned when appending fails (it may use err).
func (g *gen) value(x string, t *typeInfo, depth int, onErr string) {
	check := func(call string) {
		g.printf("if b, err = %s; err != nil {\nreturn nil, %s\n}\n", call, onErr)
	}
	switch t.kind {
	case kString:
		g.printf("b = jsonx.AppendString(b, %s)\n", x)
	case kBool:
		g.printf("b = jsonx.AppendBool(b, bool(%s))\n", x)
	case kInt:
		g.printf("b = jsonx.AppendInt(b, %s)\n", x)
	case kUint:
		g.printf("b = jsonx.AppendUint(b, %s)\n", x)
	case kFloat32:
		check(fmt.Sprintf("jsonx.AppendFloat32(b, %s)", x))
	case kFloat64:
		check(fmt.Sprintf("jsonx.AppendFloat64(b, %s)", x))
	case kScalar:
		if t.secret {
			// The only place a Secret is written in clear: the wire encoding.
			g.printf("if wire {\n")
			check(x + ".AppendJSON(b)")
			g.printf("} else {\nb = jsonx.AppendString(b, %s.String())\n}\n", x)
			return
		}
		check(x + ".AppendJSON(b)")
	case kModel:
		check(x + ".appendJSON(b, wire)")
	case kRaw:
		check(fmt.Sprintf("jsonx.AppendRaw(b, %s)", x))
	case kBytes:
		g.printf("b = jsonx.AppendBytes(b, %s)\n", x)
	case kSlice:
		i := fmt.Sprintf("i%d", depth)
		g.printf("if %s == nil {\nb = append(b, \"null\"...)\n} else {\nb = append(b, '[')\nfor %s := range %s {\n", x, i, x)
		g.value(fmt.Sprintf("%s[%s]", x, i), t.elem, depth+1, onErr)
		g.printf("b = append(b, ',')\n}\nb = jsonx.CloseArray(b)\n}\n")
	case kMap:
		k, v := fmt.Sprintf("k%d", depth), fmt.Sprintf("v%d", depth)
		g.printf("if %s == nil {\nb = append(b, \"null\"...)\n} else {\nb = append(b, '{')\nfor _, %s := range jsonx.SortedKeys(%s) {\n%s := %s[%s]\nb = jsonx.AppendKey(b, string(%s))\n", x, k, x, v, x, k, k)
		g.value(v, t.elem, depth+1, onErr)
		g.printf("b = append(b, ',')\n}\nb = jsonx.CloseObject(b)\n}\n")
	case kPtr:
		g.printf("if %s == nil {\nb = append(b, \"null\"...)\n} else {\n", x)
		g.value("(*"+x+")", t.elem, depth+1, onErr)
		g.printf("}\n")
	default:
		check(fmt.Sprintf("jsonx.AppendMarshal(b, %s)", x))
	}
}

// negate returns the negation of the condition c, written plainly when c is one comparison
// or one negation.
func negate(c string) string {
	if !strings.Contains(c, "||") && !strings.Contains(c, "&&") {
		if rest, ok := strings.CutPrefix(c, "!"); ok && !strings.ContainsAny(rest, " (") {
			return rest
		}
		if !strings.Contains(c, " ") {
			return "!" + c
		}
		if strings.Count(c, " == ") == 1 {
			return strings.Replace(c, " == ", " != ", 1)
		}
	}
	return "!(" + c + ")"
}

// lcFirst lower-cases the first letter, as oapi-codegen's lcFirst template function does.
func lcFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToLower(r[0])
	return string(r)
}
