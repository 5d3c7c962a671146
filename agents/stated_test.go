package agents

import (
	"encoding/json"
	"testing"

	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/sim"
)

// What an outside agent states becomes its measures: its last stated rule
// checked against God's on the hand's states, settled since the first
// statement of its last run of right rules, its stated probabilities as
// confidence and predictions; an agent that states nothing is not
// measured.
func TestStatedMeasures(t *testing.T) {
	leakCheck(t)
	opts, _ := sim.Preset("new-eleusis")
	k := NewKit()
	defer k.Close()
	r := rule(t, `card.color != prev.color`)
	for _, tc := range []struct {
		mode      string
		stated    string
		right     bool
		conf      float64
		settledAt int // its move (from 0) whose statement began the last right run; −1: never
		pred      float64
	}{
		{"belief", "rule,accept", true, -1, 0, 0.5},
		{"settles", "rule", true, 0.8, 2, 0},
		{"badbelief", "rule", false, 0.5, -1, 0},
		{"withdraws", "rule", false, 0, -1, 0}, // right, then withdrawn: no rule held at the end
		{"good", "", false, 0, -1, 0},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			out, err := k.Play(HandSetup{Rule: r, Options: opts, Seed: 5, Measure: true,
				Lineup: []Spec{spec(t, "random"), execSpec(t, tc.mode, ""), spec(t, "random"), spec(t, "random")}})
			if err != nil {
				t.Fatal(err)
			}
			m := out.Measures[1]
			if tc.stated == "" {
				if m != nil {
					t.Fatalf("an agent that stated nothing is measured: %+v", m)
				}
				return
			}
			var turns []int
			for _, mv := range out.Result.History {
				if mv.Player == 1 {
					turns = append(turns, mv.Turn)
				}
			}
			if len(turns) < 4 {
				t.Fatalf("only %d moves", len(turns))
			}
			if tc.conf < 0 { // "belief" alternates 0.25 and 0.75
				tc.conf = 0.25 + float64(len(turns)%2)/2
			}
			settled := -1
			if tc.settledAt >= 0 {
				settled = turns[tc.settledAt] - 1
			}
			if m == nil || m.Stated != tc.stated || m.Identified != tc.right || m.IdentifiedAll != tc.right || m.Confidence != tc.conf ||
				m.Settled != settled || m.Predictive != tc.pred || !m.Own || !m.LocalExact && tc.right {
				t.Fatalf("measures %+v, want stated %q, identified %v, confidence %v, settled %d, predictive %v", m, tc.stated, tc.right, tc.conf, settled, tc.pred)
			}
		})
	}
}

// A seat's own record gives the numbers the shared record gives: a belief
// is a function of the public record, its space and its noise. Every
// seat's measures and the whole result agree, hand by hand, in tables of
// one strategy and of several.
func TestOwnRecordsSameAsShared(t *testing.T) {
	opts, _ := sim.Preset("new-eleusis")
	k := NewKit()
	lineups := [][]string{
		{"bayes-eig(size=5000)", "bayes-eig(size=5000)", "bayes-eig(size=5000)", "bayes-eig(size=5000)"},
		{"bayes-eig(size=5000)", "positive-tester(size=5000)", "negative-tester(size=5000)", "bayes-greedy(size=5000)"},
		{"positive-tester(size=5000,eps=0.05)", "random", "bayes-eig(size=5000,eps=0.05)", "bayes-eig"},
	}
	for _, expr := range []string{`card.color != prev.color`, `prev.color == "black" ? card.rank >= 7 : card.rank <= 6`, `card.suit == prev.suit`} {
		r := rule(t, expr)
		for li, lu := range lineups {
			var specs []Spec
			for _, s := range lu {
				specs = append(specs, spec(t, s))
			}
			for seed := uint64(1); seed <= 3; seed++ {
				var got [2][]byte
				for i, own := range []bool{false, true} {
					out, err := k.Play(HandSetup{Rule: r, Options: opts, Lineup: specs, Seed: seed, Measure: true, Calibrate: true, ownRecords: own})
					if err != nil {
						t.Fatal(err)
					}
					got[i], _ = json.Marshal(struct {
						R *sim.Result
						M []*hypotheses.Measures
						O *hypotheses.Measures
					}{out.Result, out.Measures, out.Observer})
				}
				if string(got[0]) != string(got[1]) {
					t.Fatalf("rule %s, line-up %d, seed %d: own records differ from the shared one", expr, li+1, seed)
				}
			}
		}
	}
}
