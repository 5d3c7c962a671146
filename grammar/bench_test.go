package grammar

import (
	"math/rand/v2"
	"testing"

	"github.com/eleusis/eleusis/sim"
)

// BenchmarkEnumerate grows the whole language on 64 random points (a
// hand's worth of judged cards) up to a length.
func BenchmarkEnumerate(b *testing.B) {
	for _, L := range []int{8, 10, 12} {
		b.Run("bits="+string(rune('0'+L/10))+string(rune('0'+L%10)), func(b *testing.B) {
			ps := testPoints(rand.New(rand.NewPCG(1, 1)), 64)
			var nodes, classes int
			for b.Loop() {
				e := NewEnumerator(ps)
				e.Connectives = false
				e.Grow(L)
				if b.N == 1 {
					for l := 1; l <= L; l++ {
						b.Logf("%2d bits: %6d integer classes, %6d Boolean", l, len(e.Ints(l)), len(e.Bools(l)))
					}
				}
				nodes, classes = e.Nodes(), e.Classes()
			}
			b.ReportMetric(float64(nodes), "nodes")
			b.ReportMetric(float64(classes), "classes")
			b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkCompiledRow judges every card after a line with random compound
// rules, as a placement's check and the scientists' predictions do: the
// connectives judged lazily (the branch an if takes) against every child
// read (the table's eval over the children's values; rules without a case
// split, which evaluates its own way).
func BenchmarkCompiledRow(b *testing.B) {
	rng := rand.New(rand.NewPCG(4, 2))
	rules := make([]*Node, 64)
	for i := range rules {
		rules[i] = randomBool(rng, 3)
	}
	scenes := make([]*Scene, 32)
	for i := range scenes {
		scenes[i] = NewScene(randomLine(rng, 40))
	}
	var eager func(n *Node) Fn // Compile as it was: every child read
	eager = func(n *Node) Fn {
		kids := make([]Fn, len(n.Kids))
		for i, k := range n.Kids {
			kids[i] = eager(k)
		}
		eval := n.prod().eval
		return func(pt *Point) int32 {
			var k [3]int32
			for i, f := range kids {
				k[i] = f(pt)
			}
			return eval(n, pt, k)
		}
	}
	for _, mode := range []struct {
		name    string
		compile func(*Node) Fn
	}{{"lazy", Compile}, {"every-child", eager}} {
		b.Run(mode.name, func(b *testing.B) {
			fns := make([]Fn, 0, len(rules))
			for _, r := range rules {
				if !hasCase(r) {
					fns = append(fns, mode.compile(r))
				}
			}
			for b.Loop() {
				for _, sc := range scenes {
					pt := Point{Scene: sc}
					for _, fn := range fns {
						for c := sim.Card(0); c < sim.NumCards; c++ {
							pt.Card = c
							fn(&pt)
						}
					}
				}
			}
			b.ReportMetric(float64(len(fns)*len(scenes)*int(sim.NumCards))*float64(b.N)/b.Elapsed().Seconds(), "judgements/s")
		})
	}
}

func hasCase(n *Node) bool {
	if n.P == PCase {
		return true
	}
	for _, k := range n.Kids {
		if hasCase(k) {
			return true
		}
	}
	return false
}
