package rulewords

import "slices"

// Pronouns that stand for a card the text named before them: "the same
// suit as the last card, or within 2 of its value" is within 2 of the
// last card's value, "higher than the last card or lower than it" lower
// than the last card. A pronoun is the card named nearest before it; "it"
// as the object of a comparison ("than it", "from it") is never the card
// judged (nobody compares the card with itself), and "its" where a clause
// begins ("…, and its value must be odd") may be the rule's own subject,
// the card, as well (two readings). With no card named before it, "its"
// is the card ("its value must be odd"); "it" is what the constructions
// that name it say ("a multiple of it", "if it was black", …).
//
// The words are each language's: pron.its ("its value", "o seu valor",
// "su valor", "el seu valor") and pron.it ("it", "ela", "ella"), the
// latter read only after the words that put a card as an object
// (pronoun.object in the phrase files: "than", "que", "de" …).

func (g *registry) buildPronouns() {
	g.special["itref"] = itRef
	g.def("ref", "ref.pronoun", func(v []any) any { return v[0] }, "$itref")
	g.named("pron.its", "pronits", constant("its"), "its value|rank|number")
	g.named("pron.it", "pronit", constant("it"), "it")
}

// clauseStart: the words after which a pronoun opens a clause, besides
// the tongue's "and", "or" and "but".
var clauseStart = []string{",", ";", ".", ":"}

// opensClause: the word before i begins a clause (or there is none).
func (p *reader) opensClause(i int) bool {
	if i == 0 {
		return true
	}
	w, t := p.toks[i-1], p.g.t
	if slices.Contains(clauseStart, w) {
		return true
	}
	for _, k := range []string{"and", "or", "but"} {
		if ws := t.words(t.phrases[k]); len(ws) == 1 && ws[0] == w {
			return true
		}
	}
	return false
}

// itRef reads a pronoun that stands for a card: "its value" (pron.its)
// and, as the object of a relation, "it" (pron.it).
func itRef(p *reader, i int) []result {
	if i >= len(p.toks) {
		return nil
	}
	var out []result
	for _, r := range p.parse("pronits", i) {
		named := "card" // "…, and its value must be odd": the rule's subject
		if !p.opensClause(i) {
			if n := p.namedBefore(i, false); n != "" {
				named = n
			}
		}
		out = append(out, result{r.end, named})
	}
	if i > 0 && slices.Contains(p.g.t.pronounObject, p.toks[i-1]) {
		for _, r := range p.parse("pronit", i) {
			if named := p.namedBefore(i, true); named != "" {
				out = append(out, result{r.end, named})
			}
		}
	}
	return out
}

// namedBefore is the card the words before i name nearest to i ("the
// last card", "the card two back", "the starter"), or "". notCard: skip
// the card judged. A card of a quantifier ("that card") and "the card
// before it" are no card a later pronoun names.
func (p *reader) namedBefore(i int, notCard bool) string {
	for end := i; end > 0; end-- {
		for k := max(0, end-8); k < end; k++ {
			for _, r := range p.parse("ref", k) {
				name, ok := r.val.(string)
				if !ok || r.end != end || name == "#" || name == itPrev || notCard && name == "card" {
					continue
				}
				return name
			}
		}
	}
	return ""
}
