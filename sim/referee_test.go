package sim

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// replayText parses and replays a transcript given as text.
func replayText(t *testing.T, text string, j Judge) (*Hand, error) {
	t.Helper()
	tr, err := ParseTranscript([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return Replay(tr, j)
}

// The referee of a replay knows what it has seen: cards on the table, and
// every card of a hand that was shown in a "no play"; face-down cards may
// be any card of which a copy is unaccounted for — and only those.
func TestReplayKnownCards(t *testing.T) {
	// Rule: after black 7 or higher, after red 6 or lower. Starter KH.
	head := "preset: abbott\nrule: x\nplayers: [Ana, Bia, Caio]\n"
	cases := []struct {
		name  string
		text  string
		moves []Verdict // when the replay must succeed
		err   []string  // when it must fail
	}{
		{
			// Two decks: Ana holds one 5H face up and two face-down cards
			// (her penalty); the second 5H may be among them.
			name: "a known copy and a face-down copy",
			text: head + "hands: {Ana: 5H 9S, Bia: 2C 8C, Caio: 8D 9D}\nstarter: KH\nmoves:\n" +
				"  - Ana play 9S\n  - Bia play 8C\n  - Caio play 8D\n  - Ana seq 5H 5H\n",
			moves: []Verdict{No, No, No, Yes},
		},
		{
			name: "three copies in two decks",
			text: head + "hands: {Ana: 5H 9S, Bia: 2C 8C, Caio: 8D 9D}\nstarter: KH\nmoves:\n" +
				"  - Ana play 9S\n  - Bia play 8C\n  - Caio play 8D\n  - Ana seq 5H 5H 5H\n",
			err: []string{"move 4", "5H: all 2 copies"},
		},
		{
			// A wrong "no play" shows Ana's hand; with no penalty she keeps
			// exactly 9S JC, and cannot play 2D.
			name: "a shown hand is known",
			text: head + "options: {penalty_wrong_no_play: 0}\nhand_sizes: {Ana: 3, Bia: 3, Caio: 3}\nstarter: KH\nmoves:\n" +
				"  - Ana noplay 5H 9S JC\n  - Bia play 8C\n  - Caio play 8D\n  - Ana play 2D\n",
			err: []string{"move 4", "2D is not in Ana's hand"},
		},
		{
			name: "copies shown in a hand are accounted for",
			text: head + "options: {penalty_wrong_no_play: 0}\nhand_sizes: {Ana: 3, Bia: 3, Caio: 3}\nstarter: KH\nmoves:\n" +
				"  - Ana noplay 5H 9S 9S\n  - Bia play 9S\n",
			err: []string{"move 2", "9S: all 2 copies"},
		},
		{
			name: "a shown hand must show the known cards",
			text: head + "options: {penalty_wrong_no_play: 0}\nhand_sizes: {Ana: 4, Bia: 3, Caio: 3}\nstarter: 9C\nmoves:\n" +
				"  - Ana noplay 8H 3S 4S JC\n  - Bia play 8C\n  - Caio play 8D\n  - Ana noplay 2S 4S JC\n",
			err: []string{"move 4", "Ana holds 3S, which is not shown"},
		},
		{
			name: "under a Prophet the shown hand is known too",
			text: head + "options: {prophet: true, penalty_wrong_no_play: 0}\nhand_sizes: {Ana: 3, Bia: 3, Caio: 3}\nstarter: KH\nmoves:\n" +
				"  - Ana play 2D prophet\n  - Bia noplay 3H 9S JC judged:no pick:3H\n  - Caio play 2S judged:yes\n  - Bia play 4H judged:no\n",
			err: []string{"move 4", "4H is not in Bia's hand"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h, err := replayText(t, c.text, blackHighRedLow)
			if c.err != nil {
				if err == nil {
					t.Fatal("replayed without error")
				}
				for _, w := range c.err {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q lacks %q", err, w)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []Verdict
			for _, m := range h.Result().History {
				got = append(got, m.Verdict)
			}
			if !slices.Equal(got, c.moves) {
				t.Errorf("verdicts %v, want %v", got, c.moves)
			}
		})
	}
}

// A guess may follow the move that ended the hand by running out of turns
// (the simulation asks for it before the hand ends); not a move after
// which the guesser went out.
func TestReplayGuessOnTheLastMove(t *testing.T) {
	head := "preset: express\nrule: x\nplayers: [Pau, Vicent, Empar]\nhand_sizes: {Pau: 12, Vicent: 12, Empar: 1}\nstarter: 5S\n"
	right := `(prev.color == "red") == (card.color == "black")`
	h, err := replayText(t, head+"options: {max_turns: 1}\nmoves:\n  - Pau play 7H\n  - Pau guess "+right+"\n", colourAlternates)
	if err != nil {
		t.Fatal(err)
	}
	// 12 − 11 cards + 6 for the guess = 7.
	if r := h.Result(); r.End != Guessed || !r.Players[0].Guessed || r.Players[0].Score != 7 {
		t.Errorf("end %s, Pau %+v", r.End, r.Players[0])
	}
	_, err = replayText(t, head+"moves:\n  - Pau play 7H\n  - Vicent play 2S\n  - Empar play 9D\n  - Empar guess "+right+"\n", colourAlternates)
	if err == nil || !strings.Contains(err.Error(), "move 4") || !strings.Contains(err.Error(), "hand ended") {
		t.Errorf("a guess after going out: %v", err)
	}
}

// The Prophet's wrong pick is part of the record, and a transcript can say
// which valid card God put down instead (godpick:).
func TestProphetWrongPickKept(t *testing.T) {
	h, err := replayFile(t, "prophet2.yaml", blackHighRedLow)
	if err == nil {
		t.Fatal("prophet2.yaml ends with a refused move")
	}
	m := h.Result().History[3]
	if m.ProphetPick == nil || m.ProphetPick.String() != "2H" || m.Picked == nil || m.Picked.String() != "7H" {
		t.Fatalf("the Prophet picked 2H, God put down 7H: %+v", m)
	}
	tr, err := TranscriptOf(h.Result(), Transcript{Preset: "new-eleusis", Options: h.opts, Rule: "x", Players: []string{"Ana", "Bia", "Caio", "Duda"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := tr.Moves[3].String(); got != "Duda noplay 7H 2H 3H 4H 5H 6H AH 2S 3S 4S 5S 6S AC AD pick:2H godpick:7H judged:no" {
		t.Errorf("written as %q", got)
	}
	// Two valid cards (7H, JS) after a black 8: the Prophet picks the
	// invalid 2D; God chooses JS, or by default the first valid card shown —
	// but not a card that is not valid.
	head := "options: {prophet: true}\nrule: x\nplayers: [Ana, Bia, Caio, Duda]\nhand_sizes: {Ana: 14, Bia: 14, Caio: 14, Duda: 3}\nstarter: 9S\n"
	for _, c := range []struct{ godpick, err string }{{"JS", ""}, {"", ""}, {"2D", "God's pick 2D is not a valid card"}} {
		text := head + "moves:\n  - Ana play 8S prophet\n  - Bia noplay 2D 7H JS judged:no pick:2D"
		if c.godpick != "" {
			text += " godpick:" + c.godpick
		}
		h, err := replayText(t, strings.Replace(text, "Bia: 14", "Bia: 3", 1), blackHighRedLow)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("godpick:%s: %v", c.godpick, err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		want := c.godpick
		if want == "" {
			want = "7H" // the first valid card shown after 8S (black: 7 or higher)
		}
		if m := h.Result().History[1]; m.Picked == nil || m.Picked.String() != want || !m.ProphetFell || !m.Spared {
			t.Errorf("godpick:%s: %+v", c.godpick, m)
		}
	}
	if _, err := replayText(t, head+"moves:\n  - Ana play 8S godpick:7H\n", blackHighRedLow); err == nil || !strings.Contains(err.Error(), "go only with noplay") {
		t.Errorf("godpick on a play: %v", err)
	}
}

// A wrong "no play" by a player with one card, when the penalty cannot be
// dealt: God lays the card, the player did not go out (new-eleusis-pt:
// "bater" is playing all one's cards), the empty deck ends the hand.
func TestWrongNoPlayWithOneCardIsNotGoingOut(t *testing.T) {
	o := mustPreset(t, "abbott")
	kh, h5 := NewCard(13, Hearts), NewCard(5, Hearts)
	// Every card is dealt: Ana holds 5H, Bia and Caio the rest.
	var rest []Card
	for d := 0; d < 2; d++ {
		for c := Card(0); c < NumCards; c++ {
			rest = append(rest, c)
		}
	}
	rest = slices.Delete(rest, slices.Index(rest, kh), slices.Index(rest, kh)+1)
	rest = slices.Delete(rest, slices.Index(rest, h5), slices.Index(rest, h5)+1)
	deal := [][]Card{{h5}, rest[:51], rest[51:]}
	h, err := NewHand(HandConfig{Options: o, Judge: blackHighRedLow, Opening: []Card{kh}, Deal: deal, Names: []string{"Ana", "Bia", "Caio"}})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := h.Apply(0, Move{Kind: NoPlay, Cards: []Card{h5}}, Decisions{})
	if err != nil {
		t.Fatal(err)
	}
	r := h.Result()
	if rec.Verdict != No || rec.Penalty != 5 || rec.Drawn != 0 || rec.WentOut || r.End != DeckEmpty || r.Players[0].WentOut {
		t.Fatalf("move %+v, end %s, Ana %+v", rec, r.End, r.Players[0])
	}
	// Max = 51: Ana scores 51 − 0, without the +4 for going out.
	if r.Players[0].Score != 51 || r.GodScore != 51 {
		t.Errorf("Ana %d, God %d; want 51, 51", r.Players[0].Score, r.GodScore)
	}
	if err := CheckScores(o, r); err != nil {
		t.Error(err)
	}
}

// NewHand with players and a chosen opening deals the rest from the
// shuffled deck and plays; impossible set-ups are errors, not panics.
func TestNewHandGivenStart(t *testing.T) {
	o := mustPreset(t, "abbott")
	players := []Player{NewRandomPlayer(1), NewRandomPlayer(2), NewRandomPlayer(3)}
	h, err := NewHand(HandConfig{Options: o, Judge: blackHighRedLow, Players: players, Opening: mustCards(t, "KH"), Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	if got := h.MainLine(); len(got) != 1 || got[0].String() != "KH" || len(h.HandOf(2)) != 14 || h.DeckSize() != 104-1-42 {
		t.Fatalf("main line %v, hand %d, deck %d", got, len(h.HandOf(2)), h.DeckSize())
	}
	for !h.Ended() {
		if _, err := h.Step(); err != nil {
			t.Fatal(err)
		}
		if err := h.CheckConservation(); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name string
		cfg  HandConfig
		want string
	}{
		{"players with sizes", HandConfig{Players: players, Opening: mustCards(t, "KH"), HandSizes: []int{3, 3, 3}}, "give Deal, not HandSizes"},
		{"deal for two seats", HandConfig{Players: players, Deal: [][]Card{{0}, {1}}}, "cards for 2 seats, but 3 players"},
		{"sizes for four seats", HandConfig{HandSizes: []int{3, 3, 3, 3}, Deal: [][]Card{{0}, {1}, {2}, {3}}}, "not both"},
		{"no opening", HandConfig{HandSizes: []int{3, 3, 3}}, "needs its opening"},
		{"not a card", HandConfig{Players: players, Opening: []Card{Unknown}}, "?? is not a card"},
	} {
		c.cfg.Options, c.cfg.Judge = o, blackHighRedLow
		if _, err := NewHand(c.cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// failingJudge fails at run time on every card after a line of three.
type failingJudge struct{ funcJudge }

var errRuleFailed = errors.New("index out of range")

func (f failingJudge) Accepts(line []Card, c Card) (bool, error) {
	if len(line) >= 3 {
		return false, errRuleFailed
	}
	return f.funcJudge(line, c), nil
}

// A rule that fails while God checks the opening is an error that says so,
// not "does not follow the rule".
func TestOpeningRuleFailure(t *testing.T) {
	o := mustPreset(t, "express-divermazo")
	_, err := NewHand(HandConfig{Options: o, Judge: failingJudge{colourAlternates.funcJudge}, Opening: mustCards(t, "5S 7H 9C 2C 4S"), HandSizes: []int{8, 8, 8}})
	if !errors.Is(err, errRuleFailed) || strings.Contains(err.Error(), "does not follow") || !strings.Contains(err.Error(), "2C under the chain 5S 7H 9C") {
		t.Errorf("error %v", err)
	}
}

// A move refused half-way (here: a Prophet declaration with the Prophet
// option off, refused after the move was judged) changes nothing: a hand
// with a refused attempt before every move ends exactly as its twin.
func TestRefusedMoveChangesNothing(t *testing.T) {
	o := mustPreset(t, "new-eleusis")
	o.PenaltyWrongCard = 6 // reshuffles of the error columns come sooner
	for seed := uint64(1); seed <= 30; seed++ {
		play := func(tryRefused bool) *Result {
			ps := []Player{NewRandomPlayer(seed), NewRandomPlayer(seed + 1), NewRandomPlayer(seed + 2), NewRandomPlayer(seed + 3)}
			h, err := NewHand(HandConfig{Options: o, Judge: blackHighRedLow, Players: ps, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			for !h.Ended() {
				if tryRefused {
					p := h.Current()
					m := Move{Kind: Play, Cards: h.HandOf(p)[:1]}
					if len(h.HandOf(p)) >= 2 && seed%2 == 0 {
						m = Move{Kind: Sequence, Cards: h.HandOf(p)[:2]}
					}
					if _, err := h.Apply(p, m, Decisions{DeclareProphet: true}); err == nil || !strings.Contains(err.Error(), "option is off") {
						t.Fatalf("seed %d: declaration with the option off: %v", seed, err)
					}
					if err := h.CheckConservation(); err != nil {
						t.Fatal(err)
					}
				}
				if _, err := h.Step(); err != nil {
					t.Fatal(err)
				}
			}
			return h.Result()
		}
		if a, b := play(false), play(true); !reflect.DeepEqual(a, b) {
			t.Fatalf("seed %d: the refused attempts changed the hand", seed)
		}
	}
}
