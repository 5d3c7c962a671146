package stats

import (
	"math"
)

// CalibrationBins is the number of equal-width confidence bins of the
// reliability diagram and the expected calibration error.
const CalibrationBins = 10

// Calibration compares a strategy's confidence in its best rule at the end
// of a hand (the posterior probability of that rule's local class) with how
// often that class was God's (a hit). Beliefs left empty (every hypothesis
// contradicted: no best rule) are counted apart, never as confidence 0.
type Calibration struct {
	// N: seats with a best rule; Empty: the share of all measured seats
	// whose belief was empty.
	N     int      `json:"n"`
	Empty Interval `json:"empty"`
	// Confidence and Accuracy: mean confidence, share of hits.
	Confidence Num `json:"confidence"`
	Accuracy   Num `json:"accuracy"`
	// Brier: the mean squared difference of confidence and hit (0 or 1).
	Brier Num `json:"brier"`
	// ECE: the expected calibration error over CalibrationBins equal-width
	// bins: Σ_b (n_b / N) · |accuracy_b − confidence_b| (Naeini, Cooper &
	// Hauskrecht 2015; Guo et al. 2017).
	ECE  Num              `json:"ece"`
	Bins []CalibrationBin `json:"bins"`
}

// CalibrationBin is one bin of the reliability diagram: confidences in
// [Lo, Hi) (the last bin includes 1).
type CalibrationBin struct {
	Lo         float64  `json:"lo"`
	Hi         float64  `json:"hi"`
	N          int      `json:"n"`
	Confidence Num      `json:"confidence"`
	Accuracy   Interval `json:"accuracy"` // share of hits, Wilson 95%
}

// Calibrate sums up confidences and hits (one per seat with a best rule)
// and the number of empty beliefs.
func Calibrate(conf []float64, hit []bool, empty int) Calibration {
	c := Calibration{N: len(conf), Empty: Wilson(empty, len(conf)+empty),
		Confidence: Num(math.NaN()), Accuracy: Num(math.NaN()), Brier: Num(math.NaN()), ECE: Num(math.NaN())}
	if len(conf) == 0 {
		return c
	}
	type acc struct {
		n, hits int
		conf    float64
	}
	var bins [CalibrationBins]acc
	var sumConf, sumHit, brier float64
	for i, p := range conf {
		h := 0.0
		if hit[i] {
			h = 1
		}
		sumConf += p
		sumHit += h
		brier += (p - h) * (p - h)
		b := min(CalibrationBins-1, int(p*CalibrationBins))
		bins[max(0, b)].n++
		bins[max(0, b)].conf += p
		if hit[i] {
			bins[max(0, b)].hits++
		}
	}
	n := float64(len(conf))
	c.Confidence, c.Accuracy, c.Brier = Num(sumConf/n), Num(sumHit/n), Num(brier/n)
	ece := 0.0
	for b, x := range bins {
		bin := CalibrationBin{Lo: float64(b) / CalibrationBins, Hi: float64(b+1) / CalibrationBins, N: x.n,
			Confidence: Num(math.NaN()), Accuracy: Wilson(x.hits, x.n)}
		if x.n > 0 {
			bin.Confidence = Num(x.conf / float64(x.n))
			ece += float64(x.n) / n * math.Abs(float64(x.hits)/float64(x.n)-x.conf/float64(x.n))
		}
		c.Bins = append(c.Bins, bin)
	}
	c.ECE = Num(ece)
	return c
}
