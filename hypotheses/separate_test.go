package hypotheses

import (
	"math/rand/v2"
	"testing"

	"github.com/eleusis/eleusis/godrule"
	"github.com/eleusis/eleusis/internal/ruletest"
	"github.com/eleusis/eleusis/sim"
)

// differing is the cards on which hypotheses a and b disagree after line.
func differing(sp *Space, a, b int, line []sim.Card) uint64 {
	var d uint64
	for c := sim.Card(0); c < sim.NumCards; c++ {
		if sp.Accepts(a, line, c) != sp.Accepts(b, line, c) {
			d |= 1 << c
		}
	}
	return d
}

// Parting against brute force: every line God's rule allows from the
// opening, in breadth-first order, is searched for the first on which the
// two hypotheses disagree; its depth is the length of Parting's run, and
// "never" means no line at all.
func TestPartingBruteForce(t *testing.T) {
	if testing.Short() {
		t.Skip("brute force over every line: seconds; runs without -short")
	}
	sp := tiny()
	cases := []struct{ expr, opening string }{
		{`card.suit == prev.suit`, "7S"},
		{`card.color == "red"`, "5S"},
		{`prev.color == "black" ? card.rank >= 7 : card.rank <= 6`, "3C"},
		{`card.color != prev.color`, "AD"},
		{`prev2 == nil or card.suit != prev2.suit`, "4H 9S"},
		{`card.rank > prev.rank or card.suit == prev.suit`, "QH"},
	}
	rng := rand.New(rand.NewPCG(3, 4))
	kinds := map[string]int{}
	for _, tc := range cases {
		t.Run(tc.expr, func(t *testing.T) {
			tr, l := localOf(t, sp, tc.expr, "", tc.opening)
			c, opening := tr.chart.Rule, cards(t, tc.opening)
			lines, _ := naiveStates(t, c, opening)
			var local []int
			for _, id := range l.Class.IDs() {
				local = append(local, int(id))
			}
			if len(local) == 0 { // the rule is not in this space: rules that agree with one at the start
				for id, h := range sp.Hyps {
					if h.Expr != "" && differing(sp, 0, id, opening) == 0 {
						local = append(local, id)
					}
				}
			}
			var pairs [][2]int
			// Two of God's local class: never apart. One of it against a
			// rule that agrees on the opening: apart later, or never.
			for range 4 {
				pairs = append(pairs, [2]int{local[rng.IntN(len(local))], local[rng.IntN(len(local))]})
			}
			for tries := 0; len(pairs) < 10 && tries < 20000; tries++ {
				a, b := local[rng.IntN(len(local))], rng.IntN(sp.Slots())
				if sp.Hyps[b].Expr != "" && differing(sp, a, b, opening) == 0 && !l.Class.Has(b) {
					pairs = append(pairs, [2]int{a, b})
				}
			}
			for range 4 {
				a, b := rng.IntN(sp.Slots()), rng.IntN(sp.Slots())
				if sp.Hyps[a].Expr != "" && sp.Hyps[b].Expr != "" {
					pairs = append(pairs, [2]int{a, b})
				}
			}
			for _, pr := range pairs {
				a, b := pr[0], pr[1]
				p, err := tr.Parting(opening, a, b)
				if err != nil {
					t.Fatal(err)
				}
				// Exact for a rule of look-back ≤ 2 when both hypotheses
				// read only what the exact search tracks (prev2, prev, n).
				if chartable := sp.Hyps[a].Family.Chartable() && sp.Hyps[b].Family.Chartable(); p.Exact != chartable {
					t.Fatalf("%s vs %s: exact %v, want %v", sp.Hyps[a].Expr, sp.Hyps[b].Expr, p.Exact, chartable)
				}
				depth, at := -1, -1
				for k, line := range lines {
					if differing(sp, a, b, line) != 0 {
						depth, at = len(line)-len(opening), k
						break
					}
				}
				name := sp.Hyps[a].Expr + " | " + sp.Hyps[b].Expr
				switch {
				case !p.Exact && depth != 0:
					// Sampled (a family the exact search does not track):
					// a split found is a real one on a legal run.
					kinds["sampled"]++
					if !p.Never {
						ruletest.LegalRun(t, c, opening, p.Path)
						end := append(append([]sim.Card(nil), opening...), p.Path...)
						if d := differing(sp, a, b, end); d != p.Then || d == 0 {
							t.Fatalf("%s: after %s they differ on %x, Parting says %x", name, sim.CardsString(end), d, p.Then)
						}
					}
				case depth < 0:
					kinds["never"]++
					if !p.Never || p.Now != 0 {
						t.Fatalf("%s: brute force finds no line that parts them, Parting says %+v", name, p)
					}
				case depth == 0:
					kinds["now"]++
					if p.Now != differing(sp, a, b, opening) {
						t.Fatalf("%s: parts now on %x, Parting says %x", name, differing(sp, a, b, opening), p.Now)
					}
				default:
					kinds["later"]++
					if p.Never || p.Now != 0 || len(p.Path) != depth {
						t.Fatalf("%s: brute force parts them after %d cards (%s), Parting says %+v", name, depth, sim.CardsString(lines[at]), p)
					}
					ruletest.LegalRun(t, c, opening, p.Path)
					end := append(append([]sim.Card(nil), opening...), p.Path...)
					if d := differing(sp, a, b, end); d != p.Then || d == 0 {
						t.Fatalf("%s: after %s they differ on %x, Parting says %x", name, sim.CardsString(end), d, p.Then)
					}
				}
			}
		})
	}
	for _, k := range []string{"never", "now", "later"} {
		if kinds[k] == 0 {
			t.Errorf("no pair parted %s: the cases do not cover the search", k)
		}
	}
}

