package agents

import (
	"testing"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// statements plays hands of spec alone under the preset's options (and
// overrides) over the rules, and counts its right and wrong statements
// and its score.
func statements(t *testing.T, preset string, overrides []string, s string, rules []*rulebank.Compiled, seeds int) (right, wrong, score int) {
	t.Helper()
	opts, err := sim.PresetWith(preset, overrides)
	if err != nil {
		t.Fatal(err)
	}
	k := NewKit()
	for _, r := range rules {
		for seed := range uint64(seeds) {
			out, err := k.Play(HandSetup{Rule: r, Options: opts, Lineup: []Spec{spec(t, s)}, Seed: 100 + seed})
			if err != nil {
				t.Fatalf("%s, rule %s, seed %d: %v", s, r.Rule.Name, seed, err)
			}
			if len(out.Failures) > 0 {
				t.Fatalf("%s, rule %s, seed %d: %+v", s, r.Rule.Name, seed, out.Failures)
			}
			if err := sim.CheckScores(opts, out.Result); err != nil {
				t.Fatal(err)
			}
			st := sim.StatementsOf(out.Result.History, 1)[0]
			if st.RightAt > 0 {
				right++
			}
			wrong += st.Wrong
			score += out.Result.Players[0].Score
		}
	}
	return right, wrong, score
}

// The ideal observer's decision (bayes-eig without guess=): it weighs a
// statement's expected score against waiting, so it states far less
// often wrongly than a scientist that states every favourite held at 0.1,
// and states God's rule far more often than one that waits for 0.9, on
// the same deals. Under a scoring where a wrong statement costs nothing
// (Express) the default is the threshold 0.9. Hands whose player may run out of cards
// (no keep_hand_size) are played too: a hand emptied before the budget
// once made it read a card it did not have.
func TestObserverStatesWhenItPays(t *testing.T) {
	var rules []*rulebank.Compiled
	for _, e := range []string{`card.color == "red"`, `card.suit != prev.suit`, `card.rank % 2 != prev.rank % 2`, `card.rank <= 7`} {
		rules = append(rules, rule(t, e))
	}
	seeds := 3
	if testing.Short() {
		seeds, rules = 1, rules[:2]
	}
	or, ow, _ := statements(t, "solo-public", nil, "bayes-eig(size=20000)", rules, seeds)
	_, rw, _ := statements(t, "solo-public", nil, "bayes-eig(size=20000,guess=0.1)", rules, seeds)
	cr, _, _ := statements(t, "solo-public", nil, "bayes-eig(size=20000,guess=0.9)", rules, seeds)
	if !(ow < rw) || !(or > cr) {
		t.Errorf("the observer: %d right, %d wrong; at 0.1: %d wrong; at 0.9: %d right", or, ow, rw, cr)
	}
	statements(t, "solo-guessing", []string{"hand_size=12", "guess_penalty=2"}, "bayes-eig(size=20000)", rules, seeds)
	// Express: a wrong guess is free, and the default is the class's
	// threshold, 0.9; guess=0 states whenever it may.
	er, ew, _ := statements(t, "express", []string{"min_players=1"}, "bayes-eig(size=20000)", rules[:2], 1)
	fr, fw, _ := statements(t, "express", []string{"min_players=1"}, "bayes-eig(size=20000,guess=0.9)", rules[:2], 1)
	_, zw, _ := statements(t, "express", []string{"min_players=1"}, "bayes-eig(size=20000,guess=0)", rules[:2], 1)
	if er != fr || ew != fw || zw <= fw {
		t.Errorf("Express: the default stated %d right, %d wrong; guess=0.9 %d right, %d wrong; guess=0 %d wrong", er, ew, fr, fw, zw)
	}
}
