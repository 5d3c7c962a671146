package hypotheses

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// judgedState is a reachable state with God's accepted cards in it.
type judgedState struct {
	s    state
	mask uint64
}

// Truth is God's rule seen from a space: the hypotheses that behave as the
// rule does over its reachable states (its behaviour class), and the states
// to compare a scientist's best guess with.
type Truth struct {
	Rule string
	// IDs are the hypotheses equivalent to the rule over the visited states.
	IDs []int32
	// Expressible: some hypothesis is equivalent; Length is the shortest
	// description among them in bits and Expr that description.
	Expressible bool
	Length      int
	Expr        string
	// States is how many distinct (state, verdicts) pairs were visited.
	States int
	states []judgedState
	// byCtx: per family, the visited states grouped by context value (God's
	// verdicts there, with how many states gave them), for Agreement.
	byCtx [numFamilies]map[int]map[uint64]int
}

// TruthConfig says how reachable states are sampled: Walks random legal
// walks of Horizon cards from every starter the rule admits.
type TruthConfig struct {
	Walks, Horizon int
	Seed           uint64
}

// DefaultTruth visits about 3,000 states per rule.
var DefaultTruth = TruthConfig{Walks: 2, Horizon: 30, Seed: 1}

// Classify finds God's rule's behaviour class in the space. Reachable states
// are sampled by random legal walks (a rule reading only card and prev has
// few enough states for the walks to visit them all in practice); a family
// whose context does not determine the rule's verdicts (the rule reads more
// than the family) holds no equivalent hypothesis.
func (sp *Space) Classify(rule *rulebank.Compiled, cfg TruthConfig) (*Truth, error) {
	j := rule.NewJudge()
	t := &Truth{Rule: rule.Rule.Name}
	seen := map[judgedState]bool{}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x7472757468))
	line := make([]sim.Card, 0, cfg.Horizon+1)
	for st := sim.Card(0); st < 52; st++ {
		ok, err := j.Starter(st)
		if err != nil {
			return nil, fmt.Errorf("rule %s: starter %s: %w", rule.Rule.Name, st, err)
		}
		if !ok {
			continue
		}
		for range cfg.Walks {
			line = append(line[:0], st)
			for len(line) <= cfg.Horizon {
				var mask uint64
				for c := sim.Card(0); c < 52; c++ {
					ok, err := j.Accepts(line, c)
					if err != nil {
						return nil, fmt.Errorf("rule %s after main line %s: %w", rule.Rule.Name, sim.CardsString(line), err)
					}
					if ok {
						mask |= 1 << c
					}
				}
				js := judgedState{stateOf(line), mask}
				if !seen[js] {
					seen[js] = true
					t.states = append(t.states, js)
				}
				if mask == 0 {
					break
				}
				k := rng.IntN(bits.OnesCount64(mask))
				for m := mask; ; m &= m - 1 {
					if k == 0 {
						line = append(line, sim.Card(bits.TrailingZeros64(m)))
						break
					}
					k--
				}
			}
		}
	}
	t.States = len(t.states)
	for f := range numFamilies {
		t.byCtx[f] = map[int]map[uint64]int{}
		for _, js := range t.states {
			x := f.context(js.s)
			if t.byCtx[f][x] == nil {
				t.byCtx[f][x] = map[uint64]int{}
			}
			t.byCtx[f][x][js.mask]++
		}
	}
	for f := range numFamilies {
		t.IDs = append(t.IDs, sp.classIn(f, t.states)...)
	}
	t.Expressible = len(t.IDs) > 0
	for _, id := range t.IDs {
		h := sp.Hyps[id]
		if t.Expr == "" || h.Length < t.Length {
			t.Expr, t.Length = h.Expr, h.Length
		}
	}
	return t, nil
}

// classIn is the hypotheses of family f that agree with every judged state.
func (sp *Space) classIn(f Family, states []judgedState) []int32 {
	fi := &sp.fams[f]
	byCtx := map[int]uint64{}
	for _, js := range states {
		x := f.context(js.s)
		if m, ok := byCtx[x]; ok && m != js.mask {
			return nil // the rule reads more than this family's context
		}
		byCtx[x] = js.mask
	}
	alive := make([]uint64, fi.nw)
	copy(alive, sp.valid[fi.w0:fi.w0+fi.nw])
	for x, mask := range byCtx {
		for c := range uint8(52) {
			col := fi.column(x, c)
			if mask>>c&1 == 1 {
				for i := range alive {
					alive[i] &= col[i]
				}
			} else {
				for i := range alive {
					alive[i] &^= col[i]
				}
			}
		}
	}
	var ids []int32
	for lw, w := range alive {
		for ; w != 0; w &= w - 1 {
			ids = append(ids, int32((fi.w0+lw)*64+bits.TrailingZeros64(w)))
		}
	}
	return ids
}

