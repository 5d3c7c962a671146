package rulewords

import "slices"

// Amounts of change said with a preposition, before the list or before
// each of its amounts: "by one or two", "by one or by two", "de 1 ou 2",
// "de uno o de dos", "d'un o de dos" — the amounts one of which is meant,
// as "one or two" alone is (stepset). The verbs and comparatives of a
// direction take them ("rise by one or two", "sobe de 1 ou 2", "sube en
// uno o dos", "puja d'un o de dos", "més alta que l'anterior en un o dos":
// f.stepup, f.stepdown), in every language: the prepositions are the
// phrase file's (stepsby).

// paces are amounts each said as a pace ("de uno en uno o de dos en
// dos"): the numbers two by two, each pair one amount.
func paces(v []any) any {
	var ks []int
	for i := 0; i+1 < len(v); i += 2 {
		a, ok1 := v[i].(int)
		b, ok2 := v[i+1].(int)
		if !ok1 || !ok2 || a != b {
			return nil
		}
		ks = append(ks, a)
	}
	return amounts([]any{ks})
}

func (g *registry) buildByAmounts() {
	g.named("stepsby", "stepsby", amounts, "by [exactly] $stepset", "by $steps or by $steps", "by $steps , by $steps or by $steps",
		"by $steps , $steps or by $steps")
	g.named("stepsby.pace", "stepsby", paces)
	first := func(v []any) any { return v[0] }
	g.every("feature", first, "$stepverb")
	g.named("vp.stepverb", "vp", first, "{must|should|has to|have to|needs to|need to|must always|always|must keep} $stepverb")
}

// oneItemTail: the item of a coordination from i to end is the rest of
// the item before it (from prev), which reads on to end as one: a card
// named whole after a list of ranks (namedCardTail), amounts said with
// a preposition that run on past the connective (stepsByTail), or a list
// of ranks after an adjective (adjRanksTail).
func (p *reader) oneItemTail(item string, prev, i, end int) bool {
	return p.namedCardTail(item, prev, i, end) || p.stepsByTail(item, prev, i, end) || p.adjRanksTail(item, prev, i, end)
}

// stepsByTail: amounts said with a preposition in the item before
// (from prev) run on past the connective before i, and the two items read
// as one: "sobe de um ou de dois" is one or two up, never "one up, or a
// card of 2".
func (p *reader) stepsByTail(item string, prev, i, end int) bool {
	for k := prev; k < i; k++ {
		if slices.ContainsFunc(p.parse("stepsby", k), func(r result) bool { return r.end > i }) {
			return p.reaches(item, prev, end)
		}
	}
	return false
}
