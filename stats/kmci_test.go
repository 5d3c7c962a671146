package stats

import (
	"math"
	"testing"
)

// The median survival of the 6-MP group of Freireich et al. (1963), the
// leukaemia data of Gehan (1965): R's survival package prints median 23,
// 0.95LCL 16, 0.95UCL NA (survfit with its default log interval), the
// limits worked out here by hand from Greenwood's variance: at t = 13 the
// lower curve is 0.690·exp(−1.96·0.1548) = 0.51, at t = 16
// 0.627·exp(−1.96·0.1818) = 0.44 ≤ 0.5; the upper curve stays above 0.5.
func TestKMMedianCIGehan(t *testing.T) {
	times := []float64{6, 6, 6, 6, 7, 9, 10, 10, 11, 13, 16, 17, 19, 20, 22, 23, 25, 32, 32, 34, 35}
	censored := map[int]bool{3: true, 5: true, 7: true, 8: true, 11: true, 12: true, 13: true, 16: true, 17: true, 18: true, 19: true, 20: true}
	event := make([]bool, len(times))
	for i := range event {
		event[i] = !censored[i]
	}
	iv := KMMedianCI(KaplanMeier(times, event))
	if iv.Est != 23 || iv.Lo != 16 || !math.IsNaN(iv.Hi) {
		t.Fatalf("median %v [%v, %v], want 23 [16, NA]", iv.Est, iv.Lo, iv.Hi)
	}
	// Everyone settles at once: the median and both limits are that time.
	all := KMMedianCI(KaplanMeier([]float64{4, 4, 4}, []bool{true, true, true}))
	if all.Est != 4 || all.Lo != 4 || all.Hi != 4 {
		t.Fatalf("all at 4: %+v", all)
	}
	// Nobody settles: nothing is reached.
	none := KMMedianCI(KaplanMeier([]float64{9, 12}, []bool{false, false}))
	if !math.IsNaN(none.Est) || !math.IsNaN(none.Lo) || !math.IsNaN(none.Hi) {
		t.Fatalf("none settled: %+v", none)
	}
}
