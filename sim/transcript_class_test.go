package sim

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/i18n"
)

// A transcript written after a class, as a teacher writes one: a comment
// on top, four players, a few moves.
const classHand = `# Thursday's class, written down afterwards
# God (the teacher) chose: after a black card 7 or higher, after a red one 6 or lower.
preset: new-eleusis
rule: 'prev.color == "black" ? card.rank >= 7 : card.rank <= 6'
god: Teacher
players: [Ana, Bia, Caio, Duda]
hand_sizes: {Ana: 14, Bia: 14, Caio: 14, Duda: 14}
starter: 3H
moves:
  - Caio play 8H
  - Duda play 5C
  - move: Ana play 9S
    believed: black and red take turns
  - Bia play 2D
`

// Every error names the line where the problem is — a YAML slip below a
// comment too (go-yaml alone says "line 1" there).
func TestTranscriptErrorLines(t *testing.T) {
	lines := strings.Split(classHand, "\n")
	at := func(n int, text string) string { // classHand with line n (1-based) replaced
		l := append([]string(nil), lines...)
		l[n-1] = text
		return strings.Join(l, "\n")
	}
	cases := []struct {
		name, yaml string
		line, move int
		want       string
	}{
		{"indentation in moves", at(14, " - Bia play 2D"), 14, 0, "indented"},
		{"indentation of a key", at(6, "  players: [Ana, Bia, Caio, Duda]"), 6, 0, ""},
		{"unquoted colon", at(11, "  - Duda guess card.rank > 5 ? true : false"), 11, 2, "must be quoted"},
		{"tab", at(14, "\t- Bia play 2D"), 14, 0, "tabs"},
		{"unknown key", at(5, "gods: Teacher"), 5, 0, `unknown key "gods"`},
		{"key twice", at(5, "rule: x"), 5, 0, "given twice (first on line 4)"},
		{"not a player in hands", at(7, "hand_sizes: {Ana: 14, Bia: 14, Caio: 14, Eva: 14}"), 7, 0, `"Eva" is not a player`},
		{"size not a number", at(7, "hand_sizes: {Ana: 14, Bia: 14, Caio: many, Duda: 14}"), 7, 0, `"many" is not a number`},
		{"bad starter", at(8, "starter: 3X"), 8, 0, "starter"},
		{"bad option", at(3, "preset: new-eleusis\noptions: {decks: many}"), 4, 0, "option decks"},
		{"unknown preset", at(3, "preset: old-eleusis"), 3, 0, "old-eleusis"},
		{"one name twice", at(6, "players: [Ana, Bia, Ana, Duda]"), 6, 0, "each once"},
		{"bad card in a move", at(11, "  - Duda play 5X"), 11, 2, "X is not a suit letter"},
		{"unknown move word", at(11, "  - Duda plays 5C"), 11, 2, "unknown move"},
		{"unknown key in a move", at(13, "    thought: black and red take turns"), 12, 3, `unknown key "thought"`},
		{"move mapping without move", at(12, "  - believed: black and red take turns"), 12, 3, "needs move:"},
		{"out of turn later", at(11, "  - Ana play 5C"), 11, 2, "after Caio's move it is Duda's (turns go clockwise"},
		{"too few players", at(6, "players: [Ana, Bia]") + "", 0, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr, err := ParseTranscriptFile("class.yaml", []byte(c.yaml))
			if err == nil {
				_, err = Replay(tr, blackHighRedLow)
			}
			if err == nil {
				t.Fatal("no error")
			}
			var te *TranscriptError
			if !errors.As(err, &te) {
				t.Fatalf("%q is a %T, not a *TranscriptError", err, err)
			}
			if te.File != "class.yaml" || c.line > 0 && te.Line != c.line || te.Move != c.move {
				t.Errorf("%q: file %q, line %d, move %d; want line %d, move %d", err, te.File, te.Line, te.Move, c.line, c.move)
			}
			prefix := fmt.Sprintf("class.yaml:%d: ", te.Line)
			if te.Line == 0 {
				prefix = "class.yaml: "
			}
			if !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q: want the prefix %q and %q", err, prefix, c.want)
			}
		})
	}
}

