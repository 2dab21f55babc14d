// Command fleet runs N replicas of a service, as separate processes, that drain the bank's
// previous-day report with prefetch under one credential, sharing the bank's 5 requests a
// second and its lock-out through Redis (redisfleet); it prints, second by second, the
// requests the bank (the embedded sandbox, pagingtest) received, then the totals.
//
//	go -C paging/redisfleet run ./examples/fleet                   # 4 replicas, 200 pages
//	go -C paging/redisfleet run ./examples/fleet -fail-at 20       # a 429 at the 20th request
//
// It uses the Redis at REDIS_ADDR (host:port), or, without it, starts an in-process
// miniredis on a loopback port that the replicas reach over TCP like a Redis. A replica that
// gets a 429, or a *LockoutError because another one got it, waits out the lock-out
// (at most -max-lockout, 3 s here instead of the bank's two minutes) and resumes from its
// cursor. It exits with status 1 when a replica fails, or when the bank saw more than 5
// requests in a second.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"time"
)

func main() {
	var cfg config
	replica := flag.Bool("replica", false, "run as one replica (started by the fleet itself)")
	flag.IntVar(&cfg.Replicas, "replicas", 4, "number of replica processes")
	flag.IntVar(&cfg.Pages, "pages", 200, "pages the fleet drains in all (each replica its share)")
	flag.IntVar(&cfg.PageSize, "page-size", 10, "rows per page")
	flag.IntVar(&cfg.Prefetch, "prefetch", 4, "pages each replica asks for ahead (eager prefetch)")
	flag.IntVar(&cfg.FailAt, "fail-at", 0, "answer the bank's n-th request 429 (0: never)")
	flag.DurationVar(&cfg.MaxLockout, "max-lockout", 3*time.Second, "longest lock-out a 429 starts")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *replica {
		if err := runReplica(ctx, os.Stdout, replicaConfigFromEnv(cfg)); err != nil {
			fmt.Fprintln(os.Stderr, "replica:", err)
			os.Exit(1)
		}
		return
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	rep, err := runFleet(ctx, os.Stdout, self, cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fleet:", err)
		os.Exit(1)
	}
	fmt.Printf("fleet: %d requests in %v (%.2f a second), at most %d in any one second\n",
		len(rep.Requests), rep.Elapsed.Round(time.Millisecond), rep.PerSecond, rep.WorstSecond)
	if rep.WorstSecond > 5 {
		fmt.Fprintf(os.Stderr, "fleet: the bank saw %d requests in one second\n", rep.WorstSecond)
		os.Exit(1)
	}
}
