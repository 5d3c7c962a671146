package grammar

import (
	"math/rand/v2"
	"testing"

	"github.com/eleusis/eleusis/rulebank"
)

// Rules that name a set of numbers no range, threshold or kind of number says: the last two
// adding up to 7, 11 or 21, the residues of a product mod 7. With Sets the
// synthesizer finds each as "t in [a, b, …]" at its length; without,
// nothing as short behaves as it does.
func TestSetsNameTheNumbersATermTakes(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	cases := []struct {
		name, rule string
		bits       int
	}{
		{"the last two adding up to 7, 11 or 21", `card.rank + prev.rank in [7, 11, 21]`, 25},
		{"the residues of a product mod 7", `(card.rank * prev.rank) % 7 in [1, 2, 4]`, 22},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i)+5, 23))
			p, j := playedHands(t, rng, tc.rule, 12, 20)
			onlyWith(t, rng, p, j, tc.bits, "sets", func(c *SynthConfig) { c.Sets = true })
		})
	}
}

// playedHands is the problem of several hands' judgements, as a placement
// samples God's lines from many starters: one long hand lets a shorter
// rule about its own line fit.
func playedHands(t *testing.T, rng *rand.Rand, rule string, hands, moves int) (Problem, *rulebank.Judge) {
	t.Helper()
	var pts []Point
	var yes []bool
	var j *rulebank.Judge
	for range hands {
		var p Problem
		p, j = playedHand(t, rng, rule, moves)
		for i := range p.Points.Len() {
			pts = append(pts, p.Points.pts[i])
			yes = append(yes, p.Want[i/64]>>(i%64)&1 == 1)
		}
	}
	return problemOfPoints(pts, yes), j
}

// TestSetsAreTheValuesOfNoRefusedPoint holds sets' candidates to a scan by
// hand: each set holds a value at an accepted point (its opposite, at a
// refused one), and no value of the other side.
func TestSetsAreTheValuesOfNoRefusedPoint(t *testing.T) {
	vals := []int32{3, 6, 10, 4, 5, 7, 6, 70}
	want := []uint64{0b1000111} // 3, 6, 10 and the second 6 accepted
	cases := []struct {
		name string
		mask uint64
		sets []string
		vals []int32 // when not the ones above
	}{
		{"three accepted values, four refused", 0b1111111, []string{"t in [3, 6, 10]", "not (t in [4, 5, 7])"}, nil},
		{"a value beyond the sets' numbers", 0b11111111, nil, nil},
		{"one refused value: no set of it", 0b1001111, []string{"t in [3, 6, 10]"}, nil},
		{"a run of numbers: a range, not a set", 0b1111111, []string{"not (t in [8, 9, 11])"}, []int32{3, 4, 5, 8, 9, 11, 4}},
	}
	term := &Class{Node: &Node{P: PN}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			vs := vals
			if tc.vals != nil {
				vs = tc.vals
			}
			st := scanTerm(vs, []uint64{tc.mask}, want)
			var got []string
			sets(term, &st, func(n *Node) { got = append(got, n.Expr()) })
			if len(got) != len(tc.sets) {
				t.Fatalf("sets %q, want %q", got, tc.sets)
			}
			for i := range got {
				if want := replaceT(tc.sets[i]); got[i] != want {
					t.Errorf("set %d: %s, want %s", i, got[i], want)
				}
			}
		})
	}
}

// replaceT writes the test's term, n, for t.
func replaceT(s string) string {
	out := []byte{}
	for i := 0; i < len(s); i++ {
		if s[i] == 't' && (i == 0 || s[i-1] == '(') {
			out = append(out, 'n')
			continue
		}
		out = append(out, s[i])
	}
	return string(out)
}
