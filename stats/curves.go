package stats

import "math"

// CurveMean averages curves of different lengths, each carried at its last
// value after it ends (a hand that is over keeps its final belief).
type CurveMean struct {
	sum  []float64 // Σ value at move t over the curves still running
	tail []float64 // Σ last value of the curves that ended after t moves
	n    int
}

func (c *CurveMean) Add(curve []float64) {
	c.n++
	for t, v := range curve {
		if t >= len(c.sum) {
			c.sum = append(c.sum, 0)
		}
		c.sum[t] += v
	}
	if len(curve) == 0 {
		return
	}
	for len(c.tail) <= len(curve) {
		c.tail = append(c.tail, 0)
	}
	c.tail[len(curve)] += curve[len(curve)-1]
}

// Curve is the mean at each move up to the longest curve (3 decimals).
func (c *CurveMean) Curve() []float64 {
	if c.n == 0 {
		return nil
	}
	out := make([]float64, len(c.sum))
	carried := 0.0
	for t := range out {
		if t < len(c.tail) {
			carried += c.tail[t]
		}
		out[t] = math.Round((c.sum[t]+carried)/float64(c.n)*1000) / 1000
	}
	return out
}
