package stats

import (
	"math"
)

// KMMedianCI is the Kaplan–Meier median (KMMedian) with its 95% interval by
// the method of Brookmeyer & Crowley (1982, "A confidence interval for the
// median survival time", Biometrics 38: 29–41), as R's survival package
// gives it (quantile.survfit, conf.type "log"): the times at which the
// pointwise interval of S(t) first reaches 0.5. The pointwise interval is
// S(t)·exp(±z·σ(t)) (capped at 1), with Greenwood's
// σ²(t) = Σ_{tᵢ ≤ t} dᵢ / (nᵢ(nᵢ − dᵢ)) for the variance of log S(t)
// (dᵢ events among nᵢ at risk). The lower limit is the first time the
// lower curve is at or below 0.5, the upper limit the first time the upper
// curve is; NaN when a curve never gets there (the median, or its upper
// limit, was not reached before the last hand ended).
func KMMedianCI(curve []KMStep) Interval {
	iv := Interval{Est: KMMedian(curve), Lo: math.NaN(), Hi: math.NaN()}
	v := 0.0
	for _, st := range curve {
		lo, hi := st.S, st.S
		if st.Events > 0 {
			if st.AtRisk > st.Events {
				v += float64(st.Events) / float64(st.AtRisk*(st.AtRisk-st.Events))
			} else {
				v = math.Inf(1) // every one at risk had the event: S = 0
			}
		}
		if st.S > 0 {
			se := math.Sqrt(v)
			lo, hi = st.S*math.Exp(-z95*se), min(1, st.S*math.Exp(z95*se))
		}
		if math.IsNaN(iv.Lo) && lo <= 0.5 {
			iv.Lo = st.T
		}
		if math.IsNaN(iv.Hi) && hi <= 0.5 {
			iv.Hi = st.T
		}
	}
	return iv
}
