package cardplatformtest

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"github.com/issuerkit/issuerkit-go/internal/scalar"
	"github.com/issuerkit/issuerkit-go/openapi"
)

// spec is the card platform's description as the sandbox validates against it.
type spec struct {
	doc    *openapi3.T
	router routers.Router
}

// loadSpec reads the card platform's spec (package openapi) and prepares it for validation:
// enumerations marked x-issuerkit-open-enum lose their member lists (they list only the values
// the platform shows; others are accepted), the SDK's formats get validators, and the server
// list is dropped so that any host matches.
func loadSpec() (*spec, error) {
	doc, err := openapi3.NewLoader().LoadFromData(openapi.CardPlatform)
	if err != nil {
		return nil, fmt.Errorf("cardplatformtest: load spec: %w", err)
	}
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
		_, err := scalar.ParseTimestamp(s)
		return err
	}))
	doc.SetStringFormatValidator("uuid", openapi3.NewCallbackValidator(func(s string) error {
		_, err := scalar.ParseGUID(s)
		return err
	}))
	r, err := legacy.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("cardplatformtest: router: %w", err)
	}
	return &spec{doc: doc, router: r}, nil
}

// validateRequest checks r (whose body is body) against the operation of route and returns
// the offending fields with their messages, or nil when the request is valid.
func (s *spec) validateRequest(ctx context.Context, r *http.Request, route *routers.Route, params map[string]string) map[string][]string {
	in := &openapi3filter.RequestValidationInput{
		Request:    r,
		PathParams: params,
		Route:      route,
		Options: &openapi3filter.Options{
			MultiError:              true,
			SkipSettingDefaults:     true,
			AuthenticationFunc:      openapi3filter.NoopAuthenticationFunc,
			SchemaValidationOptions: s.doc.GetSchemaValidationOptions(),
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

// jsonPath turns a JSON pointer's segments into the dotted form the platform uses in
// ProblemDetails errors: person.email, items[0].amount.
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

// operationIDs lists the operation ids of the spec, sorted.
func (s *spec) operationIDs() []string {
	var ids []string
	for _, item := range s.doc.Paths.Map() {
		for _, op := range item.Operations() {
			ids = append(ids, op.OperationID)
		}
	}
	sort.Strings(ids)
	return ids
}

// has404Body reports whether the operation's 404 response carries a body; listed reports
// whether the operation lists a 404 at all.
func has404Body(op *openapi3.Operation) (body, listed bool) {
	if op == nil || op.Responses == nil {
		return false, false
	}
	ref := op.Responses.Value("404")
	if ref == nil || ref.Value == nil {
		return false, false
	}
	return len(ref.Value.Content) > 0, true
}

// has401Body reports whether the operation's 401 response carries a body.
func has401Body(op *openapi3.Operation) bool {
	if op == nil || op.Responses == nil {
		return true
	}
	ref := op.Responses.Value("401")
	return ref == nil || ref.Value == nil || len(ref.Value.Content) > 0
}
