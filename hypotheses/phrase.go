package hypotheses

import (
	"fmt"
	"github.com/eleusis/eleusis/rulewords"
	"strings"
)

// Phrases: every hypothesis in plain English, for people who do not read
// the rule language. The words are built with the grammar, not read back
// from expressions: each atom and condition gets its words when it is made
// (atoms.go, concepts.go), and a compound rule composes its parts' words
// the way its expression composes their texts —
//
//	atom               the atom's words         "the same suit as the last card"
//	a and b            "A and B"                "red and higher than the last card"
//	a or b             "A or B"                 "a spade or a face card"
//	c ? a : b          "A C, otherwise B"       "red after an even card, otherwise black"
//	concept            its minimal formula      "red and odd, or black and even"
//
// An atom says what the card must be; a condition says when ("after an
// even card", "when the last two cards are both red", "when it is the 3rd,
// 5th, 7th … card of the main line").

// Phrase is hypothesis id in plain English, as rulewords.Say words its
// expression: "if the last card is even: the card is red; otherwise: the
// card is black". Say brackets every compound part, so that a phrase reads
// one way only ("the card is black and (the card is a face card if and only
// if the last card is not a face card)"), and rulewords.Read reads it back
// to the same rule (TestPhraseReadsBack). The grammar's own shorter words
// (words, below) stand in where Say has none. It panics on a padding slot
// (a caller's mistake, like an index out of range).
func (sp *Space) Phrase(id int) string {
	if sp.parent != nil && sp.Hyps[id].Expr == "" {
		return sp.parent.Phrase(id) // past a prefix: the whole index's
	}
	h := sp.Hyps[id]
	if h.Expr == "" {
		panic(fmt.Sprintf("hypotheses: slot %d holds no hypothesis", id))
	}
	if w, err := rulewords.Say(h.Expr); err == nil {
		return w
	}
	return sp.gram.words(h.cand)
}

// words is the candidate in plain English (the grammar's text, in words).
func (g *idxGrammar) words(k candidate) string {
	if k.guard != 0 {
		bare := k
		bare.guard = 0
		return fmt.Sprintf("any card until the main line holds %s cards; then %s", map[slot]string{slPrev2: "two", slPrev3: "three"}[k.guard], g.words(bare))
	}
	if k.kind == kindConcept {
		return g.concepts[k.a].words
	}
	a := g.atoms[k.a].words
	switch k.kind {
	case kindAnd:
		return a + " and " + g.atoms[k.b].words
	case kindOr:
		return a + " or " + g.atoms[k.b].words
	case kindCond, kindIff:
		other := "any other card" // an iff whose opposite the lexicon lacks
		if k.b >= 0 {
			other = g.atoms[k.b].words
		}
		if g.atoms[k.a].relational || g.conds[k.c].fam != FamPrev {
			// "after a heart, the same suit as the last card; otherwise a
			// club": a branch that speaks of the last card, or a long
			// condition, reads better after the condition.
			return fmt.Sprintf("%s, %s; otherwise %s", g.conds[k.c].words, a, other)
		}
		return fmt.Sprintf("%s %s, otherwise %s", a, g.conds[k.c].words, other)
	}
	return a
}

// rankWords names the ranks as people say them.
var rankWords = [14]string{"", "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"}

// suitWords is one card of a suit: "a spade".
var suitWords = map[string]string{"spades": "a spade", "hearts": "a heart", "diamonds": "a diamond", "clubs": "a club"}

// rankNoun is a rank as the subject of "or higher": "7", "a jack".
func rankNoun(k int) string {
	if k == 1 || k > 10 {
		return withArticle(rankWords[k])
	}
	return rankWords[k]
}

// withArticle puts "a" or "an" before a card's rank: "an ace", "an 8", "a 7".
func withArticle(rank string) string {
	if strings.HasPrefix(rank, "a") || strings.HasPrefix(rank, "8") {
		return "an " + rank
	}
	return "a " + rank
}

var numberWords = [...]string{"zero", "one", "two", "three", "four", "five", "six"}

