package sim

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/eleusis/eleusis/internal/longtest"
)

var long = flag.Bool("long", false, "run the long tests (10⁶ round-tripped hands)")

// guessJudge gives a Go rule the power to judge guesses: right is the one
// text it calls equivalent; a text ending in "!=" does not compile.
type guessJudge struct {
	funcJudge
	right string
}

func (g guessJudge) Equivalent(text string) (bool, error) {
	if strings.HasSuffix(text, "!=") {
		return false, errSyntax
	}
	return text == g.right, nil
}

// guessingPlayer is a random player that now and then states a rule: the
// right one, a wrong one, one that does not compile, or one whose text needs
// quoting in YAML.
type guessingPlayer struct {
	*RandomPlayer
	prob float64
}

var guessTexts = []string{
	"RIGHT", "card.rank > 3", "card.suit !=", `prev.color == "red" # not a comment`,
	"a: b\n- c", "  spaced  ", "'quoted'", "ünïcödé ♠", "null", "yes",
}

func (g guessingPlayer) Guess(v *View) string {
	if g.Rng.Float64() >= g.prob {
		return ""
	}
	return guessTexts[g.Rng.IntN(len(guessTexts))]
}

// playedHand plays one hand of random players (guessing ones when the
// options allow guesses), checking conservation after every move.
func playedHand(t testing.TB, o Options, judge Judge, players int, seed uint64) *Result {
	t.Helper()
	ps := make([]Player, players)
	for i := range ps {
		rp := NewRandomPlayer(seed*31 + uint64(i))
		rp.ProphetProb = 0.15
		if o.Guessing {
			ps[i] = guessingPlayer{rp, 0.3}
		} else {
			ps[i] = rp
		}
	}
	h, err := NewHand(HandConfig{Options: o, Judge: judge, Players: ps, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.CheckConservation(); err != nil {
		t.Fatalf("seed %d, after the deal: %v", seed, err)
	}
	for !h.Ended() {
		rec, err := h.Step()
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if err := h.CheckConservation(); err != nil {
			t.Fatalf("seed %d, move %+v: %v", seed, rec, err)
		}
	}
	r := h.Result()
	if err := CheckScores(o, r); err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return r
}

// roundTrip writes r as a transcript, reads it back, replays it and reports
// the first difference from r.
func roundTrip(r *Result, preset string, o Options, judge Judge, names []string) error {
	tr, err := TranscriptOf(r, Transcript{Preset: preset, Options: o, Rule: "the rule", God: "Deus", Players: names})
	if err != nil {
		return fmt.Errorf("writing: %w", err)
	}
	data, err := tr.Marshal()
	if err != nil {
		return fmt.Errorf("marshal: %w", err)
	}
	back, err := ParseTranscript(data)
	if err != nil {
		return fmt.Errorf("reading back: %w\n%s", err, data)
	}
	h, err := Replay(back, judge)
	if err != nil {
		return fmt.Errorf("replay: %w\n%s", err, data)
	}
	if back := h.Result(); reflect.DeepEqual(r, back) {
		return nil
	}
	a, _ := json.Marshal(r)
	b, _ := json.Marshal(h.Result())
	if !bytes.Equal(a, b) {
		return fmt.Errorf("the replay differs:\n%s\nplayed:   %s\nreplayed: %s", data, firstDiff(a, b), firstDiff(b, a))
	}
	return nil
}

// firstDiff shows a's text around its first difference from b.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return string(a[max(0, i-200):min(len(a), i+200)])
}

// roundTripCase is one setting of the property test.
type roundTripCase struct {
	preset string
	rule   string
	set    func(*Options)
}

func roundTripCases() []roundTripCase {
	var cs []roundTripCase
	variants := []struct {
		name string
		set  func(*Options)
	}{
		{"plain", func(*Options) {}},
		{"prophet", func(o *Options) { o.Prophet, o.ProphetMinMainLine = true, 0 }},
		{"prophet-penalty", func(o *Options) { o.Prophet, o.ProphetMinMainLine, o.FalseProphetPenalty = true, 0, 3 }},
		{"prefix", func(o *Options) { o.SequenceJudging, o.SequencePenalty = Prefix, DoubleClamped }},
		{"guessing", func(o *Options) { o.Guessing = true }},
		{"chain3", func(o *Options) { o.Starter = Chain3 }},
		{"empty-deck", func(o *Options) { o.EndOnEmptyDeck = true; o.PenaltyWrongNoPlay = 9 }},
		{"short", func(o *Options) { o.MaxTurns = 17 }},
	}
	for _, preset := range PresetNames() {
		for _, v := range variants {
			for _, rule := range []string{"black-high-red-low", "alternate-colour", "only-aces", "pairs-by-position"} {
				cs = append(cs, roundTripCase{preset + "/" + v.name, rule, v.set})
			}
		}
	}
	return cs
}

// options are the case's preset and options; false when they cannot make
// a hand (a cooperative team has no Prophet).
func (c roundTripCase) options() (string, Options, bool) {
	preset := c.preset[:strings.Index(c.preset, "/")]
	o, err := Preset(preset)
	if err != nil {
		panic(err)
	}
	c.set(&o)
	return preset, o, !(o.CoopTurns > 0 && o.Prophet)
}

// roundTrip1 plays perCase hands of case ci and round-trips each.
func roundTrip1(t testing.TB, ci int, c roundTripCase, perCase int) int {
	preset, o, ok := c.options()
	if !ok {
		return 0
	}
	judge := guessJudge{goRules[c.rule], "RIGHT"}
	for k := range perCase {
		seed := uint64(ci*100003 + k)
		players := o.MinPlayers + k%(o.MaxPlayers-o.MinPlayers+1)
		r := playedHand(t, o, judge, players, seed)
		names := []string{"Ana", "Bia Luz", "", "Ana", "#x", "- y", "null", "ü"}[:players]
		if err := roundTrip(r, preset, o, judge, names); err != nil {
			t.Fatalf("%s, rule %s, seed %d: %v", c.preset, c.rule, seed, err)
		}
	}
	return perCase
}

// Every simulated hand replays from its transcript to the same result:
// 10,000+ hands over every preset and a spread of options (10⁶ with -long).
func TestRoundTripEveryPreset(t *testing.T) {
	per := 5 // 50 a case in the long tests (CI)
	if longtest.On() && !testing.Short() {
		per = 50
	}
	cases := roundTripCases()
	if *long {
		active := 0
		for _, c := range cases {
			if _, _, ok := c.options(); ok {
				active++
			}
		}
		per = 1_000_000/active + 1
	}
	var total atomic.Int64
	t.Run("cases", func(t *testing.T) {
		for ci, c := range cases {
			t.Run(fmt.Sprintf("%s/%s", c.preset, c.rule), func(t *testing.T) {
				t.Parallel()
				total.Add(int64(roundTrip1(t, ci, c, per)))
			})
		}
	})
	t.Logf("%d hands round-tripped", total.Load())
}

func BenchmarkRoundTrip(b *testing.B) {
	o, _ := Preset("new-eleusis")
	o.Prophet = true
	judge := guessJudge{goRules["black-high-red-low"], "RIGHT"}
	rng := rand.New(rand.NewPCG(1, 2))
	for b.Loop() {
		seed := rng.Uint64()
		r := playedHand(b, o, judge, 5, seed)
		if err := roundTrip(r, "new-eleusis", o, judge, nil); err != nil {
			b.Fatal(err)
		}
	}
}
