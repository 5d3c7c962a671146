package lab

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"
)

func TestRunOrderedAtAnyWorkers(t *testing.T) {
	play := func(i int) string {
		// Later hands finish first: the reorder buffer must hold them.
		time.Sleep(time.Duration((7-i%7)*50) * time.Microsecond)
		return fmt.Sprintf("hand %d", i)
	}
	var want []string
	for _, w := range []int{1, 2, 8} {
		var got []string
		n, err := Run(context.Background(), RunConfig[string]{N: 40, Workers: w, Do: play,
			Emit: func(i int, r string) error { got = append(got, r); return nil }})
		if err != nil || n != 40 {
			t.Fatalf("workers %d: %d emitted, %v", w, n, err)
		}
		if want == nil {
			want = got
		}
		if !slices.Equal(got, want) {
			t.Fatalf("workers %d: order differs", w)
		}
	}
	for i, s := range want {
		if s != fmt.Sprintf("hand %d", i) {
			t.Fatalf("position %d holds %q", i, s)
		}
	}
}

func TestRunShardsAndResume(t *testing.T) {
	collect := func(cfg RunConfig[int]) []int {
		var got []int
		cfg.Do = func(i int) int { return i * i }
		cfg.Emit = func(i int, r int) error { got = append(got, i); return nil }
		if _, err := Run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		return got
	}
	a := collect(RunConfig[int]{N: 10, Shard: Shard{0, 3}})
	b := collect(RunConfig[int]{N: 10, Shard: Shard{1, 3}})
	c := collect(RunConfig[int]{N: 10, Shard: Shard{2, 3}})
	all := slices.Sorted(slices.Values(append(append(a, b...), c...)))
	if !slices.Equal(all, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}) {
		t.Fatalf("shards cover %v", all)
	}
	if got := collect(RunConfig[int]{N: 10, From: 6}); !slices.Equal(got, []int{6, 7, 8, 9}) {
		t.Fatalf("resume from 6: %v", got)
	}
	for _, c := range []struct {
		in   string
		want Shard
		ok   bool
	}{
		{"2/4", Shard{1, 4}, true}, {"1/1", Shard{0, 1}, true}, {"8/8", Shard{7, 8}, true},
		{"0/4", Shard{}, false}, {"5/4", Shard{}, false}, {"1/3x", Shard{}, false}, {"x1/3", Shard{}, false},
		{"1 /3", Shard{}, false}, {"1/3/5", Shard{}, false}, {"1/0", Shard{}, false}, {"-1/3", Shard{}, false},
		{"", Shard{}, false}, {"1", Shard{}, false}, {"1/+3", Shard{}, false}, {"99999999999999999999/1", Shard{}, false}, {"2/4 ", Shard{}, false},
	} {
		s, err := ParseShard(c.in)
		if c.ok != (err == nil) || c.ok && s != c.want {
			t.Errorf("ParseShard(%q) = %v, %v", c.in, s, err)
		}
	}
}

// Cancelling keeps a complete prefix.
func TestRunCancelKeepsPrefix(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var got []int
	_, err := Run(ctx, RunConfig[int]{N: 1000, Workers: 2,
		Do: func(i int) int {
			switch {
			case i == 50:
				cancel()
			case i > 50:
				// The later hands wait for the cancel: a worker paused
				// between taking hand 50 and playing it would otherwise
				// let the other play all the rest first (a flake).
				<-ctx.Done()
			}
			return i
		},
		Emit: func(i int, r int) error { got = append(got, i); return nil }})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if len(got) == 0 || len(got) == 1000 {
		t.Fatalf("%d hands emitted", len(got))
	}
	for k, i := range got {
		if i != k {
			t.Fatalf("not a prefix: position %d holds hand %d", k, i)
		}
	}
}