// ranksWords is "one rank", "two ranks", … (k ≤ 6).
func ranksWords(k int) string {
	if k == 1 {
		return "one rank"
	}
	return numberWords[k] + " ranks"
}

// stepWords is a rank k steps up or down from the last card's, counting on
// past the king to the ace (up) or back past the ace to the king (down):
// the relation card.rank == (prev.rank + d) % 13 + 1.
func stepWords(k int, dir, from, to string) string {
	if k == 1 {
		return fmt.Sprintf("one rank %s the last card (after %s, %s)", dir, withArticle(from), withArticle(to))
	}
	way := "on"
	if dir == "below" {
		way = "back"
	}
	return fmt.Sprintf("%s %s the last card (counting %s from %s to %s)", ranksWords(k), dir, way, from, to)
}

// cycleWords is a suit cycle: "the next suit in the cycle spades → diamonds
// → clubs → hearts → spades".
func cycleWords(cyc [4]string) string {
	return "the next suit in the cycle " + strings.Join(append(cyc[:], cyc[0]), " → ")
}

// positionWords is the condition n % k == r, said by the place of the card
// on the main line: n counts the cards before it, so the card is the
// (n+1)-th, and the first card anyone plays is the 2nd (the starter is the
// 1st).
func positionWords(k, r int) string {
	p := r + 1
	if p < 2 {
		p += k
	}
	return fmt.Sprintf("when it is the %s, %s, %s … card of the main line", rulewords.Ordinal(p), rulewords.Ordinal(p+k), rulewords.Ordinal(p+2*k))
}

// joinWords is a op b in words, as join writes their texts. "And" binds
// tighter in English as in expr, so an "or" inside an "and" is set off with
// "either"; an "or" of compound parts separates them with commas.
func joinWords(a, b formula, op byte) string {
	if op == '&' {
		wrap := func(f formula) string {
			if f.op == '|' {
				return "either " + f.words
			}
			return f.words
		}
		if a.op == '|' {
			// "either A or B, and C": the comma closes the "either".
			return wrap(a) + ", and " + wrap(b)
		}
		return wrap(a) + " and " + wrap(b)
	}
	if hasAnd(a) || hasAnd(b) {
		return a.words + ", or " + b.words
	}
	return a.words + " or " + b.words
}

// hasAnd: the formula has an "and" somewhere (no literal's words contain
// one), so an "or" around it needs commas.
func hasAnd(f formula) bool { return strings.Contains(f.words, " and ") }

// fallbackWords reads a typed atom's expression out in words, token by
// token, until the readable-words package (rulewords) says it better: the
// names and operators of the rule language in English, nothing else.
func fallbackWords(expr string) string {
	return strings.TrimSpace(strings.ReplaceAll(fallbackReplacer.Replace(expr), `"`, ""))
}

var fallbackReplacer = strings.NewReplacer(
	"last(filter(line, .face)).", "the last face card's ",
	"none(line, .face)", "no face card is down",
	"any(line, .face)", "a face card is down",
	`count(line, .color == "red")`, "the number of red cards down",
	`count(line, .color == "black")`, "the number of black cards down",
	"count(line, .face)", "the number of face cards down",
	"prev3 == nil", "fewer than three cards are down",
	"prev2 == nil", "only the starter is down",
	"prev3 != nil", "three cards are down",
	"prev2 != nil", "two cards are down",
	"line[0].", "the starter's ",
	"prev3.", "the third last card's ",
	"prev2.", "the second last card's ",
	"prev.", "the last card's ",
	"card.", "the card's ",
	"n % ", "the position modulo ",
	"color", "colour",
	" == ", " is ", " != ", " is not ", " <= ", " is at most ", " >= ", " is at least ",
	" < ", " is below ", " > ", " is above ", " % ", " modulo ", " + ", " plus ", " - ", " minus ", " * ", " times ",
	"abs(", "the distance (", "min(", "the lower of (", "max(", "the higher of (", ", ", " with ",
)
