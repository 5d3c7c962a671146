package hypotheses

import (
	"fmt"
	"slices"

	"github.com/eleusis/eleusis/sim"
)

// Family names what a hypothesis reads of the main line besides the card;
// it fixes the hypothesis's contexts: the product of its features' values.
// A feature is a projection of the line onto few values (prev2's rank
// rather than prev2, the parity of the red cards so far), so that a family
// of C contexts costs C × 52 bits per hypothesis in the index.
type Family uint8

// The families, each a list of features (familyDefs). A hypothesis that
// reads less than its family's features is moved to the smallest family
// whose features it reads when the space is built (normalise).
const (
	FamPrev        Family = iota // the previous card (52 contexts)
	FamPrev2                     // prev and the colour of prev2 (none, red, black)
	FamMod2                      // prev and n % 2
	FamMod3                      // prev and n % 3
	FamMod4                      // prev and n % 4
	FamMod6                      // prev and n % 6
	FamPrev2Rank                 // prev and prev2's rank (none, 1..13)
	FamPrev2Suit                 // prev and prev2's suit (none or one of four)
	FamPrev3                     // prev, prev2's colour and prev3's colour
	FamPrev3Suit                 // prev, prev2's colour and prev3's suit
	FamStarter                   // the main line's first card (no prev)
	FamRedCount                  // prev and the parity of the red cards so far
	FamFaceCount                 // prev and the parity of the face cards so far
	FamLastFace                  // prev and the suit of the most recent face card (none or one of four)
	FamRedBlack                  // prev and how the red and black counts compare (<, =, >)
	FamRecentSuits               // the suits among the last three cards (a set: 16 contexts)
	FamMod13                     // n % 13, the line's length counted round the ranks (no prev)
	FamSuitCounts                // how many of each suit the line holds, 0 to 3 or more (256 contexts)
	FamPrev2Card                 // prev2's suit and rank, without prev ("matches the card two back")
	FamFaceTotal                 // how many face cards the line holds, 0 to 3 or more (4 contexts)
	FamOddCount                  // prev and the parity of the odd cards so far
	numFamilies
)

// feature is one projection of the main line.
type feature uint8

const (
	ftPrev        feature = iota // the previous card, 52
	ftP2Col                      // prev2's colour: 0 none, 1 red, 2 black
	ftP2Rank                     // prev2's rank: 0 none, 1..13
	ftP2Suit                     // prev2's suit: 0 none, 1 + sim.Suit
	ftP3Col                      // prev3's colour: 0 none, 1 red, 2 black
	ftP3Suit                     // prev3's suit: 0 none, 1 + sim.Suit
	ftMod2                       // n % 2
	ftMod3                       // n % 3
	ftMod4                       // n % 4
	ftMod6                       // n % 6
	ftStart                      // the starter, line[0]: 52
	ftRedPar                     // count(line, red) % 2
	ftFacePar                    // count(line, face) % 2
	ftLastFace                   // suit of the last face card: 0 none, 1 + sim.Suit
	ftRedCmp                     // sign(count red − count black) + 1
	ftRecentSuits                // the suits of the last recentSuits cards, a set (bit sim.Suit)
	ftMod13                      // n % 13
	ftSuitCounts                 // per suit, min(count in the line, 3): 2 bits a suit
	ftFaceTotal                  // min(count(line, .face), 3)
	ftOddPar                     // count(line, .odd) % 2
	numFeatures
)

// The window of "not seen in the last k cards": suits over the last three.
// (A window of ranks has 8,192 sets of ranks for contexts: its family cost
// rank twice its time; "no rank twice in five cards" stays outside.)
const recentSuits = 3

type familyDef struct {
	name  string
	reads string // "prev and prev2's colour": what the space command prints
	// feats: most significant first; prev, when read, is last (x % 52 is
	// prev, as the families' columns have always been laid out).
	feats []feature
	// chartable: the exact charts of local classes (a breadth-first search
	// over prev2's colour — its card for rules of look-back 2 —, prev and
	// n mod 12) give this family's contexts; the others are checked on
	// sampled states (charting prev2's every card for every rule cost three
	// times rank's memory).
	chartable bool
}

