package lab

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// Shard is a deterministic part of a run: hands i with i % Of == Index.
type Shard struct{ Index, Of int }

// All is the whole run.
var All = Shard{0, 1}

// ParseShard reads "i/n" (1-based, as users count: 1/4 … 4/4).
func ParseShard(s string) (Shard, error) {
	bad := fmt.Errorf("shard %q: want i/n with 1 ≤ i ≤ n (e.g. 2/8)", s)
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, bad
	}
	digits := func(x string) bool {
		return x != "" && strings.Trim(x, "0123456789") == ""
	}
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !digits(a) || !digits(b) || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return Shard{}, bad
	}
	return Shard{i - 1, n}, nil
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index+1, s.Of) }

// Has reports whether hand i belongs to the shard.
func (s Shard) Has(i int) bool { return s.Of <= 1 || i%s.Of == s.Index }

// RunConfig drives Run.
type RunConfig[T any] struct {
	// N hands, numbered 0..N−1; only those of Shard are run, and those
	// below From (already done by an interrupted run) are skipped.
	N     int
	From  int
	Shard Shard
	// Only, when set, runs exactly these hands (in this order) instead.
	Only []int
	// Workers: goroutines (0: all cores).
	Workers int
	// Do plays hand i. Its result must depend only on i (each hand's seed
	// derives from the run's seed and the hand's coordinates).
	Do func(i int) T
	// Emit receives the results in the order of i, whatever order they
	// finish in; an error stops the run.
	Emit func(i int, r T) error
}

// Run plays the hands on a pool of workers (an errgroup) and emits them in order,
// so that the output is byte-identical at any number of workers. When ctx
// is cancelled (Ctrl-C), it stops taking new hands, emits every finished
// hand that extends the emitted prefix, and returns ctx's error: the prefix
// is complete and a resumed run continues after it.
func Run[T any](ctx context.Context, cfg RunConfig[T]) (emitted int, err error) {
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	todo := cfg.Only
	for i := cfg.From; cfg.Only == nil && i < cfg.N; i++ {
		if cfg.Shard.Has(i) {
			todo = append(todo, i)
		}
	}
	// Workers take the next hand from a shared counter; whoever finishes
	// the hand that extends the emitted prefix emits it and every held hand
	// after it, under a lock (no hand-off to another goroutine per hand).
	var (
		next    atomic.Int64
		mu      sync.Mutex
		pending = map[int]T{}
		emit    int // position in todo of the next hand to emit
	)
	ctx2, cancel := context.WithCancel(ctx)
	defer cancel()
	var g errgroup.Group
	g.SetLimit(workers)
	for range min(workers, max(1, len(todo))) {
		g.Go(func() error {
			for {
				k := int(next.Add(1) - 1)
				if k >= len(todo) || ctx2.Err() != nil {
					return nil
				}
				r := cfg.Do(todo[k])
				mu.Lock()
				pending[k] = r
				for {
					r, ok := pending[emit]
					if !ok {
						break
					}
					delete(pending, emit)
					if err == nil {
						if err = cfg.Emit(todo[emit], r); err == nil {
							emitted++
						} else {
							cancel() // stop taking hands
						}
					}
					emit++
				}
				mu.Unlock()
			}
		})
	}
	_ = g.Wait() // workers return no errors; Emit's is err
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	return emitted, err
}
