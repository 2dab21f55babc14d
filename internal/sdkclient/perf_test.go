package sdkclient

import (
	"bytes"
	"io"
	"net/http"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/settings"
)

// memoryTransport answers every request in memory, so a benchmark measures the pipeline only.
type memoryTransport struct{ body []byte }

func (m memoryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		_ = req.Body.Close()
	}
	return &http.Response{
		StatusCode: 200, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header:  http.Header{"Content-Type": {"application/json"}},
		Body:    io.NopCloser(bytes.NewReader(m.body)),
		Request: req,
	}, nil
}

// BenchmarkSend is one GET through the whole pipeline (user agent, correlation id, retry,
// auth) over an in-memory transport.
func BenchmarkSend(b *testing.B) {
	p, err := New(Options{Client: settings.Client{
		HTTPClient:  &http.Client{Transport: memoryTransport{body: []byte(`{"ok":true}`)}},
		TokenSource: StaticToken("bench-token"),
	}, DecodeError: apierror.DecodeProblem})
	if err != nil {
		b.Fatal(err)
	}
	req, _ := http.NewRequest("GET", "https://api.example.com/api/v1/cards/proxy-1", nil)
	call := &CallConfig{Op: readOp}
	b.ReportAllocs()
	for b.Loop() {
		resp, err := p.Send(req, call)
		if err != nil {
			b.Fatal(err)
		}
		DrainAndClose(resp.Body)
	}
}
