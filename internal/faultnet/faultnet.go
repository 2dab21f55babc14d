// Package faultnet is a server for tests, on 127.0.0.1 and over TLS, that speaks just enough
// HTTP/1.1 and HTTP/2 (chosen by ALPN) to receive one request per connection and answer it,
// and that breaks the exchange where the test says: in place of the TLS handshake, at any
// byte of the request or of the answer, or once the whole request arrived. It counts the
// requests it received whole (Runs: what a real server would have run) and the connections on
// which any byte of a request arrived (Touched), so that a test can prove that a client never
// sent a write twice whatever the network did.
//
// Every connection carries one request: the server answers with Connection: close (HTTP/1.1)
// or sends a GOAWAY before the answer (HTTP/2), and closes the connection once the client has.
package faultnet

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Stage is where a fault breaks the exchange.
type Stage int

const (
	// Handshake: in place of the server's first handshake message, once the ClientHello
	// arrived. No byte of the request can have been written.
	Handshake Stage = iota
	// Request: once Offset bytes of the connection's plaintext arrived (for HTTP/2 the
	// client's preface and SETTINGS count), before the whole request did.
	Request
	// Processed: once the whole request arrived; the server counted it in Runs.
	Processed
	// Answer: once Offset bytes of the answer were written, before the whole answer was.
	Answer
)

// String names the stage.
func (s Stage) String() string {
	return [...]string{"handshake", "request", "processed", "answer"}[s]
}

// Kind is how a fault breaks the exchange.
type Kind string

// The faults.
const (
	Reset            Kind = "tcp reset"                        // RST
	Close            Kind = "eof"                              // FIN, no close_notify
	Hang             Kind = "timeout"                          // nothing more, until the client gives up
	Alert            Kind = "tls alert"                        // a fatal alert record (handshake_failure), in the clear
	CloseNotify      Kind = "tls close_notify"                 // the TLS close_notify alert, then FIN
	BadRecordVersion Kind = "tls record 17 03 01 00 10"        // a record header of the wrong version
	BadRecordLength  Kind = "tls record 17 03 03 ff ff"        // an oversized record header
	RSTStream        Kind = "http2 RST_STREAM"                 // RST_STREAM(INTERNAL_ERROR) on the request's stream
	GoAway           Kind = "http2 GOAWAY"                     // GOAWAY naming no stream processed, then close
	Proxy502         Kind = "proxy 502"                        // a gateway's 502 (only once the request arrived)
	Proxy503         Kind = "proxy 503"                        // Envoy's 503 "upstream reset before headers"
	Proxy504         Kind = "proxy 504"                        // a gateway's timeout
	none             Kind = ""                                 // no fault
	h2Preface             = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" // the client's HTTP/2 preface
)

// Fault says where and how to break one connection.
type Fault struct {
	Stage  Stage
	Offset int // for Request and Answer: the bytes that go through before the break
	Kind   Kind
}

// String describes the fault.
func (f Fault) String() string {
	if f.Stage == Request || f.Stage == Answer {
		return fmt.Sprintf("%s at %s byte %d", f.Kind, f.Stage, f.Offset)
	}
	return fmt.Sprintf("%s at %s", f.Kind, f.Stage)
}

// Applies reports whether f can happen over proto ("h2" or "http/1.1").
func (f Fault) Applies(proto string) bool {
	switch f.Kind {
	case RSTStream, GoAway:
		return proto == "h2" && f.Stage != Handshake
	case CloseNotify:
		return f.Stage != Handshake
	case Proxy502, Proxy503, Proxy504:
		return f.Stage == Processed
	}
	return true
}

// Transport kinds: the faults that break the connection itself, at any stage.
var Transport = []Kind{Reset, Close, Alert, CloseNotify, BadRecordVersion, BadRecordLength, RSTStream, GoAway}

// Proxies are the answers of a proxy that forwarded the request.
var Proxies = []Kind{Proxy502, Proxy503, Proxy504}

// Reply is what the server answers a request with when no fault stops it.
type Reply struct {
	Status      int
	ContentType string
	Body        []byte
}

// Server is a running fault server.
type Server struct {
	// URL is https://127.0.0.1:port.
	URL string
	// RootCAs trusts the server's certificate.
	RootCAs *x509.CertPool

	ln     net.Listener
	cfg    *tls.Config
	wg     sync.WaitGroup
	closed chan struct{}

	mu     sync.Mutex
	faults []Fault // for the next connections, in order
	answer Reply
	lastRq int // plaintext bytes of the last request received whole
	lastAn int // bytes of the last answer written whole

	runs    atomic.Int64
	active  atomic.Int64
	missed  atomic.Int64
	touched atomic.Int64
	conns   atomic.Int64
}