var familyDefs = [numFamilies]familyDef{
	{"prev", "prev", []feature{ftPrev}, true},
	{"prev2", "prev and prev2's colour", []feature{ftP2Col, ftPrev}, true},
	{"mod2", "prev and n % 2", []feature{ftMod2, ftPrev}, true},
	{"mod3", "prev and n % 3", []feature{ftMod3, ftPrev}, true},
	{"mod4", "prev and n % 4", []feature{ftMod4, ftPrev}, true},
	{"mod6", "prev and n % 6", []feature{ftMod6, ftPrev}, true},
	{"prev2-rank", "prev and prev2's rank", []feature{ftP2Rank, ftPrev}, false},
	{"prev2-suit", "prev and prev2's suit", []feature{ftP2Suit, ftPrev}, false},
	{"prev3", "prev and the colours of prev2 and prev3", []feature{ftP3Col, ftP2Col, ftPrev}, false},
	{"prev3-suit", "prev, prev2's colour and prev3's suit", []feature{ftP3Suit, ftP2Col, ftPrev}, false},
	{"starter", "the starter (line[0])", []feature{ftStart}, false},
	{"red-count", "prev and the parity of the red cards so far", []feature{ftRedPar, ftPrev}, false},
	{"face-count", "prev and the parity of the face cards so far", []feature{ftFacePar, ftPrev}, false},
	{"last-face", "prev and the suit of the last face card", []feature{ftLastFace, ftPrev}, false},
	{"red-black", "prev and whether more red or black cards were played", []feature{ftRedCmp, ftPrev}, false},
	{"recent-suits", "the suits of the last three cards", []feature{ftRecentSuits}, false},
	{"mod13", "n % 13 (the main line's length counted round the 13 ranks)", []feature{ftMod13}, false},
	{"suit-counts", "how many cards of each suit the main line holds (0 to 3 or more)", []feature{ftSuitCounts}, false},
	// prev2 as a whole card (its rank and suit; 14 × 5 contexts, of which
	// the 53 with both or neither are states), for rules that read the card
	// two back and not the last one: "the same colour, suit or rank as the
	// card two back".
	{"prev2-card", "prev2 (its rank and suit; not prev)", []feature{ftP2Rank, ftP2Suit}, false},
	{"face-total", "how many face cards the main line holds (0 to 3 or more)", []feature{ftFaceTotal}, false},
	{"odd-count", "prev and the parity of the odd cards so far", []feature{ftOddPar, ftPrev}, false},
}

// maxContexts is the most contexts of any family.
var maxContexts = func() int {
	m := 0
	for f := range numFamilies {
		m = max(m, f.Contexts())
	}
	return m
}()

// Families lists the families, in order.
func Families() []Family {
	out := make([]Family, numFamilies)
	for f := range numFamilies {
		out[f] = f
	}
	return out
}

func (f Family) String() string {
	if f < numFamilies {
		return familyDefs[f].name
	}
	return fmt.Sprintf("Family(%d)", uint8(f))
}

// Reads says in words what the family reads besides the card.
func (f Family) Reads() string { return familyDefs[f].reads }

// Chartable reports whether the exact charts of God's reachable states
// cover the family (otherwise its hypotheses are checked on sampled states).
func (f Family) Chartable() bool { return familyDefs[f].chartable }

// Contexts is the number of context values of the family.
func (f Family) Contexts() int {
	n := 1
	for _, ft := range familyDefs[f].feats {
		n *= featDomain[ft]
	}
	return n
}

// context maps a state to the family's context value.
func (f Family) context(s state) int {
	x := 0
	for _, ft := range familyDefs[f].feats {
		x = x*featDomain[ft] + ft.value(s)
	}
	return x
}

// state is the inverse of context: a representative state of the value.
func (f Family) state(x int) state {
	var s state
	fs := familyDefs[f].feats
	for i := len(fs) - 1; i >= 0; i-- {
		d := featDomain[fs[i]]
		fs[i].set(&s, x%d)
		x /= d
	}
	return s
}

// reads reports whether family f reads one of the features fts.
func (f Family) reads(fts ...feature) bool {
	for _, g := range familyDefs[f].feats {
		if slices.Contains(fts, g) {
			return true
		}
	}
	return false
}

