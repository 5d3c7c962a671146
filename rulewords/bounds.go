package rulewords

import (
	"fmt"
	"slices"
	"strings"
)

// Bounds on an amount: "at least 3", "at most 8", "more than 1", "less
// than 4". Two bounds joined by "and" or "but" before one relation ("at
// least 3 and at most 8 away from the last card", "more than 1 but less
// than 4 higher than the last card") are both about that relation: the
// card is 3 to 8 ranks away, never "3 or higher, and within 8 ranks". So
// are "between 2 and 5 away" and "from 2 to 5 lower". Coordination keeps
// the pair whole (listTail: an item after one that ends in a bound is no
// item of its own when the two read as one).

// span is the amounts a distance may be, lo to hi, both included; hi is
// noTop when only a lower bound is given, lo 0 when only an upper one.
type span struct{ lo, hi int }

const noTop = 1 << 20

// both is the amounts two bounds allow together: one lower bound and one
// upper bound, some amount between them ("at least 10 and at most 3" is
// no pair: each bound is read alone).
func both(a, b span) any {
	if (a.hi == noTop) == (b.hi == noTop) || (a.lo == 0) == (b.lo == 0) {
		return nil // two lower bounds or two upper ones: no range
	}
	s := span{max(a.lo, b.lo), min(a.hi, b.hi)}
	if s.lo > s.hi {
		return nil
	}
	return s
}

