package design

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
)

// Round is one round of a race: the candidates still in it play Hands
// hands each on the deals of Seed (every candidate the same deals).
type Round struct {
	Generation int      `json:"generation"`
	Index      int      `json:"round"` // from 1
	Seed       uint64   `json:"seed"`
	Hands      int      `json:"hands_each"`
	Candidates []string `json:"candidates"`
	// Results: each candidate's objective over every hand it has played in
	// this race so far, and whether it goes on to the next round.
	Results []RoundResult `json:"results,omitempty"`
}

// RoundResult is a candidate at the end of a round.
type RoundResult struct {
	Name     string   `json:"name"`
	Estimate Estimate `json:"objective"`
	Kept     bool     `json:"kept"`
	// SameIdea: the better candidate of this one's orbit (SameIdea) that
	// went on in its place.
	SameIdea string `json:"same_idea_as,omitempty"`
}

// Evaluator plays a round: each candidate of r.Candidates r.Hands hands,
// on the deals of r.Seed; it returns each candidate's tally of them.
type Evaluator func(ctx context.Context, r *Round) (map[string]*Tally, error)

// RaceConfig shapes a race by successive halving (Jamieson & Talwalkar
// 2016; Karnin, Koren & Somekh 2013): every round splits an equal share of
// the budget among the candidates still in, and keeps the best 1/Eta of
// them by their objective over all the hands they played in the race,
// until Keep are left.
type RaceConfig struct {
	Budget int // hands for the whole race
	Keep   int // candidates left at the end
	Eta    int // 1/Eta of the candidates go on each round (2: halving)
	// MinHands: the fewest hands a candidate may play in a round; a budget
	// that cannot give them is refused.
	MinHands int
}

// Schedule is the race's rounds for n candidates: how many candidates play
// each round and how many hands each plays.
func (rc RaceConfig) Schedule(n int) (sizes, hands []int, err error) {
	if n < 1 || rc.Keep < 1 || rc.Eta < 2 {
		return nil, nil, fmt.Errorf("a race needs candidates (%d), survivors (%d) and a reduction factor of 2 or more (%d)", n, rc.Keep, rc.Eta)
	}
	sizes = []int{n}
	for k := n; k > rc.Keep; {
		k = max(rc.Keep, (k+rc.Eta-1)/rc.Eta)
		if k > rc.Keep {
			sizes = append(sizes, k)
		}
	}
	perRound := rc.Budget / len(sizes)
	for _, s := range sizes {
		hands = append(hands, perRound/s)
	}
	if hands[0] < max(1, rc.MinHands) {
		return nil, nil, fmt.Errorf("a budget of %d hands is too small to race %d candidates over %d rounds (%d hands each in the first round, fewer than %d): give a larger --budget or fewer --candidates",
			rc.Budget, n, len(sizes), hands[0], max(1, rc.MinHands))
	}
	return sizes, hands, nil
}

// Standing is a candidate's place in a race.
type Standing struct {
	Candidate *Candidate `json:"-"`
	Name      string     `json:"name"`
	// Round: the last round it played (from 1); Estimate: its objective
	// over every hand it played in the race.
	Round    int      `json:"round"`
	Estimate Estimate `json:"objective"`
	tally    Tally
}

// Point is the search's best candidate after a round: the point of the
// search plot.
type Point struct {
	Generation int      `json:"generation"`
	Round      int      `json:"round"`
	Spent      int      `json:"hands_spent"`
	Best       string   `json:"best"`
	Estimate   Estimate `json:"objective"`
}

// RaceResult is a finished race.
type RaceResult struct {
	Generation int      `json:"generation"`
	Rounds     []*Round `json:"rounds"`
	// Standings: every candidate, best first — those that reached a later
	// round before the others, then by objective.
	Standings []*Standing `json:"-"`
	Curve     []Point     `json:"curve"`
	Spent     int         `json:"hands"`
}

// Survivors are the candidates of the last round that go on.
func (rr *RaceResult) Survivors() []*Candidate {
	var out []*Candidate
	last := rr.Rounds[len(rr.Rounds)-1]
	for _, r := range last.Results {
		if r.Kept {
			out = append(out, rr.find(r.Name))
		}
	}
	return out
}

