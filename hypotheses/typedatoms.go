package hypotheses

import (
	"fmt"
	"slices"
	"strings"

	"github.com/eleusis/eleusis/sim"
)

var cmpOps = []struct {
	name string
	f    func(a, b int) bool
}{
	{"==", func(a, b int) bool { return a == b }},
	{"!=", func(a, b int) bool { return a != b }},
	{"<=", func(a, b int) bool { return a <= b }},
	{">=", func(a, b int) bool { return a >= b }},
	{"<", func(a, b int) bool { return a < b }},
	{">", func(a, b int) bool { return a > b }},
}

// cmpBits is the description length of choosing a comparison.
const cmpBits = 2

// divBits is the divisibility production's own bit (and the prime's).
const divBits = 1

// rangeBits is the range production's own bits.
const rangeBits = 2

func isPrime(n int) bool {
	if n < 2 {
		return false
	}
	for d := 2; d*d <= n; d++ {
		if n%d == 0 {
			return false
		}
	}
	return true
}

// parenTerm wraps a compound term for "% k" (expr binds % before + and −).
func parenTerm(text string) string {
	if strings.Contains(text, " ") {
		return "(" + text + ")"
	}
	return text
}

// atomBits bounds the typed atoms' description length.
const atomBits = 15

// rankAtoms are the comparisons of terms with constants and with each
// other, one per truth table over their slots' ranks.
func rankAtoms(terms []*term) []typedAtom {
	type cand struct {
		text  string
		cost  int
		m     uint8
		truth func(r *[numSlots]int) bool
	}
	var cands []cand
	for _, t := range terms {
		lo, hi := slices.Min(t.vals), slices.Max(t.vals)
		for _, op := range cmpOps {
			for k := max(int(lo), 0); k <= int(hi) && k <= 31; k++ {
				cost := cmpBits + t.cost + constBits(k)
				if cost > atomBits {
					continue
				}
				cands = append(cands, cand{fmt.Sprintf("%s %s %d", t.text, op.name, k), cost, t.mask(), func(r *[numSlots]int) bool { return op.f(int(t.at(r)), k) }})
			}
		}
	}
	// Divisibility is one idea ("a multiple of 3", "the sum divisible by
	// 5"): t % k == 0 costs the term, one bit for the production and two
	// for k = 2..6, less than the remainder term and its comparison.
	for _, t := range terms {
		if t.op == '%' {
			continue // (a % k) % j: the remainder of a remainder
		}
		for k := 2; k <= 6; k++ {
			cost := divBits + t.cost + 2
			if cost > atomBits {
				continue
			}
			for _, eq := range []bool{true, false} {
				op := map[bool]string{true: "==", false: "!="}[eq]
				cands = append(cands, cand{fmt.Sprintf("%s %% %d %s 0", parenTerm(t.text), k, op), cost, t.mask(), func(r *[numSlots]int) bool { return (int(t.at(r))%k == 0) == eq }})
			}
		}
	}
	// A term within a range ("one to three ranks up, counting round",
	// "the two add up to between 10 and 15"): the term and its two bounds,
	// like the card's own ranges (the lexicon has those).
	for _, t := range terms {
		if len(t.slots) < 2 {
			continue
		}
		lo, hi := int(slices.Min(t.vals)), int(slices.Max(t.vals))
		for a := max(lo+1, 0); a < hi; a++ {
			for b := a + 1; b < hi && b <= 31; b++ {
				cost := rangeBits + t.cost + constBits(a) + constBits(b)
				if cost > atomBits {
					continue
				}
				cands = append(cands, cand{fmt.Sprintf("%s >= %d and %s <= %d", t.text, a, t.text, b), cost, t.mask(),
					func(r *[numSlots]int) bool { v := int(t.at(r)); return v >= a && v <= b }})
			}
		}
	}
	// A prime ("the sum of the last three is prime"), at the bits of the
	// card's own "a prime": the production and the term.
	for _, t := range terms {
		hi := int(slices.Max(t.vals))
		if len(t.slots) < 2 || t.op == '%' || hi < 4 || divBits+t.cost+2 > atomBits {
			continue
		}
		var ps []string
		for p := 2; p <= hi; p++ {
			if isPrime(p) {
				ps = append(ps, fmt.Sprint(p))
			}
		}
		cands = append(cands, cand{fmt.Sprintf("%s in [%s]", parenTerm(t.text), strings.Join(ps, ", ")), divBits + t.cost + 2, t.mask(),
			func(r *[numSlots]int) bool { return isPrime(int(t.at(r))) }})
	}
	for i, a := range terms {
		for _, b := range terms[i+1:] {
			m := a.mask() | b.mask()
			cost := cmpBits + a.cost + b.cost
			if cost > atomBits || len(slotsOf(m)) > 3 || unreadable(m) {
				continue
			}
			for _, op := range cmpOps {
				cands = append(cands, cand{fmt.Sprintf("%s %s %s", a.text, op.name, b.text), cost, m, func(r *[numSlots]int) bool { return op.f(int(a.at(r)), int(b.at(r))) }})
			}
		}
	}
	// Between two cards: x within the closed (or open) range their ranks
	// span, a comparison with two operands (one bit to choose it).
	var leaves []*term
	for _, t := range terms {
		if len(t.slots) == 1 && t.op == 0 && !strings.Contains(t.text, "(") {
			leaves = append(leaves, t)
		}
	}
	for i, a := range leaves {
		for _, b := range leaves[i+1:] {
			if a.slots[0] == slCard || b.slots[0] == slCard {
				continue
			}
			x := leaves[0] // card.rank
			m := x.mask() | a.mask() | b.mask()
			if m>>slStart&1 == 1 || m>>slPos&1 == 1 {
				continue
			}
			cost := cmpBits + 1 + x.cost + a.cost + b.cost
			lo, hi := fmt.Sprintf("min(%s, %s)", a.text, b.text), fmt.Sprintf("max(%s, %s)", a.text, b.text)
			cands = append(cands,
				cand{fmt.Sprintf("card.rank >= %s and card.rank <= %s", lo, hi), cost, m, func(r *[numSlots]int) bool {
					return r[slCard] >= min(int(a.at(r)), int(b.at(r))) && r[slCard] <= max(int(a.at(r)), int(b.at(r)))
				}},
				cand{fmt.Sprintf("card.rank > %s and card.rank < %s", lo, hi), cost, m, func(r *[numSlots]int) bool {
					return r[slCard] > min(int(a.at(r)), int(b.at(r))) && r[slCard] < max(int(a.at(r)), int(b.at(r)))
				}})
		}
	}
	// Shortest first, so that each truth table keeps its shortest text.
	slices.SortStableFunc(cands, func(a, b cand) int { return a.cost - b.cost })
	seen := map[string]bool{}
	var out []typedAtom
	for _, c := range cands {
		slots := slotsOf(c.m)
		tab := make([]byte, 0, 2197)
		assignments(slots, func(r *[numSlots]int) {
			b := byte('0')
			if c.truth(r) {
				b = '1'
			}
			tab = append(tab, b)
		})
		if constant16(tab) {
			continue
		}
		key := string(rune(c.m)) + string(tab)
		if seen[key] {
			continue
		}
		seen[key] = true
		if !dependsOnAll(slots, func(r *[numSlots]int) int {
			if c.truth(r) {
				return 1
			}
			return 0
		}) {
			continue
		}
		var fs featSet
		for _, s := range slots {
			f, _ := rankFeat(s)
			fs |= f
		}
		stride := make([]int, len(slots))
		for i := range slots {
			stride[i] = 1
			for range i {
				stride[i] *= 13
			}
		}
		ta := slotAtom(c.text, c.cost, fs, c.m, func(v view) bool {
			i := 0
			for k, s := range slots {
				i += (v.rank(s) - 1) * stride[k]
			}
			return tab[i] == '1'
		})
		ta.rankOnly = true
		ta.ranks = &rankTable{slots: slots, stride: stride, tab: tab}
		out = append(out, ta)
	}
	return out
}

