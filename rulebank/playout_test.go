package rulebank

import (
	"testing"

	"github.com/eleusis/eleusis/sim"
)

// Random playouts over the whole default bank and every preset, Prophet on
// and off: every hand ends, cards are conserved after every move, and the
// scores follow the formulas of docs/rules.md.
func TestPlayoutsDefaultBank(t *testing.T) {
	hands := 12 // per rule, preset and Prophet setting: 68 × 5 × 2 × 12 ≈ 8,000 hands
	if testing.Short() {
		hands = 1
	}
	total := 0
	for _, c := range Default().Rules {
		for _, preset := range sim.PresetNames() {
			for _, prophet := range []bool{false, true} {
				o, _ := sim.Preset(preset)
				o.Prophet = prophet && !o.Guessing
				for k := 0; k < hands; k++ {
					players := o.MinPlayers + k%(o.MaxPlayers-o.MinPlayers+1)
					ps := make([]sim.Player, players)
					for i := range ps {
						ps[i] = sim.NewRandomPlayer(uint64(k*31 + i))
					}
					h, err := sim.NewHand(sim.HandConfig{Options: o, Judge: c.NewJudge(), Players: ps, Seed: uint64(k)})
					if err != nil {
						if o.Starter == sim.Chain3 {
							continue // a rule that no card breaks, or none follows, cannot lay a chain3 opening
						}
						t.Fatalf("%s/%s: %v", c.Rule.Name, preset, err)
					}
					for !h.Ended() {
						if _, err := h.Step(); err != nil {
							t.Fatalf("%s/%s hand %d: %v", c.Rule.Name, preset, k, err)
						}
						if err := h.CheckConservation(); err != nil {
							t.Fatalf("%s/%s hand %d: %v", c.Rule.Name, preset, k, err)
						}
					}
					if err := sim.CheckScores(o, h.Result()); err != nil {
						t.Fatalf("%s/%s: %v", c.Rule.Name, preset, err)
					}
					total++
				}
			}
		}
	}
	t.Logf("%d hands played", total)
}
