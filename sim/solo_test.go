package sim

import (
	"fmt"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/internal/longtest"
)

// One scientist alone against God, allowed by min_players = 1: every
// preset plays to an end with cards conserved, scores by the formulas, and
// the hand replays from its transcript.
func TestSoloHands(t *testing.T) {
	n := 8 // 40 in the long tests (CI)
	if longtest.On() && !testing.Short() {
		n = 40
	}
	for _, preset := range PresetNames() {
		for _, prophet := range []bool{false, true} {
			o := mustPreset(t, preset)
			if prophet && o.CoopTurns > 0 {
				continue
			}
			o.Prophet = prophet
			if err := o.Validate(1); o.MinPlayers > 1 && (err == nil || !strings.Contains(err.Error(), "min_players = 1")) {
				t.Fatalf("%s: one player without min_players = 1: %v", preset, err)
			}
			if err := o.Override([]string{"min_players=1"}); err != nil {
				t.Fatal(err)
			}
			if err := o.Validate(1); err != nil {
				t.Fatalf("%s: one player with min_players = 1: %v", preset, err)
			}
			for name, rule := range goRules {
				if o.Starter == Chain3 && (name == "anything" || name == "nothing") {
					continue
				}
				t.Run(fmt.Sprintf("%s/prophet=%v/%s", preset, prophet, name), func(t *testing.T) {
					ends := map[EndReason]int{}
					for k := range n {
						r := playedHand(t, o, rule, 1, uint64(7000+k))
						ends[r.End]++
						if r.Players[0].Prophet != NotProphet {
							t.Fatalf("seed %d: a lone player became Prophet", 7000+k)
						}
						if err := roundTrip(r, preset, o, rule, []string{"Ana"}); err != nil {
							t.Fatalf("seed %d: %v", 7000+k, err)
						}
					}
					if len(ends) == 0 {
						t.Fatal("no hand ended")
					}
				})
			}
		}
	}
}
