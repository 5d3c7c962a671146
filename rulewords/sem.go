package rulewords

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// pred is what Read builds: a rule as a small tree of and, or, not and
// if-then-else over atoms (expressions of the rule language). And and or are
// kept flat, so that readings that differ only by grouping "a and b and c"
// print the same expression and count as one.
type pred struct {
	op   string // "atom", "and", "or", "not", "if"
	kids []*pred
	text string // an atom's expression
	// only: the rule was said "X only", so an "after" that follows is
	// its ("figures only after figures")
	only bool
	// nor: a list said with its own negation, "nem X, nem Y": a "não"
	// before it is the same negation (negative concord: "não é nem X,
	// nem Y" is neither), not a second one
	nor bool
	// bare: a kind of card said alone ("red"), a rule a comma alone does
	// not join to another
	bare bool
	// kindWild: a kind of card alone and cards said wild after it ("kings
	// and aces are wild" read as "kings; aces are wild"): the whole text
	// only — beside other sentences what follows a list of kinds is said
	// of them all ("face cards and aces are always allowed; if …")
	kindWild bool
	// said: an atom the words say ("there is a card before the last
	// one"), not one a condition needs
	said bool
	// gone: the atom says a card a relation reads is missing, and so the
	// relation asks nothing (related's guard: "none(line, #.face) or …")
	gone bool
	// exempt: "c ? true : rest" read from a branch that allows any card
	// said after the others ("…, after a king anything"): an exception to
	// the sentences beside it too (combineSentences)
	exempt bool
	// wild: "X are wild, otherwise rest" (the kinds X and the rest): the
	// wild cards are an exception to the sentences after it too
	wild *[2]*pred
	// tail: "c ? true : rest" said at the end of a rule ("…, but after a
	// king anything"), which a rule it ends inside of hands to every rule
	// beside (hoisted)
	tail bool
	// class: "black cards 7 or lower only", the card of a kind that is
	// both (a kind and what it must be), which beside another rule may be
	// a requirement on that kind alone
	class *[2]*pred
	// elided: "the same suit" with no card said, the last card's; beside
	// "or the same value as X" it is X's (featComb drops the reading)
	elided bool
	// until: the condition of "play higher until the first king", which
	// no "after a 7" before it takes as its rule (a mode: words_mode.go)
	until bool
}

func atom(text string) *pred { return &pred{op: "atom", text: text} }

func saidAtom(text string) *pred { return &pred{op: "atom", text: text, said: true} }

var (
	yes = atom("true")
	no  = atom("false")
)

func join(op string, ps ...*pred) *pred {
	out := &pred{op: op}
	unit, zero := yes, no // and: true is no condition, false decides
	if op == "or" {
		unit, zero = no, yes
	}
	for _, p := range ps {
		if p.op == "atom" && p.text == unit.text {
			continue
		}
		if p.op == "atom" && p.text == zero.text {
			return zero
		}
		kids := []*pred{p}
		if p.op == op {
			kids = p.kids
		}
		for _, k := range kids {
			// a part said twice is said once: an atom as a guard and in
			// words ("… the last ace, or no ace has been played"), or as
			// two parts' guards; a rule said twice in other words ("nada
			// de figura, só número": no face card, twice)
			if !slices.ContainsFunc(out.kids, func(o *pred) bool { return samePart(o, k) }) {
				out.kids = append(out.kids, k)
			}
		}
	}
	switch len(out.kids) {
	case 0:
		return unit
	case 1:
		return out.kids[0]
	}
	return out
}

// samePart: a and b are one part of a conjunction or a disjunction, the
// same expression with the same notes (an atom: the same expression;
// "only", which a part inside another no longer says, aside).
func samePart(a, b *pred) bool {
	if a.op == "atom" || b.op == "atom" {
		return a.op == b.op && a.text == b.text
	}
	return a.op == b.op && a.nor == b.nor && a.exempt == b.exempt && a.wild == b.wild && a.tail == b.tail &&
		a.class == b.class && a.elided == b.elided && a.until == b.until && a.expr() == b.expr()
}

func and(ps ...*pred) *pred { return join("and", ps...) }
func or(ps ...*pred) *pred  { return join("or", ps...) }

func not(p *pred) *pred {
	if p.nor {
		return p
	}
	if p.op == "not" {
		return p.kids[0]
	}
	if p.op == "or" && len(p.kids) >= 2 && (p.kids[0].gone || missingRE.MatchString(p.kids[0].text)) && !p.kids[0].said {
		// a relation to a card not there yet asks nothing, and so does
		// its negation: "no card may be lower than the one two back"
		return or(p.kids[0], not(or(p.kids[1:]...)))
	}
	return &pred{op: "not", kids: []*pred{p}}
}

// missingRE is the guard of a relation to a card that may not be there.
var missingRE = regexp.MustCompile(`^prev[23] == nil$`)

// ifThen is "if c then a else b"; a condition that always holds ("all
// cards are …") is a alone.
func ifThen(c, a, b *pred) *pred {
	if c == yes {
		return a
	}
	return &pred{op: "if", kids: []*pred{asCondition(c), a, b}}
}