// The first move out of turn says who starts and why, naming first_player.
func TestTranscriptFirstPlayerError(t *testing.T) {
	wrong := strings.Replace(classHand, "  - Caio play 8H\n  - Duda play 5C\n", "  - Ana play 8H\n", 1)
	tr, err := ParseTranscript([]byte(wrong))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Replay(tr, blackHighRedLow)
	want := "line 10: move 1 (Ana play 8H): it is not Ana's turn: Caio plays first. With first_player: count_by_starter (preset new-eleusis) the starter 3H counts 3 players clockwise from God's left (in the order of the players: list), ending on Caio. If your table began with the player on God's left, add options: {first_player: left_of_god}"
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
	// The hint is right: with left_of_god the transcript replays.
	fixed := strings.Replace(wrong, "preset: new-eleusis\n", "preset: new-eleusis\noptions: {first_player: left_of_god}\n", 1)
	fixed = strings.Replace(fixed, "  - move: Ana play 9S\n    believed: black and red take turns\n  - Bia play 2D\n", "", 1)
	if tr, err = ParseTranscript([]byte(fixed)); err == nil {
		_, err = Replay(tr, blackHighRedLow)
	}
	if err != nil {
		t.Errorf("with first_player: left_of_god: %v", err)
	}
	left := strings.Replace(classHand, "preset: new-eleusis\n", "preset: new-eleusis\noptions: {first_player: left_of_god}\n", 1)
	if tr, err = ParseTranscript([]byte(left)); err == nil {
		_, err = Replay(tr, blackHighRedLow)
	}
	if err == nil || !strings.Contains(err.Error(), "Ana plays first, the player on God's left (first_player: left_of_god") {
		t.Errorf("left_of_god, Caio first: %v", err)
	}
}

