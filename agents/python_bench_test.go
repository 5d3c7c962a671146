package agents

import (
	"fmt"
	"os/exec"
	"testing"
	"time"

	"github.com/eleusis/eleusis/sim"
	"golang.org/x/sync/errgroup"
)

// BenchmarkPythonAgent: the README's minimal Python agent
// (python/examples/minimal.py) in persistent mode in every seat of a New
// Eleusis hand, on 1 and 2 workers, as `bench --perf` plays it (rule
// black-high-red-low, no discovery measures). Reports hands/s and the
// requests per hand:
//
//	go test ./agents -run XXX -bench PythonAgent -benchtime 2000x
func BenchmarkPythonAgent(b *testing.B) {
	if _, err := exec.LookPath("python3"); err != nil {
		b.Skip("python3 is not installed")
	}
	opts, _ := sim.Preset("new-eleusis")
	r := rule(b, `prev.color == "black" ? card.rank >= 7 : card.rank <= 6`)
	s := spec(b, "exec(persistent=true):python3 ../python/examples/minimal.py")
	lineup := []Spec{s, s, s, s}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			k := NewKit()
			defer k.Close()
			play := func(n int) (turns int) {
				res := make([]int, n)
				var g errgroup.Group
				g.SetLimit(workers)
				for i := range n {
					g.Go(func() error {
						out, err := k.Play(HandSetup{Rule: r, Options: opts, Lineup: lineup, Seed: uint64(i)})
						if err != nil {
							return err
						}
						res[i] = out.Result.Turns
						return nil
					})
				}
				if err := g.Wait(); err != nil {
					b.Fatal(err)
				}
				for _, t := range res {
					turns += t
				}
				return turns
			}
			play(4 * workers) // start the processes outside the timing
			b.ResetTimer()
			t0 := time.Now()
			turns := play(b.N)
			b.ReportMetric(float64(b.N)/time.Since(t0).Seconds(), "hands/s")
			b.ReportMetric(float64(turns)/float64(b.N), "moves/hand")
		})
	}
}
