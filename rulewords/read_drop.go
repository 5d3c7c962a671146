package rulewords

import (
	"regexp"
	"slices"
	"strings"
)

// Readings readText drops or doubles: a set of the last cards read as
// each related to the last card, a statement about the last cards that
// holds of missing ones, and a rule that waits for the card a condition
// reads.

// setWithLast: a rule that says of the last cards as a set what relates
// them to the last card ("the last two are of the same colour" read as
// each of them of the last card's colour), or adds them up one by one:
// none anyone means.
func setWithLast(p *pred) bool {
	if p.op == "atom" {
		return setRE.MatchString(p.text) && cardRE("prev").MatchString(p.text) || setSumRE.MatchString(p.text)
	}
	return slices.ContainsFunc(p.kids, setWithLast)
}

// setAlone: a rule that says of "the last k cards" (@each, no "each" or
// "both") what does not compare them with the card played: "the last
// three cards are red" is a statement that they are there and red
// (q.all.last), not one that holds of the cards missing.
func setAlone(p *pred) bool {
	if p.op == "atom" {
		return strings.Contains(p.text, "@each") && !cardRE("card").MatchString(p.text)
	}
	return slices.ContainsFunc(p.kids, setAlone)
}

// setSumRE finds the last cards as a set in a sum: "the card and the two
// before it" added up is no card added to each of them.
var setSumRE = regexp.MustCompile(`\+\s*\(?@(all|any|each)\d|@(all|any|each)\d+\.rank\)?\s*\+`)

// waitingToo is a rule and, where it opens with a condition on the card
// before the last one (or the one before that) and says something when
// the condition fails, the same rule waiting for that card: "if the last
// two are of the same colour, change colour; if not, repeat it" with one
// card down is read as "repeat it" (the condition fails) or as asking
// nothing yet (two readings).
func waitingToo(p *pred) []*pred {
	if p.op != "if" || p.kids[2] == yes {
		return []*pred{p}
	}
	if saysWhere(p.kids[0]) {
		return []*pred{p} // "if there is a card before the last one …"
	}
	cond := p.kids[0].expr()
	for _, r := range []string{"prev3", "prev2"} {
		if strings.Contains(cond, r+" != nil") {
			return []*pred{p, ifThen(atom(r+" == nil"), yes, p)}
		}
	}
	return []*pred{p}
}

// saysWhere: the words say whether a card is there ("there is a card
// before the last one"), not only a condition on it.
func saysWhere(p *pred) bool {
	return p.said || slices.ContainsFunc(p.kids, saysWhere)
}
