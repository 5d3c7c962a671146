package sim

import (
	"os"
	"strings"
	"testing"
)

// exprJudge stands in for rulebank (which sim cannot import) in the replay
// tests: the transcripts' rules, written in Go.
type exprJudge struct {
	funcJudge
	equivalent map[string]bool
}

func (e exprJudge) Equivalent(guess string) (bool, error) {
	if strings.HasSuffix(guess, "!=") {
		return false, errSyntax
	}
	return e.equivalent[guess], nil
}

var errSyntax = &syntaxError{}

type syntaxError struct{}

func (*syntaxError) Error() string { return "unexpected end of expression" }

var colourAlternates = exprJudge{
	funcJudge:  func(l []Card, c Card) bool { return l[len(l)-1].Red() != c.Red() },
	equivalent: map[string]bool{`(prev.color == "red") == (card.color == "black")`: true},
}

func replayFile(t *testing.T, name string, j Judge) (*Hand, error) {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := ParseTranscript(data)
	if err != nil {
		t.Fatal(err)
	}
	return Replay(tr, j)
}

type wantMove struct {
	verdict Verdict
	penalty int
}

func checkReplay(t *testing.T, h *Hand, moves []wantMove, cards, scores []int, god int, end EndReason) {
	t.Helper()
	r := h.Result()
	if len(r.History) != len(moves) {
		t.Fatalf("%d moves refereed, want %d", len(r.History), len(moves))
	}
	for i, m := range moves {
		if got := r.History[i]; got.Verdict != m.verdict || got.Penalty != m.penalty {
			t.Errorf("move %d: %s, penalty %d; want %s, %d", i+1, got.Verdict, got.Penalty, m.verdict, m.penalty)
		}
	}
	for i, p := range r.Players {
		if p.Cards != cards[i] || p.Score != scores[i] {
			t.Errorf("seat %d: %d cards, score %d; want %d, %d", i+1, p.Cards, p.Score, cards[i], scores[i])
		}
	}
	if r.GodScore != god || r.End != end {
		t.Errorf("God %d, end %s; want %d, %s", r.GodScore, r.End, god, end)
	}
}

func TestReplaySeedExamples(t *testing.T) {
	h, err := replayFile(t, "example1.yaml", blackHighRedLow)
	if err != nil {
		t.Fatal(err)
	}
	checkReplay(t, h, []wantMove{{No, 2}, {Yes, 0}}, []int{14, 14, 15, 13}, []int{1, 1, 0, 2}, 2, Unfinished)

	h, err = replayFile(t, "example2.yaml", blackHighRedLow)
	if err != nil {
		t.Fatal(err)
	}
	// Ana's sequence costs 6; Caio's "no play" after 2D was wrong (after a
	// red card 6 or lower is valid, and he holds 3S): God puts 3S down, 5 cards.
	checkReplay(t, h, []wantMove{{No, 6}, {Yes, 0}, {No, 5}, {Yes, 0}}, []int{17, 13, 18, 13}, []int{1, 5, 0, 5}, 5, Unfinished)
	if got := CardsString(h.MainLine()); got != "KH 2D 3S 8S" {
		t.Errorf("main line %s", got)
	}
}

func TestReplayExpressGuessing(t *testing.T) {
	h, err := replayFile(t, "express.yaml", colourAlternates)
	if err != nil {
		t.Fatal(err)
	}
	checkReplay(t, h, []wantMove{{No, 1}, {Yes, 0}, {Yes, 0}, {Yes, 0}, {Yes, 0}}, []int{11, 10, 11}, []int{1, 8, 1}, 8, Guessed)
	r := h.Result()
	if r.History[2].GuessError == "" || r.History[1].GuessRight || !r.History[4].GuessRight {
		t.Errorf("guesses: %+v", r.History)
	}
}

