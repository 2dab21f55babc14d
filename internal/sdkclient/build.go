package sdkclient

import (
	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/ops"
	"github.com/issuerkit/issuerkit-go/internal/transport"
)

// API describes what differs between the clients: how error bodies decode, and the
// operations table. Whether a request may be re-sent travels with each call
// (transport.Call.Op), not through the table.
type API struct {
	DecodeError apierror.Decoder
	Operations  *ops.Table
	// DefaultVersion is the default of the {version} path segment, if the API has one.
	DefaultVersion string
}

// Build applies opts and returns the pipeline and the normalised base URL, with cfg filled in.
func Build(baseURL string, api API, opts []Option) (*transport.Pipeline, string, Config, error) {
	cfg := Config{APIVersion: api.DefaultVersion}
	base, err := Apply(baseURL, &cfg, opts)
	if err != nil {
		return nil, "", cfg, err
	}
	cfg.Transport.DecodeError = api.DecodeError
	p, err := transport.New(cfg.Transport)
	if err != nil {
		return nil, "", cfg, err
	}
	return p, base, cfg, nil
}