// Agreement is the share of the visited (state, card) pairs on which
// hypothesis id gives God's verdict.
func (sp *Space) Agreement(t *Truth, id int) float64 {
	if id < 0 || len(t.states) == 0 {
		return 0
	}
	f := sp.Hyps[id].Family
	fi := &sp.fams[f]
	lw, bit := id/64-fi.w0, uint(id%64)
	agree := 0
	for x, masks := range t.byCtx[f] {
		var row uint64 // the hypothesis's accepted cards in context x
		for c := range uint8(52) {
			row |= (fi.column(x, c)[lw] >> bit & 1) << c
		}
		for mask, n := range masks {
			agree += n * (52 - bits.OnesCount64(row^mask))
		}
	}
	return float64(agree) / float64(52*len(t.states))
}

// Discovery follows how a belief closes in on God's rule during a hand.
type Discovery struct {
	Truth *Truth
	// Turn50, Turn90: the move after which the posterior on the rule's
	// behaviour class first reached 0.5 and 0.9; −1 if never.
	Turn50, Turn90 int
	// Preds: the probability the belief gave to each of God's verdicts
	// before it was known.
	Preds []float64
	// Posterior: the posterior on the class after each move.
	Posterior []float64
	memo      *Measures
	memoAt    int
}

// NewDiscovery follows the discovery of t.
func NewDiscovery(t *Truth) *Discovery { return &Discovery{Truth: t, Turn50: -1, Turn90: -1} }

func (d *Discovery) after(r *Record, turn int, preds []float64) {
	d.Preds = append(d.Preds, preds...)
	p := r.ProbOf(d.Truth.IDs)
	d.Posterior = append(d.Posterior, p)
	if p >= 0.5 && d.Turn50 < 0 {
		d.Turn50 = turn
	}
	if p >= 0.9 && d.Turn90 < 0 {
		d.Turn90 = turn
	}
}

// Measures are a belief's discovery measures at the end of a hand.
type Measures struct {
	Turn50        int     `json:"turn_50"`
	Turn90        int     `json:"turn_90"`
	FinalProb     float64 `json:"final_prob"`
	Predictive    float64 `json:"predictive"`
	Predictive10  float64 `json:"predictive_last10"`
	MAPAgreement  float64 `json:"map_agreement"`
	MAP           string  `json:"map"`
	MAPProb       float64 `json:"map_prob"`
	Consistent    int     `json:"consistent"`
	PositiveTests int     `json:"positive_tests"`
	NegativeTests int     `json:"negative_tests"`
	// Posterior on the rule's class after each move (3 decimals): the
	// learning curve.
	Posterior []float64 `json:"posterior,omitempty"`
}

// Round3 rounds a curve to 3 decimals for records.
func Round3(xs []float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = math.Round(x*1000) / 1000
	}
	return out
}

// Measures sums up the discovery at the end of a hand (computed once per
// state of the record: the scientists sharing it ask in turn).
func (d *Discovery) Measures(r *Record) Measures {
	if d.memo != nil && d.memoAt == len(d.Posterior) {
		return *d.memo
	}
	m := d.measures(r)
	d.memo, d.memoAt = &m, len(d.Posterior)
	return m
}

func (d *Discovery) measures(r *Record) Measures {
	m := Measures{Turn50: d.Turn50, Turn90: d.Turn90, FinalProb: r.ProbOf(d.Truth.IDs), Consistent: r.Count(), Posterior: Round3(d.Posterior)}
	m.Predictive, m.Predictive10 = PredictiveMeans(d.Preds)
	if id, p := r.MAP(); id >= 0 {
		m.MAP, m.MAPProb = r.sp.Hyps[id].Expr, p
		m.MAPAgreement = r.sp.Agreement(d.Truth, id)
	}
	return m
}

// PredictiveMeans is the mean probability given to God's verdicts over the
// whole hand and over the last 10 (0 when there were none).
func PredictiveMeans(preds []float64) (all, last10 float64) {
	mean := func(xs []float64) float64 {
		if len(xs) == 0 {
			return 0
		}
		return stat.Mean(xs, nil)
	}
	return mean(preds), mean(preds[max(0, len(preds)-10):])
}
