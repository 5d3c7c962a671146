package grammar

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"
)

// The short lines' splits run beside the top search from a copy of it
// taken at its root: what the synthesis finds, and the solves it spends,
// are the same whether the copy runs on a core of its own or shares one
// with the top search, and whether the checks of whole rules are quick or
// slow.
func TestSplitsAheadFindTheSameOnAnyCores(t *testing.T) {
	p, j, _ := shortLinesProblem(t)
	right := rightOn(t, rand.New(rand.NewPCG(5, 6)), j)
	cfg := wideTest
	cfg.Guarded, cfg.Split, cfg.FitSplits = false, true, true
	splits := 0
	run := func(procs int, verifyTakes time.Duration) ([]string, SynthStats) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		c := cfg
		c.Verify = func(n *Node) bool { time.Sleep(verifyTakes); return right(n) }
		found, st := Synthesize(p, c)
		var out []string
		for _, f := range found {
			out = append(out, fmt.Sprintf("%d %s", f.Bits, f.Node.Expr()))
			if f.Node.P == PSplit {
				splits++
			}
		}
		return out, st
	}
	want, wst := run(1, 0)
	if splits == 0 {
		t.Fatalf("no split of the short lines found: the copy had nothing to do (%v)", want)
	}
	got, gst := run(2, time.Millisecond)
	if !slices.Equal(got, want) || gst.Solves != wst.Solves {
		t.Errorf("on two cores with a slow check: %d solves, found\n%v\non one core: %d solves, found\n%v", gst.Solves, got, wst.Solves, want)
	}
}
