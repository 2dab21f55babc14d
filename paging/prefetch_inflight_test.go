package paging_test

import (
	"net/http"
	"net/http/httptrace"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// writeCounter is an http.RoundTripper that counts the requests written to the wire in full
// (httptrace WroteRequest without an error).
type writeCounter struct {
	next  http.RoundTripper
	wrote atomic.Int64
}

func (c *writeCounter) RoundTrip(r *http.Request) (*http.Response, error) {
	trace := &httptrace.ClientTrace{WroteRequest: func(i httptrace.WroteRequestInfo) {
		if i.Err == nil {
			c.wrote.Add(1)
		}
	}}
	return c.next.RoundTrip(r.WithContext(httptrace.WithClientTrace(r.Context(), trace)))
}

// TestPrefetchLeavesNoRequestInFlight: a resume test saw one page request reach the server
// after the iteration had returned (issue 34): breaking out cancelled the pages prefetched,
// and a request already written arrived later, counted against the next run. Every request the
// client wrote has reached the server when the loop returns (the prefetcher waits for the
// answer of those on their way and cancels only those not sent), with a depth of 1 to 8 and a
// break in the first, second or a later page; the resumed iteration then asks for exactly the
// pages after the cursor.
func TestPrefetchLeavesNoRequestInFlight(t *testing.T) {
	for _, k := range []int{1, 3, 8} {
		for _, at := range []int{50, 150, 420} {
			srv := pagingtest.NewServer(t, pagingtest.WithRecords(2000), pagingtest.WithLatency(5*time.Millisecond))
			wc := &writeCounter{next: srv.HTTPClient().Transport}
			c := client(t, srv, core.WithHTTPClient(&http.Client{Transport: wc}))
			it := c.RTPTransactionsIterator(t.Context(), rtpReq, core.WithPageSize(100), core.WithPrefetch(k))
			n := 0
			for _, err := range it.Items() {
				require.NoError(t, err)
				if n++; n == at {
					break
				}
			}
			wrote, arrived := wc.wrote.Load(), len(srv.Requests())
			assert.Equal(t, wrote, int64(arrived), "k=%d break at %d: every request written reached the server before the loop returned", k, at)

			rest, err := collect(t, c.RTPTransactions(t.Context(), rtpReq, core.WithPageSize(100), core.WithPrefetch(0), core.WithCursor(it.Cursor())), rtpKey)
			require.NoError(t, err)
			assert.Equal(t, want(at+1, 2000), rest)
			assert.Equal(t, arrived+20-at/100, len(srv.Requests()), "k=%d break at %d: the resumption asks for pages %d-20 only", k, at, at/100+1)
		}
	}
}
