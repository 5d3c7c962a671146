package rulewords

import (
	"fmt"
	"regexp"
	"slices"
)

// Modes: a state one kind of card switches on and another switches off.
// "After a 7, only odd cards until an ace", "once a jack is played, every
// card must be lower until a queen; otherwise alternate colours", "play
// higher until a king, then lower until an ace". The state is read as the
// hypothesis grammar writes it: the line's last card of the kind that
// switches it on came after its last card of the kind that switches it
// off (or none of those has come):
//
//	(findIndex(reverse(line), .rank == 7) ?? n) < (findIndex(reverse(line), .rank == 1) ?? n)
//
// The line is the main line before the card judged, so the card that
// switches the mode on is judged by the state before it (the 7 of "after
// a 7 …" by what holds before any 7), and so is the card that switches it
// off; but "until an ace" says an ace may come: while the mode is on, a
// card of the kind that ends it is always allowed, whatever the mode's
// body says ("only face cards until a 2" would never end otherwise). A
// card of both kinds (a heart, of "from a red card until a heart") leaves
// the mode off.

// modeCond is the condition "a card of kind on came after the last card of
// kind off", nil when a kind says anything but the card it tests (a
// relation to another card, a place on the line), or the kinds are one.
func modeCond(on, off feature) *pred {
	a, ok1 := modeKindOK(on)
	b, ok2 := modeKindOK(off)
	if !ok1 || !ok2 || a == b {
		return nil
	}
	return atom(fmt.Sprintf("(findIndex(reverse(line), %s) ?? n) < (findIndex(reverse(line), %s) ?? n)", a, b))
}

// untilCond is the condition "no card of kind off has been played yet",
// the state of a mode no card switches on: "play higher until the first
// king".
func untilCond(off feature) *pred {
	b, ok := modeKindOK(off)
	if !ok {
		return nil
	}
	return atom(fmt.Sprintf("none(line, %s)", b))
}

// otherRefRE finds what a kind of card may not read: another card, the
// line, its length.
var otherRefRE = regexp.MustCompile(`\b(card|prev|prev2|prev3|line|n)\b`)

// modeKindOK is a kind of card as findIndex's predicate (".rank == 7").
func modeKindOK(f feature) (string, bool) {
	k := ofEach(f)
	if k == "true" || k == "false" || otherRefRE.MatchString(k) {
		return "", false
	}
	return k, true
}

// inMode is what a card must be while the mode is on: the body, or a card
// that ends the mode.
func inMode(body *pred, off feature) *pred { return or(body, off("card")) }

// modeBranch is the branch "while the mode is on: body (or a card that
// ends it)"; the otherwise branches after it say what holds when it is off.
func modeBranch(on, off feature, body *pred) any {
	c := modeCond(on, off)
	if c == nil || hasIf(body) {
		return nil
	}
	return &branch{cond: c, then: inMode(body, off)}
}

// untilRule is "body until a card of kind off, then rest": rest nil when
// nothing is said after it (anything).
func untilRule(off feature, body, rest *pred) any {
	c := untilCond(off)
	if c == nil && !hasIf(body) && (rest == nil || !hasIf(rest)) && relatedKind(off) {
		return refusal{untilRelation}
	}
	if c == nil || hasIf(body) {
		return nil
	}
	if rest == nil {
		rest = yes
	}
	c.until = true // on the atom, which the readings' rewriting keeps (eachOf)
	return ifThen(c, inMode(body, off), rest)
}

// refusal is words read whole as something the reader says it cannot
// read, and why: a text that reads no other way is refused with the
// reason (readText), never with where reading stopped.
type refusal struct{ why string }

// untilRelation: a phase that ends at a card said by its relation to
// another ("rise until a card lower than the last one, then fall").
const untilRelation = "a phase that ends at a card said by its relation to another card or to the line " +
	"(\"until a card lower than the last one\") is no state the reader follows: a phase ends at the first card " +
	"of a kind (\"until a king, then lower\", \"until a red card\"); say the card that ends it by its kind"

