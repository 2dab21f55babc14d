package sdkclient

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/settings"
	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/ops"
)

// TestSendRefusesDotSegments: the check behind PathArgument holds for any request a method
// builds (a hand-written one, a {version} segment): a path with a dot segment in clear or
// encoded fails with ErrInvalidArgument before the network.
func TestSendRefusesDotSegments(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		w.WriteHeader(http.StatusOK)
	}))
	defer srv.Close()
	op := ops.Operation{ID: "look", Method: http.MethodGet, Path: "/look/{x}", Success: []int{200}, RetrySafe: true}
	table := ops.NewTable([]ops.Operation{op})
	api := API{DecodeError: apierror.DecodeBankError}
	p, base, cfg, err := Build(srv.URL, api, []core.Option{core.WithHTTPClient(srv.Client())})
	require.NoError(t, err)
	c := NewCore(p, base, cfg)
	for _, path := range []string{"/look/.", "/look/..", "/look/../x", "/./look", "/look/%2e%2E", "/look/..%3B/x", "/look/%252e?x=1", "/look/a%2Fb"} {
		err := CallNoContent[core.CallOption](t.Context(), &c, Request{Op: table.Op("look"), Path: path}, nil)
		assert.ErrorIs(t, err, ErrInvalidArgument, "%s", path)
	}
	assert.Zero(t, hits.Load(), "no request reached the server")
	require.NoError(t, CallNoContent[core.CallOption](t.Context(), &c, Request{Op: table.Op("look"), Path: "/look/a.b?q=..%2F"}, nil),
		"dots inside a segment and anything in the query pass")
	assert.Equal(t, int32(1), hits.Load())
}

// TestAPIVersionDotSegment: WithAPIVersion refuses a version the {version} segment could not
// carry as one segment.
func TestAPIVersionDotSegment(t *testing.T) {
	for _, v := range []string{"", ".", "..", "%2e%2e", "v1/..", "v1?x", "v1#x", "v\r\n1"} {
		var cfg settings.Client
		err := WithAPIVersion(v)(&cfg)
		assert.ErrorIs(t, err, ErrInvalidArgument, "%q", v)
		if err != nil {
			assert.False(t, strings.ContainsAny(err.Error(), "\r\n"), "no raw line break in %q", err.Error())
		}
	}
	var cfg settings.Client
	require.NoError(t, WithAPIVersion("v2.1")(&cfg))
	assert.Equal(t, "v2.1", cfg.APIVersion)
}

// TestSendChecksTheWholeURL: a Request given as a whole URL (as the generated methods build
// it) gets the same path check as one given as a Path, and a URL that does not start with the
// client's base URL is refused before the network.
func TestSendChecksTheWholeURL(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		w.WriteHeader(http.StatusOK)
	}))
	defer srv.Close()
	op := ops.Operation{ID: "look", Method: http.MethodGet, Path: "/look/{x}", Success: []int{200}, RetrySafe: true}
	table := ops.NewTable([]ops.Operation{op})
	api := API{DecodeError: apierror.DecodeBankError}
	p, base, cfg, err := Build(srv.URL, api, []core.Option{core.WithHTTPClient(srv.Client())})
	require.NoError(t, err)
	c := NewCore(p, base, cfg)
	for _, u := range []string{base + "/look/..", base + "/look/%2e%2E", "http://elsewhere.example/look/x", base + "/../look/x"} {
		err := CallNoContent[core.CallOption](t.Context(), &c, Request{Op: table.Op("look"), URL: u}, nil)
		assert.ErrorIs(t, err, ErrInvalidArgument, "%s", u)
	}
	assert.Zero(t, hits.Load(), "no request reached the server")
	require.NoError(t, CallNoContent[core.CallOption](t.Context(), &c, Request{Op: table.Op("look"), URL: base + "/look/a.b"}, nil))
	assert.Equal(t, int32(1), hits.Load())
}
