package rulewords

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Counting round: the steps and distances of ranks with a king and an ace
// next to each other. "Counting round" (the nonterminal wrap) is said of
// every step of the coordination it follows, at its end ("one higher or one
// lower than the last card counting round": withWrap) or inside it ("…
// counting round, or the same suit": wrapEarlier), never of the last step
// alone.

// distRE is the distance of two cards' ranks compared with a number; the
// first card may be "@", the card a feature is said of in meaningKey, so
// that a reading counting round keeps its own key (dedupe would otherwise
// take it for the one that does not).
var distRE = regexp.MustCompile(`^abs\(([\w@]+)\.rank - (\w+)\.rank\) (==|!=|<=|>=|<|>) (\d+)$`)

// stepRE is a card's rank a fixed step from another's (the first may be
// "@", as in distRE).
var stepRE = regexp.MustCompile(`^([\w@]+)\.rank == (\w+)\.rank ([+-]) (\d+)$`)

// wrapped is p with each step of ranks counting round: "card.rank ==
// prev.rank + 1" becomes "card.rank == prev.rank % 13 + 1", and each
// distance the shorter way round ("within 3 of the last card, counting
// round": a king and an ace are 1 apart). Nil when p has no step or
// distance to count round.
func wrapped(p *pred) *pred {
	n := 0
	var walk func(p *pred) *pred
	walk = func(p *pred) *pred {
		if p.op == "atom" {
			if d := distRE.FindStringSubmatch(p.text); d != nil {
				// a distance counting round: the shorter way round
				n++
				a := fmt.Sprintf("abs(%s.rank - %s.rank)", d[1], d[2])
				return atom(fmt.Sprintf("min(%s, 13 - %s) %s %s", a, a, d[3], d[4]))
			}
			m := stepRE.FindStringSubmatch(p.text)
			if m == nil {
				return p
			}
			k, _ := strconv.Atoi(m[4])
			if k < 1 || k > 12 {
				return p
			}
			n++
			d := k - 1
			if m[3] == "-" {
				d = 12 - k
			}
			return atom(wrapStep(m[1], m[2], d))
		}
		if ks, r, ref, sign := spanSteps(p); ks != nil {
			// "1 to 4 higher than the last card, counting round": each
			// step of the span counting round
			n++
			var ps []*pred
			for _, k := range ks {
				d := k - 1
				if sign == "-" {
					d = 12 - k
				}
				ps = append(ps, atom(wrapStep(r, ref, d)))
			}
			return or(ps...)
		}
		out := &pred{op: p.op, text: p.text}
		for _, k := range p.kids {
			out.kids = append(out.kids, walk(k))
		}
		return out
	}
	out := walk(p)
	if n == 0 {
		return nil
	}
	return out
}

// spanRE is a bound on how much higher or lower a card's rank is than
// another's (upSpan, downSpan).
var spanRE = regexp.MustCompile(`^([\w@]+)\.rank (<=|>=) (\w+)\.rank ([+-]) (\d+)$`)

// spanSteps: p is a span of steps up or down, both ends said ("1 to 4
// higher": card.rank >= prev.rank + 1 and card.rank <= prev.rank + 4):
// its steps, the cards and the sign; nil for anything else.
func spanSteps(p *pred) (ks []int, r, ref, sign string) {
	if p.op != "and" || len(p.kids) != 2 || p.kids[0].op != "atom" || p.kids[1].op != "atom" {
		return nil, "", "", ""
	}
	a, b := spanRE.FindStringSubmatch(p.kids[0].text), spanRE.FindStringSubmatch(p.kids[1].text)
	if a == nil || b == nil || a[1] != b[1] || a[3] != b[3] || a[4] != b[4] || a[2] == b[2] {
		return nil, "", "", ""
	}
	lo, _ := strconv.Atoi(a[5])
	hi, _ := strconv.Atoi(b[5])
	if (a[4] == "+") != (a[2] == ">=") || lo < 1 || hi > 12 || lo >= hi {
		return nil, "", "", "" // the nearer bound first, as upSpan and downSpan write it
	}
	for k := lo; k <= hi; k++ {
		ks = append(ks, k)
	}
	return ks, a[1], a[3], a[4]
}

// wrapsWhole: the coordinations a "counting round" after them is said of
// whole: "one higher or one lower than the last card counting round" and
// "1, 2 or 3 ranks above the last card counting round" count round in
// every step (f.wrapped reads it of the last feature alone).
var wrapsWhole = map[string]bool{"features": true, "nps": true, "vps": true}

