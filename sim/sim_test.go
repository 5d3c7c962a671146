package sim

import (
	"strings"
	"testing"
)

// funcJudge is a rule written in Go, for the engine's own tests (the
// rulebank package tests the expr rules).
type funcJudge func(line []Card, c Card) bool

func (f funcJudge) Accepts(line []Card, c Card) (bool, error) { return f(line, c), nil }
func (f funcJudge) Starter(Card) (bool, error)                { return true, nil }

// blackHighRedLow is the rule of new-eleusis-pt's Example 1: after a black
// card play 7 or higher, after a red one 6 or lower.
var blackHighRedLow = funcJudge(func(line []Card, c Card) bool {
	if line[len(line)-1].Red() {
		return c.Rank() <= 6
	}
	return c.Rank() >= 7
})

func mustCards(t *testing.T, s string) []Card {
	t.Helper()
	cs, err := ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func mustPreset(t *testing.T, name string) Options {
	t.Helper()
	o, err := Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestParseCard(t *testing.T) {
	cases := []struct {
		in   string
		want string
		err  string
	}{
		{"10H", "10H", ""}, {"qs", "QS", ""}, {"A♠", "AS", ""}, {"K♦", "KD", ""}, {"1C", "AC", ""},
		{"TD", "10D", ""}, {"7♣", "7C", ""},
		{"11X", "", "no suit"}, {"ZH", "", "unknown rank"}, {"", "", "empty"}, {"0S", "", "unknown rank"},
	}
	for _, c := range cases {
		got, err := ParseCard(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("ParseCard(%q) error = %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || got.String() != c.want {
			t.Errorf("ParseCard(%q) = %v, %v; want %s", c.in, got, err, c.want)
		}
	}
	for c := Card(0); c < NumCards; c++ {
		back, err := ParseCard(c.String())
		if err != nil || back != c {
			t.Fatalf("round trip of %s gave %v, %v", c, back, err)
		}
	}
	if h := NewCard(12, Hearts); !h.Red() || !h.Face() || !h.Even() || h.Color() != "red" || h.Suit().String() != "hearts" {
		t.Errorf("QH attributes wrong")
	}
}

// Example 1 of new-eleusis-pt: starter 3♥ makes player 3 first; 8♥ is
// rejected and costs 2 cards; 5♣ is accepted.
func TestSeedExample1(t *testing.T) {
	o := mustPreset(t, "new-eleusis")
	h, err := NewHand(HandConfig{Options: o, Judge: blackHighRedLow, HandSizes: []int{14, 14, 14, 14}, Opening: mustCards(t, "3H")})
	if err != nil {
		t.Fatal(err)
	}
	if h.Current() != 2 {
		t.Fatalf("first player is seat %d, want seat 3", h.Current()+1)
	}
	r, err := h.Apply(2, Move{Kind: Play, Cards: mustCards(t, "8H")}, Decisions{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != No || r.Penalty != 2 || r.Drawn != 2 || len(h.HandOf(2)) != 15 {
		t.Errorf("8H: verdict %s penalty %d, hand %d; want no, 2, 15", r.Verdict, r.Penalty, len(h.HandOf(2)))
	}
	if len(h.errors) != 1 || h.errors[0].Under != 0 || h.errors[0].Cards[0] != mustCards(t, "8H")[0] {
		t.Errorf("8H should sit under the starter in the first error column: %+v", h.errors)
	}
	r, err = h.Apply(3, Move{Kind: Play, Cards: mustCards(t, "5C")}, Decisions{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != Yes || r.Penalty != 0 || CardsString(h.MainLine()) != "3H 5C" || len(h.HandOf(3)) != 13 {
		t.Errorf("5C: verdict %s, main line %s", r.Verdict, CardsString(h.MainLine()))
	}
	if err := h.CheckConservation(); err != nil {
		t.Error(err)
	}
}

// Example 2 of new-eleusis-pt: after K♥ the sequence 4♠ 9♦ J♣ is rejected
// as a whole (4 and 9 are right, J is wrong) and costs 6 cards. With prefix
// judging (new-eleusis-es) 4♠ 9♦ stay and the penalty is the same 6.
func TestSeedExample2(t *testing.T) {
	for _, tc := range []struct {
		preset   string
		mainLine string
		errors   int
		penalty  int
	}{
		{"new-eleusis", "KH", 3, 6},
		{"new-eleusis-es", "KH 4S 9D", 1, 6},
	} {
		t.Run(tc.preset, func(t *testing.T) {
			o := mustPreset(t, tc.preset)
			o.FirstPlayer = LeftOfGod
			h, err := NewHand(HandConfig{Options: o, Judge: blackHighRedLow, HandSizes: []int{14, 14, 14, 14}, Opening: mustCards(t, "KH")})
			if err != nil {
				t.Fatal(err)
			}
			r, err := h.Apply(0, Move{Kind: Sequence, Cards: mustCards(t, "4S 9D JC")}, Decisions{})
			if err != nil {
				t.Fatal(err)
			}
			if r.Verdict != No || r.Penalty != tc.penalty || len(h.HandOf(0)) != 14-3+tc.penalty {
				t.Errorf("verdict %s, penalty %d, hand %d", r.Verdict, r.Penalty, len(h.HandOf(0)))
			}
			if got := CardsString(h.MainLine()); got != tc.mainLine {
				t.Errorf("main line %s, want %s", got, tc.mainLine)
			}
			if len(h.errors) != 1 || len(h.errors[0].Cards) != tc.errors {
				t.Errorf("the rejected cards must stay one group of %d: %+v", tc.errors, h.errors)
			}
		})
	}
}

// The scoring example of new-eleusis-pt: a Prophet with 6 cards, worst hand
// 14, 9 main-line and 11 error cards since the marker scores 8 + 9 + 22 = 39;
// 14 table cards before the marker give God min(39, 28) = 28.
func TestSeedScoringProphet(t *testing.T) {
	o := mustPreset(t, "new-eleusis")
	scores, god := ScoreHand(o, Tally{Cards: []int{6, 14, 9, 3}, WentOut: -1, Guessed: -1,
		Prophet: 0, ProphetMain: 9, ProphetErrors: 11, ProphetTable: 14})
	if scores[0] != 39 || god != 28 {
		t.Errorf("Prophet %d, God %d; want 39, 28", scores[0], god)
	}
	if scores[1] != 0 || scores[2] != 5 || scores[3] != 11 {
		t.Errorf("players %v, want Max − N = 0, 5, 11", scores[1:])
	}
}

// Max − N, Max + 4 for going out, God = best player; Express 12 − N, +6, +3.
func TestScoring(t *testing.T) {
	ne := mustPreset(t, "new-eleusis")
	ex := mustPreset(t, "express")
	cases := []struct {
		name   string
		o      Options
		t      Tally
		scores []int
		god    int
	}{
		{"went out", ne, Tally{Cards: []int{0, 5, 12, 9}, WentOut: 0, Guessed: -1, Prophet: -1}, []int{16, 7, 0, 3}, 16},
		{"nobody out", ne, Tally{Cards: []int{4, 5, 12, 9}, WentOut: -1, Guessed: -1, Prophet: -1}, []int{8, 7, 0, 3}, 8},
		{"express guess", ex, Tally{Cards: []int{7, 10, 12}, WentOut: -1, Guessed: 1, Prophet: -1}, []int{5, 8, 0}, 8},
		{"express out", ex, Tally{Cards: []int{0, 10, 14}, WentOut: 0, Guessed: -1, Prophet: -1}, []int{15, 2, -2}, 15},
		{"prophet below cap", ne, Tally{Cards: []int{10, 14, 0, 3}, WentOut: 2, Guessed: -1, Prophet: 0, ProphetMain: 2, ProphetErrors: 1, ProphetTable: 30}, []int{8, 0, 18, 11}, 18},
	}
	for _, c := range cases {
		s, g := ScoreHand(c.o, c.t)
		for i := range s {
			if s[i] != c.scores[i] {
				t.Errorf("%s: scores %v, want %v", c.name, s, c.scores)
				break
			}
		}
		if g != c.god {
			t.Errorf("%s: God %d, want %d", c.name, g, c.god)
		}
	}
}

// FuzzParseCard: any text is a card or an error; a card reads back from
// its own writing.
func FuzzParseCard(f *testing.F) {
	for _, s := range []string{"10H", "qs", "A♠", "1C", "TD", "", "11X", "♣", "10", "K♦♦", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCard(s)
		if err != nil {
			return
		}
		if !c.Valid() {
			t.Fatalf("%q gave %v", s, c)
		}
		if back, err := ParseCard(c.String()); err != nil || back != c {
			t.Fatalf("%q: %s reads back as %v, %v", s, c, back, err)
		}
		if back, err := ParseCard(c.Pretty()); err != nil || back != c {
			t.Fatalf("%q: %s reads back as %v, %v", s, c.Pretty(), back, err)
		}
	})
}
