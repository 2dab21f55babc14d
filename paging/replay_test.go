package paging_test

import (
	"bytes"
	"io"
	"net/http"
	"sync"
	"time"
)

// replay is an in-memory RoundTripper for benchmarks: the first request for a URL and body
// goes to next and its answer is kept; every request is then answered from memory after the
// latency (or the request's cancellation). It takes the server's CPU and the sockets out of a
// measurement, leaving the client's own cost and the latency.
type replay struct {
	next    http.RoundTripper
	latency time.Duration
	mu      sync.Mutex
	kept    map[string]*answer
}

// answer is one kept response.
type answer struct {
	status int
	header http.Header
	body   []byte
}

func newReplay(next http.RoundTripper, latency time.Duration) *replay {
	return &replay{next: next, latency: latency, kept: map[string]*answer{}}
}

func (m *replay) RoundTrip(r *http.Request) (*http.Response, error) {
	var body []byte
	if r.Body != nil {
		var err error
		if body, err = io.ReadAll(r.Body); err != nil {
			return nil, err
		}
		_ = r.Body.Close()
	}
	key := r.Method + " " + r.URL.String() + "\n" + string(body)
	m.mu.Lock()
	a := m.kept[key]
	m.mu.Unlock()
	if a == nil {
		fwd := r.Clone(r.Context())
		fwd.Body = io.NopCloser(bytes.NewReader(body))
		resp, err := m.next.RoundTrip(fwd)
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		if err != nil {
			return nil, err
		}
		a = &answer{status: resp.StatusCode, header: resp.Header, body: b}
		m.mu.Lock()
		m.kept[key] = a
		m.mu.Unlock()
	}
	t := time.NewTimer(m.latency)
	defer t.Stop()
	select {
	case <-t.C:
	case <-r.Context().Done():
		return nil, r.Context().Err()
	}
	return &http.Response{
		StatusCode: a.status, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: a.header.Clone(), Body: io.NopCloser(bytes.NewReader(a.body)),
		ContentLength: int64(len(a.body)), Request: r,
	}, nil
}
