package bench

import (
	"math"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/sim"
)

// The statements of the rule summed up by hand, solo design under
// solo-guessing: a's measured seat states God's rule after moves 4 and 10
// and misses the third deal (30 moves); b states it only on the second
// deal, after move 6, and fails the third at move 7 (not guessed, censored
// there). Scores as sim.TurnScore gives them with the preset's budget 30
// and penalty 5.
func TestGuessingByHand(t *testing.T) {
	p := &lab.Plan{Seed: 1, Rules: []string{"r"}, Presets: []string{"solo-guessing"}, Hands: 3}
	if err := p.SeatBench([]string{"a", "b"}, []lab.Design{lab.Solo}, 1); err != nil {
		t.Fatal(err)
	}
	o, err := sim.Preset("solo-guessing")
	if err != nil {
		t.Fatal(err)
	}
	score := func(at, wrong int) []int { return []int{sim.TurnScore(o.MaxTurns, at, wrong, o.GuessPenalty)} }
	rec := func(lineup, rep, turns, at, wrong int) lab.HandRecord {
		return lab.HandRecord{Index: lineup*p.Hands + rep, Rule: "r", Preset: "solo-guessing", Players: p.Lineups[lineup], Turns: turns,
			Scores: score(at, wrong), Guesses: []sim.Statements{{RightAt: at, Wrong: wrong}}}
	}
	zero := 0
	failed := rec(1, 2, 7, 0, 1)
	failed.Error, failed.FailedSeat = "seat 1 (b): it crashed", &zero
	recs := []lab.HandRecord{rec(0, 0, 4, 4, 0), rec(0, 1, 10, 10, 2), rec(0, 2, 30, 0, 1),
		rec(1, 0, 30, 0, 3), rec(1, 1, 6, 6, 0), failed}
	lb := Bench(p, recs)
	var a, b *GuessRow
	for _, r := range lb.Strategies {
		switch r.Strategy {
		case "a":
			a = r.Guessing
		case "b":
			b = r.Guessing
		}
	}
	if a == nil || b == nil {
		t.Fatalf("no guessing rows: %+v", lb.Strategies)
	}
	// a: scores 27, 21 − 10 = 11, −5: mean 11; b: −15, 25 and the worst
	// score the preset allows for the hand it failed, −5 × 30: mean −140/3.
	if a.Hands != 3 || math.Abs(a.Guessed.Est-2.0/3) > 1e-12 || a.Score.Est != 11 || a.Wrong.Est != 1 {
		t.Errorf("a: %+v", a)
	}
	if b.Hands != 3 || math.Abs(b.Guessed.Est-1.0/3) > 1e-12 || math.Abs(b.Score.Est+140.0/3) > 1e-12 || math.Abs(b.Wrong.Est-4.0/3) > 1e-12 {
		t.Errorf("b: %+v", b)
	}
	// Kaplan–Meier of a: events at 4 and 10, censored at 30: S(4) = 2/3,
	// S(10) = 1/3, the median is 10. b: event at 6 of the three at risk,
	// censored at 7 and 30: S(6) = 2/3 and never ½: no median.
	if a.Turns.Est != 10 || !math.IsNaN(b.Turns.Est) {
		t.Errorf("turns to the right statement: a %v, b %v", a.Turns, b.Turns)
	}
	// Deal by deal: a stated God's rule on deals 0 and 1, b on deal 1: one
	// discordant deal, a's (exact McNemar p = 1).
	if len(lb.Pairs) != 1 || lb.Pairs[0].Guessed != 3 || lb.Pairs[0].GuessedAOnly != 1 || lb.Pairs[0].GuessedBOnly != 0 || lb.Pairs[0].GuessedP != 1 {
		t.Errorf("pairs %+v", lb.Pairs)
	}
	var text strings.Builder
	if err := render.Render(&text, "table", lb, lb.Tables()...); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Stating the rule (solo-guessing: score = 30 + 1 − the move of the right statement, 0 without one, − 5 per wrong statement)", "guessed A:B"} {
		if !strings.Contains(strings.Join(strings.Fields(text.String()), " "), want) {
			t.Errorf("the tables do not say %q:\n%s", want, text.String())
		}
	}
}