// Start starts a server that answers 200 with an empty JSON object.
func Start() (*Server, error) {
	cert, pool, err := certificate()
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &Server{
		URL: "https://" + ln.Addr().String(), RootCAs: pool, ln: ln, closed: make(chan struct{}),
		cfg:    &tls.Config{Certificates: []tls.Certificate{cert}, NextProtos: []string{"h2", "http/1.1"}, MinVersion: tls.VersionTLS12},
		answer: Reply{Status: 200, ContentType: "application/json", Body: []byte("{}")},
	}
	s.wg.Add(1)
	go s.accept()
	return s, nil
}

// Close stops the server and waits for every connection to end.
func (s *Server) Close() {
	close(s.closed)
	_ = s.ln.Close()
	s.wg.Wait()
}

// SetReply sets what the server answers from now on.
func (s *Server) SetReply(a Reply) {
	s.mu.Lock()
	s.answer = a
	s.mu.Unlock()
}

// FailNext queues f for the next connection (faults are taken one per connection, in order).
func (s *Server) FailNext(f Fault) {
	s.mu.Lock()
	s.faults = append(s.faults, f)
	s.mu.Unlock()
}

// Pending returns how many queued faults no connection took yet.
func (s *Server) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.faults)
}

// Clear drops the queued faults.
func (s *Server) Clear() {
	s.mu.Lock()
	s.faults = nil
	s.mu.Unlock()
}

// Runs returns how many requests arrived whole.
func (s *Server) Runs() int64 { return s.runs.Load() }

// Missed returns how many faults never broke anything: the request or the answer was shorter
// than the fault's offset.
func (s *Server) Missed() int64 { return s.missed.Load() }

// Touched returns how many connections received at least one byte of a request (plaintext,
// after the handshake).
func (s *Server) Touched() int64 { return s.touched.Load() }

// Quiet waits until no connection is open, for at most d, and reports whether none is.
func (s *Server) Quiet(d time.Duration) bool {
	for end := time.Now().Add(d); s.active.Load() > 0; {
		if time.Now().After(end) {
			return false
		}
		time.Sleep(time.Millisecond)
	}
	return true
}

// Conns returns how many connections were accepted.
func (s *Server) Conns() int64 { return s.conns.Load() }

// Sizes returns the plaintext length of the last request that arrived whole (from the
// connection's first byte: an HTTP/2 client's preface and SETTINGS count) and of the last
// answer written whole.
func (s *Server) Sizes() (request, answer int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastRq, s.lastAn
}

func (s *Server) accept() {
	defer s.wg.Done()
	for {
		raw, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.conns.Add(1)
		s.active.Add(1)
		f := Fault{Kind: none}
		s.mu.Lock()
		if len(s.faults) > 0 {
			f, s.faults = s.faults[0], s.faults[1:]
		}
		a := s.answer
		s.mu.Unlock()
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.serve(raw, f, a)
		}()
	}
}

// errBroken is what a faultConn returns once its fault broke the connection.
var errBroken = errors.New("faultnet: connection broken by the fault")

func (s *Server) serve(raw net.Conn, f Fault, a Reply) {
	defer s.active.Add(-1)
	defer raw.Close()
	// Nothing here may outlive a test: every connection ends within a minute.
	_ = raw.SetDeadline(time.Now().Add(time.Minute))
	stop := closeOnShutdown(s, raw)
	defer stop()
	if f.Kind != none && f.Stage == Handshake {
		if readClientHello(raw) == nil {
			breakConn(raw, nil, f.Kind, 0)
		}
		return
	}
	tc := tls.Server(raw, s.cfg)
	if tc.Handshake() != nil {
		return
	}
	c := &faultConn{Conn: tc, raw: raw, f: f, s: s}
	if tc.ConnectionState().NegotiatedProtocol == "h2" {
		s.serveH2(c, a)
	} else {
		s.serveH1(c, a)
	}
}

// closeOnShutdown closes raw when the server closes; the returned function stops that.
func closeOnShutdown(s *Server, raw net.Conn) func() {
	done := make(chan struct{})
	go func() {
		select {
		case <-s.closed:
			_ = raw.Close()
		case <-done:
		}
	}()
	return func() { close(done) }
}

// readClientHello reads the client's first TLS record.
func readClientHello(raw net.Conn) error {
	hdr := make([]byte, 5)
	if _, err := io.ReadFull(raw, hdr); err != nil {
		return err
	}
	_, err := io.CopyN(io.Discard, raw, int64(binary.BigEndian.Uint16(hdr[3:])))
	return err
}