// withWrap is rs and each feature of rs followed by a "counting round"
// with every step of it counting round; the reading of that span with
// only the last step counting round (f.wrapped) is then dropped. A span
// that says "exactly" keeps its steps as said: the program's own words
// say a step that does not count round so ("exactly one rank above the
// last card or one rank below it counting round").
func (p *reader) withWrap(rs []result) []result {
	out := rs
	whole := map[int]bool{}
	for _, r := range rs {
		f, ok := r.val.(feature)
		if !ok || wrapped(f("card")) == nil || slices.ContainsFunc(p.toks[:r.end], func(w string) bool { return slices.Contains(exactlyWords, w) }) {
			continue
		}
		for _, w := range p.parse("wrap", r.end) {
			whole[w.end] = true
			out = append(out, result{w.end, fe(func(ref string) *pred {
				if x := wrapped(f(ref)); x != nil {
					return x
				}
				return f(ref) // a step of a card wrapped does not read
			})})
		}
	}
	return slices.DeleteFunc(out, func(r result) bool {
		f, ok := r.val.(feature)
		if !ok || !whole[r.end] {
			return false
		}
		e := f("card").expr()
		return strings.Contains(e, " % 13 + 1") && wrapped(f("card")) != nil
	})
}

// exactlyWords say a step as it is, in each language.
var exactlyWords = []string{"exactly", "exatamente", "exactamente", "exactament"}

// wrapItems are the items of the coordinations of wrapsWhole: a "counting
// round" said in one of their items is said of the items before it too.
var wrapItems = map[string]bool{"featureA": true, "vp": true, "np": true}

// saysWrap: the item v read from i to end counts round and its words say
// "counting round", at its end ("one lower than the last card counting
// round") or inside ("one lower than the last card counting round, or the
// same suit", an item of "one higher or …").
func (p *reader) saysWrap(v any, i, end int) bool {
	if !countsRound(v) {
		return false // most items: no wrap to look for
	}
	for k := end - 1; k > i; k-- {
		for _, w := range p.parse("wrap", k) {
			if w.end <= end {
				return true
			}
		}
	}
	return false
}

// countsRound: an item of a coordination has a step or a distance counting
// round.
func countsRound(v any) bool {
	var e string
	switch v := v.(type) {
	case feature:
		e = v("@").expr()
	case kind:
		e = v.f("@").expr()
	case *pred:
		e = v.expr()
	}
	return strings.Contains(e, " % 13 + 1") || strings.Contains(e, "13 - abs(")
}

// wrapEarlier is the items of a coordination whose last item (spans: the
// words of each) says "counting round" with every step of the items before
// it counting round too: "one higher or one lower than the last card
// counting round, or the same suit" counts round up and down, as it does
// without ", or the same suit" (withWrap).
func (p *reader) wrapEarlier(items []any, spans [][2]int) []any {
	out, _ := p.wrapFirst(items, spans, len(items)-1)
	return out
}

// wrapFirst is items with the steps of the first k counting round, and how
// many of them had a step to count round. An item that says "exactly"
// keeps its step as said, as in withWrap.
func (p *reader) wrapFirst(items []any, spans [][2]int, k int) (out []any, n int) {
	out = slices.Clone(items)
	for x := range k {
		if hasStep(out[x]) && !slices.ContainsFunc(p.toks[spans[x][0]:spans[x][1]], func(w string) bool { return slices.Contains(exactlyWords, w) }) {
			out[x] = wrapAny(out[x])
			n++
		}
	}
	return out, n
}

// wrappedItems are the items of a coordination so far, read up to at.
type wrappedItems struct {
	at    int
	items []any
}

// wrapsAfter is the items of a coordination (spans: the words of each)
// with their steps counting round, once for each "counting round" said
// after them at end: the coordination goes on after it ("one rank above or
// one rank below the last card counting round, or the same colour"). None
// when no item has a step to count round but those said "exactly".
func (p *reader) wrapsAfter(item string, items []any, spans [][2]int, end int) []wrappedItems {
	if !wrapItems[item] || !slices.ContainsFunc(items, hasStep) {
		return nil
	}
	var out []wrappedItems
	for _, w := range p.parse("wrap", end) {
		if its, n := p.wrapFirst(items, spans, len(items)); n > 0 {
			out = append(out, wrappedItems{w.end, its})
		} // a "counting round" after steps said "exactly" only is no reading of it
	}
	return out
}

// hasStep: an item of a coordination has a step or a distance that could
// count round.
func hasStep(v any) bool {
	switch v := v.(type) {
	case feature:
		return wrapped(v("@")) != nil
	case kind:
		return wrapped(v.f("@")) != nil
	case *pred:
		return wrapped(v) != nil
	}
	return false
}

// wrapAny is an item of a coordination (a feature, a kind of card, a
// predicate) with its steps counting round; the item itself when it has no
// step or distance.
func wrapAny(v any) any {
	if !hasStep(v) {
		return v
	}
	switch v := v.(type) {
	case feature:
		return feature(func(ref string) *pred {
			if x := wrapped(v(ref)); x != nil {
				return x
			}
			return v(ref) // a step of a card wrapped does not read
		})
	case kind:
		v.f = wrapAny(v.f).(feature)
		return v
	case *pred:
		return wrapped(v)
	}
	return v
}
