package rulebank_test

import (
	"strings"
	"testing"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/rulewords"
	"github.com/eleusis/eleusis/sim"
)

// A modifier's words in one language: what it says of the card, and how
// it is said before (or after) a noun, singular and plural, and after
// "must be".
type modifier struct {
	expr           string
	one, many, adj string // "a higher card" → "higher"; "higher cards"; "must be higher"
}

// The modifiers of the test, by language: higher, lower, even, odd, red,
// black and face (a noun's modifier: "face card").
var modifiers = map[string][]modifier{
	"en": {
		{`card.rank > prev.rank`, "higher", "higher", "higher"},
		{`card.rank < prev.rank`, "lower", "lower", "lower"},
		{`card.even`, "even", "even", "even"},
		{`card.odd`, "odd", "odd", "odd"},
		{`card.color == "red"`, "red", "red", "red"},
		{`card.color == "black"`, "black", "black", "black"},
		{`card.face`, "face", "face", "a face card"},
	},
	"pt": {
		{`card.rank > prev.rank`, "maior", "maiores", "maior"},
		{`card.rank < prev.rank`, "menor", "menores", "menor"},
		{`card.even`, "par", "pares", "par"},
		{`card.odd`, "ímpar", "ímpares", "ímpar"},
		{`card.color == "red"`, "vermelha", "vermelhas", "vermelha"},
		{`card.color == "black"`, "preta", "pretas", "preta"},
	},
	"es": {
		{`card.rank > prev.rank`, "más alta", "más altas", "más alta"},
		{`card.rank < prev.rank`, "más baja", "más bajas", "más baja"},
		{`card.even`, "par", "pares", "par"},
		{`card.odd`, "impar", "impares", "impar"},
		{`card.color == "red"`, "roja", "rojas", "roja"},
		{`card.color == "black"`, "negra", "negras", "negra"},
	},
	"ca": {
		{`card.rank > prev.rank`, "més alta", "més altes", "més alta"},
		{`card.rank < prev.rank`, "més baixa", "més baixes", "més baixa"},
		{`card.even`, "parella", "parelles", "parella"},
		{`card.odd`, "imparella", "imparelles", "imparella"},
		{`card.color == "red"`, "roja", "roges", "roja"},
		{`card.color == "black"`, "negra", "negres", "negra"},
	},
}

// The sentences each modifier (or pair: {1} {2}) is said in: with "play",
// "must be", "only", singular and plural. English puts its adjectives
// before the noun, the others after it.
var modifierSentences = map[string][]string{
	"en": {"play a {1} card", "play {1} cards", "only {1} cards", "{1} cards only", "the card must be {1}",
		"you must play a {1} card", "play a {1} {2} card", "play {1} {2} cards", "only {1} {2} cards", "{1} {2} cards only",
		"you must play {1} {2} cards", "the card must be {1} and {2}", "play a {1} card, {2}",
		"cards must be {1}", "play {1} {2}", "only {1} {2}", "{1} {2} only", "play only {1} {2} cards", "after a 5 play {1} {2} cards",
		"play {1} {2} cards after a 5", "you can only play {1} {2} cards", "always play {1} {2} cards", "every card must be {1} and {2}",
		"play a {1} {2} card please", "each card must be a {1} {2} card"},
	"pt": {"joga uma carta {1}", "joga cartas {1}", "só cartas {1}", "cartas {1} só", "a carta deve ser {1}",
		"joga uma carta {1} {2}", "joga cartas {1} {2}", "só cartas {1} {2}", "a carta deve ser {1} e {2}",
		"joga {1} {2}", "só {1} {2}", "depois de um 5 joga cartas {1} {2}", "tens de jogar uma carta {1} {2}"},
	"es": {"juega una carta {1}", "juega cartas {1}", "solo cartas {1}", "la carta debe ser {1}",
		"juega una carta {1} {2}", "juega cartas {1} {2}", "solo cartas {1} {2}", "la carta debe ser {1} y {2}",
		"juega {1} {2}", "solo {1} {2}", "después de un 5 juega cartas {1} {2}", "hay que jugar una carta {1} {2}"},
	"ca": {"juga una carta {1}", "juga cartes {1}", "només cartes {1}", "la carta ha de ser {1}",
		"juga una carta {1} {2}", "juga cartes {1} {2}", "només cartes {1} {2}", "la carta ha de ser {1} i {2}",
		"juga {1} {2}", "només {1} {2}", "després d'un 5 juga cartes {1} {2}", "has de tirar una carta {1} {2}"},
}