func (rr *RaceResult) find(name string) *Candidate {
	for _, s := range rr.Standings {
		if s.Name == name {
			return s.Candidate
		}
	}
	return nil
}

// Race runs a race among the pool's candidates: eval plays each round (the
// lab, or a test's planted scores); seed gives each round's seed (from 1);
// spent is the hands spent before the race (for the curve). On an error
// (Ctrl-C) the rounds finished so far are returned with it.
func Race(ctx context.Context, gen int, pool []*Candidate, rc RaceConfig, obj Objective, seed func(round int) uint64,
	eval Evaluator, spent int) (*RaceResult, error) {
	sizes, hands, err := rc.Schedule(len(pool))
	if err != nil {
		return nil, err
	}
	rr := &RaceResult{Generation: gen}
	in := make([]*Standing, len(pool))
	for i, c := range pool {
		in[i] = &Standing{Candidate: c, Name: c.Name}
		rr.Standings = append(rr.Standings, in[i])
	}
	for r := range sizes {
		round := &Round{Generation: gen, Index: r + 1, Seed: seed(r + 1), Hands: hands[r]}
		for _, s := range in {
			round.Candidates = append(round.Candidates, s.Name)
		}
		tallies, err := eval(ctx, round)
		if err != nil {
			return rr, err
		}
		for _, s := range in {
			t := tallies[s.Name]
			if t == nil {
				return rr, fmt.Errorf("round %d of generation %d: no hands of %s", r+1, gen, s.Name)
			}
			s.tally.merge(t)
			s.Round = r + 1
			s.Estimate = obj.Estimate(&s.tally, s.Candidate.Size)
		}
		slices.SortStableFunc(in, byEstimate)
		next := rc.Keep
		if r+1 < len(sizes) {
			next = sizes[r+1]
		}
		kept, err := cutRound(in, next, round)
		if err != nil {
			return rr, err
		}
		rr.Spent += hands[r] * len(in)
		rr.Curve = append(rr.Curve, Point{Generation: gen, Round: r + 1, Spent: spent + rr.Spent, Best: in[0].Name, Estimate: in[0].Estimate})
		rr.Rounds = append(rr.Rounds, round)
		in = kept
	}
	slices.SortStableFunc(rr.Standings, func(a, b *Standing) int { return cmp.Or(cmp.Compare(b.Round, a.Round), byEstimate(a, b)) })
	return rr, nil
}

// cutRound keeps the best next standings of a round (sorted, best first), one
// of each idea: a candidate in the orbit of a better one kept (SameIdea)
// goes out, so that the variants of one idea take one place. It records
// the round's results.
func cutRound(in []*Standing, next int, round *Round) ([]*Standing, error) {
	var kept []*Standing
	for _, s := range in {
		res := RoundResult{Name: s.Name, Estimate: s.Estimate}
		for _, k := range kept {
			same, err := SameIdea(k.Candidate, s.Candidate)
			if err != nil {
				return nil, err
			}
			if same {
				res.SameIdea = k.Name
				break
			}
		}
		if res.SameIdea == "" && len(kept) < next {
			res.Kept = true
			kept = append(kept, s)
		}
		round.Results = append(round.Results, res)
	}
	return kept, nil
}

// byEstimate orders standings by objective, best first (a missing value
// last), then by name.
func byEstimate(a, b *Standing) int {
	ea, eb := a.Estimate.Est, b.Estimate.Est
	if math.IsNaN(ea) {
		ea = math.Inf(-1)
	}
	if math.IsNaN(eb) {
		eb = math.Inf(-1)
	}
	return cmp.Or(cmp.Compare(eb, ea), cmp.Compare(a.Name, b.Name))
}

// merge adds another tally's hands.
func (t *Tally) merge(o *Tally) {
	t.God = append(t.God, o.God...)
	t.Failed += o.Failed
	t.Sweet += o.Sweet
	t.Miss += o.Miss
	t.Pairs += o.Pairs
}