// state is what a hypothesis can read of the main line before the card:
// the features of the table below, each in a field of its own.
type state struct {
	prev sim.Card
	p2   uint8 // 0: no prev2; otherwise the card + 1
	p3   uint8 // 0: no prev3; otherwise the card + 1
	n12  uint8 // n % 12: enough for n % 2, 3, 4 and 6
	n13  uint8 // n % 13
	// start: the starter (line[0]).
	start sim.Card
	// The line so far: the parity of its red, face and odd cards, the suit
	// of its most recent face card (0 none, 1 + the suit), how its red and
	// black counts compare (0 fewer red, 1 as many, 2 more), how many cards
	// of each suit it holds and how many face cards (each up to 3), the
	// suits of its last recentSuits cards (bit sim.Suit).
	redPar, facePar, oddPar uint8
	lastFace, redCmp        uint8
	suitCnt                 [4]uint8
	faces                   uint8
	suits                   uint8
}

// featureDef is one feature: its values (0 … domain − 1), read from a
// state and written into one (a representative state of the value: prev2
// of a rank is the spade of that rank, of a colour its ace).
type featureDef struct {
	name   string
	domain int
	value  func(s state) int
	set    func(s *state, v int)
}

// features is the one table of the context features.
var features = [numFeatures]featureDef{
	ftPrev:  {"prev", 52, func(s state) int { return int(s.prev) }, func(s *state, v int) { s.prev = sim.Card(v) }},
	ftP2Col: {"prev2's colour", 3, func(s state) int { return colourCode(s.p2) }, func(s *state, v int) { s.p2 = colourCard(v) }},
	ftP2Rank: {"prev2's rank", 14, func(s state) int { return rankCode(s.p2) }, func(s *state, v int) {
		// The spade of rank v, or the card of rank v in prev2's suit when
		// a suit was set first (prev2-card).
		c := uint8(0)
		if v > 0 {
			c = uint8(v)
			if s.p2 != 0 {
				c += uint8(sim.Card(s.p2-1).Suit()) * 13
			}
		}
		s.p2 = c
	}},
	ftP2Suit: {"prev2's suit", 5, func(s state) int { return suitCode(s.p2) }, func(s *state, v int) {
		c := uint8(0)
		if v > 0 {
			c = uint8(v-1)*13 + 1 // the ace of the suit
			if s.p2 != 0 {
				c += uint8(sim.Card(s.p2-1).Rank() - 1) // prev2's rank kept
			}
		}
		s.p2 = c
	}},
	ftP3Col:  {"prev3's colour", 3, func(s state) int { return colourCode(s.p3) }, func(s *state, v int) { s.p3 = colourCard(v) }},
	ftP3Suit: {"prev3's suit", 5, func(s state) int { return suitCode(s.p3) }, func(s *state, v int) { s.p3 = suitCard(v) }},
	ftMod2:   {"n % 2", 2, func(s state) int { return int(s.n12) % 2 }, func(s *state, v int) { s.n12 = uint8(v) }},
	ftMod3:   {"n % 3", 3, func(s state) int { return int(s.n12) % 3 }, func(s *state, v int) { s.n12 = uint8(v) }},
	ftMod4:   {"n % 4", 4, func(s state) int { return int(s.n12) % 4 }, func(s *state, v int) { s.n12 = uint8(v) }},
	ftMod6:   {"n % 6", 6, func(s state) int { return int(s.n12) % 6 }, func(s *state, v int) { s.n12 = uint8(v) }},
	ftStart:  {"the starter", 52, func(s state) int { return int(s.start) }, func(s *state, v int) { s.start = sim.Card(v) }},
	ftRedPar: {"the parity of the red cards", 2, func(s state) int { return int(s.redPar) }, func(s *state, v int) { s.redPar = uint8(v) }},
	ftFacePar: {"the parity of the face cards", 2, func(s state) int { return int(s.facePar) },
		func(s *state, v int) { s.facePar = uint8(v) }},
	ftLastFace: {"the suit of the last face card", 5, func(s state) int { return int(s.lastFace) },
		func(s *state, v int) { s.lastFace = uint8(v) }},
	ftRedCmp: {"more red or black cards", 3, func(s state) int { return int(s.redCmp) }, func(s *state, v int) { s.redCmp = uint8(v) }},
	ftRecentSuits: {"the suits of the last three cards", 1 << 4, func(s state) int { return int(s.suits) },
		func(s *state, v int) { s.suits = uint8(v) }},
	ftMod13: {"n % 13", 13, func(s state) int { return int(s.n13) }, func(s *state, v int) { s.n13 = uint8(v) }},
	ftSuitCounts: {"the cards of each suit (to 3)", 1 << 8, func(s state) int {
		v := 0
		for su, k := range s.suitCnt {
			v |= int(k) << (2 * su)
		}
		return v
	}, func(s *state, v int) {
		for su := range s.suitCnt {
			s.suitCnt[su] = uint8(v >> (2 * su) & 3)
		}
	}},
	ftFaceTotal: {"the face cards (to 3)", 4, func(s state) int { return int(s.faces) }, func(s *state, v int) { s.faces = uint8(v) }},
	ftOddPar:    {"the parity of the odd cards", 2, func(s state) int { return int(s.oddPar) }, func(s *state, v int) { s.oddPar = uint8(v) }},
}