func constant16(tab []byte) bool {
	for _, b := range tab {
		if b != tab[0] {
			return false
		}
	}
	return true
}

var suitNames = [4]string{"spades", "hearts", "diamonds", "clubs"}

// categoryAtoms are the atoms on suits, colours, parity and faceness of the
// cards beyond prev (the lexicon has the card's and prev's own): X.suit ==
// "s", X.color == "red", X.even, X.face, and the same/different relations
// between two cards' suits, colours and faceness.
func categoryAtoms() []typedAtom {
	var out []typedAtom
	bit := func(s slot) uint8 { return 1 << s }
	attrBits := 2 // choosing suit, colour, parity or faceness
	for _, s := range []slot{slPrev2, slPrev3, slStart} {
		s := s
		base := 1 + slotBits[s] + attrBits
		for i, name := range suitNames {
			i := i
			out = append(out, slotAtom(fmt.Sprintf("%s.suit == %q", slotName[s], name), base+2, suitFeat(s), bit(s), func(v view) bool { return v.suit(s) == i }))
		}
		out = append(out, slotAtom(slotName[s]+`.color == "red"`, base, colourFeat(s), bit(s), func(v view) bool { return v.red(s) }))
		if rf, ok := rankFeat(s); ok {
			out = append(out,
				slotAtom(slotName[s]+".even", base, rf, bit(s), func(v view) bool { return v.rank(s)%2 == 0 }),
				slotAtom(slotName[s]+".face", base, rf, bit(s), func(v view) bool { return v.rank(s) > 10 }))
		}
	}
	pairs := [][2]slot{{slCard, slPrev2}, {slCard, slPrev3}, {slCard, slStart}, {slPrev, slPrev2}, {slPrev2, slPrev3}, {slPrev, slPrev3}}
	for _, p := range pairs {
		a, b := p[0], p[1]
		base := 1 + slotBits[a] + slotBits[b] + attrBits
		m := bit(a) | bit(b)
		for _, eq := range []bool{true, false} {
			op, eq := "==", eq
			if !eq {
				op = "!="
			}
			out = append(out,
				slotAtom(fmt.Sprintf("%s.suit %s %s.suit", slotName[a], op, slotName[b]), base, suitFeat(a)|suitFeat(b), m,
					func(v view) bool { return (v.suit(a) == v.suit(b)) == eq }),
				slotAtom(fmt.Sprintf("%s.color %s %s.color", slotName[a], op, slotName[b]), base, colourFeat(a)|colourFeat(b), m,
					func(v view) bool { return (v.red(a) == v.red(b)) == eq }))
			ra, oka := rankFeat(a)
			rb, okb := rankFeat(b)
			if oka && okb {
				// The same rank is a category like the same suit ("the
				// starter's colour or its rank").
				out = append(out, slotAtom(fmt.Sprintf("%s.face %s %s.face", slotName[a], op, slotName[b]), base, ra|rb, m,
					func(v view) bool { return (v.rank(a) > 10) == (v.rank(b) > 10) == eq }),
					slotAtom(fmt.Sprintf("%s.rank %s %s.rank", slotName[a], op, slotName[b]), base, ra|rb, m,
						func(v view) bool { return (v.rank(a) == v.rank(b)) == eq }))
			}
		}
	}
	return out
}

