package rulewords

import (
	"slices"
	"strings"
	"unicode"
)

// Guess orders the four languages by how many of the text's words each
// one's grammar knows, the likeliest first (English first on a tie):
// what `rules from-words --lang auto` tries in turn.
func Guess(text string) []string {
	langs := append([]string{"en"}, Languages()...)
	score := map[string]int{}
	for _, lang := range langs {
		t := englishTongue()
		if lang != "en" {
			var err error
			if t, err = tongueFor(lang); err != nil {
				continue
			}
		}
		g, err := t.grammar()
		if err != nil {
			continue
		}
		known := g.vocabulary()
		for _, w := range t.readTokens(text) {
			if known[w] && strings.IndexFunc(w, unicode.IsLetter) >= 0 {
				score[lang]++
			}
		}
	}
	slices.SortStableFunc(langs, func(a, b string) int { return score[b] - score[a] })
	return langs
}

// vocabulary is every word the grammar's patterns hold.
func (g *grammar) vocabulary() map[string]bool {
	g.vocabOnce.Do(func() {
		g.vocab = map[string]bool{}
		for _, prods := range g.prods {
			for _, pr := range prods {
				for _, seq := range pr.pats {
					for _, w := range seq {
						if !strings.HasPrefix(w, "$") {
							g.vocab[w] = true
						}
					}
				}
			}
		}
	})
	return g.vocab
}
