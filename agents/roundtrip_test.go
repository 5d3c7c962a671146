package agents

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/eleusis/eleusis/sim"
)

// Hands of belief agents — Prophets, sequences, "no play", guesses, chain
// openings, cooperative teams — written as transcripts replay to exactly the
// same result (sim/roundtrip_test.go does the same for random players).
func TestBeliefHandsRoundTrip(t *testing.T) {
	k := NewKit()
	rules := []string{
		`prev.color == "black" ? card.rank >= 7 : card.rank <= 6`,
		`card.suit == prev.suit or card.rank == prev.rank`,
		`card.color != prev.color`,
	}
	lineups := [][]string{
		{"bayes-eig(size=3000,prophet=0.6,guess=0.6)", "bayes-greedy(size=3000,prophet=0.7)", "bounded-human", "positive-tester(size=3000)"},
		{"falsifier(size=3000)", "oracle", "bayes-eig(size=3000,lambda=0.2,prophet=0.5,guess=0.5)", "bounded-human(slip=0.3)"},
	}
	type setting struct {
		preset string
		set    func(*sim.Options)
	}
	settings := []setting{
		{"new-eleusis", func(o *sim.Options) { o.Prophet = true }},
		{"new-eleusis-es", func(o *sim.Options) { o.Prophet, o.ProphetMinMainLine = true, 4 }},
		{"abbott", func(*sim.Options) {}},
		{"express", func(*sim.Options) {}},
		{"express-divermazo", func(*sim.Options) {}},
		{"cooperative", func(*sim.Options) {}},
	}
	hands := 6
	if testing.Short() {
		hands = 2
	}
	seen := map[string]int{}
	for _, st := range settings {
		o, err := sim.Preset(st.preset)
		if err != nil {
			t.Fatal(err)
		}
		st.set(&o)
		for ri, expr := range rules {
			r := rule(t, expr)
			for li, names := range lineups {
				lineup := make([]Spec, 0, len(names))
				for _, n := range names[:min(len(names), o.MaxPlayers)] {
					lineup = append(lineup, spec(t, n))
				}
				for h := range hands {
					seed := uint64(ri*1000 + li*100 + h)
					out, err := k.Play(HandSetup{Rule: r, Options: o, Lineup: lineup, Seed: seed})
					if err != nil {
						t.Fatal(err)
					}
					count(seen, out.Result)
					tr, err := sim.TranscriptOf(out.Result, sim.Transcript{Preset: st.preset, Options: o, Rule: expr, Players: names})
					if err != nil {
						t.Fatal(err)
					}
					data, err := tr.Marshal()
					if err != nil {
						t.Fatal(err)
					}
					back, err := sim.ParseTranscript(data)
					if err != nil {
						t.Fatalf("%s, seed %d: %v\n%s", st.preset, seed, err, data)
					}
					rh, err := sim.Replay(back, r.NewJudge())
					if err != nil {
						t.Fatalf("%s, seed %d: %v\n%s", st.preset, seed, err, data)
					}
					if got := rh.Result(); !reflect.DeepEqual(got, out.Result) {
						a, _ := json.Marshal(out.Result)
						b, _ := json.Marshal(got)
						t.Fatalf("%s, rule %s, seed %d: the replay differs\n%s\nplayed   %s\nreplayed %s", st.preset, expr, seed, data, a, b)
					}
				}
			}
		}
	}
	t.Logf("what the hands held: %v", seen)
	if !testing.Short() {
		for _, what := range []string{"prophet", "judged", "fall", "noplay", "pick", "seq", "guess", "guess-right", "chain3", "team"} {
			if seen[what] == 0 {
				t.Errorf("no hand had a %s: the test does not cover it", what)
			}
		}
	}
}

// count tallies what a hand exercises.
func count(seen map[string]int, r *sim.Result) {
	seen["hands"]++
	if len(r.Opening) == 5 {
		seen["chain3"]++
	}
	if r.Team != nil {
		seen["team"]++
	}
	for _, m := range r.History {
		seen[string(m.Kind)]++
		for what, on := range map[string]bool{"prophet": m.DeclaredProphet, "judged": m.ProphetSaid != nil,
			"fall": m.ProphetFell, "pick": m.Picked != nil, "guess": m.Guess != "", "guess-right": m.GuessRight} {
			if on {
				seen[what]++
			}
		}
	}
}
