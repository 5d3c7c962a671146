package sim

import (
	"strings"
	"testing"
)

// The turn score by hand: a budget of B moves, a right statement after
// move T earns B + 1 − T, each wrong one costs the penalty.
func TestTurnScore(t *testing.T) {
	cases := []struct {
		name                             string
		budget, at, wrong, penalty, want int
	}{
		{"right after the first move", 30, 1, 0, 2, 30},
		{"right after the last move", 30, 30, 0, 2, 1},
		{"right after move 7, two wrong before", 30, 7, 2, 2, 30 + 1 - 7 - 4}, // 20
		{"never right, three wrong", 30, 0, 3, 2, -6},
		{"never stated", 30, 0, 0, 2, 0},
		{"no penalty", 10, 4, 5, 0, 7},
		{"wrong ones outweigh a late right one", 30, 29, 2, 3, 2 - 6},
	}
	for _, c := range cases {
		if got := TurnScore(c.budget, c.at, c.wrong, c.penalty); got != c.want {
			t.Errorf("%s: TurnScore(%d, %d, %d, %d) = %d, want %d", c.name, c.budget, c.at, c.wrong, c.penalty, got, c.want)
		}
	}
}

// A solo guessing hand replayed from its transcript: a statement may follow
// a wrong move, a wrong one costs guess_penalty, a right one ends the hand
// with the turn score; cards do not count.
func TestReplaySoloGuessing(t *testing.T) {
	tr := `preset: solo-guessing
rule: 'card.color != prev.color'
god: G
players: [Ana]
hand_sizes: {Ana: 31}
starter: 5S
moves:
  - Ana play 7C
  - Ana guess card.rank > 3
  - Ana play 7H
  - Ana play 2S
  - Ana guess card.suit !=
  - Ana play 9D
  - Ana guess (prev.color == "red") == (card.color == "black")
`
	parsed, err := ParseTranscript([]byte(tr))
	if err != nil {
		t.Fatal(err)
	}
	h, err := Replay(parsed, colourAlternates)
	if err != nil {
		t.Fatal(err)
	}
	// 7C wrong (to the errors, one card drawn), 7H, 2S, 9D right: 31 − 3 = 28 cards. The
	// right statement follows move 4: 30 + 1 − 4 = 27, less 2 × 5 for the
	// wrong rule and the invalid one.
	checkReplay(t, h, []wantMove{{No, 1}, {Yes, 0}, {Yes, 0}, {Yes, 0}}, []int{28}, []int{17}, 17, Guessed)
	r := h.Result()
	if p := r.Players[0]; !p.Guessed || p.GuessedAt != 4 || p.WrongGuesses != 2 {
		t.Errorf("player result %+v, want guessed at move 4 with 2 wrong", p)
	}
	if err := CheckScores(mustPreset(t, "solo-guessing"), r); err != nil {
		t.Error(err)
	}
	// The same statement after a wrong move is refused in Express.
	ex := strings.Replace(strings.Replace(tr, "preset: solo-guessing", "preset: express\noptions: {min_players: 1}", 1), "{Ana: 31}", "{Ana: 12}", 1)
	parsed, err = ParseTranscript([]byte(ex))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Replay(parsed, colourAlternates); err == nil || !strings.Contains(err.Error(), "only right after their own right move") {
		t.Errorf("a guess after a wrong move in Express: %v", err)
	}
}

// Under solo-guessing a hand ends at the budget when no statement is right,
// and the score is the penalties alone; the player never runs out of cards.
func TestSoloGuessingBudget(t *testing.T) {
	o := mustPreset(t, "solo-guessing")
	for seed := range uint64(30) {
		r := playedHand(t, o, guessJudge{goRules["alternate-colour"], "RIGHT"}, 1, seed)
		if r.End != Guessed && r.End != MaxTurns {
			t.Fatalf("seed %d: the hand ended %s (only guessed or max_turns)", seed, r.End)
		}
		if r.Turns > o.MaxTurns {
			t.Fatalf("seed %d: %d turns past the budget %d", seed, r.Turns, o.MaxTurns)
		}
		if err := CheckScores(o, r); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}