// asCondition is p said as a condition: a statement about a card that is
// missing is false there ("if the last card was higher than the card
// before it" does not hold while there is no card before it), where as a
// requirement on the card played it is void (related's guard, "prev2 ==
// nil or …", becomes "prev2 != nil and …"). A guard the words say ("or
// there is no card before the last one") stays as said.
func asCondition(p *pred) *pred {
	switch p.op {
	case "atom":
		return p
	case "or":
		if k := p.kids[0]; len(p.kids) >= 2 && k.op == "atom" && (k.gone || missingRE.MatchString(k.text)) && !k.said {
			if there := thereOf(k.text); there != "" {
				return and(atom(there), asCondition(or(p.kids[1:]...)))
			}
		}
	}
	kids := make([]*pred, len(p.kids))
	changed := false
	for i, k := range p.kids {
		kids[i] = asCondition(k)
		changed = changed || kids[i] != k
	}
	if !changed {
		return p
	}
	q := *p
	if p.op == "and" || p.op == "or" {
		// flat again: "there is a card before the last one and (it is
		// there and …)" is the guard once
		j := join(p.op, kids...)
		if j.op != p.op {
			return j
		}
		q.kids = j.kids
	} else {
		q.kids = kids
	}
	return &q
}

// thereOf is the condition that the card a guard says is missing is
// there ("prev2 == nil": "prev2 != nil"), "" for no such guard.
func thereOf(gone string) string {
	if r, ok := strings.CutSuffix(gone, " == nil"); ok {
		return r + " != nil"
	}
	if k, ok := strings.CutPrefix(gone, "none(line, "); ok {
		return "any(line, " + k
	}
	return ""
}

// iff is "a if and only if b".
func iff(a, b *pred) *pred { return atom(fmt.Sprintf("(%s) == (%s)", a.expr(), b.expr())) }

// expr is the tree as an expression of the rule language.
func (p *pred) expr() string {
	switch p.op {
	case "atom":
		return p.text
	case "not":
		return "not " + p.kids[0].operand()
	case "if":
		return fmt.Sprintf("%s ? %s : %s", p.kids[0].operand(), p.kids[1].operand(), p.kids[2].operand())
	}
	parts := make([]string, len(p.kids))
	for i, k := range p.kids {
		parts[i] = k.operand()
	}
	return strings.Join(parts, " "+p.op+" ")
}

// operand is the expression bracketed where it would not bind as one
// operand.
func (p *pred) operand() string {
	s := p.expr()
	if p.op == "atom" && !strings.ContainsAny(s, " ") {
		return s
	}
	return "(" + s + ")"
}

// guarded is an atom that reads the given cards: one that may be missing
// (two or three back at the start of the main line, the last card of a
// kind before any is played) makes it false (the card before the last one
// is not red when there is none), so that the atom never reads a card
// that is not there.
func guarded(text string, refs ...string) *pred {
	var ps []*pred
	seen := map[string]bool{}
	for _, r := range refs {
		if _, there, ok := missable(r); ok && !seen[r] {
			seen[r] = true
			ps = append(ps, atom(there))
		}
	}
	return and(append(ps, atom(text))...)
}

// related is an atom relating card r to card ref. A missing subject makes
// it false ("the card before the last one is higher than the last card"
// when there is none); a missing object makes it void, true: "play the
// same colour as the card before the last one" asks nothing while there is
// no such card, nor "the same colour as the last face card" before one.
func related(text, r, ref string) *pred {
	if ref == itPrev {
		ref = before(r)
		text = itPrevRE.ReplaceAllString(text, ref)
	}
	p := atom(text)
	if gone, _, ok := missable(ref); ok && ref != r {
		p = or(goneAtom(gone), p)
	}
	if _, there, ok := missable(r); ok {
		p = and(atom(there), p)
	}
	return p
}

// itPrev stands for "the card before it" until the card "it" is is known:
// related reads it as the card before its subject, and a reading where no
// relation placed it reads it as the last card (sound).
const itPrev = "itPrev"

var itPrevRE = regexp.MustCompile(`\b` + itPrev + `\b`)

// before is the card before card r: the card before the card played is
// the last card, the card before the last card the one two back. A card
// with no name for the one before it (three back, the starter, a card of
// the line) has the last card's reading, as "the card before it" had
// before it was read relative to its subject.
func before(r string) string {
	switch r {
	case "prev":
		return "prev2"
	case "prev2":
		return "prev3"
	}
	return "prev"
}

// missable is whether card ref may be missing on a legal main line, and
// the conditions that say it is not there (gone) and is (there): the cards
// two and three back, and the last card of a kind (last(filter(line, F)),
// there once some card of the line is F). The starter and the last card
// are always there; a quantifier's card (#) is one of the line's.
func missable(ref string) (gone, there string, ok bool) {
	switch {
	case ref == "prev2" || ref == "prev3":
		return ref + " == nil", ref + " != nil", true
	case strings.HasPrefix(ref, lastOfPrefix) && strings.HasSuffix(ref, "))"):
		kind := strings.TrimSuffix(strings.TrimPrefix(ref, lastOfPrefix), "))")
		return fmt.Sprintf("none(line, %s)", kind), fmt.Sprintf("any(line, %s)", kind), true
	}
	return "", "", false
}

// goneAtom is the guard that makes a relation to a missing card void.
func goneAtom(text string) *pred { return &pred{op: "atom", text: text, gone: true} }

// lastOfPrefix begins the last card of a kind: last(filter(line, F)).
const lastOfPrefix = "last(filter(line, "

// feature is a predicate on one card, said of any card (the card, the last
// card, an element of the main line): what "red", "higher than 7", "the
// same suit as the last card" mean.
type feature func(ref string) *pred