// breakConn breaks the connection raw (tc: its TLS layer, nil before the handshake) as kind
// says; stream is the HTTP/2 stream of the request (0 over HTTP/1.1).
func breakConn(raw net.Conn, tc *tls.Conn, kind Kind, stream uint32) {
	switch kind {
	case Reset:
		if t, ok := raw.(*net.TCPConn); ok {
			_ = t.SetLinger(0)
		}
		_ = raw.Close()
		return
	case Close:
		_ = raw.Close()
		return
	case Hang:
		// Until the client gives up and closes, for HangFor at most (an HTTP/2 client that
		// cancelled its stream may keep the connection open), then the connection closes.
		_ = raw.SetReadDeadline(time.Now().Add(HangFor))
		drain(raw)
		return
	case Alert:
		_, _ = raw.Write([]byte{0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x28})
	case CloseNotify:
		_ = tc.CloseWrite()
	case BadRecordVersion:
		_, _ = raw.Write([]byte{0x17, 0x03, 0x01, 0x00, 0x10})
	case BadRecordLength:
		_, _ = raw.Write([]byte{0x17, 0x03, 0x03, 0xff, 0xff})
	case RSTStream:
		_ = writeFrame(tc, frameRSTStream, 0, max(stream, 1), binary.BigEndian.AppendUint32(nil, 2))
	case GoAway:
		_ = writeFrame(tc, frameGoAway, 0, 0, binary.BigEndian.AppendUint32(make([]byte, 4), 2))
	}
	// Nothing follows what was written (a frame injected in the middle of another is
	// garbage the client might wait to complete): FIN, then wait for the client to close.
	if t, ok := raw.(*net.TCPConn); ok {
		_ = t.CloseWrite()
	}
	_ = raw.SetReadDeadline(time.Now().Add(5 * time.Second))
	drain(raw)
}

// HangFor is how long a Hang fault holds a connection that the client keeps open.
const HangFor = 500 * time.Millisecond

// drain reads raw until the client closes it (or the connection's deadline).
func drain(raw net.Conn) { _, _ = io.Copy(io.Discard, raw) }

// faultConn is the plaintext side of a connection: it counts what is read and written and
// breaks the connection at its fault's offset.
type faultConn struct {
	*tls.Conn
	raw      net.Conn
	f        Fault
	s        *Server
	read     int
	written  int
	answer   bool // the answer started: writes count toward Answer offsets
	stream   uint32
	isBroken bool
}

func (c *faultConn) Read(p []byte) (int, error) {
	if c.isBroken {
		return 0, errBroken
	}
	if c.f.Kind != none && c.f.Stage == Request {
		left := c.f.Offset - c.read
		if left <= 0 {
			c.fail(c.f.Kind)
			return 0, errBroken
		}
		p = p[:min(len(p), left)]
	}
	n, err := c.Conn.Read(p)
	if c.read == 0 && n > 0 {
		c.s.touched.Add(1)
	}
	c.read += n
	return n, err
}

func (c *faultConn) Write(p []byte) (int, error) {
	if c.isBroken {
		return 0, errBroken
	}
	if c.answer && c.f.Kind != none && c.f.Stage == Answer {
		left := c.f.Offset - c.written
		if left < len(p) {
			n, _ := c.Conn.Write(p[:max(left, 0)])
			c.written += n
			c.fail(c.f.Kind)
			return n, errBroken
		}
	}
	n, err := c.Conn.Write(p)
	if c.answer {
		c.written += n
	}
	return n, err
}

func (c *faultConn) fail(k Kind) {
	c.isBroken = true
	breakConn(c.raw, c.Conn, k, c.stream)
}

// processed counts a request that arrived whole and applies a Processed fault; it reports
// whether the server goes on to answer.
func (c *faultConn) processed(a *Reply) bool {
	c.s.runs.Add(1)
	c.s.mu.Lock()
	c.s.lastRq = c.read
	c.s.mu.Unlock()
	if c.f.Kind != none && c.f.Stage == Request {
		c.s.missed.Add(1) // the whole request arrived before the offset
	}
	if c.f.Kind == none || c.f.Stage != Processed {
		return true
	}
	switch c.f.Kind {
	case Proxy502, Proxy503, Proxy504:
		code, _ := strconv.Atoi(string(c.f.Kind[len(c.f.Kind)-3:]))
		*a = Reply{Status: code, ContentType: "text/html", Body: []byte("<html><body>upstream connect error or disconnect/reset before headers</body></html>")}
		return true
	}
	c.fail(c.f.Kind)
	return false
}

// answered records the length of an answer written whole and waits for the client to close.
func (c *faultConn) answered() {
	if c.f.Kind != none && c.f.Stage == Answer {
		c.s.missed.Add(1) // the whole answer went out before the offset
	}
	c.answer = false
	c.s.mu.Lock()
	c.s.lastAn = c.written
	c.s.mu.Unlock()
	drain(c.Conn)
}

