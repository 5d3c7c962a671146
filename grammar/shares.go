package grammar

import (
	"strings"

	"github.com/eleusis/eleusis/sim"
)

// A card of the line that shares two or three things with the card at
// once: "not the twin of any of the last four (the same rank in the same
// colour)", "no card of the last three of the card's colour and parity".
// A writer compares each earlier card with the card on several attributes
// together, which no single element test does (ElSameSuit, ElSameRank …
// compare one). ElShares' Node.K is a mask of the attributes (bit AttrX),
// one of sharesSets: no set holds an attribute another of its own already
// decides (the suit its colour, the rank its parity and faceness). The
// look-back pool counts them over the line or its last k cards.

// sharesSets are the masks ElShares names.
var sharesSets = [...]int{
	1<<AttrColour | 1<<AttrRank, // the twin: a five of hearts and a five of diamonds
	1<<AttrColour | 1<<AttrParity,
	1<<AttrColour | 1<<AttrFace,
	1<<AttrSuit | 1<<AttrParity,
	1<<AttrSuit | 1<<AttrFace,
	1<<AttrParity | 1<<AttrFace,
	1<<AttrColour | 1<<AttrParity | 1<<AttrFace, // the card's concept cell
}

// shares reports whether x shares every attribute of mask with c.
func shares(mask int, x, c sim.Card) bool {
	for a := range numAttrs {
		if mask>>a&1 == 1 && attrs[a].value(x) != attrs[a].value(c) {
			return false
		}
	}
	return true
}

// sharing is the number of cards of tally t that share mask with c, and
// the sum of their ranks.
func (t *tally) sharing(mask int, c sim.Card) (count, sum int32) {
	for x := range sim.Card(sim.NumCards) {
		if k := int32(t.card[x]); k > 0 && shares(mask, x, c) {
			count += k
			sum += k * int32(x.Rank())
		}
	}
	return count, sum
}

// sharesText is the element test of mask: ".color == card.color and .rank
// == card.rank".
func sharesText(mask int) string {
	var parts []string
	for a := range numAttrs {
		if mask>>a&1 == 1 {
			f := attrs[a].field
			parts = append(parts, "."+f+" == card."+f)
		}
	}
	return strings.Join(parts, " and ")
}
