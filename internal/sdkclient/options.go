package sdkclient

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/settings"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// Setter sets one client-specific setting; Own makes it a client package's core.Option.
type Setter = func(*settings.Client) error

// Own returns the core.Option of the client package client named option: set under that
// client's New, refused by any other's with an error matching ErrInvalidArgument.
func Own(client, option string, set Setter) core.Option {
	return func(c *settings.Client) error {
		if c.Name != client {
			return fmt.Errorf("%w: %s.%s is an option of package %s: %s.New does not take it",
				ErrInvalidArgument, client, option, client, c.Name)
		}
		return set(c)
	}
}

// WithAPIVersion sets the API version path segment; one that is not a plain path segment is
// refused with ErrInvalidArgument.
func WithAPIVersion(v string) Setter {
	return func(c *settings.Client) error {
		if v == "" || url.PathEscape(v) != v || unsafeSegment(v) != "" {
			return fmt.Errorf("%w: API version %q is not one plain path segment", ErrInvalidArgument, v)
		}
		c.APIVersion = v
		return nil
	}
}

// WithOperationHeader sends header key with value on every call of the operation opID that
// does not set it (the bank's KeyClientId); an empty or invalid one is refused.
func WithOperationHeader(opID, key, value string) Setter {
	return func(c *settings.Client) error {
		if value == "" {
			return fmt.Errorf("%w: empty %s header for %s", ErrInvalidArgument, key, opID)
		}
		if err := CheckHeader(key, value); err != nil {
			return err
		}
		if c.OpHeaders == nil {
			c.OpHeaders = map[string]http.Header{}
		}
		h := c.OpHeaders[opID]
		if h == nil {
			h = http.Header{}
			c.OpHeaders[opID] = h
		}
		h.Set(key, value)
		return nil
	}
}

// WithSetting stores value under key in the client's package settings (Options.Package).
func WithSetting(key string, value any) Setter {
	return func(c *settings.Client) error {
		if c.Package == nil {
			c.Package = map[string]any{}
		}
		c.Package[key] = value
		return nil
	}
}

// Apply runs opts over s, makes WithStaticToken's token the token source, checks the user
// agent, the base URL and that it is https when a token is configured (CheckSecure), and
// returns the base URL without a trailing slash.
func Apply(baseURL string, s *settings.Client, opts []core.Option) (string, error) {
	for _, o := range opts {
		if o == nil {
			continue
		}
		if err := o(s); err != nil {
			return "", err
		}
	}
	if s.StaticSet {
		s.TokenSource = StaticToken(s.StaticToken)
	}
	if s.UserAgent != "" {
		if err := CheckHeader("User-Agent", s.UserAgent); err != nil {
			return "", err
		}
	}
	u, err := CheckBaseURL(baseURL)
	if err != nil {
		return "", err
	}
	if s.TokenSource != nil {
		if err := CheckSecure(u.Scheme, u.Hostname(), s.AllowInsecureHTTP); err != nil {
			return "", err
		}
	}
	return strings.TrimRight(u.String(), "/"), nil
}

// CheckBaseURL parses a client's base URL and refuses, with an error matching
// ErrInvalidArgument that names neither, anything but an absolute http(s) URL of plain path
// segments: a query or fragment, empty ones too ("https://host/?" would put every path in the
// query), user info, an unsafe segment.
func CheckBaseURL(baseURL string) (*url.URL, error) {
	u, err := url.Parse(baseURL)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // ue quotes the whole URL, credentials included
		}
		return nil, fmt.Errorf("%w: base URL: %v", ErrInvalidArgument, err)
	}
	shown := u.Scheme + "://" + u.Host + u.EscapedPath()
	var why string
	switch {
	case u.Scheme != "https" && u.Scheme != "http", u.Host == "":
		why = "is not an absolute http(s) URL"
	case u.User != nil:
		why = "holds user info"
	case u.RawQuery != "" || u.ForceQuery || strings.Contains(baseURL, "?"):
		why = "holds a query"
	case u.Fragment != "" || strings.Contains(baseURL, "#"):
		why = "holds a fragment"
	default:
		if err := checkPath("base URL", u.EscapedPath()); err != nil {
			return nil, err
		}
		return u, nil
	}
	return nil, fmt.Errorf("%w: base URL %q %s: give scheme, host and path only", ErrInvalidArgument, shown, why)
}
