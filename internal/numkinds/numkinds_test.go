package numkinds_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/eleusis/eleusis/internal/numkinds"
)

// Each kind's first numbers, worked out by hand.
func TestKindsByHand(t *testing.T) {
	for _, c := range []struct {
		kind numkinds.Kind
		want []int
	}{
		{numkinds.Prime, []int{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47}},
		{numkinds.Square, []int{1, 4, 9, 16, 25, 36, 49}},
		{numkinds.Triangular, []int{1, 3, 6, 10, 15, 21, 28, 36, 45}},
		{numkinds.Fibonacci, []int{1, 2, 3, 5, 8, 13, 21, 34}},
		{numkinds.PowerOfTwo, []int{1, 2, 4, 8, 16, 32}},
	} {
		if got := c.kind.UpTo(49); !slices.Equal(got, c.want) {
			t.Errorf("%s up to 49: %v, want %v", c.kind.Name, got, c.want)
		}
		for _, v := range []int{0, -1, -4} {
			if c.kind.Is(v) {
				t.Errorf("%s holds %d; the kinds are positive", c.kind.Name, v)
			}
		}
	}
}

func ExampleKind_UpTo() {
	fmt.Println(numkinds.Prime.UpTo(13))
	// Output: [2 3 5 7 11 13]
}
