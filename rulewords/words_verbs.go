package rulewords

import (
	"regexp"
	"slices"
)

// Verb phrases said as commands, joined by "or" or "and" to another verb
// phrase: "follow suit or match the value of the last card", "change
// colour or go higher", "play higher or follow suit". Each is a verb
// phrase of the card (vp), so that the verb phrases' coordination ($vps,
// read by s.vp) joins them; said alone they are the simple rules they were
// (s.followsuit, s.switch, s.play), the same expression.
func (g *registry) buildVerbs() {
	prevSame := func(field, op string) func([]any) any {
		return func(v []any) any {
			ref := "prev"
			if len(v) > 0 {
				ref = v[0].(string)
			}
			return fe(func(r string) *pred { return sameField(field, r, ref, op) })
		}
	}
	g.named("vp.followsuit", "vp", prevSame("suit", "=="), "follow|follows suit", "follow|follows the suit", "stay|stays in suit",
		"stay|stays on|in the same suit", "stick|sticks to the suit")
	g.named("vp.followsuitof", "vp", prevSame("suit", "=="), "follow|follows the suit of $ref", "follow|follows $ref 's suit")
	g.named("vp.switch", "vp", func(v []any) any {
		return fe(func(r string) *pred { return sameField(string(v[0].(fieldName)), r, "prev", "!=") })
	}, "change|changes|switch|switches $field", "change|changes|switch|switches the $field")
	g.named("vp.match", "vp", func(v []any) any {
		ref := "prev"
		if len(v) > 1 {
			ref = v[1].(string)
		}
		return fe(func(r string) *pred { return sameField(string(v[0].(fieldName)), r, ref, "==") })
	}, "match|matches the $field", "match|matches its $field", "keep|keeps the same $field", "keep|keeps the $field",
		"repeat|repeats the $field", "copy|copies the $field")
	g.named("vp.play", "vp", func(v []any) any { return v[0] }, "play $npx", "play a card $feature", "you play $npx",
		"play a card that $vps")
}

// buildVerbDirs: a direction said as a command, as a verb phrase ("play
// higher", "go lower"), and the commands' subjects ("you must …",
// "either … or …").
func (g *registry) buildVerbDirs() {
	higher, lower := func([]any) any { return rankVs(">")([]any{"prev"}) }, func([]any) any { return rankVs("<")([]any{"prev"}) }
	g.named("vp.playhigher", "vp", higher, "play higher", "play a higher card|one|value", "go|goes higher", "climb|climbs")
	g.named("vp.playlower", "vp", lower, "play lower", "play a lower card|one|value", "go|goes lower")
	g.named("s.youvp", "simple", onCard, "you must|should|can $vps", "you have|need to $vps")
	g.named("s.eithervp", "simple", func(v []any) any {
		return or(v[0].(feature)("card"), v[1].(feature)("card"))
	}, "either $vp or $vp", "you must|can either $vp or $vp")
}

// buildFollow: what may come next said with "follow", "come next": "only
// black cards may follow", "only odd cards can follow it", "only red
// cards may come next" (the card played is of that kind).
func (g *registry) buildFollow() {
	next := "{follow|follow it|follow that|follow this|follow that card|follow this card|follow after|follow next|come next|come after|come after it|come after that|go next|go after|go after it|be next|be played next|be played after it|be played after that|be played on it|go on it|go on top}"
	g.named("s.playfollow", "simple", onCard, "only $nps {may|can|are allowed to|are permitted to|will} "+next,
		"only $nps "+next, "$nps only {may|can} "+next, "only $nps {may|can} then "+next,
		"the next card {must|has to|should} be $features", "the next card {can|may} only be $features", "next {must|has to} come $npx",
		"only $nps next", "next only $nps")
}

// buildTermRule: a number worked out of other cards said alone as the
// rule, the card's rank is it: "the average of the last two, rounded up",
// "(the last two added) divided by 2, rounded up", "play the sum of the
// last two minus 5". Only a number worked out (a sum, a fraction, a whole
// part): "the last card's rank" alone says nothing of the card.
func (g *registry) buildTermRule() {
	g.named("s.isterm", "simple", func(v []any) any {
		t := v[0].(term)
		if slices.Contains(t.refs, "card") || cardRE("card").MatchString(t.text) || !workedOutRE.MatchString(t.text) {
			return nil
		}
		return compared("card.rank == "+t.text, []string{"card"}, t.refs)
	}, "$term", "play $term", "play a card worth $term", "the card must be|equal $term", "the card's rank must be|equal $term")
}

// workedOutRE: a number worked out of others.
var workedOutRE = regexp.MustCompile(`[/+*%]|\bint\(|\bsum\(| - `)