func (g *registry) buildBounds() {
	bound := func(lo, hi func(k int) int) func(v []any) any {
		return func(v []any) any {
			k := v[0].(int)
			s := span{lo(k), hi(k)}
			if s.lo > s.hi || s.lo == 0 && s.hi == noTop {
				return nil // "less than 0", "at least 0": no bound
			}
			return s
		}
	}
	zero := func(int) int { return 0 }
	top := func(int) int { return noTop }
	same := func(k int) int { return k }
	g.named("bound.ge", "bound", bound(same, top), "at least $steps", "no less|fewer than $steps", "not less|fewer than $steps").
		all = []string{"$steps $ormore"}
	g.named("bound.gt", "bound", bound(func(k int) int { return k + 1 }, top), "more than $steps")
	g.named("bound.le", "bound", bound(zero, same), "at most $steps", "no more than $steps", "not more than $steps",
		"up to $steps").all = []string{"$steps $orless"}
	g.named("bound.lt", "bound", bound(zero, func(k int) int { return k - 1 }), "less|fewer than $steps")
	// two bounds: "at least 3 and at most 8", "more than 1 but less than
	// 4" (the language's "and" or "but", a comma before it or not)
	g.every("bounds", func(v []any) any { return both(v[0].(span), v[2].(span)) }, "$bound $andbut $bound")
	g.special["andbut"] = func(p *reader, i int) []result {
		var out []result
		for _, c := range [][]string{{p.g.and}, {p.g.but}, {",", p.g.and}, {",", p.g.but}} {
			if c[len(c)-1] != "" && i+len(c) <= len(p.toks) && slices.Equal(p.toks[i:i+len(c)], c) {
				out = append(out, result{i + len(c), "and"})
			}
		}
		return out
	}
	g.named("bounds.between", "bounds", func(v []any) any {
		a, b := v[0].(int), v[1].(int)
		if a >= b {
			return nil
		}
		return span{a, b}
	}, "between $steps and $steps", "from $steps to $steps", "$steps to $steps", "anywhere from|between $steps to|and $steps")

	// the relation the bounds share; without a card named, the last card
	g.named("f.awayspan", "feature", spanned(awaySpan), "$bounds away|apart from $ref", "$bounds away|apart", "$bounds from $ref",
		"$bounds either way from $ref", "$bounds higher or lower than $ref")
	g.named("f.upspan", "feature", spanned(upSpan), "$bounds higher|more than $ref", "$bounds above $ref", "$bounds higher|up",
		"higher|more|greater than $ref by $byamount", "higher|greater by $byamount", "above $ref by $byamount", "up by $bounds [from $ref]")
	g.named("f.downspan", "feature", spanned(downSpan), "$bounds lower|less than $ref", "$bounds below $ref", "$bounds lower|down",
		"lower|less|smaller than $ref by $byamount", "lower|smaller by $byamount", "below $ref by $byamount", "down by $bounds [from $ref]")
	// one bound before a relation with a direction: "more than 3 below
	// the last card" (never …: no more than 3 below it); an upper bound
	// alone (cap) is a limit ("no more than 3 lower than the last card":
	// any higher card too), and "at most 3 lower", "up to 3 lower" may be
	// a lower card too (two readings)
	g.named("f.upbound", "feature", oneBound(upSpan, 1), "$bound higher|more than $ref", "$bound above $ref", "$bound higher|up")
	g.named("f.downbound", "feature", oneBound(downSpan, -1), "$bound lower|less than $ref", "$bound below|under $ref", "$bound lower|down")
	g.named("f.upcap", "feature", oneBound(upSpan, 1), "$cap higher|more than $ref", "$cap above $ref", "$cap higher|up")
	g.named("f.downcap", "feature", oneBound(downSpan, -1), "$cap lower|less than $ref", "$cap below|under $ref", "$cap lower|down")
	g.named("cap.only", "cap", func(v []any) any { return capAmt{v[0].(int), false} }, "no|not more than $steps")
	g.named("cap.both", "cap", func(v []any) any { return capAmt{v[0].(int), true} }, "at most $steps", "up to $steps", "$steps or less|fewer")
	// "must not drop more than 3 below the last card"
	g.named("s.dropnot", "simple", func(v []any) any { return not(oneBound(downSpan, -1)(v).(feature)("card")) },
		"[the card] {must not|should not|cannot|can not|may not|never} {drop|fall|go down} $bound {below|under|lower than} $ref",
		"[the card] {must not|should not|cannot|can not|may not|never} {drop|fall|go down} [by] $bound [from $ref]")
	g.named("s.risenot", "simple", func(v []any) any { return not(oneBound(upSpan, 1)(v).(feature)("card")) },
		"[the card] {must not|should not|cannot|can not|may not|never} {rise|climb|go up} $bound {above|over|higher than} $ref",
		"[the card] {must not|should not|cannot|can not|may not|never} {rise|climb|go up} [by] $bound [from $ref]")
	// differing by an amount is that distance ("differs from the last card
	// by at least 2", "differ by 3 or more from it", "by exactly 2")
	g.every("byamount", func(v []any) any { return v[0] }, "$bounds", "$bound")
	g.named("byamount.exact", "byamount", func(v []any) any { return span{v[0].(int), v[0].(int)} }, "[exactly] $steps")
	// several amounts, one of which is meant ("by exactly 5 or 7", "by 5
	// or by 7"): every number of the list an amount
	g.named("byamount.set", "byamount", func(v []any) any { return v[0] }, "exactly $byset")
	// the word that may stand before each number of a list of amounts or
	// values ("by exactly 5 or exactly 7", "es exactamente 5 o
	// exactamente 7"): it says nothing more (listOf)
	g.named("exactly", "exactly", constant("exactly"), "exactly")
	g.every("byamount", func(v []any) any { return v[0] }, "$byset")
	g.every("byset", amounts, "$numors")
	g.named("byset", "byset", amounts, "$numors ranks|steps|cards", "either $numors", "$steps or by $steps", "$steps , by $steps or by $steps",
		"$steps or exactly $steps", "$steps , exactly $steps or exactly $steps")
	g.named("vp.differspan", "vp", spanned(awaySpan), "differs|differ from $ref by $byamount", "differs|differ by $byamount from $ref",
		"differs|differ by $byamount", "is|are different from $ref by $byamount")
	g.named("f.differspan", "feature", spanned(awaySpan), "differing from $ref by $byamount", "differing by $byamount from $ref")
	// differing by an even (odd) number: the distance's parity
	g.named("vp.differparity", "vp", func(v []any) any { return diffParity(v[0].(string), 0) },
		"differs|differ from $ref by an even number|amount", "differs|differ by an even number|amount from $ref")
	g.named("vp.differparityodd", "vp", func(v []any) any { return diffParity(v[0].(string), 1) },
		"differs|differ from $ref by an odd number|amount", "differs|differ by an odd number|amount from $ref")
	g.named("c.differspan", "clause", func(v []any) any { return spanned(awaySpan)(v).(feature)("card") },
		"the two cards|ones differ|differs by $byamount", "both cards differ|differs by $byamount", "the two differ|differs by $byamount",
		"they differ|differs by $byamount")

	// the words after a number that make it a bound, wherever a number
	// is read so ("6 or less", "12 or over", "3 or more"): one list
	g.named("ormore", "ormore", constant(">="), "or higher|more|above|greater|over|better|up|larger|bigger")
	g.named("orless", "orless", constant("<="), "or lower|less|below|under|smaller|fewer")
	// "a card of 6 or less", "cards of 10 or more", "a card of 7": after
	// "of", what a card's rank is, and nothing else ("a card of red" is
	// no English)
	g.named("f.of", "feature", func(v []any) any {
		if f := v[0].(feature); rankOnly(f("@")) {
			return f
		}
		return nil
	}, "of $features")
}

