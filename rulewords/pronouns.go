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

func (g *registry) buildPronouns() {
	g.special["itref"] = itRef
	g.def("ref", "ref.pronoun", func(v []any) any { return v[0] }, "$itref")
}

// pronounObjectBefore: the words after which "it" is the object of a
// comparison or a relation ("higher than it", "differ from it", "within 2
// of it").
var pronounObjectBefore = []string{"than", "from", "as", "of", "to", "with"}

// clauseStart: the words after which a pronoun opens a clause.
var clauseStart = []string{",", ";", ".", ":", "and", "but", "or"}

// itRef reads an English pronoun that stands for a card: "its value",
// "its rank", "its number" and, as the object of a relation, "it".
func itRef(p *reader, i int) []result {
	if p.g.t.lang != "en" || i >= len(p.toks) {
		return nil
	}
	switch w := p.toks[i]; {
	case w == "its" && i+1 < len(p.toks) && slices.Contains([]string{"value", "rank", "number"}, p.toks[i+1]):
		if i == 0 || slices.Contains(clauseStart, p.toks[i-1]) {
			return []result{{i + 2, "card"}} // "…, and its value must be odd": the rule's subject
		}
		if named := p.namedBefore(i, false); named != "" {
			return []result{{i + 2, named}}
		}
		return []result{{i + 2, "card"}}
	case w == "it" && i > 0 && slices.Contains(pronounObjectBefore, p.toks[i-1]):
		if named := p.namedBefore(i, true); named != "" {
			return []result{{i + 1, named}}
		}
	}
	return nil
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
