package godrule

import (
	"fmt"
	"slices"
	"testing"

	"github.com/eleusis/eleusis/sim"
)

// chart charts a rule of every starter with the default walks, its
// openings named by their cards.
func chart(t testing.TB, expr string) *Chart {
	t.Helper()
	ch, err := NewChart(compile(t, expr), DefaultConfig, nil)
	if err != nil {
		t.Fatal(err)
	}
	return ch
}

// windowOf is the window of Reached a main line is in: prev2 by its colour.
func windowOf(line []sim.Card) Window {
	n := len(line)
	w := Window{Prev2: NoPrev2, Prev: line[n-1], N12: uint8(n % 12)}
	if n >= 2 {
		w.Prev2 = colourCode(line[n-2])
	}
	return w
}

// sorted is a set of judged windows in one order, to compare sets.
func sorted(js []Judged) []string {
	out := make([]string, len(js))
	for i, j := range js {
		out[i] = fmt.Sprintf("%d/%d/%d/%x", j.Window.Prev2, j.Window.Prev, j.Window.N12, j.Legal)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// exactRules are rules charted exactly, with an opening each. Brute force
// over the lines of a rule of prev2 takes about a second: -short keeps one
// (long marks the others).
var exactRules = []struct {
	expr, opening string
	long          bool
}{
	{`card.color == "red"`, "5S", false},
	{`card.rank > prev.rank or card.suit == prev.suit`, "QH", false},
	{`prev.color == "black" ? card.rank >= 7 : card.rank <= 6`, "3C", false},
	{`card.suit == prev.suit`, "7C", false},
	{`prev2 == nil or card.suit != prev2.suit`, "4H 9S", false},
	{`prev2 != nil and prev2.color == "red" and prev.color == "red" ? card.color == "black" : true`, "4H", true},
	{`prev2 == nil or card.rank != prev2.rank`, "KD", true},
}

// Reach is, pair for pair, the windows of the lines brute force finds from
// the opening, with their verdicts; and Reached is Reach from every starter.
func TestReachBruteForce(t *testing.T) {
	for _, tc := range exactRules {
		t.Run(tc.expr, func(t *testing.T) {
			if tc.long && testing.Short() {
				t.Skip("brute force over every line of a rule of prev2: a second; runs without -short")
			}
			ch := chart(t, tc.expr)
			if !ch.Exact {
				t.Fatal("a rule of look-back ≤ 2 without n or line is charted exactly")
			}
			got, err := ch.Reach(cards(t, tc.opening))
			if err != nil {
				t.Fatal(err)
			}
			lines, verdicts := naiveStates(t, ch.Rule, cards(t, tc.opening))
			want := make([]Judged, len(lines))
			for i, line := range lines {
				want[i] = Judged{windowOf(line), verdicts[i]}
			}
			if g, w := sorted(got), sorted(want); !slices.Equal(g, w) {
				t.Fatalf("Reach gives %d pairs, brute force %d", len(g), len(w))
			}
			if len(sorted(got)) != len(got) {
				t.Fatalf("Reach repeats a pair")
			}
			var all []Judged
			for st := sim.Card(0); st < 52; st++ {
				r, err := ch.Reach([]sim.Card{st})
				if err != nil {
					t.Fatal(err)
				}
				all = append(all, r...)
			}
			if g, w := sorted(ch.Reached()), sorted(all); !slices.Equal(g, w) {
				t.Fatalf("Reached holds %d pairs, Reach from each starter %d", len(g), len(w))
			}
		})
	}
}

// A sampled rule has no windows, and its walks stand for its states.
func TestSampledChart(t *testing.T) {
	ch := chart(t, `n % 2 == 1 ? card.suit == prev.suit : card.suit != prev.suit`)
	r, err := ch.Reach(cards(t, "8D"))
	if ch.Exact || r != nil || ch.Reached() != nil || err != nil {
		t.Fatalf("a rule of n: exact %v, %d windows (%v)", ch.Exact, len(r), err)
	}
	if _, err := ch.SearchWindows([][]sim.Card{cards(t, "8D")}, func(Window, uint64) uint64 { return 1 }); err == nil {
		t.Fatal("windows searched in a sampled chart")
	}
	if _, err := ch.Opening(nil); err == nil {
		t.Fatal("an empty opening charted")
	}
}

// Every walk is legal play from its opening, each line judged as the
// rule's expression judges it; openings of one name share their walks.
func TestWalks(t *testing.T) {
	for _, expr := range []string{`card.suit == prev.suit or card.rank == prev.rank`, `n % 3 == 0 ? card.color == "red" : card.rank > prev.rank`} {
		t.Run(expr, func(t *testing.T) {
			// Openings named by their last card only: 3H and 2S 3H share a
			// name, 3H and 4H do not.
			byLast := func(o []sim.Card) string { return o[len(o)-1].String() }
			ch, err := NewChart(compile(t, expr), DefaultConfig, byLast)
			if err != nil {
				t.Fatal(err)
			}
			j := ch.Rule.NewJudge()
			check := func(opening []sim.Card, walks []Verdict) {
				t.Helper()
				if len(walks) == 0 {
					t.Fatalf("no walk from %s", sim.CardsString(opening))
				}
				for _, v := range walks {
					if !slices.Equal(v.Line[:len(opening)], opening) {
						t.Fatalf("%s does not grow from %s", sim.CardsString(v.Line), sim.CardsString(opening))
					}
					legal, err := j.Legal(v.Line)
					if err != nil || legal != v.Legal {
						t.Fatalf("after %s: verdicts %x, the rule says %x (%v)", sim.CardsString(v.Line), v.Legal, legal, err)
					}
					if n := len(v.Line); n > max(1, len(opening)) {
						if ok, _ := j.Accepts(v.Line[:n-1], v.Line[n-1]); !ok {
							t.Fatalf("%s: the last card is not legal", sim.CardsString(v.Line))
						}
					}
				}
			}
			check(nil, ch.Walks())
			a, err := ch.Opening(cards(t, "3H"))
			if err != nil {
				t.Fatal(err)
			}
			check(cards(t, "3H"), a.Walks)
			b, _ := ch.Opening(cards(t, "2S 3H"))
			c, _ := ch.Opening(cards(t, "4H"))
			if ch.Exact && (b != a || c == a) {
				t.Fatalf("names %q %q %q: one name, one sample; two names, two", a.Key, b.Key, c.Key)
			}
			if !ch.Exact && b == a {
				t.Fatal("a sampled rule's openings are named by their cards, whatever the key")
			}
			again, err := NewChart(compile(t, expr), DefaultConfig, byLast)
			if err != nil {
				t.Fatal(err)
			}
			d, _ := again.Opening(cards(t, "3H"))
			if !slices.EqualFunc(a.Walks, d.Walks, func(x, y Verdict) bool { return slices.Equal(x.Line, y.Line) && x.Legal == y.Legal }) {
				t.Fatal("the same opening walked twice gives two samples")
			}
		})
	}
}
