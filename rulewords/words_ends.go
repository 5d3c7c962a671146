package rulewords

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Ends of rules said more ways: counting round said with the span it
// crosses ("dando la vuelta del rey al as"), the rest of the cards said as
// of other suits ("cada quatre cartes, una de cors, i la resta d'altres
// pals"), a range said after a verb of being ("a soma tem de estar entre 8
// e 18"), the next suit in a cycle said in each language.
func (g *registry) buildEnds() {
	// "from the king to the ace": the span counting round crosses, said
	// after the words of going round ("counting round from king to ace",
	// "dando a volta do rei ao ás"); the phrase files list both parts
	g.named("wrapspan", "wrapspan", func([]any) any { return "span" },
		"from [the] king|k [round|back] to [the] ace|a", "from [the] ace|a [round|back] to [the] king|k")
	g.named("wrapgo", "wrapgo", func([]any) any { return "go" },
		"counting|going|wrapping|looping round|around", "round|around", "wrapping", "looping")
	g.named("wrap.span", "wrap", func([]any) any { return wrapNote{} }, "$wrapgo [,] $wrapspan")

	// "the rest other suits": what the branch before says of the card's
	// suit, not; said of anything else, no reading
	g.named("br.restother", "branch", func(v []any) any {
		return &branch{otherwise: true, negate: true, other: v[0].(string)}
	}, "the rest|others [are] [of] other|different $otherfield", "the other cards [are] [of] other|different $otherfield",
		"the rest|others [are] [of] another|a different $otherfield1", "the rest|others [,] [are] [of] any other $otherfield1")
	g.named("otherfield.suit", "otherfield", func([]any) any { return "suit" }, "suits")
	g.named("otherfield.color", "otherfield", func([]any) any { return "color" }, "colours|colors")
	g.named("otherfield1.suit", "otherfield1", func([]any) any { return "suit" }, "suit")
	g.named("otherfield1.color", "otherfield1", func([]any) any { return "color" }, "colour|color")

	// a number between two, after a verb of being ("must be between",
	// "tem de estar entre", "ha d'estar entre"), as t.range says it
	g.named("numvp.range", "numvp", func(v []any) any {
		lo, hi := v[0].(term), v[1].(term)
		return func(a term) *pred {
			x := a.text
			if oneField.MatchString(x) {
				// one card's rank: "a carta deve estar entre 4 e 10" is
				// f.between's, one reading (the action's panic is its nil)
				panic("rulewords: a range of one field is a kind of card")
			}
			if strings.Contains(x, " ") && !strings.HasPrefix(x, "(") {
				x = "(" + x + ")" // as t.range writes a sum
			}
			return counted(fmt.Sprintf("%s >= %s and %s <= %s", x, lo.text, x, hi.text), append(append(slices.Clone(a.refs), lo.refs...), hi.refs...)...)
		}
	}, "stays|lies|falls|sits between $term and $term")

	// a multiple of one number or of another, each said with its
	// preposition ("múltiplo de 3 ou de 5": never a 5 after "or")
	g.named("f.multiple2", "feature", func(v []any) any {
		a, b := v[0].(int), v[1].(int)
		return fe(func(r string) *pred {
			return or(guarded(fmt.Sprintf("%s.rank %% %d == 0", r, a), r), guarded(fmt.Sprintf("%s.rank %% %d == 0", r, b), r))
		})
	}, "a multiple of $num or of $num", "divisible by $num or by $num", "multiples of $num or of $num")
	g.named("numvp.multiple2", "numvp", func(v []any) any {
		a, b := v[0].(term), v[1].(term)
		return func(t term) *pred { return or(multipleOf(t, a), multipleOf(t, b)) }
	}, "is a multiple of $term or of $term", "is divisible by $term or by $term")
}

// aboutOnly says whether p asks only field of the card played ("card.suit
// == \"hearts\"", a list of suits), so that "the rest other suits" is its
// negation.
func aboutOnly(p *pred, field string) bool {
	if p == nil {
		return false
	}
	e := p.expr()
	if !strings.Contains(e, "card."+field) {
		return false
	}
	return !cardOrPrevField.MatchString(strings.ReplaceAll(e, "card."+field, ""))
}

var oneField = regexp.MustCompile(`^\w+\.\w+$`)

var cardOrPrevField = regexp.MustCompile(`\b(card|prev|prev2|prev3|line|n)\b`)

// rankIsRE finds a card of one rank in an expression: "(card.rank == 5)".
var rankIsRE = regexp.MustCompile(`\((\w+)\.rank == (\d+)\)`)

// multipleToo: e has a card of one rank where another reading has a
// multiple of it, the rest the same — "a multiple of 3 or of 5" read as
// "…, or a 5" beside "…, or a multiple of 5": the words say the second,
// one list, one meaning.
func multipleToo(e string, out []Reading) bool {
	for _, m := range rankIsRE.FindAllStringSubmatchIndex(e, -1) {
		r, k := e[m[2]:m[3]], e[m[4]:m[5]]
		alt := e[:m[0]] + "(" + r + ".rank % " + k + " == 0)" + e[m[1]:]
		if strings.Contains(e[:m[0]], ".rank % ") && slices.ContainsFunc(out, func(o Reading) bool { return o.Expr == alt }) {
			return true
		}
	}
	return false
}
