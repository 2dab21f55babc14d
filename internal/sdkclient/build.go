package sdkclient

import (
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/settings"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// API describes what differs between the clients. Whether a request may be re-sent travels
// with each call (CallConfig.Op).
type API struct {
	// Name is the client package ("cardplatform", "validation", "paging"): a client-specific
	// option of another package (Own) is refused by this client's New.
	Name        string
	DecodeError apierror.Decoder
	// DefaultVersion is the default of the {version} path segment, if the API has one.
	DefaultVersion string
	// RateLimit is the default client-side limit in requests per second (WithRateLimit
	// overrides it); 0 means none.
	RateLimit float64
	// Lockout marks an API that locks a client out after a 429 (the bank's): its 429s are
	// final unless the caller opted in to waiting (WithRateLimitWait).
	Lockout bool
	// NoTracePropagation sends no trace context header unless the caller opts in
	// (WithTracePropagation): for APIs that may reject unknown headers (the bank's).
	NoTracePropagation bool
}

// Build applies opts and returns the pipeline and the normalised base URL, with cfg filled in.
func Build(baseURL string, api API, opts []core.Option) (*Pipeline, string, Options, error) {
	cfg := Options{Client: settings.Client{Name: api.Name, APIVersion: api.DefaultVersion}}
	base, err := Apply(baseURL, &cfg.Client, opts)
	if err != nil {
		return nil, "", cfg, err
	}
	if err := rateLimit(api, base, &cfg); err != nil {
		return nil, "", cfg, err
	}
	cfg.NoPropagation = api.NoTracePropagation
	if cfg.TracePropagation != nil { // WithTracePropagation
		cfg.NoPropagation = !*cfg.TracePropagation
	}
	cfg.DecodeError = api.DecodeError
	p, err := New(cfg)
	if err != nil {
		return nil, "", cfg, err
	}
	return p, base, cfg, nil
}

// NewCore returns the Core of a client built by Build: the pipeline, the base URL, the
// client's settings and where the client speaks as whom (Core.Binding).
func NewCore(p *Pipeline, base string, cfg Options) Core {
	return Core{Options: cfg, Pipeline: p, Base: base, Binding: binding(base, &cfg)}
}

// binding returns the hex SHA-256 of a domain-separation label, base (the origin and base
// path, scheme and host lower-cased) and the credential's identity (credentialIdentity, the
// one the rate-limit budget is kept under): never the credential itself.
func binding(base string, cfg *Options) string {
	if u, err := url.Parse(base); err == nil {
		base = strings.ToLower(u.Scheme+"://"+u.Host) + strings.TrimSuffix(u.EscapedPath(), "/")
	}
	h := sha256.New()
	h.Write([]byte("issuerkit-go/cursor-binding/v1\x00"))
	h.Write([]byte(base))
	h.Write([]byte{0})
	h.Write([]byte(credentialIdentity(cfg)))
	return hex.EncodeToString(h.Sum(nil))
}
