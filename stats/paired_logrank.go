package stats

import (
	"cmp"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// Subject is one time to an event (moves until a seat settled on God's
// rule) for the log-rank test: Event false means censored at T (the hand
// ended, or the seat failed, before it settled).
type Subject struct {
	Stratum int // the deal
	Group   int // 0 (A) or 1 (B)
	T       float64
	Event   bool
}

// LogRank is the (stratified) log-rank test of group A against group B
// (Mantel 1966; Peto & Peto 1972), as R's survdiff(Surv(t, event) ~ group
// + strata(deal)) computes it: within each stratum, at each time t with d
// events among n at risk (n_A of them A's; a subject censored at t is
// still at risk at t), A expects E = d·n_A/n with the hypergeometric
// variance V = d·(n_A/n)·(1 − n_A/n)·(n − d)/(n − 1); O − E and V are
// summed over times and strata, χ² = (O − E)²/V on 1 degree of freedom.
//
// With one deal per stratum and one hand of each side in it, a pair
// counts only when one side settled while the other was still unsettled
// and in play: it adds ±½ to O − E and ¼ to V. The test then is the sign
// test of "who settled first" in its normal form, χ² = (a − b)²/(a + b),
// whatever the other's time was (a censored hand is not read as a late
// one, a failed hand not as a never).
type LogRank struct {
	// AFirst, BFirst: informative pairs where A (B) settled first (filled
	// by PairedLogRank only).
	AFirst, BFirst int
	// OMinusE: A's observed minus expected events; V its variance.
	OMinusE, V float64
	Chi2, P    float64
}

// StratifiedLogRank tests group 0 against group 1 within strata.
func StratifiedLogRank(subjects []Subject) LogRank {
	s := slices.Clone(subjects)
	slices.SortFunc(s, func(a, b Subject) int {
		return cmp.Or(cmp.Compare(a.Stratum, b.Stratum), cmp.Compare(a.T, b.T))
	})
	var r LogRank
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j].Stratum == s[i].Stratum {
			j++
		}
		oe, v := logRankStratum(s[i:j])
		r.OMinusE += oe
		r.V += v
		i = j
	}
	r.Chi2, r.P = math.NaN(), math.NaN()
	if r.V > 0 {
		r.Chi2 = r.OMinusE * r.OMinusE / r.V
		r.P = distuv.ChiSquared{K: 1}.Survival(r.Chi2)
	}
	return r
}

// logRankStratum sums O − E and V over the event times of one stratum,
// sorted by time.
func logRankStratum(s []Subject) (oe, v float64) {
	for i := 0; i < len(s); {
		j := i
		d, dA := 0, 0
		for j < len(s) && s[j].T == s[i].T {
			if s[j].Event {
				d++
				if s[j].Group == 0 {
					dA++
				}
			}
			j++
		}
		if d > 0 {
			n, nA := len(s)-i, 0 // at risk: every subject from time s[i].T on
			for _, x := range s[i:] {
				if x.Group == 0 {
					nA++
				}
			}
			nf, df, q := float64(n), float64(d), float64(nA)/float64(n)
			oe += float64(dA) - df*q
			if n > 1 {
				v += df * q * (1 - q) * (nf - df) / (nf - 1)
			}
		}
		i = j
	}
	return oe, v
}

// PairedLogRank is the stratified log-rank test with each deal a stratum
// holding A's time and B's (ta/ea, tb/eb; a NaN time drops its pair).
func PairedLogRank(ta []float64, ea []bool, tb []float64, eb []bool) LogRank {
	var subjects []Subject
	aFirst, bFirst := 0, 0
	for i := range min(len(ta), len(tb), len(ea), len(eb)) {
		if math.IsNaN(ta[i]) || math.IsNaN(tb[i]) {
			continue
		}
		subjects = append(subjects, Subject{i, 0, ta[i], ea[i]}, Subject{i, 1, tb[i], eb[i]})
		switch {
		case ea[i] && (ta[i] < tb[i] || ta[i] == tb[i] && !eb[i]):
			aFirst++
		case eb[i] && (tb[i] < ta[i] || tb[i] == ta[i] && !ea[i]):
			bFirst++
		}
	}
	r := StratifiedLogRank(subjects)
	r.AFirst, r.BFirst = aFirst, bFirst
	return r
}
