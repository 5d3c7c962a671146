package design

import (
	"context"
	"fmt"
	"math"
	"path/filepath"

	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/rank"
	"github.com/eleusis/eleusis/stats"
)

// Final is the final evaluation: the top designed rules and the bank's
// best, on fresh deals that no round of the search played. Its figures are
// the ones reported: the search's own figures for its winners are biased
// upwards, since they won by them (the winner's curse).
type Final struct {
	Plan *lab.Plan `json:"plan"`
	// Finalists: the designed rules in the search's order (the first is
	// the designed top rule); Baselines: the bank's rules the search ranked
	// best.
	Finalists []*Finalist `json:"finalists"`
	Baselines []*Finalist `json:"baselines"`
	// Best: the baseline with the best objective on the fresh deals (the
	// bank's best: chosen on these deals, which favours the bank).
	Best string `json:"best_baseline"`
}

// Finalist is a rule of the final evaluation.
type Finalist struct {
	// Name: designed-N for a designed rule (its name in bank.yaml), the
	// bank's name for a baseline.
	Name      string     `json:"name"`
	Candidate *Candidate `json:"candidate"`
	// Search: the objective in the search (every hand of its last race).
	Search Estimate `json:"search_objective"`
	// Objective on the fresh deals, and the lab's summary of them.
	Objective Estimate         `json:"objective"`
	Summary   rank.RuleSummary `json:"summary"`
	// VsBest: the paired difference with the best baseline on the same
	// fresh deals (none for the best baseline itself, or for the
	// difficulty objective, which is not a mean of hands).
	VsBest *Paired `json:"vs_best_baseline,omitempty"`
	// Variants: the search's candidates of this rule's idea (its orbit
	// under the symmetries, SameIdea), itself included: the rule stands
	// for them. Candidate.Orbit.Size is how many behaviours the orbit has.
	Variants int `json:"variants"`
	values   []float64
}

// Paired is a paired comparison of two rules' objectives, deal by deal.
type Paired struct {
	Against string `json:"against"`
	// Diff: the mean difference (this rule minus the other) with its
	// Student's t 95% interval over N deals both rules played.
	Diff stats.Interval `json:"difference"`
	N    int            `json:"deals"`
	// P: the two-sided p-value of the paired t-test of no difference.
	P float64 `json:"p_value"`
	// Apart: the two rules' own 95% intervals do not overlap.
	Apart bool `json:"intervals_apart"`
}

// finalists picks the designed rules (from the last race's standings),
// one of each idea — the best of its orbit stands for the others
// (Variants) —, and the baselines (from the first race's, where every
// bank rule raced).
func finalists(res *Result, top, baselines int) (designed, bank []*Finalist, err error) {
	last := res.Races[len(res.Races)-1]
next:
	for _, s := range last.Standings {
		if s.Candidate.Origin == FromBank || len(designed) >= top {
			continue
		}
		for _, f := range designed {
			if same, err := SameIdea(f.Candidate, s.Candidate); err != nil || same {
				if err != nil {
					return nil, nil, err
				}
				continue next
			}
		}
		f := &Finalist{Name: fmt.Sprintf("designed-%d", len(designed)+1), Candidate: s.Candidate, Search: s.Estimate}
		for _, c := range res.Candidates {
			same, err := SameIdea(f.Candidate, c)
			if err != nil {
				return nil, nil, err
			}
			if same || c == f.Candidate {
				f.Variants++
			}
		}
		designed = append(designed, f)
	}
	for _, s := range res.Races[0].Standings {
		if s.Candidate.Origin == FromBank && len(bank) < baselines {
			bank = append(bank, &Finalist{Name: s.Name, Candidate: s.Candidate, Search: s.Estimate, Variants: 1})
		}
	}
	return designed, bank, nil
}

// finalEvaluation plays the finalists on fresh deals: a paired plan whose
// seed is the search seed's final stream (moved on, should one of its
// deals have been a round's: Disjoint), hands from the final share of the
// budget; then sums them up with the lab's Ranker and compares each
// designed rule with the best baseline.
func finalEvaluation(ctx context.Context, rn *runner, res *Result) (*Final, error) {
	cfg := rn.cfg
	designed, bank, err := finalists(res, cfg.Top, cfg.Baselines)
	if err != nil {
		return nil, err
	}
	if len(designed) == 0 {
		return nil, fmt.Errorf("no designed rule reached the end of the search")
	}
	all := append(append([]*Finalist{}, designed...), bank...)
	var names []string
	for _, f := range all {
		names = append(names, f.Candidate.Name)
	}
	measure := cfg.Objective.NeedsDiscovery() || cfg.Measure
	var p *lab.Plan
	for attempt := uint64(0); ; attempt++ {
		p = rn.plan(deriveSeed(cfg.Seed, streamFinal, attempt), names, cfg.finalHands(), measure)
		if _, ok := Disjoint(res.Plans, p); ok {
			break
		}
	}
	if p.Hands < 2 {
		return nil, fmt.Errorf("the final evaluation's share of the budget gives %d hands a rule: give a larger --budget or --final-share", p.Hands)
	}
	ranker := rank.NewRanker(p, rn.lab.Bank, rn.lab.Kit)
	values := map[string][]float64{}
	tallies := map[string]*Tally{}
	for _, n := range names {
		values[n] = shift(make([]float64, p.Hands), math.NaN()) // a hand never seen counts as failed
		tallies[n] = &Tally{}
	}
	dir := ""
	if cfg.Out != "" {
		dir = filepath.Join(cfg.Out, "final")
	}
	err = rn.run(ctx, p, dir, func(h *lab.HandRecord) {
		ranker.Add(h)
		tallies[h.Rule].AddHand(h)
		values[h.Rule][p.Coord(h.Index).Rep] = cfg.Objective.handValue(h)
	})
	if err != nil {
		return nil, err
	}
	rk, err := ranker.Ranking()
	if err != nil {
		return nil, err
	}
	summaries := map[string]rank.RuleSummary{}
	for _, s := range append(rk.Rules, rk.Outside...) {
		summaries[s.Rule] = s
	}
	fin := &Final{Plan: p, Finalists: designed, Baselines: bank}
	var best *Finalist
	for _, f := range all {
		n := f.Candidate.Name
		f.Summary, f.values = summaries[n], values[n]
		f.Summary.Rule = f.Name
		f.Objective = cfg.Objective.Estimate(tallies[n], f.Candidate.Size)
		if f.Candidate.Origin == FromBank && (best == nil || f.Objective.Est > best.Objective.Est) {
			best = f
		}
	}
	if best == nil {
		return fin, nil
	}
	fin.Best = best.Name
	if cfg.Objective.Kind == Difficulty {
		return fin, nil
	}
	for _, f := range all {
		if f == best {
			continue
		}
		// The length penalty is a constant per rule, taken off every hand.
		lam := cfg.Objective.LengthPenalty
		tt := stats.PairedTTest(shift(f.values, lam*float64(f.Candidate.Size)), shift(best.values, lam*float64(best.Candidate.Size)))
		f.VsBest = &Paired{Against: best.Name, Diff: stats.Interval{Est: tt.Mean, Lo: tt.Lo, Hi: tt.Hi}, N: tt.N, P: tt.P,
			Apart: f.Objective.Lo > best.Objective.Hi || f.Objective.Hi < best.Objective.Lo}
	}
	return fin, nil
}

// shift is xs minus d, each.
func shift(xs []float64, d float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = x - d
	}
	return out
}
