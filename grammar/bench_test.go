package grammar

import (
	"math/rand/v2"
	"testing"
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