// A transcript that breaks the rules is an error naming the move and why.
func TestReplayErrors(t *testing.T) {
	head := "preset: new-eleusis\nrule: x\ngod: G\nplayers: [Ana, Bia, Caio, Duda]\n"
	sizes := "hand_sizes: {Ana: 14, Bia: 14, Caio: 14, Duda: 14}\nstarter: AH\n"
	cases := []struct {
		name, yaml string
		want       []string
	}{
		{"out of turn", head + sizes + "moves:\n  - Bia play 5C\n", []string{"line 8", "move 1", "not Bia's turn", "Ana plays first", "count_by_starter"}},
		{"unknown card", head + sizes + "moves:\n  - Ana play 5X\n", []string{"line 8", "move 1", "X is not a suit letter"}},
		{"unknown player", head + sizes + "moves:\n  - Eva play 5C\n", []string{"line 8", `"Eva" is not one of the players`}},
		{"card not in hand", head + "hands:\n  Ana: 2C 3C\n  Bia: 2D\n  Caio: 2S\n  Duda: 2H\nstarter: AH\nmoves:\n  - Ana play 4C\n", []string{"move 1", "4C is not in Ana's hand"}},
		{"guess not allowed", head + sizes + "moves:\n  - Ana play 5C\n  - Ana guess card.rank > 2\n", []string{"move 2", "guessing is off"}},
		{"partial no play", head + sizes + "moves:\n  - Ana noplay 5C 6C\n", []string{"move 1", "whole hand", "Ana holds 14"}},
		{"sequence too long", head + sizes + "moves:\n  - Ana seq 2C 3C 4C 5C 6C\n", []string{"move 1", "2 to 4 cards"}},
		{"judged without prophet", head + sizes + "moves:\n  - Ana play 5C judged:yes\n", []string{"no Prophet stands"}},
		{"prophet not allowed", head + sizes + "moves:\n  - Ana play 5C prophet\n", []string{"may not declare Prophet", "option is off"}},
		{"too many copies", head + sizes + "moves:\n  - Ana play AH\n  - Bia play AH\n  - Caio play AH\n", []string{"move 3", "all 3 copies"}},
		{"unknown option", head + sizes + "options: {prophets: true}\nmoves: []\n", []string{`unknown option "prophets"`}},
		{"bad option value", head + sizes + "options: {decks: many}\nmoves: []\n", []string{"option decks"}},
		{"no rule", "players: [A, B, C, D]\nhand_sizes: {A: 1, B: 1, C: 1, D: 1}\nstarter: AH\n", []string{"names no rule"}},
		{"both hands", head + sizes + "hands: {Ana: 2C}\n", []string{"exactly one"}},
		{"two players", "rule: x\nplayers: [A, B]\nhand_sizes: {A: 14, B: 14}\nstarter: AH\n", []string{"2 players", "4 to 8"}},
		{"hand size 0", head + "hand_sizes: {Ana: 14, Bia: 14, Caio: 14, Duda: 14}\nstarter: AH\noptions: {hand_size: 0}\n", []string{"hand_size = 0"}},
		{"yaml error", "players: [A, B\n", []string{"line"}},
		{"unknown key", head + sizes + "movez: []\n", []string{"movez"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr, err := ParseTranscript([]byte(c.yaml))
			if err == nil {
				_, err = Replay(tr, blackHighRedLow)
			}
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

// FuzzParseTranscript: the transcript parser and the referee never panic.
func FuzzParseTranscript(f *testing.F) {
	for _, name := range []string{"example1.yaml", "example2.yaml", "express.yaml", "chain3.yaml", "coop.yaml", "prophet.yaml"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("players: [A, B, C, D]\nrule: x\nhand_sizes: {A: 1, B: 1, C: 1, D: 1}\nstarter: AH\nmoves: [A noplay 2C]\n"))
	f.Add([]byte("options: {prophet: true}\nplayers: [A, B, C, D]\nrule: x\nhand_sizes: {A: 9, B: 9, C: 9, D: 9}\nstarter: 5H\nmoves: [A play 2C prophet, B play 9S judged:no, C noplay 2C pick:2C]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := ParseTranscript(data)
		if err != nil {
			return
		}
		h, _ := Replay(tr, colourAlternates)
		if h != nil {
			if err := h.CheckConservation(); err != nil {
				t.Fatal(err)
			}
			_ = h.Result()
		}
	})
}

func TestReplayProphet(t *testing.T) {
	h, err := replayFile(t, "prophet.yaml", blackHighRedLow)
	if err != nil {
		t.Fatal(err)
	}
	checkReplay(t, h, []wantMove{{Yes, 0}, {Yes, 0}, {No, 0}, {Yes, 0}, {Yes, 0}, {Yes, 0}, {Yes, 0}, {No, 5}, {No, 0}},
		[]int{11, 12, 9, 17}, []int{6, 5, 8, 0}, 8, Unfinished)
	r := h.Result()
	if !r.History[2].ProphetFell || !r.History[2].Spared || r.History[6].Refund != 9 || !r.History[8].ProphetFell ||
		r.Players[0].Prophet != FallenProphet || r.Players[1].Prophet != FallenProphet {
		t.Errorf("Prophet cases 1, 2, 4 and the fall on a wrong card: %+v", r.History)
	}

	h, err = replayFile(t, "prophet2.yaml", blackHighRedLow)
	if err == nil || !strings.Contains(err.Error(), "move 5") || !strings.Contains(err.Error(), "Prophet already") {
		t.Fatalf("a second rise of the same player must be refused: %v", err)
	}
	// The refused move 5 changes nothing: Ana keeps 4C (13 cards, = Max).
	checkReplay(t, h, []wantMove{{Yes, 0}, {Yes, 0}, {Yes, 0}, {No, 0}}, []int{13, 10, 13, 13}, []int{0, 3, 0, 0}, 3, Unfinished)
	if got := CardsString(h.MainLine()); got != "KH 2C 9S 7H" {
		t.Errorf("main line %s: the refused 4C must not be on it", got)
	}
	r = h.Result()
	if !r.History[1].ProphetFell || r.History[1].Refund != 10 || !r.History[3].ProphetFell || !r.History[3].Spared ||
		r.History[3].Picked == nil || r.History[3].Picked.String() != "7H" {
		t.Errorf("Prophet cases 3 and 4 with a wrong pick: %+v", r.History)
	}

	h, err = replayFile(t, "prophet3.yaml", blackHighRedLow)
	if err != nil {
		t.Fatal(err)
	}
	// Max 17 (Bia). Duda, standing Prophet with 13 cards: (17 − 13) + 2
	// main-line cards since the marker + 2 × 1 error card = 8; God min(8, 2 × 7).
	checkReplay(t, h, []wantMove{{Yes, 0}, {No, 4}, {Yes, 0}, {Yes, 0}, {Yes, 0}, {No, 2}, {Yes, 0}},
		[]int{12, 17, 11, 13}, []int{5, 0, 6, 8}, 8, Unfinished)
	r = h.Result()
	if !r.History[2].ProphetFell || r.Players[3].Prophet != StandingProphet || r.ProphetA != 14 {
		t.Errorf("fall on a sequence / standing Prophet: %+v", r)
	}
}

// The Divermazo opening: three cards on the main line, two under the last.
func TestReplayChain3(t *testing.T) {
	h, err := replayFile(t, "chain3.yaml", colourAlternates)
	if err != nil {
		t.Fatal(err)
	}
	// 12 − N with the Express scoring: Pau 8 − 1 + 1 = 8 cards → 4; Vicent
	// 7 → 5 + 6 for the guess; Empar 8 → 4. God scores the best: 11.
	checkReplay(t, h, []wantMove{{No, 1}, {Yes, 0}}, []int{8, 7, 8}, []int{4, 11, 4}, 11, Guessed)
	r := h.Result()
	if got := CardsString(r.MainLine); got != "5S 7H 9C 6D" {
		t.Errorf("main line %s", got)
	}
	if len(r.Errors) != 3 || r.Errors[0].Under != 2 || r.Errors[1].Under != 2 || r.Errors[2].Under != 2 {
		t.Errorf("error columns %+v: the two opening errors and Pau's 3C all lie under 9C", r.Errors)
	}
	bad := strings.Replace(mustRead(t, "chain3.yaml"), "2C 4S", "2C 4D", 1)
	tr, err := ParseTranscript([]byte(bad))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Replay(tr, colourAlternates); err == nil || !strings.Contains(err.Error(), "4D under the chain must break the rule") {
		t.Errorf("an opening error card that follows the rule: %v", err)
	}
}

func mustRead(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A cooperative hand: a rule stated after a wrong move is allowed, the
// first right one ends the hand, and the outcome is the team's.
func TestReplayCooperative(t *testing.T) {
	h, err := replayFile(t, "coop.yaml", colourAlternates)
	if err != nil {
		t.Fatal(err)
	}
	// Ana 14 − 1 + 2 = 15 = Max: Ana 0, Bia 2, Caio 2, Duda 1; God scores
	// the best, 2.
	checkReplay(t, h, []wantMove{{No, 2}, {Yes, 0}, {Yes, 0}}, []int{15, 13, 13, 14}, []int{0, 2, 2, 1}, 2, Guessed)
	team := h.Result().Team
	if team == nil || !team.Found || team.Turn != 3 || team.Guesses != 2 || !strings.Contains(team.Rule, "prev.color") {
		t.Errorf("team outcome %+v", team)
	}
	// Out of moves: coop_turns = 2 ends the hand, not found.
	short := strings.Replace(mustRead(t, "coop.yaml"), "preset: cooperative", "preset: cooperative\noptions: {coop_turns: 2}", 1)
	short = short[:strings.Index(short, "  - Caio play 2S")]
	tr, err := ParseTranscript([]byte(short))
	if err != nil {
		t.Fatal(err)
	}
	h, err = Replay(tr, colourAlternates)
	if err != nil {
		t.Fatal(err)
	}
	if r := h.Result(); r.End != MaxTurns || r.Team == nil || r.Team.Found || r.Team.Guesses != 1 {
		t.Errorf("after coop_turns: end %s, team %+v", r.End, r.Team)
	}
	// A player who runs out of cards sits out; the team plays on.
	o := mustPreset(t, "cooperative")
	h, err = NewHand(HandConfig{Options: o, Judge: colourAlternates, Opening: []Card{mustCards(t, "5S")[0]},
		Deal: [][]Card{{mustCards(t, "7H")[0]}, {mustCards(t, "2C")[0]}, {mustCards(t, "3H")[0]}, {mustCards(t, "4S")[0]}}, Names: []string{"A", "B", "C", "D"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Apply(0, Move{Kind: Play, Cards: []Card{mustCards(t, "7H")[0]}}, Decisions{}); err != nil {
		t.Fatal(err)
	}
	if h.Ended() || h.Current() != 1 {
		t.Fatalf("after A went out: ended %v, current %d", h.Ended(), h.Current())
	}
	for _, p := range []int{1, 2, 3} {
		c := h.HandOf(p)[0]
		if _, err := h.Apply(p, Move{Kind: Play, Cards: []Card{c}}, Decisions{}); err != nil {
			t.Fatal(err)
		}
	}
	if r := h.Result(); r.End != WentOut || r.Players[0].WentOut {
		t.Errorf("everyone played out: end %s, %+v", r.End, r.Players[0])
	}
}
