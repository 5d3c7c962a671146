package rulewords

import (
	"fmt"
	"regexp"
)

// A sum said beside another requirement of the card: "the card and the
// last card must add up to 14, or the same suit", "… add up to 14 or have
// the same suit (as the last card)", "a sum of 14 with it". What follows
// "or" after the sum is said of the card played (of the two the sum
// names); "the same suit" left without its card is the last card's.

func (g *registry) buildSums() {
	sum := func(a, b string) term { return term{fmt.Sprintf("%s.rank + %s.rank", a, b), []string{a, b}, false} }
	g.named("c.addupor", "clause", func(v []any) any {
		a, b := v[0].(string), v[1].(string)
		if a != "card" && b != "card" {
			return nil // the requirement after "or" is the card's
		}
		s := v[2].(func(term) *pred)(sum(a, b))
		switch x := v[3].(type) {
		case feature:
			if f := x("card"); !ofTheRank(f) {
				return or(s, f)
			}
		}
		return nil
	}, "$ref and $ref [must] $sumvp [,] or $vps", "$ref and $ref [must] $sumvp [,] or [be] $features",
		"$ref and $ref [must] $sumvp [,] or [must] $vps")
	// "the two cards add up to 14 or have the same suit": the field is the
	// same on both cards the sum names
	sumOrSame := func(a, b string, sv func(term) *pred, f fieldName) any {
		if b == "card" {
			a, b = b, a
		}
		if a != "card" || b == "card" {
			return nil
		}
		return or(sv(sum(a, b)), sameField(string(f), a, b, "=="))
	}
	g.named("c.addupsame", "clause", func(v []any) any {
		return sumOrSame(v[0].(string), v[1].(string), v[2].(func(term) *pred), v[3].(fieldName))
	}, "$ref and $ref [must] $sumvp [,] or [must] have|share the same $field", "$ref and $ref [must] $sumvp [,] or [must] be of the same $field")
	g.named("c.addup2same", "clause", func(v []any) any {
		return sumOrSame("card", "prev", v[0].(func(term) *pred), v[1].(fieldName))
	}, "the two cards|ones [must] $sumvp [,] or [must] have|share the same $field", "both cards [must] $sumvp [,] or [must] have|share the same $field",
		"the two cards|ones [must] $sumvp [,] or [must] be of the same $field", "the two [must] $sumvp [,] or [must] have|share the same $field")
	// "a sum of 14 with it": the card and ref add up to the number
	g.named("f.sumwith", "feature", func(v []any) any {
		t, ref := v[0].(term), v[1].(string)
		return fe(func(r string) *pred { return cmp("==")([]any{sum(r, ref), t}).(*pred) })
	}, "a sum of $term with $ref", "a total of $term with $ref", "adding up to $term with $ref", "that adds|add up to $term with $ref",
		"making $term with $ref", "that makes|make $term with $ref")
}

// ofTheRank: p is of the card played's rank alone ("a multiple of 6",
// "even"), which after "add up to 14 or" is another number the sum may
// be ("add up to a multiple of 4 or a multiple of 6"), never the card's.
func ofTheRank(p *pred) bool {
	e := p.expr()
	for _, m := range cardNameRE.FindAllString(e, -1) {
		if m != "card" {
			return false
		}
	}
	return rankOfCardRE.MatchString(e)
}

var rankOfCardRE = regexp.MustCompile(`\bcard\.(rank|even|odd)\b`)