// featDomain is each feature's number of values.
var featDomain = func() (d [numFeatures]int) {
	for f, def := range features {
		d[f] = def.domain
	}
	return d
}()

func (ft feature) value(s state) int   { return features[ft].value(s) }
func (ft feature) set(s *state, v int) { features[ft].set(s, v) }

func colourCode(c uint8) int { // 0 none, 1 red, 2 black; c is a card + 1
	if c == 0 {
		return 0
	}
	if sim.Card(c - 1).Red() {
		return 1
	}
	return 2
}

func rankCode(c uint8) int { // 0 none, 1..13
	if c == 0 {
		return 0
	}
	return sim.Card(c - 1).Rank()
}

func suitCode(c uint8) int { // 0 none, 1 + the suit
	if c == 0 {
		return 0
	}
	return 1 + int(sim.Card(c-1).Suit())
}

// colourCard is a card of colour code v (1 red, 2 black) standing for it,
// + 1; 0 for none.
func colourCard(v int) uint8 {
	switch v {
	case 1:
		return uint8(sim.Card(13)) + 1 // the ace of hearts
	case 2:
		return 1 // the ace of spades
	}
	return 0
}

// suitCard is the ace of suit code v (1 + the suit), + 1; 0 for none.
func suitCard(v int) uint8 {
	if v == 0 {
		return 0
	}
	return uint8(v-1)*13 + 1
}

// count folds card c into the state's counts over the whole line (the
// parities, the capped counts, the last face card), in one place.
func (s *state) count(c sim.Card, reds *int) {
	if c.Red() {
		s.redPar ^= 1
		*reds++
	}
	if c.Face() {
		s.facePar ^= 1
		s.lastFace = 1 + uint8(c.Suit())
		s.faces = min(s.faces+1, 3)
	}
	if !c.Even() {
		s.oddPar ^= 1
	}
	s.suitCnt[c.Suit()] = min(s.suitCnt[c.Suit()]+1, 3)
}

// stateOf is the state in which the next card of line is judged: the
// counts folded over the line, then what depends on the places (the last
// cards, the starter, n).
func stateOf(line []sim.Card) state {
	var s state
	reds := 0
	for _, c := range line {
		s.count(c, &reds)
	}
	n := len(line)
	s.start, s.prev = line[0], line[n-1]
	if n >= 2 {
		s.p2 = uint8(line[n-2]) + 1
	}
	if n >= 3 {
		s.p3 = uint8(line[n-3]) + 1
	}
	s.n12, s.n13 = uint8(n%12), uint8(n%13)
	for _, c := range line[max(0, n-recentSuits):] {
		s.suits |= 1 << c.Suit()
	}
	// How the red and black counts compare: the one feature not carried
	// by a parity or a cap.
	s.redCmp = 1
	switch {
	case 2*reds < n:
		s.redCmp = 0
	case 2*reds > n:
		s.redCmp = 2
	}
	return s
}