// lineAtoms read summaries of the main line and the position: the parity
// of the red and of the face cards so far, how the red and black counts
// compare, the suit of the most recent face card, and n % 6.
func lineAtoms() []typedAtom {
	reds := `count(line, .color == "red")`
	blacks := `count(line, .color == "black")`
	lastFace := `last(filter(line, .face))`
	// lastSuit: the suit of the most recent face card, −1 for none.
	lastSuit := func(s state) int { return int(s.lastFace) - 1 }
	cmp := func(want uint8) func(s state, _ sim.Card) bool {
		return func(s state, _ sim.Card) bool { return s.redCmp == want }
	}
	out := []typedAtom{
		{text: reds + " % 2 == 0", cost: 6, feats: 1 << ftRedPar, read: func(s state, _ sim.Card) bool { return s.redPar == 0 }},
		{text: "count(line, .face) % 2 == 0", cost: 6, feats: 1 << ftFacePar, read: func(s state, _ sim.Card) bool { return s.facePar == 0 }},
		{text: "count(line, .odd) % 2 == 0", cost: 6, feats: 1 << ftOddPar, read: func(s state, _ sim.Card) bool { return s.oddPar == 0 }},
		{text: reds + " > " + blacks, cost: 6, feats: 1 << ftRedCmp, read: cmp(2)},
		{text: reds + " < " + blacks, cost: 6, feats: 1 << ftRedCmp, read: cmp(0)},
		{text: reds + " == " + blacks, cost: 6, feats: 1 << ftRedCmp, read: cmp(1)},
		// The summary on the left of ==: expr reads a predicate's shorthand
		// (.face) on the right of == against the left operand.
		{text: "none(line, .face) or " + lastFace + ".suit == card.suit", cost: 6, feats: 1 << ftLastFace, card: true,
			read: func(s state, c sim.Card) bool { return lastSuit(s) < 0 || int(c.Suit()) == lastSuit(s) }},
		{text: "none(line, .face) or " + lastFace + ".color == card.color", cost: 6, feats: 1 << ftLastFace, card: true,
			read: func(s state, c sim.Card) bool { return lastSuit(s) < 0 || c.Red() == sim.Suit(lastSuit(s)).Red() }},
		{text: "any(line, .face) and " + lastFace + `.color == "red"`, cost: 6, feats: 1 << ftLastFace,
			read: func(s state, _ sim.Card) bool { return lastSuit(s) >= 0 && sim.Suit(lastSuit(s)).Red() }},
	}
	// Not seen in the last k cards: the card's suit among the last three
	// cards' suits.
	recent := fmt.Sprintf("line[max(0, n - %d):]", recentSuits)
	out = append(out,
		typedAtom{text: "none(" + recent + ", {.suit == card.suit})", cost: 6, feats: 1 << ftRecentSuits, card: true,
			read: func(s state, c sim.Card) bool { return s.suits>>c.Suit()&1 == 0 }},
		typedAtom{text: "any(" + recent + ", {.suit == card.suit})", cost: 6, feats: 1 << ftRecentSuits, card: true,
			read: func(s state, c sim.Card) bool { return s.suits>>c.Suit()&1 == 1 }})
	// How many of the card's suit the line holds ("at most three of a suit",
	// "a suit not played yet"): below k, or k or more, for k = 1..3.
	count := "count(line, .suit == card.suit)"
	had := func(s state, c sim.Card) int { return int(s.suitCnt[c.Suit()]) }
	for k := 1; k <= 3; k++ {
		out = append(out,
			typedAtom{text: fmt.Sprintf("%s < %d", count, k), cost: 6, feats: 1 << ftSuitCounts, card: true,
				read: func(s state, c sim.Card) bool { return had(s, c) < k }},
			typedAtom{text: fmt.Sprintf("%s >= %d", count, k), cost: 6, feats: 1 << ftSuitCounts, card: true,
				read: func(s state, c sim.Card) bool { return had(s, c) >= k }})
	}
	// How many face cards the line holds ("a face card only while fewer
	// than three are down"): below k, or k or more, for k = 1..3.
	for k := 1; k <= 3; k++ {
		out = append(out,
			typedAtom{text: fmt.Sprintf("count(line, .face) < %d", k), cost: 6, feats: 1 << ftFaceTotal,
				read: func(s state, _ sim.Card) bool { return int(s.faces) < k }},
			typedAtom{text: fmt.Sprintf("count(line, .face) >= %d", k), cost: 6, feats: 1 << ftFaceTotal,
				read: func(s state, _ sim.Card) bool { return int(s.faces) >= k }})
	}
	for r := range 6 {
		out = append(out, typedAtom{text: fmt.Sprintf("n %% 6 == %d", r), cost: 6, feats: 1 << ftMod6,
			read: func(s state, _ sim.Card) bool { return int(s.n12)%6 == r }})
	}
	// Blocks of positions ("three red cards, then three black"): the first
	// r places of every k, a comparison more than n % k == r.
	for _, k := range []int{4, 6} {
		for r := 2; r <= k-2; r++ {
			out = append(out, typedAtom{text: fmt.Sprintf("n %% %d < %d", k, r), cost: 7, feats: 1 << map[int]feature{4: ftMod4, 6: ftMod6}[k],
				read: func(s state, _ sim.Card) bool { return int(s.n12)%k < r }})
		}
	}
	for i := range out {
		out[i].guard = numSlots
	}
	return out
}
