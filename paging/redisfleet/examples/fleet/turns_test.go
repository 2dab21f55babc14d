package main

import (
	"io"
	"net"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// turnRecorder is a TCP proxy in front of the fleet's Redis that keeps every byte Redis
// sends, to read afterwards the turns its turn script reserved: the replies {1, wait µs,
// epoch, Redis's now µs} (redisfleet's turnScript), each a turn at now + wait on Redis's
// clock. Redis computes them in its script, so they are what the fleet scheduled whatever
// the machine's load.
type turnRecorder struct {
	ln      net.Listener
	target  string
	wg      sync.WaitGroup
	mu      sync.Mutex
	replies [][]byte // each connection's bytes from Redis
}

// recordTurns starts a turnRecorder in front of the Redis at addr; it closes when the test
// ends.
func recordTurns(t *testing.T, addr string) *turnRecorder {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	r := &turnRecorder{ln: ln, target: addr}
	r.wg.Go(r.accept)
	t.Cleanup(func() { _ = ln.Close(); r.wg.Wait() })
	return r
}

// Addr is the address the replicas dial instead of Redis's.
func (r *turnRecorder) Addr() string { return r.ln.Addr().String() }

func (r *turnRecorder) accept() {
	for {
		c, err := r.ln.Accept()
		if err != nil {
			return
		}
		r.wg.Go(func() { r.relay(c) })
	}
}

// relay carries one connection both ways until either side closes it, keeping Redis's side.
func (r *turnRecorder) relay(c net.Conn) {
	defer c.Close()
	up, err := net.Dial("tcp", r.target)
	if err != nil {
		return
	}
	defer up.Close()
	go func() { _, _ = io.Copy(up, c); _ = up.Close() }()
	var got recorded
	_, _ = io.Copy(io.MultiWriter(c, &got), up)
	r.mu.Lock()
	r.replies = append(r.replies, got.b)
	r.mu.Unlock()
}

// recorded is an io.Writer that keeps what it is given.
type recorded struct{ b []byte }

func (w *recorded) Write(p []byte) (int, error) { w.b = append(w.b, p...); return len(p), nil }

// reservedTurn matches the turn script's reply of a reserved turn, in RESP: an array of
// 1, the wait (µs), the epoch (a bulk string of digits) and Redis's now (µs).
var reservedTurn = regexp.MustCompile(`\*4\r\n:1\r\n:(\d+)\r\n\$\d+\r\n\d+\r\n:(\d+)\r\n`)

// turns returns the turns reserved through r, sorted. Call it once the replicas have ended:
// it stops r and waits for their connections to close.
func (r *turnRecorder) turns() []time.Time {
	_ = r.ln.Close()
	r.wg.Wait()
	r.mu.Lock()
	defer r.mu.Unlock()
	var at []time.Time
	for _, b := range r.replies {
		for _, m := range reservedTurn.FindAllSubmatch(b, -1) {
			wait, _ := strconv.ParseInt(string(m[1]), 10, 64)
			now, _ := strconv.ParseInt(string(m[2]), 10, 64)
			at = append(at, time.UnixMicro(now+wait))
		}
	}
	slices.SortFunc(at, time.Time.Compare)
	return at
}
