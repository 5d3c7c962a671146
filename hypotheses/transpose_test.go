package hypotheses

import (
	"math/rand/v2"
	"testing"
)

// The transpose against the bit-by-bit definition, on random matrices.
func TestTranspose64(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		var a, want [64]uint64
		for i := range a {
			a[i] = rng.Uint64()
		}
		for i := range 64 {
			for j := range 64 {
				want[j] |= (a[i] >> j & 1) << i
			}
		}
		transpose64(&a)
		if a != want {
			t.Fatal("transpose64 differs from the definition")
		}
	}
}
