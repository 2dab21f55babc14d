package cardplatform

import (
	"bufio"
	"context"
	"crypto/tls"
	"encoding/binary"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// h2Frame types and flags of RFC 9113 that the hostile peer uses.
const (
	h2Data         = 0x0
	h2Headers      = 0x1
	h2RSTStream    = 0x3
	h2Settings     = 0x4
	h2Ping         = 0x6
	h2GoAway       = 0x7
	h2FlagEndStrm  = 0x1
	h2FlagAck      = 0x1
	h2ProtocolErr  = 0x1
	h2ClientPrefix = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
)

// hostileH2 is an HTTP/2 peer, over TLS, that never answers: once the whole request (its
// headers and body) has arrived it resets the stream with PROTOCOL_ERROR (goAway false), or
// sends GOAWAY naming no stream as processed and closes the connection (goAway true). Both are
// what net/http's HTTP/2 transport re-sends a request after, when it can rewind the body or
// the request has none. requests counts the requests that arrived (HEADERS frames).
type hostileH2 struct {
	*httptest.Server
	goAway   bool
	requests atomic.Int32
}

func newHostileH2(t *testing.T, goAway bool) *hostileH2 {
	p := &hostileH2{goAway: goAway}
	p.Server = httptest.NewUnstartedServer(http.NotFoundHandler())
	p.EnableHTTP2 = true
	p.Config.TLSNextProto = map[string]func(*http.Server, *tls.Conn, http.Handler){
		"h2": func(_ *http.Server, c *tls.Conn, _ http.Handler) { p.serve(c) },
	}
	p.StartTLS()
	t.Cleanup(p.Close)
	return p
}

func writeH2Frame(w io.Writer, typ, flags byte, stream uint32, payload []byte) error {
	hdr := make([]byte, 9, 9+len(payload))
	hdr[0], hdr[1], hdr[2] = byte(len(payload)>>16), byte(len(payload)>>8), byte(len(payload))
	hdr[3], hdr[4] = typ, flags
	binary.BigEndian.PutUint32(hdr[5:], stream&0x7fffffff)
	_, err := w.Write(append(hdr, payload...))
	return err
}

func (p *hostileH2) serve(c *tls.Conn) {
	r := bufio.NewReader(c)
	pre := make([]byte, len(h2ClientPrefix))
	if _, err := io.ReadFull(r, pre); err != nil || string(pre) != h2ClientPrefix {
		return
	}
	if writeH2Frame(c, h2Settings, 0, 0, nil) != nil {
		return
	}
	hdr := make([]byte, 9)
	for {
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
		case h2Settings:
			if flags&h2FlagAck == 0 && writeH2Frame(c, h2Settings, h2FlagAck, 0, nil) != nil {
				return
			}
			continue
		case h2Ping:
			if flags&h2FlagAck == 0 && writeH2Frame(c, h2Ping, h2FlagAck, 0, payload) != nil {
				return
			}
			continue
		case h2Headers:
			p.requests.Add(1)
		case h2Data:
		default:
			continue
		}
		if flags&h2FlagEndStrm == 0 {
			continue // the body is still coming
		}
		if p.goAway {
			// Last stream id 0: no stream was processed, the client may send them again.
			_ = writeH2Frame(c, h2GoAway, 0, 0, make([]byte, 8))
			time.Sleep(10 * time.Millisecond)
			return
		}
		code := make([]byte, 4)
		binary.BigEndian.PutUint32(code, h2ProtocolErr)
		if writeH2Frame(c, h2RSTStream, 0, stream, code) != nil {
			return
		}
	}
}

// TestUnsafeRequestIsNeverReplayedByHTTP2 calls every operation that must not be re-sent over
// HTTP/2 with TLS against a peer that resets the stream with PROTOCOL_ERROR, or sends GOAWAY,
// after the whole request arrived, through the SDK's default client (WithTLSConfig), the
// test server's own HTTP/2 client (WithHTTPClient) and a caller's transport wrapping it, with
// and without the idempotency headers: the request arrives once and the call matches
// ErrOutcomeUnknown. Before the fix the HTTP/2 transport rewound the body with GetBody (or
// re-sent a request without one) and sent it up to seven times.
func TestUnsafeRequestIsNeverReplayedByHTTP2(t *testing.T) {
	unsafe := opstest.UnsafeOperations(operations)
	for _, goAway := range []bool{false, true} {
		p := newHostileH2(t, goAway)
		tr := p.Client().Transport.(*http.Transport)
		clients := map[string][]core.Option{
			"default client":     {core.WithTLSConfig(&tls.Config{RootCAs: tr.TLSClientConfig.RootCAs})},
			"caller's client":    {core.WithHTTPClient(p.Client())},
			"caller's transport": {core.WithHTTPClient(&http.Client{Transport: wrappingTransport{tr}})},
		}
		for name, opts := range clients {
			for _, h := range idempotencyHeaders {
				mode := map[bool]string{false: "RST_STREAM", true: "GOAWAY"}[goAway]
				t.Run(mode+"/"+name+"/"+h, func(t *testing.T) {
					c, err := New(p.URL, append(opts, core.WithStaticToken("tok"), core.WithTimeout(20*time.Second))...)
					require.NoError(t, err)
					for _, op := range unsafe {
						var callOpts []any
						if h != "" {
							callOpts = append(callOpts, core.WithHeader(h, "key-"+op.ID))
						}
						before := p.requests.Load()
						found, err := opstest.Call(context.Background(), c, op.ID, callOpts...)
						require.True(t, found, op.ID)
						assert.Equal(t, int32(1), p.requests.Load()-before, "%s: the request arrived %d times", op.ID, p.requests.Load()-before)
						assert.True(t, errors.Is(err, core.ErrOutcomeUnknown), "%s: %v", op.ID, err)
					}
				})
			}
		}
	}
}
