package rulewords

import (
	"slices"
	"strings"
	"testing"
)

// A pattern whose first slot reaches back to its own nonterminal at the
// same word never reads, and worse, leaves the chart without what the
// slot's nonterminal reads there ("$term somada com $term" among the
// numbers emptied "o resto de … dividido por …"). The rule's branches
// are read so on purpose: the last branch is a sentence and "otherwise"
// ("red, otherwise black"), read by sentences before branches.
func TestNoLeftRecursion(t *testing.T) {
	// the nonterminals code reads, and those it reads first
	special := map[string][]string{"term": {"tatom"}, "pred": {"clause"}, "features": {"featureA"}, "vps": {"vp"}, "nps": {"np"},
		"rule": {"sentence", "xsentence", "aside"}, "branches": {"branch"}, "classes": {"classitem"}, "patlist": {"patitem"},
		"nounrun": {"nouns", "noun"}, "ranklist": {"rankw"}, "ranksplain": {"rankw"}, "rankpllist": {"rankpl"}, "numlist": {"num"}, "rankset": {"rankw"},
		"suitorder": {"suits"}, "cycle": {"suits"}, "suitmap": {"suits"}, "norlist": {}, "numcommas": {}, "places": {}}
	for _, lang := range append([]string{"en"}, Languages()...) {
		tg, err := tongueFor(lang)
		if err != nil {
			t.Fatal(err)
		}
		g, err := tg.grammar()
		if err != nil {
			t.Fatal(err)
		}
		first := map[string][]string{}
		for nt, prods := range g.prods {
			for _, pr := range prods {
				for _, pat := range pr.pats {
					if len(pat) > 0 && strings.HasPrefix(pat[0], "$") {
						first[nt] = append(first[nt], pat[0][1:])
					}
				}
			}
		}
		for nt, xs := range special {
			first[nt] = xs
		}
		reaches := func(from, to string) bool {
			seen := map[string]bool{}
			var walk func(n string) bool
			walk = func(n string) bool {
				if n == to {
					return true
				}
				if seen[n] {
					return false
				}
				seen[n] = true
				return slices.ContainsFunc(first[n], walk)
			}
			return walk(from)
		}
		for nt, prods := range g.prods {
			if nt == "branch" {
				continue
			}
			for _, pr := range prods {
				for _, pat := range pr.pats {
					if len(pat) > 0 && strings.HasPrefix(pat[0], "$") && pat[0] != "$branches" && reaches(pat[0][1:], nt) {
						t.Errorf("%s: %s: %q reaches back to %s at its first word", lang, nt, strings.Join(pat, " "), nt)
					}
				}
			}
		}
	}
}