// No reading drops a word that carries meaning: each reading of a rule
// said with modifiers refuses some card the rule without any one of them
// accepts ("play higher red cards" read as the card is red alone, or
// "play higher cards" as any card, were readings with no warning). A
// text may be refused; the texts read are counted, so that a test that
// reads nothing shows.
func TestNoReadingDropsAModifier(t *testing.T) {
	read := map[string]int{}
	for lang, sentences := range modifierSentences {
		mods := modifiers[lang]
		for _, s := range sentences {
			for i, a := range mods {
				for j, b := range mods {
					two := strings.Contains(s, "{2}")
					if (two && (j == i || sameField(a, b))) || (!two && j > 0) {
						continue
					}
					text, bares := said(s, a, b, two)
					if text == "" {
						continue
					}
					rs, err := rulewords.ReadIn(lang, text)
					if err != nil {
						continue
					}
					read[lang]++
					for _, r := range rs {
						for _, bare := range bares {
							if !refusesSomeOf(t, r.Expr, bare) {
								t.Errorf("%s %q: reading %s refuses no card %s accepts: a modifier is dropped", lang, text, r.Expr, bare)
							}
						}
					}
				}
			}
		}
	}
	t.Logf("texts read: %v", read)
	for lang := range modifierSentences {
		if read[lang] < 40 {
			t.Errorf("%s: only %d texts read: the test checks too little", lang, read[lang])
		}
	}
}

// sameField: two modifiers of one field (higher and lower, red and black)
// make no rule together.
func sameField(a, b modifier) bool {
	field := func(e string) string { return strings.Fields(strings.NewReplacer("prev.rank", "").Replace(e))[0] }
	return field(a.expr) == field(b.expr) || strings.HasPrefix(a.expr, "card.even") && b.expr == "card.odd" ||
		strings.HasPrefix(a.expr, "card.odd") && b.expr == "card.even"
}

// said is sentence s with modifiers a (and b), and the rules without one
// of them: the bare rules every reading must be stronger than.
func said(s string, a, b modifier, two bool) (string, []string) {
	word := func(m modifier) string {
		switch {
		case strings.Contains(s, "must be") || strings.Contains(s, "deve ser") || strings.Contains(s, "debe ser") || strings.Contains(s, "ha de ser"):
			return m.adj
		case strings.Contains(s, "cards") || strings.Contains(s, "cartas") || strings.Contains(s, "cartes"):
			return m.many
		}
		return m.one
	}
	text := strings.ReplaceAll(s, "{1}", word(a))
	if !two {
		if strings.Contains(text, "a card card") || strings.Contains(text, "a a face card") {
			return "", nil
		}
		return fixArticle(text), []string{"true"}
	}
	if a.adj != a.one && strings.Contains(s, "must be") && b.adj != b.one {
		return "", nil
	}
	text = strings.ReplaceAll(text, "{2}", word(b))
	if strings.Contains(text, "a face card") && strings.Contains(s, "must be") && !strings.HasSuffix(text, "a face card") {
		return "", nil
	}
	bares := []string{a.expr, b.expr}
	if strings.Contains(s, " 5") {
		// after a 5: the rule without a modifier there, any card elsewhere
		for k, e := range bares {
			bares[k] = "(prev.rank == 5) ? (" + e + ") : true"
		}
	}
	return fixArticle(text), bares
}

// fixArticle writes "an" before a vowel ("an even card").
func fixArticle(s string) string {
	for _, v := range []string{"even", "odd"} {
		s = strings.ReplaceAll(s, " a "+v, " an "+v)
	}
	return s
}

// refusesSomeOf: some card after some card is refused by rule and accepted
// by bare.
func refusesSomeOf(t *testing.T, rule, bare string) bool {
	t.Helper()
	judge := func(e string) *rulebank.Judge {
		c, err := rulebank.Compile(rulebank.Rule{Name: "x", Expr: e})
		if err != nil {
			t.Fatalf("%s: %v", e, err)
		}
		return c.NewJudge()
	}
	r, b := judge(rule), judge(bare)
	for p := range sim.Card(sim.NumCards) {
		line := []sim.Card{p}
		lr, err1 := r.Legal(line)
		lb, err2 := b.Legal(line)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s, %s after %s: %v %v", rule, bare, p, err1, err2)
		}
		if lb&^lr != 0 {
			return true
		}
	}
	return false
}