func (s *Server) serveH1(c *faultConn, a Reply) {
	br := bufio.NewReader(c)
	req, err := http.ReadRequest(br)
	if err != nil {
		return
	}
	if _, err := io.Copy(io.Discard, req.Body); err != nil {
		return
	}
	if !c.processed(&a) {
		return
	}
	c.answer = true
	head := fmt.Sprintf("HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %d\r\nConnection: close\r\n\r\n",
		a.Status, http.StatusText(a.Status), a.ContentType, len(a.Body))
	if _, err := c.Write(append([]byte(head), a.Body...)); err != nil {
		return
	}
	c.answered()
}

// HTTP/2 frame types and flags (RFC 9113).
const (
	frameData         = 0x0
	frameHeaders      = 0x1
	frameRSTStream    = 0x3
	frameSettings     = 0x4
	framePing         = 0x6
	frameGoAway       = 0x7
	frameContinuation = 0x9
	flagEndStream     = 0x1
	flagAck           = 0x1
	flagEndHeaders    = 0x4
)

func frame(typ, flags byte, stream uint32, payload []byte) []byte {
	b := make([]byte, 9, 9+len(payload))
	b[0], b[1], b[2] = byte(len(payload)>>16), byte(len(payload)>>8), byte(len(payload))
	b[3], b[4] = typ, flags
	binary.BigEndian.PutUint32(b[5:], stream&0x7fffffff)
	return append(b, payload...)
}

func writeFrame(w io.Writer, typ, flags byte, stream uint32, payload []byte) error {
	_, err := w.Write(frame(typ, flags, stream, payload))
	return err
}

func (s *Server) serveH2(c *faultConn, a Reply) {
	r := bufio.NewReader(c)
	pre := make([]byte, len(h2Preface))
	if _, err := io.ReadFull(r, pre); err != nil || string(pre) != h2Preface {
		return
	}
	if writeFrame(c, frameSettings, 0, 0, nil) != nil {
		return
	}
	hdr := make([]byte, 9)
	for done := false; !done; {
		if _, err := io.ReadFull(r, hdr); err != nil {
			return
		}
		n := int(hdr[0])<<16 | int(hdr[1])<<8 | int(hdr[2])
		typ, flags, stream := hdr[3], hdr[4], binary.BigEndian.Uint32(hdr[5:])&0x7fffffff
		payload := make([]byte, n)
		if _, err := io.ReadFull(r, payload); err != nil {
			return
		}
		switch typ {
		case frameSettings:
			if flags&flagAck == 0 && writeFrame(c, frameSettings, flagAck, 0, nil) != nil {
				return
			}
		case framePing:
			if flags&flagAck == 0 && writeFrame(c, framePing, flagAck, 0, payload) != nil {
				return
			}
		case frameHeaders, frameContinuation, frameData:
			c.stream = stream
			done = flags&flagEndStream != 0
		case frameRSTStream, frameGoAway:
			return // the client gave up on the request (its time limit ran out)
		}
	}
	if !c.processed(&a) {
		return
	}
	// GOAWAY naming this stream as the last one, before the answer: the client has processed
	// it by the time it sees the answer, so it never sends another request on this connection.
	if writeFrame(c, frameGoAway, 0, 0, binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, c.stream), 0)) != nil {
		return
	}
	c.answer = true
	block := statusField(a.Status)
	block = append(block, 0x0f, 0x10) // content-type (static index 31), literal value
	block = appendString(block, a.ContentType)
	block = append(block, 0x0f, 0x0d) // content-length (static index 28), literal value
	block = appendString(block, strconv.Itoa(len(a.Body)))
	out := frame(frameHeaders, flagEndHeaders, c.stream, block)
	out = append(out, frame(frameData, flagEndStream, c.stream, a.Body)...)
	if _, err := c.Write(out); err != nil {
		return
	}
	c.answered()
}

// statusField is the HPACK encoding of :status (indexed when it is 200).
func statusField(code int) []byte {
	if code == 200 {
		return []byte{0x88}
	}
	return appendString([]byte{0x08}, strconv.Itoa(code)) // literal, name :status (index 8)
}

// appendString appends an HPACK string literal (no Huffman coding) of fewer than 127 bytes.
func appendString(b []byte, s string) []byte {
	return append(append(b, byte(len(s))), s...)
}

// certificate returns a self-signed ECDSA certificate for 127.0.0.1 and a pool trusting it.
func certificate() (tls.Certificate, *x509.CertPool, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "faultnet"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, BasicConstraintsValid: true, IsCA: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool, nil
}