// relatedKind: the kind reads another card or the line (a relation, a
// place), not the card alone.
func relatedKind(f feature) bool {
	k := ofEach(f)
	return k != "true" && k != "false" && otherRefRE.MatchString(k)
}

// untilAfter: "until a king" read inside a condition on the last card,
// "after a 7, odd cards until an ace" as "if the last card is a 7: odd
// cards until the first ace": that is a mode (m.pre), not a rule that
// waits for the first ace only right after a 7.
func untilAfter(p *pred) bool {
	untilRule := func(q *pred) bool { return q.op == "if" && q.kids[0].until }
	if p.op == "if" && cardRE("prev").MatchString(p.kids[0].expr()) && (untilRule(p.kids[1]) || untilRule(p.kids[2])) {
		return true
	}
	return slices.ContainsFunc(p.kids, untilAfter)
}

func (g *registry) buildMode() {
	// the card that switches a mode on, and the one that switches it off
	g.named("mode.on", "modeon", func(v []any) any { return v[0] },
		"after|following $npx", "after|following $npx {is|has been|gets} played", "after|once|when|whenever someone plays $npx",
		"once|when|whenever $npx {is|has been|gets|was} played", "once|when|whenever $npx {comes|comes up|appears|shows up|turns up|lands|is down|is out}",
		"once $npx", "as soon as $npx {is|has been|gets} played", "as soon as $npx {comes|comes up|appears|shows up|turns up}",
		"from $npx on|onwards|onward", "from $npx", "starting with|from $npx", "from the moment $npx {is|gets} played", "the moment $npx {is|gets} played")
	g.named("mode.off", "modeoff", func(v []any) any { return v[0] },
		"until|till|til $npx", "until|till|til $npx {is|has been|gets} played", "until|till|til $npx {comes|comes up|appears|shows up|turns up|arrives|lands}",
		"until|till|til the next $kindnoun", "until|till|til the next $kindnoun {is|has been|gets} played", "until|till|til the next $kindnoun {comes|comes up|appears|shows up|turns up|arrives}",
		"until|till|til someone plays $npx", "until|till|til somebody plays $npx", "until|till|til you play $npx", "until|till|til $npx {ends|cancels|breaks|stops|lifts|resets|clears} {it|this|that|the mode}",
		"up to $npx", "up until $npx", "up until $npx {is|gets} played")
	g.named("mode.first", "modefirst", func(v []any) any { return v[0] },
		"until|till the first $kindnoun", "until|till the first $kindnoun {is|has been|gets} played", "until|till the first $kindnoun {comes|comes up|appears|shows up|turns up}")

	// a kind after "the next", "the first": "the next ace", "o próximo rei"
	g.every("kindnoun", func(v []any) any { return v[0] }, "$noun", "$nouns", "$npnoun", "$feature")
	g.every("kindnoun", func(v []any) any { return andF(v[0].(feature), v[1].(feature)) }, "$adjs $noun", "$noun $adjs")

	// "after a 7, only odd cards until an ace [; otherwise …]"
	g.named("m.pre", "branch", func(v []any) any { return modeBranch(v[0].(feature), v[2].(feature), v[1].(*pred)) },
		"$modeon [,|:] [you] [must|may|can] $simple [,] $modeoff", "$modeon [,|:] [you] [must|may|can] $simple [,] and that|this|it lasts $modeoff",
		"$modeon [,|:] $simple [,|;|.] this|that|it lasts $modeoff", "$modeon [,|:] $simple [,|;|.] [and] $npx {ends|cancels|breaks|stops|lifts|resets|clears} {it|this|that|the mode}")
	// "from a 7 until an ace, only odd cards", "between a 7 and the next ace, …"
	g.named("m.span", "branch", func(v []any) any { return modeBranch(v[0].(feature), v[1].(feature), v[2].(*pred)) },
		"$modeon [,] [and] $modeoff [,|:] [you] [must|may|can] $simple", "between $npx and the next $kindnoun [,|:] $simple", "from $npx to the next $kindnoun [,|:] $simple")
	// "only odd cards after a 7 until an ace", "play red from a heart until a club"
	g.named("m.post", "branch", func(v []any) any { return modeBranch(v[1].(feature), v[2].(feature), v[0].(*pred)) },
		"$simple [,] $modeon [,] [and] $modeoff", "$simple between $npx and the next $kindnoun")
	// "a king locks the suit: follow the suit until a 4 comes"
	// (and in words the reader does not know: "a 7 corks the bottle: …")
	g.named("m.starts", "branch", func(v []any) any { return modeBranch(v[0].(feature), v[len(v)-1].(feature), v[len(v)-2].(*pred)) },
		"$npx $unknown [:|,|;|.] $simple [,] $modeoff",
		"$npx {locks|fixes|freezes} the suit|colour|color|rank|value [:|,|;|.] $simple [,] $modeoff",
		"$npx {starts|begins|triggers|opens|activates|switches on|turns on} {it|a mode|the mode|a phase|a run|a streak} [:|,|;|.] $simple [,] $modeoff",
		"$npx {starts|begins|triggers|opens|activates|switches on|turns on} {a mode|the mode|a phase|a run|a streak} [:|,|;|.] $simple [,|;|.] [and] $npx {ends|closes|stops|cancels|switches off|turns off} it")

	// "once a face card is played, play lower until a 2, then higher
	// again": a mode and, after the card that ends it, the rule of the
	// state off (before the mode too: "again")
	g.named("m.preback", "sentence", func(v []any) any {
		b, ok := modeBranch(v[0].(feature), v[2].(feature), v[1].(*pred)).(*branch)
		if !ok || hasIf(v[3].(*pred)) {
			return nil
		}
		return ifThen(b.cond, b.then, v[3].(*pred))
	}, "$modeon [,|:] [you] [must|may|can] $simple [,] $modeoff [,|;|.] [and] {then|after that|afterwards} [,] [go] [back to] $simple {again|once more|as before|as usual}",
		"$modeon [,|:] [you] [must|may|can] $simple [,] $modeoff [,|;|.] [and] {then|after that|afterwards} [,] {go back to|back to|return to|revert to} $simple")
	// "play higher until the first king [, then lower]": no card switches
	// it on; the first card of the kind switches it off for good
	g.named("m.until", "sentence", func(v []any) any { return untilRule(v[1].(feature), v[0].(*pred), nil) },
		"$simple [,] $modefirst", "$simple [,] $modeoff")
	g.named("m.untilthen", "sentence", func(v []any) any { return untilRule(v[1].(feature), v[0].(*pred), v[2].(*pred)) },
		"$simple [,] $modefirst [,|;|.] [and] {then|after that|afterwards|from then on} [,] $simple", "$simple [,] $modeoff [,|;|.] [and] {then|after that|afterwards|from then on} [,] $simple")
	// "play higher until a king, then lower until an ace": a mode with a
	// body for each state, the first that of the start
	g.named("m.cycle", "sentence", func(v []any) any {
		s1, on, s2, off := v[0].(*pred), v[1].(feature), v[2].(*pred), v[3].(feature)
		c := modeCond(on, off)
		if c == nil || hasIf(s1) || hasIf(s2) {
			return nil
		}
		return ifThen(c, inMode(s2, off), inMode(s1, on))
	}, "$simple [,] $modeoff [,|;|.] [and] then [,] $simple [,] $modeoff", "$simple [,] $modeoff [,|;|.] [and] then [,] $simple [,] $modeoff [,|;|.] [and] {so on|repeat|again|back again|and so on}",
		"$simple [,] $modeoff [,|;|.] [and] then [,] $simple [,] $modeoff [,|;|.] {and so on|repeat|then again|and repeat|and back}")

	// the words SayIn writes for the state: "a card that is a 7 has been
	// played more recently than every card that is an ace"
	g.spoken("c.mode", construction{nt: "clause", say: "mode", slots: map[string]string{"a": "vps", "b": "vps"}, act: func(v []any) any {
		if c := modeCond(v[0].(feature), v[1].(feature)); c != nil {
			return c
		}
		return nil
	}})
}