// The lesson of the same-suit hand: from a line of spades, "only spades"
// and "the same suit as the last card" can never be told apart; from a
// heart they part at once; over the whole game a witness shows where.
func TestPartingSameSuit(t *testing.T) {
	sp := small()
	c := compile(t, `card.suit == prev.suit`)
	tr, err := sp.Classify(c, godrule.DefaultConfig)
	if err != nil {
		t.Fatal(err)
	}
	same, spades := hypID(t, sp, `card.suit == prev.suit`), hypID(t, sp, `card.suit == "spades"`)
	p, err := tr.Parting(cards(t, "AS 5S 9S"), same, spades)
	if err != nil || !p.Never || !p.Exact {
		t.Fatalf("from spades: %+v, %v; want never, exact", p, err)
	}
	p, err = tr.Parting(cards(t, "AS 5S 9H"), same, spades)
	if err != nil || p.Now == 0 {
		t.Fatalf("after a heart they part now: %+v, %v", p, err)
	}
	w, err := tr.Witness(spades, nil)
	if err != nil || !w.Found || len(w.Line) != 1 || w.Line[0].Suit() == sim.Spades {
		t.Fatalf("witness %+v, %v: want a starter of another suit", w, err)
	}
	if w, _ := tr.Witness(same, nil); w.Found || !w.Exact {
		t.Fatalf("God's own rule has no witness: %+v", w)
	}
	// From a line of spades, "only spades" is never caught out.
	if w, _ := tr.Witness(spades, cards(t, "AS 5S")); w.Found {
		t.Fatalf("from spades: %+v", w)
	}
	// "Only hearts" is, at once.
	if w, _ := tr.Witness(hypID(t, sp, `card.suit == "hearts"`), cards(t, "AS 5S")); !w.Found || len(w.Line) != 2 || w.Cards == 0 {
		t.Fatalf("only hearts after spades: %+v", w)
	}
}

// Witness against brute force: the shortest line from a starter on which
// a hypothesis and God disagree.
func TestWitnessBruteForce(t *testing.T) {
	sp := tiny()
	c := compile(t, `prev.color == "black" ? card.rank >= 7 : card.rank <= 6`)
	tr, err := sp.Classify(c, godrule.DefaultConfig)
	if err != nil {
		t.Fatal(err)
	}
	j := c.NewJudge()
	rng := rand.New(rand.NewPCG(5, 6))
	witnessed := 0
	for range 12 {
		id := rng.IntN(sp.Slots())
		if sp.Hyps[id].Expr == "" {
			continue
		}
		w, err := tr.Witness(id, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !w.Found {
			if !tr.Class.Has(id) {
				t.Fatalf("%s differs from God's rule, no witness found", sp.Hyps[id].Expr)
			}
			continue
		}
		witnessed++
		ruletest.LegalRun(t, c, w.Line[:1], w.Line[1:])
		var d uint64
		for card := sim.Card(0); card < 52; card++ {
			ok, _ := j.Accepts(w.Line, card)
			if ok != sp.Accepts(id, w.Line, card) {
				d |= 1 << card
			}
		}
		if d != w.Cards || d == 0 {
			t.Fatalf("%s after %s: differs on %x, witness says %x", sp.Hyps[id].Expr, sim.CardsString(w.Line), d, w.Cards)
		}
		// Shortest: no starter alone separates them when the line is longer.
		if len(w.Line) > 1 {
			for st := sim.Card(0); st < 52; st++ {
				for card := sim.Card(0); card < 52; card++ {
					ok, _ := j.Accepts([]sim.Card{st}, card)
					if ok != sp.Accepts(id, []sim.Card{st}, card) {
						t.Fatalf("%s parts from God after the starter %s already", sp.Hyps[id].Expr, st)
					}
				}
			}
		}
	}
	if witnessed == 0 {
		t.Fatal("no hypothesis drawn had a witness: the test checked nothing")
	}
}

// A rule reading n is searched by walks, and says so; what it finds is
// real.
func TestPartingSampled(t *testing.T) {
	sp := small()
	c := compile(t, `n % 2 == 1 ? card.suit == prev.suit : card.suit != prev.suit`)
	tr, err := sp.Classify(c, godrule.DefaultConfig)
	if err != nil {
		t.Fatal(err)
	}
	line := cards(t, "8D 8S")
	same, pairs := hypID(t, sp, `card.suit == prev.suit`), hypID(t, sp, `n % 2 == 0 ? card.suit != prev.suit : card.suit == prev.suit`)
	p, err := tr.Parting(line, same, pairs)
	if err != nil || p.Exact {
		t.Fatalf("%+v, %v: want a sampled search", p, err)
	}
	if p.Never {
		t.Fatalf("same suit and suits in pairs part within two cards: %+v", p)
	}
	if p.Now == 0 {
		ruletest.LegalRun(t, c, line, p.Path)
		end := append(append([]sim.Card(nil), line...), p.Path...)
		if differing(sp, same, pairs, end) != p.Then {
			t.Fatalf("the sampled parting is not where they differ")
		}
	}
}
