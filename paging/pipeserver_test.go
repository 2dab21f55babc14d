package paging_test

import (
	"context"
	"net"
	"net/http"
	"sync"
	"testing"
)

// pipeServer serves h over HTTP/1.1 on in-memory connections (net.Pipe) and returns its URL
// and a client that dials it: real net/http on both ends, no socket. Started inside a
// testing/synctest bubble, every wait of the server, the client and the code under test is
// one the bubble sees, so the bubble's clock moves only when that code waits for a timer:
// a test reads how long the code under test waited, exactly, whatever the machine's load.
// (Go 1.27's httptest.NewServer does the same inside a bubble; Go 1.26's listens on
// loopback, whose waits the bubble cannot see.) The server and the client's connections
// close when the test ends.
func pipeServer(t *testing.T, h http.Handler) (string, *http.Client) {
	ln := &pipeListener{conns: make(chan net.Conn), done: make(chan struct{})}
	srv := &http.Server{Handler: h}
	served := make(chan struct{})
	go func() { defer close(served); _ = srv.Serve(ln) }()
	tr := &http.Transport{DialContext: ln.dial}
	t.Cleanup(func() {
		tr.CloseIdleConnections()
		_ = srv.Close()
		<-served
	})
	return "http://" + pipeAddr{}.String(), &http.Client{Transport: tr}
}

// pipeListener hands the server the far ends of the connections its dial makes.
type pipeListener struct {
	conns chan net.Conn
	done  chan struct{}
	once  sync.Once
}

func (l *pipeListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *pipeListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return nil
}

func (l *pipeListener) Addr() net.Addr { return pipeAddr{} }

func (l *pipeListener) dial(ctx context.Context, _, _ string) (net.Conn, error) {
	server, client := net.Pipe()
	select {
	case l.conns <- server:
		return client, nil
	case <-l.done:
		server.Close()
		client.Close()
		return nil, net.ErrClosed
	case <-ctx.Done():
		server.Close()
		client.Close()
		return nil, ctx.Err()
	}
}

// pipeAddr is the in-memory server's address; no socket has it.
type pipeAddr struct{}

func (pipeAddr) Network() string { return "pipe" }
func (pipeAddr) String() string  { return "pipe.invalid:80" }
