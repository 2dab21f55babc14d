package redisfleet_test

import (
	"context"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
	"github.com/issuerkit/issuerkit-go/paging/redisfleet"
)

var pdReq = paging.PreviousDayRequest{
	AccountNumber: []core.Secret{core.NewSecret("3123456789")},
	FromDate:      core.MustParseDate("2025-01-02"), ToDate: core.MustParseDate("2025-01-09"),
}

// replica returns a paging client for srv sharing the budget kept in the Redis at addr, as a
// replica of a service would build it.
func replica(t *testing.T, addr string, srv *pagingtest.Server, opts ...core.Option) *paging.Client {
	t.Helper()
	return replicaWith(t, &redis.Options{Addr: addr, ContextTimeoutEnabled: true}, redisfleet.Options{}, srv, opts...)
}

// replicaWith is replica with the Redis client's and the fleet's options given.
func replicaWith(t *testing.T, ro *redis.Options, fo redisfleet.Options, srv *pagingtest.Server, opts ...core.Option) *paging.Client {
	t.Helper()
	rdb := redis.NewClient(ro)
	t.Cleanup(func() { _ = rdb.Close() })
	f, err := redisfleet.New(rdb, fo)
	require.NoError(t, err)
	c, err := paging.New(srv.URL, append([]core.Option{paging.WithDocumentedAPI(), core.WithStaticToken("fleet-token"),
		paging.WithLimiter(f), paging.WithLockout(f)}, opts...)...)
	require.NoError(t, err)
	return c
}

// worstSecond returns the most requests that reached srv in any one-second window.
func worstSecond(srv *pagingtest.Server) int {
	var at []time.Time
	for _, r := range srv.Requests() {
		at = append(at, r.Time)
	}
	slices.SortFunc(at, time.Time.Compare)
	worst := 0
	for i := range at {
		j, _ := slices.BinarySearchFunc(at, at[i].Add(time.Second), time.Time.Compare)
		worst = max(worst, j-i)
	}
	return worst
}

// TestReplicasShareBudget: three replicas (each its own Redis connection and Fleet) drain a
// report with prefetch at once: the bank sees at most 5 requests in any second; then a 429
// seen by one locks the others out without reaching the bank.
func TestReplicasShareBudget(t *testing.T) {
	m := miniredis.RunT(t)
	srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(90))
	var cs []*paging.Client
	for range 3 {
		cs = append(cs, replica(t, m.Addr(), srv))
	}
	var wg sync.WaitGroup
	for _, c := range cs {
		wg.Go(func() {
			n := 0
			for _, err := range c.PreviousDayTransactions(t.Context(), pdReq, core.WithPageSize(30), core.WithEagerPrefetch(3)) {
				require.NoError(t, err)
				n++
			}
			assert.Equal(t, 90, n)
		})
	}
	wg.Wait()
	require.Len(t, srv.Requests(), 9)
	for _, r := range srv.Requests() {
		t.Log(r.Time.Format("05.000"), r.Query)
	}
	assert.LessOrEqual(t, worstSecond(srv), 5)
}

// TestLockoutAcrossReplicas: the 429 one replica gets locks the others out (*LockoutError,
// nothing sent) for the lock-out it started.
func TestLockoutAcrossReplicas(t *testing.T) {
	m := miniredis.RunT(t)
	srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithFailure(http.StatusTooManyRequests, 1))
	a := replica(t, m.Addr(), srv)
	b := replica(t, m.Addr(), srv)
	_, err := a.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq})
	require.ErrorIs(t, err, core.ErrRateLimited)
	_, err = b.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq})
	var le *core.LockoutError
	require.ErrorAs(t, err, &le)
	assert.InDelta(t, 2*time.Minute, le.Wait, float64(time.Second))
	assert.Len(t, srv.Requests(), 1)

	m.FastForward(2 * time.Minute)
	_, err = b.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq})
	assert.NoError(t, err, "the lock-out ended with its key")
}

// TestRedisTimeoutNotSent: a Redis that does not answer within the call's deadline refuses
// the request as not sent: ErrRateLimited and context.DeadlineExceeded, never an outcome
// unknown, nothing at the bank.
func TestRedisTimeoutNotSent(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI())
	m := miniredis.RunT(t)
	c := replica(t, m.Addr(), srv)
	m.Close() // connection refused: fails closed
	_, err := c.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq})
	require.ErrorIs(t, err, core.ErrRateLimited)
	assert.NotErrorIs(t, err, core.ErrOutcomeUnknown)

	// Every other limit on the wait is a minute (the fleet's round trip, go-redis's read and
	// write timeouts): only the call's deadline of 200 ms ends the call well before it.
	c = replicaWith(t, &redis.Options{Addr: silentAddr(t), ContextTimeoutEnabled: true, ReadTimeout: time.Minute, WriteTimeout: time.Minute},
		redisfleet.Options{Timeout: time.Minute}, srv)
	ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = c.ListPreviousDayTransactions(ctx, paging.ListPreviousDayTransactionsRequest{Body: pdReq})
	require.ErrorIs(t, err, core.ErrRateLimited)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.NotErrorIs(t, err, core.ErrOutcomeUnknown)
	// Far below the minute of the other limits, far above a loaded machine's delays.
	assert.Less(t, time.Since(start), 10*time.Second)
	assert.Empty(t, srv.Requests(), "nothing reached the bank")
}
