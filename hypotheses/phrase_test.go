package hypotheses

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/rulewords"
	"github.com/eleusis/eleusis/sim"
)

// Phrases worked out by hand, one per production of the grammar.
func TestPhraseByHand(t *testing.T) {
	sp := Default()
	cases := []struct{ expr, want string }{
		{`true`, "any card"},
		{`card.color == "red"`, "red"},
		{`card.suit == prev.suit`, "the same suit as the last card"},
		{`card.suit == "spades"`, "a spade"},
		{`card.suit != "hearts"`, "not a heart"},
		{`card.rank >= 7`, "7 or higher"},
		{`card.rank <= 11`, "a jack or lower"},
		{`card.rank == 8`, "an 8"},
		{`card.rank <= 1`, "an ace"},
		{`card.rank >= 3 and card.rank <= 8`, "between 3 and 8"},
		{`card.rank == (prev.rank + 0) % 13 + 1`, "one rank above the last card (after a king, an ace)"},
		{`card.rank == (prev.rank + 10) % 13 + 1`, "two ranks below the last card (counting back from ace to king)"},
		{`abs(card.rank - prev.rank) <= 2`, "within two ranks of the last card"},
		{`{"spades": "diamonds", "diamonds": "clubs", "clubs": "hearts", "hearts": "spades"}[prev.suit] == card.suit`,
			"the next suit in the cycle spades → diamonds → clubs → hearts → spades"},
		{`(card.color == "red") and (card.rank == prev.rank)`, "red and the same rank as the last card"},
		{`card.even or (card.rank < prev.rank)`, "even or lower than the last card"},
		{`(prev.even) ? (card.color == "red") : (card.color == "black")`, "red after an even card, otherwise black"},
		{`(prev.color == "red") ? (card.rank > prev.rank) : (card.rank < prev.rank)`,
			"after a red card, higher than the last card; otherwise lower than the last card"},
		{`(prev.color == "black" and prev.odd) ? (card.color == "red" and card.even) : (card.color == "black" and card.odd)`,
			"red and even after a card that is black and odd, otherwise black and odd"},
		{`(prev2 != nil and prev2.color == "red") ? (card.rank > prev.rank) : true`,
			"when the card before the last one is red, higher than the last card; otherwise any card"},
		{`prev2 == nil or card.color == prev2.color`, "only the starter is down or the card's colour is the second last card's colour"},
		{`(n % 2 == 0) ? (card.suit == "hearts") : card.odd`,
			"when it is the 3rd, 5th, 7th … card of the main line, a heart; otherwise odd"},
		{`card.even and not card.face`, "even and not a face card"},
	}
	for _, tc := range cases {
		id := hypID(t, sp, tc.expr)
		if got := sp.gram.words(sp.Hyps[id].cand); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.expr, got, tc.want)
		}
	}
}

// The six concept types of Shepard, Hovland & Jenkins read as their
// minimal formulas do.
func TestPhraseConcepts(t *testing.T) {
	fs := minimalFormulas()
	for tt := 1; tt < 255; tt++ {
		f := fs[tt]
		// Every literal of the formula is said, and nothing of the code.
		for _, v := range conceptVars {
			for _, pair := range [][2]string{{v.pos, v.posWords}, {v.neg, v.negWords}} {
				if strings.Contains(f.text, pair[0]) && !strings.Contains(f.words, pair[1]) {
					t.Fatalf("%s: %q does not say %q", f.text, f.words, pair[1])
				}
			}
		}
		if strings.Count(f.words, " and ") != strings.Count(f.text, " and ") || strings.Count(f.words, " or ") != strings.Count(f.text, " or ") {
			t.Fatalf("%s: %q has other connectives", f.text, f.words)
		}
	}
}

// Every hypothesis of the default space gets a phrase: English words
// only, none of the rule language's syntax, and no two hypotheses (two
// different behaviours) with the same phrase.
func TestPhraseEveryHypothesis(t *testing.T) {
	sp := Default()
	seen := make(map[string]int, sp.Len())
	for id, h := range sp.Hyps {
		if h.Expr == "" {
			continue
		}
		p := sp.Phrase(id)
		if p == "" || strings.TrimSpace(p) != p || strings.Contains(p, "  ") {
			t.Fatalf("%s: phrase %q", h.Expr, p)
		}
		for _, code := range []string{"card.", "prev.", "prev2", "==", "!=", "%", "?", `"`, "{", "[", "nil", "true", "rank"} {
			if strings.Contains(p, code) && !(code == "rank" && strings.Contains(p, " rank")) {
				t.Fatalf("%s: phrase %q holds %q", h.Expr, p, code)
			}
		}
		if other, dup := seen[p]; dup {
			t.Fatalf("%q says both %s and %s", p, sp.Hyps[other].Expr, h.Expr)
		}
		seen[p] = id
	}
}

// A smaller space is a prefix of the default one (Prefix): its hypotheses
// keep their words.
func TestPhrasePrefix(t *testing.T) {
	sp := Default()
	p, err := sp.Prefix(5000)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for id, h := range p.Hyps {
		if h.Expr != "" {
			n++
			if p.Phrase(id) != sp.Phrase(id) {
				t.Fatalf("%s: %q in the prefix, %q in the space", h.Expr, p.Phrase(id), sp.Phrase(id))
			}
		}
	}
	if n != 5000 {
		t.Fatalf("%d hypotheses in a prefix of 5000", n)
	}
}

// A phrase reads one way only, and it is the hypothesis: rulewords.Read
// gives it back as rules that all behave as the hypothesis does, on random
// main lines, in every family (a sample of each).
func TestPhraseReadsBack(t *testing.T) {
	sp := Default()
	rng := rand.New(rand.NewPCG(3, 5))
	byFam := map[Family][]int{}
	for id, h := range sp.Hyps {
		if h.Expr != "" {
			byFam[h.Family] = append(byFam[h.Family], id)
		}
	}
	checked := 0
	for f := range numFamilies {
		for range 20 {
			id := byFam[f][rng.IntN(len(byFam[f]))]
			h := sp.Hyps[id]
			p := sp.Phrase(id)
			readings, err := rulewords.Read(p)
			if err != nil || len(readings) == 0 {
				t.Errorf("%s: %q does not read back: %v", h.Expr, p, err)
				continue
			}
			for _, r := range readings {
				j := compile(t, r.Expr).NewJudge()
				for range 200 {
					line := randomLine(rng)
					c := sim.Card(rng.IntN(52))
					got, err := j.Accepts(line, c)
					if err != nil {
						t.Fatalf("%s read from %q: %v", r.Expr, p, err)
					}
					if want := sp.accepts(id, stateOf(line), uint8(c)); got != want {
						t.Fatalf("%q (%s) read back as %s, which says %v after %s to %s", p, h.Expr, r.Expr, got, sim.CardsString(line), c)
					}
				}
			}
			checked++
		}
	}
	t.Logf("%d phrases read back", checked)
}