// rankOnly: p says only what the rank of the card "@" is, against
// numbers ("@.rank <= 6", "@.rank in [1, 13]").
func rankOnly(p *pred) bool {
	e := strings.ReplaceAll(p.expr(), "@.rank", "")
	return strings.Contains(p.expr(), "@.rank") && !strings.ContainsAny(strings.NewReplacer(" and ", "", " or ", "", "not ", "", " in ", "").Replace(e), "abcdefghijklmnopqrstuvwxyz@.#\"")
}

// spanned is the action of a relation of the card to a card (the last
// card when none is named) read with bounds on the amount.
func spanned(rel func(s span, r, ref string) []string) func(v []any) any {
	return func(v []any) any {
		var ss []span
		ref := "prev"
		for _, x := range v {
			switch x := x.(type) {
			case span:
				ss = []span{x}
			case []int: // amounts, one of which is meant
				for _, k := range x {
					ss = append(ss, span{k, k})
				}
			case string:
				ref = x
			}
		}
		return fe(func(r string) *pred {
			var alts []*pred
			for _, s := range ss {
				var ps []*pred
				for _, t := range rel(s, r, ref) {
					ps = append(ps, related(t, r, ref))
				}
				alts = append(alts, and(ps...))
			}
			return or(alts...)
		})
	}
}

// awaySpan, upSpan and downSpan say an amount of ranks is in s: the card's distance
// from ref, how much higher it is, how much lower.
func awaySpan(s span, r, ref string) []string {
	d := fmt.Sprintf("abs(%s.rank - %s.rank)", r, ref)
	if s.lo == s.hi {
		return []string{fmt.Sprintf("%s == %d", d, s.lo)}
	}
	var out []string
	if s.lo > 0 {
		out = append(out, fmt.Sprintf("%s >= %d", d, s.lo))
	}
	if s.hi < noTop {
		out = append(out, fmt.Sprintf("%s <= %d", d, s.hi))
	}
	return out
}

func upSpan(s span, r, ref string) []string {
	at := func(op string, k int) string {
		if k == 0 {
			return fmt.Sprintf("%s.rank %s %s.rank", r, op, ref)
		}
		return fmt.Sprintf("%s.rank %s %s.rank + %d", r, op, ref, k)
	}
	if s.lo == s.hi {
		return []string{at("==", s.lo)}
	}
	out := []string{at(">=", s.lo)}
	if s.hi < noTop {
		out = append(out, at("<=", s.hi))
	}
	return out
}

func downSpan(s span, r, ref string) []string {
	at := func(op string, k int) string {
		if k == 0 {
			return fmt.Sprintf("%s.rank %s %s.rank", r, op, ref)
		}
		return fmt.Sprintf("%s.rank %s %s.rank - %d", r, op, ref, k)
	}
	if s.lo == s.hi {
		return []string{at("==", s.lo)}
	}
	out := []string{at("<=", s.lo)}
	if s.hi < noTop {
		out = append(out, at(">=", s.hi))
	}
	return out
}

// capAmt is an upper bound alone on an amount, k or less; both: said so
// that the amount may be one that way too ("at most 3 lower": a lower
// card), not only a limit ("no more than 3 lower").
type capAmt struct {
	k    int
	both bool
}

// oneBound is the action of one bound on how much higher (dir 1) or lower
// (-1) than a card (the last card when none is named) the card is: a
// lower bound alone is rel's ("more than 3 below": 4 or more below); an
// upper bound alone (capAmt) a limit, the card no further than it that
// way, any card the other way ("no more than 3 below the last card":
// prev.rank - card.rank <= 3), and, said "at most" or "up to", also a
// card that way by at most that much (two readings).
func oneBound(rel func(s span, r, ref string) []string, dir int) func(v []any) any {
	return func(v []any) any {
		ref := "prev"
		if len(v) > 1 {
			ref = v[1].(string)
		}
		c, ok := v[0].(capAmt)
		if !ok {
			if s := v[0].(span); s.hi != noTop {
				return nil // an upper bound: cap's
			}
			return spanned(rel)(v)
		}
		if c.k < 1 {
			return nil
		}
		limit := fe(func(r string) *pred {
			if dir > 0 {
				return related(fmt.Sprintf("%s.rank <= %s.rank + %d", r, ref, c.k), r, ref)
			}
			return related(fmt.Sprintf("%s.rank >= %s.rank - %d", r, ref, c.k), r, ref)
		})
		if !c.both {
			return limit
		}
		return alts{limit, spanned(rel)([]any{span{1, c.k}, ref})}
	}
}

// diffParity is a card whose distance from ref is even (par 0) or odd.
func diffParity(ref string, par int) feature {
	return feature(func(r string) *pred {
		return parityOf(term{fmt.Sprintf("abs(%s.rank - %s.rank)", r, ref), []string{r, ref}, false}, par)
	})
}
