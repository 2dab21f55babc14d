package models

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
)

// kind is how a Go type is written as JSON.
type kind int

const (
	kMarshal kind = iota // anything else: json.Marshal of the value
	kString
	kBool
	kInt
	kUint
	kFloat32
	kFloat64
	kScalar // an SDK scalar: AppendJSON and IsZero
	kModel  // a generated model: appendJSON and jsonZero
	kRaw    // json.RawMessage
	kBytes  // []byte: base64
	kSlice
	kMap // map with string keys
	kPtr
)

// typeInfo is the resolved form of a field's type.
type typeInfo struct {
	kind    kind
	expr    string    // the type as written in the source
	elem    *typeInfo // kSlice, kMap, kPtr
	isZeroM bool      // the type has an IsZero method (encoding/json's omitzero calls it)
	secret  bool      // kScalar: the Secret type, written in clear only by the wire encoding
}

// scalars are the SDK's shared scalar types, with AppendJSON and IsZero methods: defined in
// package core (openapi/core), aliased in internal/scalar and, under their bare names, in
// every client package (facade.gen.go), which is how the models name them.
var scalars = map[string]bool{
	"scalar.Timestamp": true, "scalar.Decimal": true, "scalar.Secret": true, "scalar.GUID": true, "scalar.Date": true,
	"core.Timestamp": true, "core.Decimal": true, "core.Secret": true, "core.GUID": true, "core.Date": true,
}

// resolve classifies the type expression t.
func (p *pkgInfo) resolve(t ast.Expr) *typeInfo {
	ti := &typeInfo{expr: exprString(t)}
	switch t := t.(type) {
	case *ast.Ident:
		switch t.Name {
		case "string":
			ti.kind = kString
			return ti
		case "bool":
			ti.kind = kBool
			return ti
		case "int", "int8", "int16", "int32", "int64":
			ti.kind = kInt
			return ti
		case "uint", "uint8", "uint16", "uint32", "uint64":
			ti.kind = kUint
			return ti
		case "float32":
			ti.kind = kFloat32
			return ti
		case "float64":
			ti.kind = kFloat64
			return ti
		}
		ts := p.decls[t.Name]
		if ts == nil && scalars["scalar."+t.Name] {
			// The SDK scalar under the client package's own alias (Decimal for core.Decimal).
			ti.kind, ti.isZeroM, ti.secret = kScalar, true, t.Name == "Secret"
			return ti
		}
		if ts == nil || ts.TypeParams != nil {
			return ti // any, error, or unknown: json.Marshal
		}
		ms := p.methods[t.Name]
		if ts.Assign != 0 {
			r := p.resolve(ts.Type)
			r.expr = ti.expr
			return r
		}
		if ms["MarshalJSON"] && !p.isModel[t.Name] || ms["MarshalText"] {
			return ti
		}
		if p.isModel[t.Name] {
			ti.kind = kModel
			return ti
		}
		u := p.resolve(ts.Type)
		switch u.kind {
		case kString, kBool, kInt, kUint, kFloat32, kFloat64:
			ti.kind = u.kind
			ti.isZeroM = ms["IsZero"]
		}
		return ti
	case *ast.SelectorExpr:
		switch {
		case scalars[ti.expr]:
			ti.kind, ti.isZeroM, ti.secret = kScalar, true, t.Sel.Name == "Secret"
		case ti.expr == "json.RawMessage":
			ti.kind = kRaw
		}
		return ti
	case *ast.ArrayType:
		if t.Len != nil {
			return ti
		}
		if id, ok := t.Elt.(*ast.Ident); ok && (id.Name == "byte" || id.Name == "uint8") {
			ti.kind = kBytes
			return ti
		}
		ti.kind, ti.elem = kSlice, p.resolve(t.Elt)
		return ti
	case *ast.MapType:
		if k := p.resolve(t.Key); k.kind != kString || k.isZeroM {
			return ti
		}
		ti.kind, ti.elem = kMap, p.resolve(t.Value)
		return ti
	case *ast.StarExpr:
		ti.kind, ti.elem = kPtr, p.resolve(t.X)
		return ti
	}
	return ti
}

// fallible reports whether appending a value of the type can fail.
func (t *typeInfo) fallible() bool {
	switch t.kind {
	case kString, kBool, kInt, kUint, kBytes:
		return false
	case kSlice, kMap, kPtr:
		return t.elem.fallible()
	}
	return true
}

// emptyExpr is encoding/json's isEmptyValue (omitempty) for x, or "" when it is never empty.
func (t *typeInfo) emptyExpr(x string) string {
	switch t.kind {
	case kString:
		return x + ` == ""`
	case kBool:
		return "!" + x
	case kInt, kUint, kFloat32, kFloat64:
		return x + " == 0"
	case kRaw, kBytes, kSlice, kMap:
		return "len(" + x + ") == 0"
	case kPtr:
		return x + " == nil"
	}
	return ""
}

// zeroExpr is reflect.Value.IsZero for x, as encoding/json's omitzero applies it to a type
// without an IsZero method, and as it counts the fields of a struct.
func (t *typeInfo) zeroExpr(x string) string {
	switch t.kind {
	case kString:
		return x + ` == ""`
	case kBool:
		return "!" + x
	case kInt, kUint:
		return x + " == 0"
	case kFloat32:
		return "math.Float32bits(float32(" + x + ")) == 0"
	case kFloat64:
		return "math.Float64bits(float64(" + x + ")) == 0"
	case kScalar:
		return x + " == (" + t.expr + "{})"
	case kModel:
		return x + ".jsonZero()"
	case kRaw, kBytes, kSlice, kMap, kPtr:
		return x + " == nil"
	}
	return "jsonx.ReflectZero(&" + x + ")"
}

// omitExpr is the condition under which encoding/json leaves the field out.
func (t *typeInfo) omitExpr(x string, f field) string {
	if t.kind == kMarshal || t.kind == kPtr && f.omitZero {
		if !f.omitEmpty && !f.omitZero {
			return ""
		}
		return fmt.Sprintf("jsonx.Omitted(&%s, %t, %t)", x, f.omitEmpty, f.omitZero)
	}
	var conds []string
	if f.omitEmpty {
		if e := t.emptyExpr(x); e != "" {
			conds = append(conds, e)
		}
	}
	switch {
	case !f.omitZero:
	case t.isZeroM:
		conds = append(conds, x+".IsZero()")
	case len(conds) == 0:
		conds = append(conds, t.zeroExpr(x))
		// else: every reflect-zero value of a kind with an omitempty test is also empty.
	}
	switch len(conds) {
	case 0:
		return ""
	case 1:
		return conds[0]
	}
	return "(" + conds[0] + ") || (" + conds[1] + ")"
}

func exprString(e ast.Expr) string {
	var b bytes.Buffer
	_ = printer.Fprint(&b, token.NewFileSet(), e)
	return b.String()
}
