package stats_test

import (
	"fmt"

	"github.com/eleusis/eleusis/stats"
)

// The Wilson interval of 3 hands found in 12: the estimate 0.25 and a
// 95% interval that stays inside [0, 1].
func ExampleWilson() {
	iv := stats.Wilson(3, 12)
	fmt.Printf("%.2f [%.3f, %.3f]\n", iv.Est, iv.Lo, iv.Hi)
	// Output:
	// 0.25 [0.089, 0.532]
}

// Kaplan–Meier: five hands, the rule found at moves 4, 6 and 6; two hands
// ended at moves 5 and 9 without anyone finding it (censored). The median
// is the first time the curve is at or below 0.5.
func ExampleKaplanMeier() {
	curve := stats.KaplanMeier([]float64{4, 5, 6, 6, 9}, []bool{true, false, true, true, false})
	for _, st := range curve {
		fmt.Printf("t=%g S=%.3f at risk %d, found %d, censored %d\n", st.T, st.S, st.AtRisk, st.Events, st.Censors)
	}
	fmt.Println("median:", stats.KMMedian(curve))
	// Output:
	// t=4 S=0.800 at risk 5, found 1, censored 0
	// t=5 S=0.800 at risk 4, found 0, censored 1
	// t=6 S=0.267 at risk 3, found 2, censored 0
	// t=9 S=0.267 at risk 1, found 0, censored 1
	// median: 6
}