// believed: and states are kept as written; the referee reads neither.
func TestTranscriptBeliefsAndWords(t *testing.T) {
	text := classHand + "  - Bia states black and red take turns, I think\n"
	tr, err := ParseTranscript([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if m := tr.Moves[2]; m.Believed != "black and red take turns" || m.Player != "Ana" || m.Kind != "play" || m.Line != 12 {
		t.Errorf("move 3: %+v", m)
	}
	if m := tr.Moves[4]; m.Kind != "states" || m.Words != "black and red take turns, I think" || m.Player != "Bia" {
		t.Errorf("move 5: %+v", m)
	}
	h, err := Replay(tr, blackHighRedLow)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(h.Result().History); n != 4 {
		t.Errorf("%d moves refereed; a states line is not a move", n)
	}
	// The transcript writes back as it was read.
	data, err := tr.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseTranscript(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	for i := range tr.Moves {
		a, b := tr.Moves[i], back.Moves[i]
		if a.String() != b.String() || a.Believed != b.Believed || a.Words != b.Words {
			t.Errorf("move %d read back as %+v, was %+v", i+1, b, a)
		}
	}
	for _, bad := range []string{"  - move: Bia guess card.rank > 3\n    believed: high cards\n", "  - Bia states\n", "  - Bia play 2D god_said:maybe\n", "  - Bia play 2D god_said:yes,no\n"} {
		if _, err := ParseTranscript([]byte(strings.Replace(classHand, "  - Bia play 2D\n", bad, 1))); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// god_said: God's verdicts as given, mistakes included: the replay follows
// God, conserves the cards, and is the same every time.
func TestTranscriptGodSaid(t *testing.T) {
	cases := []struct {
		name, moves string
		verdicts    []Verdict
		penalties   []int
		main        string
	}{
		// After 3H (red) 8H is wrong; God said yes: 8H is on the line, and 2C
		// (after a red card, 6 or lower) follows it.
		{"a wrong card accepted", "  - Caio play 8H god_said:yes\n  - Duda play 2C\n", []Verdict{Yes, Yes}, []int{0, 0}, "3H 8H 2C"},
		// 5C is right after 3H; God said no: it costs 2 cards.
		{"a right card refused", "  - Caio play 5C god_said:no\n", []Verdict{No}, []int{2}, "3H"},
		// God agreed with the rule: nothing changes.
		{"agreeing", "  - Caio play 8H god_said:no\n", []Verdict{No}, []int{2}, "3H"},
		// 2D 9S: after 3H 2D is right, after 2D 9S is wrong; God said yes to all.
		{"a sequence accepted", "  - Caio seq 2D 9S god_said:yes\n", []Verdict{Yes}, []int{0}, "3H 2D 9S"},
		// 2D 4C both right; one "no" refuses the last card, and new-eleusis
		// judges a sequence all or nothing: 2 × 2 cards.
		{"a right sequence refused", "  - Caio seq 2D 4C god_said:no\n", []Verdict{No}, []int{4}, "3H"},
		{"per card", "  - Caio seq 2D 4C god_said:yes,no\n", []Verdict{No}, []int{4}, "3H"},
	}
	head := classHand[:strings.Index(classHand, "moves:\n")+len("moves:\n")]
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var first *Result
			for range 2 {
				tr, err := ParseTranscript([]byte(head + c.moves))
				if err != nil {
					t.Fatal(err)
				}
				h, err := Replay(tr, blackHighRedLow)
				if err != nil {
					t.Fatal(err)
				}
				if err := h.CheckConservation(); err != nil {
					t.Fatal(err)
				}
				r := h.Result()
				for i, v := range c.verdicts {
					if r.History[i].Verdict != v || r.History[i].Penalty != c.penalties[i] {
						t.Errorf("move %d: %s, penalty %d; want %s, %d", i+1, r.History[i].Verdict, r.History[i].Penalty, v, c.penalties[i])
					}
				}
				if got := CardsString(r.MainLine); got != c.main {
					t.Errorf("main line %s, want %s", got, c.main)
				}
				if first != nil && fmt.Sprint(first.History) != fmt.Sprint(r.History) {
					t.Errorf("two replays differ")
				}
				first = r
			}
		})
	}
}

// god_said: on a "no play": God agreeing that nothing fits, though a card
// did, and God finding a card that fits, though none did.
func TestTranscriptGodSaidNoPlay(t *testing.T) {
	head := "rule: 'card.rank > 10'\nplayers: [A, B, C, D]\noptions: {first_player: left_of_god}\nhands:\n  A: 2C 3C QS\n  B: 2D 4D\n  C: 2H\n  D: 2S\nstarter: 5H\nmoves:\n"
	replay := func(moves string) (*Result, error) {
		tr, err := ParseTranscript([]byte(head + moves))
		if err != nil {
			return nil, err
		}
		h, err := Replay(tr, funcJudge(func(_ []Card, c Card) bool { return c.Rank() > 10 }))
		if err != nil {
			return nil, err
		}
		return h.Result(), h.CheckConservation()
	}
	// QS fits, yet God said "no play" was right: A is out of cards' trouble.
	r, err := replay("  - A noplay 2C 3C QS god_said:yes\n")
	if err != nil {
		t.Fatal(err)
	}
	if m := r.History[0]; m.Verdict != Yes || m.Penalty != 0 || r.End != WentOut {
		t.Errorf("a wrong \"no play\" God called right: %+v, end %s", m, r.End)
	}
	// Nothing of B's fits; God said no and put 4D down.
	r, err = replay("  - A play QS\n  - B noplay 2D 4D god_said:no pick:4D\n")
	if err != nil {
		t.Fatal(err)
	}
	if m := r.History[1]; m.Verdict != No || m.Picked == nil || m.Picked.String() != "4D" || CardsString(r.MainLine) != "5H QS 4D" {
		t.Errorf("a right \"no play\" God called wrong: %+v, main %s", m, CardsString(r.MainLine))
	}
	if _, err := replay("  - A play QS\n  - B noplay 2D 4D god_said:no\n"); err == nil || !strings.Contains(err.Error(), "pick:") {
		t.Errorf("without pick: %v", err)
	}
}

// god_said: after a guess or a rule stated in words: God's answer as
// given. A "yes" God gave to a wrong rule ends the hand as a right guess;
// a "no" to a right one lets it go on; words are judged by God's answer
// alone; and the hand writes back as a transcript that replays the same.
func TestTranscriptGodSaidOnStatedRules(t *testing.T) {
	data, err := os.ReadFile("testdata/express.yaml")
	if err != nil {
		t.Fatal(err)
	}
	head := string(data[:strings.Index(string(data), "moves:\n")+len("moves:\n")])
	first := "  - Pau play 7C\n  - Vicent play 7H\n"
	right := `(prev.color == "red") == (card.color == "black")`
	cases := []struct {
		name, moves string
		end         EndReason
		right       bool // the stated rule counted right
		words, err  bool // GuessInWords, GuessGodErred
	}{
		{"a wrong rule accepted", first + "  - Vicent guess card.rank > 3 god_said:yes\n", Guessed, true, false, true},
		{"a right rule refused", first + "  - Vicent guess " + right + " god_said:no\n", Unfinished, false, false, true},
		{"agreeing", first + "  - Vicent guess card.rank > 3 god_said:no\n", Unfinished, false, false, false},
		{"words accepted", first + "  - Vicent states red and black take turns god_said:yes\n", Guessed, true, true, false},
		{"words refused", first + "  - Vicent states high cards god_said:no\n", Unfinished, false, true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr, err := ParseTranscript([]byte(head + c.moves))
			if err != nil {
				t.Fatal(err)
			}
			h, err := Replay(tr, colourAlternates)
			if err != nil {
				t.Fatal(err)
			}
			r := h.Result()
			m := r.History[1]
			if r.End != c.end || m.GuessRight != c.right || m.GuessInWords != c.words || m.GuessGodErred != c.err {
				t.Errorf("end %s, move 2 %+v", r.End, m)
			}
			if got := r.Players[1].Guessed; got != c.right {
				t.Errorf("Vicent guessed: %v", got)
			}
			back, err := TranscriptOf(r, Transcript{Preset: tr.Preset, Options: tr.Options, Rule: tr.Rule, God: tr.God, Players: tr.Players})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := back.Moves[2].String(), strings.TrimSpace(strings.TrimPrefix(c.moves[len(first):], "  - ")); (c.words || c.err) && got != want {
				t.Errorf("written back as %q, want %q", got, want)
			}
			h2, err := Replay(back, colourAlternates)
			if err != nil {
				t.Fatal(err)
			}
			if r2 := h2.Result(); fmt.Sprint(r2.History) != fmt.Sprint(r.History) || r2.End != r.End {
				t.Errorf("the written transcript replays otherwise: %+v", r2.History)
			}
		})
	}
	// States without God's answer are words kept; in a game without
	// guessing, God's answer is kept too, not refereed.
	tr, err := ParseTranscript([]byte(classHand + "  - Bia states low after red god_said:yes\n"))
	if err != nil {
		t.Fatal(err)
	}
	if m := tr.Moves[4]; m.Words != "low after red" || len(m.GodSaid) != 1 || m.GodSaid[0] != Yes {
		t.Errorf("states line read as %+v", m)
	}
	if h, err := Replay(tr, blackHighRedLow); err != nil || h.Result().End != Unfinished {
		t.Errorf("new-eleusis with a stated rule God accepted: %v", err)
	}
	for _, bad := range []string{"  - Vicent guess card.rank > 3 god_said:yes,no\n", "  - Vicent guess god_said:yes\n", "  - Vicent states red god_said:perhaps\n"} {
		if _, err := ParseTranscript([]byte(head + first + bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// A transcript's errors in the class's language: the place and the
// reason from the catalogue, the transcript's own words (first_player,
// the move as written) kept; English as Error says it.
func TestTranscriptErrorInLanguage(t *testing.T) {
	bad := strings.Replace(classHand, "  - Caio play 8H\n", "  - Ana play 8H\n", 1)
	tr, err := ParseTranscriptFile("class.yaml", []byte(bad))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Replay(tr, blackHighRedLow)
	var te *TranscriptError
	if !errors.As(err, &te) {
		t.Fatalf("not a TranscriptError: %v", err)
	}
	for lang, want := range map[string]string{
		"en": "class.yaml:10: move 1 (Ana play 8H): it is not Ana's turn: Caio plays first.",
		"pt": "class.yaml:10: jogada 1 (Ana play 8H): não é a vez de Ana: quem joga primeiro é Caio.",
		"es": "class.yaml:10: jugada 1 (Ana play 8H): no es el turno de Ana: empieza Caio.",
		"ca": "class.yaml:10: jugada 1 (Ana play 8H): no és el torn d'Ana: comença Caio.",
	} {
		tag, _ := i18n.Parse(lang)
		if got := te.In(i18n.NewPrinter(tag)); !strings.HasPrefix(got, want) || !strings.Contains(got, "first_player") {
			t.Errorf("%s: %q", lang, got)
		}
	}
	if te.Error() != te.In(i18n.NewPrinter(i18n.Languages[0])) {
		t.Errorf("Error() is not the English")
	}
	// A YAML slip: its line, the hint in the language.
	_, err = ParseTranscriptFile("class.yaml", []byte(strings.Replace(classHand, "  - Bia play 2D", " - Bia play 2D", 1)))
	if !errors.As(err, &te) || !strings.Contains(te.In(i18n.NewPrinter(i18n.Languages[1])), "recuad") || te.Line != 14 {
		t.Errorf("a bad indentation in Portuguese: %v", err)
	}
}
