package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/redisfleet"
)

// The environment a replica reads, set by the fleet.
const (
	envBank    = "FLEET_BANK_URL"
	envRedis   = "FLEET_REDIS_ADDR"
	envReplica = "FLEET_REPLICA"
	envRecords = "FLEET_RECORDS"
)

// token is the one credential of the fleet (the sandbox accepts any).
const token = "fleet-credential"

// Kinds of event a replica reports, one JSON line each on stdout.
const (
	kindRateLimited = "429"     // the bank answered 429: the replica started the lock-out
	kindLockout     = "lockout" // refused locally: another replica's 429 locked it out
	kindDone        = "done"    // drained
)

// event is one line a replica prints.
type event struct {
	Replica int           `json:"replica"`
	Kind    string        `json:"kind"`
	Items   int           `json:"items"`          // items drained so far
	Wait    time.Duration `json:"wait,omitempty"` // lock-out left
	At      time.Time     `json:"at"`
}

func (e event) String() string {
	switch e.Kind {
	case kindRateLimited:
		return fmt.Sprintf("429 from the bank after %d items: locking the fleet out for %v", e.Items, e.Wait)
	case kindLockout:
		return fmt.Sprintf("*LockoutError after %d items (nothing sent): %v left", e.Items, e.Wait.Round(time.Millisecond))
	}
	return fmt.Sprintf("%s after %d items", e.Kind, e.Items)
}

// replicaConfig is what a replica needs.
type replicaConfig struct {
	config
	Bank, Redis string
	ID, Records int
}

func replicaConfigFromEnv(cfg config) replicaConfig {
	id, _ := strconv.Atoi(os.Getenv(envReplica))
	n, _ := strconv.Atoi(os.Getenv(envRecords))
	return replicaConfig{config: cfg, Bank: os.Getenv(envBank), Redis: os.Getenv(envRedis), ID: id, Records: n}
}

// runReplica drains the previous-day report through a client whose limiter and lock-out are
// the fleet's, in Redis. A 429 or a lock-out is waited out, then the drain resumes from the
// cursor; it reports each as an event.
func runReplica(ctx context.Context, out io.Writer, cfg replicaConfig) error {
	if cfg.Bank == "" || cfg.Redis == "" {
		return fmt.Errorf("%s and %s must be set (the fleet sets them)", envBank, envRedis)
	}
	rdb := redis.NewClient(&redis.Options{Addr: cfg.Redis, ContextTimeoutEnabled: true})
	defer rdb.Close()
	f, err := redisfleet.New(rdb, redisfleet.Options{})
	if err != nil {
		return err
	}
	c, err := paging.New(cfg.Bank, paging.WithDocumentedAPI(), core.WithStaticToken(token), paging.WithLimiter(f), paging.WithLockout(f),
		paging.WithMaxLockout(cfg.MaxLockout))
	if err != nil {
		return err
	}
	enc := json.NewEncoder(out)
	emit := func(kind string, items int, wait time.Duration) {
		_ = enc.Encode(event{Replica: cfg.ID, Kind: kind, Items: items, Wait: wait, At: time.Now()})
	}
	req := paging.PreviousDayRequest{
		AccountNumber: []core.Secret{core.NewSecret("3123456789")},
		FromDate:      core.MustParseDate("2025-01-02"), ToDate: core.MustParseDate("2025-01-09"),
	}
	items := 0
	var from core.Cursor
	for {
		opts := []core.IterOption{core.WithPageSize(cfg.PageSize), core.WithEagerPrefetch(cfg.Prefetch)}
		if !from.IsZero() {
			opts = append(opts, core.WithCursor(from))
		}
		it := c.PreviousDayTransactionsIterator(ctx, req, opts...)
		var failed error
		for _, err := range it.Items() {
			if err != nil {
				failed = err
				break
			}
			items++
		}
		if failed == nil {
			emit(kindDone, items, 0)
			if items != cfg.Records {
				return fmt.Errorf("drained %d items, want %d", items, cfg.Records)
			}
			return nil
		}
		var le *core.LockoutError
		var pe *core.Error
		switch {
		case errors.As(failed, &le):
			emit(kindLockout, items, le.Wait)
			if err := sleep(ctx, le.Wait); err != nil {
				return err
			}
		case errors.As(failed, &pe) && errors.Is(failed, core.ErrRateLimited):
			emit(kindRateLimited, items, pe.RetryAfter)
			if err := sleep(ctx, pe.RetryAfter); err != nil {
				return err
			}
		default:
			return failed
		}
		from = it.Cursor()
	}
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
