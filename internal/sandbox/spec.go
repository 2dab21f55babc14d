package sandbox

import (
	"context"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// Spec is an API's OpenAPI description as a sandbox routes and validates requests with it.
type Spec struct {
	// Doc is the description, prepared as LoadSpec says.
	Doc    *openapi3.T
	router routers.Router
}

// LoadSpec reads an OpenAPI description (YAML or JSON) and prepares it as NewSpec does.
func LoadSpec(data []byte) (*Spec, error) {
	doc, err := openapi3.NewLoader().LoadFromData(data)
	if err != nil {
		return nil, fmt.Errorf("load spec: %w", err)
	}
	return NewSpec(doc)
}

// NewSpec prepares doc for validation: enumerations marked x-issuerkit-open-enum lose their
// member lists (they list only the values the API shows; others are accepted), the SDK's
// formats (local-date-time, uuid, date) get validators, and the server list is dropped so
// that any host matches.
func NewSpec(doc *openapi3.T) (*Spec, error) {
	for _, ref := range doc.Components.Schemas {
		if ref == nil || ref.Value == nil {
			continue
		}
		if open, _ := ref.Value.Extensions["x-issuerkit-open-enum"].(bool); open {
			ref.Value.Enum = nil
		}
	}
	doc.Servers = nil
	doc.SetStringFormatValidator("local-date-time", openapi3.NewCallbackValidator(func(s string) error {
		_, err := core.ParseTimestamp(s)
		return err
	}))
	doc.SetStringFormatValidator("uuid", openapi3.NewCallbackValidator(func(s string) error {
		_, err := core.ParseGUID(s)
		return err
	}))
	doc.SetStringFormatValidator("date", openapi3.NewCallbackValidator(func(s string) error {
		_, err := core.ParseDate(s)
		return err
	}))
	r, err := legacy.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("router: %w", err)
	}
	return &Spec{Doc: doc, router: r}, nil
}

// FindRoute returns the operation of r's method and path with its path parameters, or an
// error (routers.ErrPathNotFound, routers.ErrMethodNotAllowed) when none matches.
func (s *Spec) FindRoute(r *http.Request) (*routers.Route, map[string]string, error) {
	return s.router.FindRoute(r)
}

// OperationID returns the operationId of r's method and path, or "" when none matches.
func (s *Spec) OperationID(r *http.Request) string {
	route, _, err := s.router.FindRoute(r)
	if err != nil {
		return ""
	}
	return route.Operation.OperationID
}

// Validate checks r against the operation of route and returns the offending fields with
// their messages, or nil when the request is valid. Fields are named as the card platform
// names them in its ProblemDetails: parameter names, dotted body paths (person.email,
// items[0].amount), "body" for the body as a whole. r.Body must hold the whole body; the
// caller restores it afterwards.
func (s *Spec) Validate(ctx context.Context, r *http.Request, route *routers.Route, params map[string]string) map[string][]string {
	in := &openapi3filter.RequestValidationInput{
		Request:    r,
		PathParams: params,
		Route:      route,
		Options: &openapi3filter.Options{
			MultiError:              true,
			SkipSettingDefaults:     true,
			AuthenticationFunc:      openapi3filter.NoopAuthenticationFunc,
			SchemaValidationOptions: s.Doc.GetSchemaValidationOptions(),
		},
	}
	err := openapi3filter.ValidateRequest(ctx, in)
	if err == nil {
		return nil
	}
	fields := map[string][]string{}
	collect(fields, err, "")
	if len(fields) == 0 {
		fields["body"] = []string{err.Error()}
	}
	return fields
}

// RequiresHeader reports whether the operation of route declares a required header
// parameter named name (case-insensitive, as HTTP header names are), on the operation or its
// path item: what a sandbox checks a credential header against, read from the spec.
func RequiresHeader(route *routers.Route, name string) bool {
	if route == nil || route.Operation == nil {
		return false
	}
	var params []openapi3.Parameters
	params = append(params, route.Operation.Parameters)
	if route.PathItem != nil {
		params = append(params, route.PathItem.Parameters)
	}
	for _, ps := range params {
		for _, p := range ps {
			if p != nil && p.Value != nil && p.Value.In == openapi3.ParameterInHeader && p.Value.Required &&
				strings.EqualFold(p.Value.Name, name) {
				return true
			}
		}
	}
	return false
}

// OperationIDs lists the operation ids of the spec, sorted.
func (s *Spec) OperationIDs() []string {
	var ids []string
	for _, item := range s.Doc.Paths.Map() {
		for _, op := range item.Operations() {
			ids = append(ids, op.OperationID)
		}
	}
	sort.Strings(ids)
	return ids
}

// collect adds the fields named by err (a tree of openapi3.MultiError, RequestError and
// SchemaError) to fields.
func collect(fields map[string][]string, err error, field string) {
	switch e := err.(type) {
	case openapi3.MultiError:
		for _, x := range e {
			collect(fields, x, field)
		}
	case *openapi3filter.RequestError:
		name := field
		switch {
		case e.Parameter != nil:
			name = e.Parameter.Name
		case e.RequestBody != nil && name == "":
			name = "body"
		}
		if e.Err == nil {
			add(fields, name, e.Reason)
			return
		}
		switch inner := e.Err.(type) {
		case openapi3.MultiError, *openapi3.SchemaError:
			if e.Parameter != nil {
				collect(fields, inner, name)
			} else {
				collect(fields, inner, "")
			}
		default:
			if e.Parameter != nil && e.Reason != "" {
				add(fields, name, e.Reason)
				return
			}
			add(fields, name, e.Err.Error())
		}
	case *openapi3.SchemaError:
		name := jsonPath(e.JSONPointer())
		if field != "" {
			name = field
		}
		if name == "" {
			name = "body"
		}
		add(fields, name, e.Reason)
	case *openapi3filter.SecurityRequirementsError:
		add(fields, "Authorization", e.Error())
	default:
		if field == "" {
			field = "body"
		}
		add(fields, field, err.Error())
	}
}

func add(fields map[string][]string, name, msg string) {
	for _, m := range fields[name] {
		if m == msg {
			return
		}
	}
	fields[name] = append(fields[name], msg)
}

// jsonPath turns a JSON pointer's segments into a dotted path: person.email, items[0].amount.
func jsonPath(ptr []string) string {
	var b strings.Builder
	for _, p := range ptr {
		if _, err := strconv.Atoi(p); err == nil {
			b.WriteString("[" + p + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(p)
	}
	return b.String()
}
