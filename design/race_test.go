package design

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestSchedule(t *testing.T) {
	for _, tc := range []struct {
		n, keep, budget int
		sizes, hands    []int
	}{
		{n: 64, keep: 4, budget: 4000, sizes: []int{64, 32, 16, 8}, hands: []int{15, 31, 62, 125}},
		{n: 10, keep: 5, budget: 1000, sizes: []int{10}, hands: []int{100}},
		{n: 3, keep: 5, budget: 90, sizes: []int{3}, hands: []int{30}},
		{n: 11, keep: 5, budget: 1200, sizes: []int{11, 6}, hands: []int{54, 100}}, // 11 → 6 → 5
	} {
		sizes, hands, err := RaceConfig{Budget: tc.budget, Keep: tc.keep, Eta: 2, MinHands: 2}.Schedule(tc.n)
		if err != nil || !slices.Equal(sizes, tc.sizes) || !slices.Equal(hands, tc.hands) {
			t.Errorf("%d candidates, keep %d, %d hands: sizes %v hands %v (%v), want %v %v", tc.n, tc.keep, tc.budget, sizes, hands, err, tc.sizes, tc.hands)
		}
		spent := 0
		for i := range sizes {
			spent += sizes[i] * hands[i]
		}
		if spent > tc.budget {
			t.Errorf("%d candidates: %d hands spent of %d", tc.n, spent, tc.budget)
		}
	}
	if _, _, err := (RaceConfig{Budget: 100, Keep: 4, Eta: 2, MinHands: 2}).Schedule(64); err == nil {
		t.Errorf("100 hands for 64 candidates were accepted")
	}
}

// planted is an evaluator whose candidates' God scores are their planted
// means, plus a deal effect shared by every candidate of a round (paired
// seeds) and noise of their own, sd 4 — about a real rule's.
func planted(means map[string]float64) Evaluator {
	return func(_ context.Context, r *Round) (map[string]*Tally, error) {
		out := map[string]*Tally{}
		for _, name := range r.Candidates {
			h := fnv.New64a()
			h.Write([]byte(name))
			noise := rand.New(rand.NewPCG(r.Seed, h.Sum64()))
			t := &Tally{}
			for rep := range r.Hands {
				deal := rand.New(rand.NewPCG(r.Seed, uint64(rep))).NormFloat64() * 3
				t.God = append(t.God, means[name]+deal+noise.NormFloat64()*4)
			}
			out[name] = t
		}
		return out, nil
	}
}

// Racing keeps the best of a planted candidate set: one candidate 1.5
// points above the next (others spread below), found and ranked first
// whatever the seed.
func TestRaceKeepsPlantedBest(t *testing.T) {
	means := map[string]float64{}
	var pool []*Candidate
	for i := range 128 {
		name := fmt.Sprintf("c%03d", i)
		means[name] = 15 + 12*float64(i)/127 // 15 to 27
		pool = append(pool, &Candidate{Name: name, Proposal: Proposal{Origin: FromGrammar}})
	}
	means["c077"] = 28.5 // the planted best, in the middle of the pool
	for seed := uint64(1); seed <= 10; seed++ {
		rc := RaceConfig{Budget: 30000, Keep: 4, Eta: 2, MinHands: 2}
		rr, err := Race(context.Background(), 1, pool, rc, Objective{Kind: GodScore}, func(r int) uint64 { return RoundSeed(seed, 1, r) }, planted(means), 0)
		if err != nil {
			t.Fatal(err)
		}
		surv := rr.Survivors()
		if len(surv) != 4 || !slices.ContainsFunc(surv, func(c *Candidate) bool { return c.Name == "c077" }) {
			t.Errorf("seed %d: the planted best is not among the survivors %v", seed, names(surv))
		}
		if rr.Standings[0].Name != "c077" {
			t.Errorf("seed %d: %s ranked first, not the planted best", seed, rr.Standings[0].Name)
		}
		if rr.Spent > rc.Budget {
			t.Errorf("seed %d: %d hands spent of %d", seed, rr.Spent, rc.Budget)
		}
		// Standings keep every candidate once, the last round's first.
		last := len(rr.Rounds[len(rr.Rounds)-1].Candidates)
		if len(rr.Standings) != len(pool) || rr.Standings[last-1].Round != len(rr.Rounds) || rr.Standings[last].Round >= len(rr.Rounds) {
			t.Errorf("seed %d: standings %d long, the last round's %d, the next %d", seed, len(rr.Standings), rr.Standings[last-1].Round, rr.Standings[last].Round)
		}
	}
}

func names(cs []*Candidate) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}
