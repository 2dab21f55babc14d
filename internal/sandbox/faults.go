package sandbox

import (
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// Fault says how an injected failure answers a call (a sandbox's Server.FailNext). Delay is
// waited first; then Drop closes the connection without an answer, or Status answers with
// that status instead of running the operation, or DropAnswer runs the operation and closes
// the connection instead of sending its answer. A Fault with only a Delay runs the operation
// late.
type Fault struct {
	// Status is the status to answer with, with the API's error body where the sandbox says
	// so.
	Status int
	// Delay is how long to wait before answering (or failing). The wait ends early when the
	// client gives up or the sandbox closes.
	Delay time.Duration
	// Drop closes the connection after the whole request was read, without an answer: the
	// client cannot know whether the operation ran. The operation does not run.
	Drop bool
	// DropAnswer runs the operation, then closes the connection instead of sending the
	// answer: the server acted and the client lost the answer. It excludes Drop and Status.
	DropAnswer bool
	// Header holds extra response headers for a Status answer, for example Retry-After.
	Header http.Header
}

// check returns an error for n < 1 or a Fault that does nothing or contradicts itself.
func (f Fault) check(n int) error {
	switch {
	case n < 1:
		return fmt.Errorf("n must be at least 1, got %d", n)
	case f.Status != 0 && (f.Status < 100 || f.Status > 599):
		return fmt.Errorf("status %d out of range", f.Status)
	case f.Status == 0 && !f.Drop && !f.DropAnswer && f.Delay <= 0:
		return errors.New("the fault neither delays, drops nor sets a status")
	case f.DropAnswer && (f.Drop || f.Status != 0):
		return errors.New("DropAnswer excludes Drop and Status")
	}
	return nil
}

type pendingFault struct {
	fault Fault
	left  int
}

// Faults holds the faults queued per operation id. Use NewFaults; safe for concurrent use.
type Faults struct {
	mu   sync.Mutex
	q    map[string][]*pendingFault
	done chan struct{}
	once sync.Once
}

// NewFaults returns an empty queue.
func NewFaults() *Faults {
	return &Faults{q: map[string][]*pendingFault{}, done: make(chan struct{})}
}

// Add queues f for the next n calls of each operation of ids, after the faults queued before.
// It returns an error for n < 1 or a Fault that neither delays, drops nor sets a status in
// 100-599, or whose DropAnswer comes with Drop or Status.
func (fs *Faults) Add(ids []string, n int, f Fault) error {
	if err := f.check(n); err != nil {
		return err
	}
	f.Header = f.Header.Clone()
	fs.mu.Lock()
	defer fs.mu.Unlock()
	for _, id := range ids {
		fs.q[id] = append(fs.q[id], &pendingFault{fault: f, left: n})
	}
	return nil
}

// Take returns the fault for the next call of operation id, if any, and counts it down.
func (fs *Faults) Take(id string) (Fault, bool) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	q := fs.q[id]
	if len(q) == 0 {
		return Fault{}, false
	}
	f := q[0]
	f.left--
	if f.left <= 0 {
		fs.q[id] = q[1:]
	}
	return f.fault, true
}

// Stop ends the delays in progress (the sandbox is closing). Calling it again is harmless.
func (fs *Faults) Stop() { fs.once.Do(func() { close(fs.done) }) }

// Apply waits f's delay, then applies Drop or Status: a Status answer carries f's headers
// and header: "injected", and writeStatus writes the status (and the body the API gives it).
// It reports whether the operation should still run (only a delay, or DropAnswer).
func (fs *Faults) Apply(w http.ResponseWriter, r *http.Request, f Fault, header string, writeStatus func(w http.ResponseWriter, status int)) bool {
	if f.Delay > 0 {
		t := time.NewTimer(f.Delay)
		select {
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
			return false
		case <-fs.done:
			t.Stop()
			w.WriteHeader(http.StatusServiceUnavailable)
			return false
		}
	}
	switch {
	case f.Drop:
		DropConnection(w)
		return false
	case f.Status != 0:
		for k, vs := range f.Header {
			for _, v := range vs {
				w.Header().Add(k, v)
			}
		}
		w.Header().Set(header, "injected")
		writeStatus(w, f.Status)
		return false
	}
	return true
}

// Serve answers a call of operation id as the three sandboxes do: the fault queued for it, if
// any, is applied first (Apply: header and writeStatus as there); then serve answers the call,
// unless the fault ended it (Drop, Status, the client gone). For DropAnswer serve runs into an
// answer that is discarded and the connection is closed instead.
func (fs *Faults) Serve(w http.ResponseWriter, r *http.Request, id, header string, writeStatus func(w http.ResponseWriter, status int), serve func(w http.ResponseWriter)) {
	if f, ok := fs.Take(id); ok {
		if !fs.Apply(w, r, f, header, writeStatus) {
			return
		}
		if f.DropAnswer {
			serve(&DiscardWriter{})
			DropConnection(w)
			return
		}
	}
	serve(w)
}

// DropConnection closes the connection under w without an answer. Over HTTP/2, where a
// handler cannot take the connection, it resets the request's stream instead (it panics with
// http.ErrAbortHandler, which the server turns into RST_STREAM): either way, no answer.
func DropConnection(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		panic(http.ErrAbortHandler)
	}
	if conn, _, err := hj.Hijack(); err == nil {
		_ = conn.Close()
	}
}

// DiscardWriter takes an answer that is never sent (Fault.DropAnswer).
type DiscardWriter struct {
	header http.Header
}

// Header returns the headers of the discarded answer.
func (d *DiscardWriter) Header() http.Header {
	if d.header == nil {
		d.header = http.Header{}
	}
	return d.header
}

// Write discards p.
func (d *DiscardWriter) Write(p []byte) (int, error) { return len(p), nil }

// WriteHeader discards the status.
func (d *DiscardWriter) WriteHeader(int) {}
