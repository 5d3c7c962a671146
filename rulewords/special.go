package rulewords

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The nonterminals parsed by code: numbers, lists, coordination ("red and
// even or a face card" gives every grouping the words allow), numbers with
// operators, the rule as sentences in a row.

func (g *registry) buildSpecial() {
	g.special["num"] = func(p *reader, i int) []result {
		if i >= len(p.toks) {
			return nil
		}
		if k, err := strconv.Atoi(p.toks[i]); err == nil && k >= 0 && k <= 999 {
			return []result{{i + 1, k}}
		}
		if k := slices.IndexFunc(p.g.t.numbers, func(w string) bool { return slices.Contains(strings.Split(w, "|"), p.toks[i]) }); k >= 0 {
			return []result{{i + 1, k}}
		}
		return nil
	}
	// rnum: a number as a rank, "7", "seven"; the word for one is not
	// ("um" and "uma" are articles too)
	g.special["rnum"] = func(p *reader, i int) []result {
		if i < len(p.toks) && len(p.g.t.numbers) > 1 && slices.Contains(strings.Split(p.g.t.numbers[1], "|"), p.toks[i]) {
			return nil
		}
		return p.g.special["num"](p, i)
	}
	g.special["ranklist"] = listOf("rankw", true)
	g.special["ranksbare"] = listOf("rankw", false)
	g.special["rankpllist"] = listOf("rankpl", false)
	g.special["numlist"] = listOf("num", false)
	g.special["numors"] = numOrs
	g.special["cycle"] = cycleOrOrder
	g.special["ordlist"] = ordlist
	g.special["suitmap"] = suitmap
	g.special["pred"] = func(p *reader, i int) []result { return p.coordinate("clause", i, predComb) }
	g.special["features"] = func(p *reader, i int) []result { return p.coordinateKinds("featureA", i, false) }
	g.special["vps"] = func(p *reader, i int) []result { return p.coordinate("vp", i, featComb) }
	g.special["nps"] = func(p *reader, i int) []result { return p.coordinateKinds("np", i, true) }
	g.special["term"] = func(p *reader, i int) []result { return arithmeticWith(p.g.ops)(p, i) }
	g.special["rule"] = sentences
	g.special["numcommas"] = numCommas
	g.special["places"] = places
	g.special["norlist"] = norList
	g.special["nounrun"] = nounRun
}

// buildShared adds what every language reads alike: slots and brackets.
func (g *registry) buildShared() {
	first := func(v []any) any { return v[0] }
	g.every("suits", first, "$suit")
	g.every("stepset", amounts, "$numors") // "1, 2 or 3 away"
	g.every("feature", first, "$norlist")  // "neither an ace nor a 3"
	g.every("npnoun", first, "$nounrun")   // "cors o diamants parells"
	g.every("cond", first, "$pred", "$iffs")
	g.every("sentence", first, "$iffs")
	g.every("clause", first, "( $iffs )")
}

// predComb joins coordinated predicates; featComb coordinated features.
func predComb(op string, xs []any) any {
	ps := make([]*pred, len(xs))
	for i, x := range xs {
		ps[i] = x.(*pred)
	}
	return join(op, ps...)
}

func featComb(op string, xs []any) any {
	fs := make([]feature, len(xs))
	for i, x := range xs {
		fs[i] = x.(feature)
		if op == "or" && hasIf(fs[i]("@")) {
			return nil // "odd after a heart or diamond": the "or" is the heart's
		}
	}
	if sharesObject(fs) {
		return nil
	}
	return fe(func(r string) *pred {
		ps := make([]*pred, len(fs))
		for i, f := range fs {
			ps[i] = f(r)
		}
		return join(op, ps...)
	})
}

// cycle reads four suits in order, joined by arrows or commas, the first
// again at the end or not: "spades → diamonds → clubs → hearts → spades".
func cycle(p *reader, i int) []result {
	var order []string
	j := i
	for len(order) < 5 {
		rs := p.parse("suits", j)
		if len(rs) == 0 {
			break
		}
		order = append(order, rs[0].val.(string))
		j = rs[0].end
		if len(order) == 5 || j >= len(p.toks) || (p.toks[j] != "→" && p.toks[j] != "," && p.toks[j] != "then") {
			break
		}
		if len(order) == 4 && p.toks[j] == "," {
			break
		}
		j++
	}
	if len(order) == 5 && order[4] != order[0] {
		return nil
	}
	if len(order) < 4 {
		return nil
	}
	var cyc [4]string
	copy(cyc[:], order)
	seen := map[string]bool{}
	for _, s := range cyc {
		seen[s] = true
	}
	if len(seen) != 4 {
		return nil
	}
	return []result{{j, cyc}}
}

// suitmap reads where each suit goes: "spades → clubs, clubs → spades,
// hearts → diamonds, diamonds → hearts" (every suit once).
func suitmap(p *reader, i int) []result {
	var parts []string
	seen := map[string]bool{}
	j := i
	for len(parts) < 4 {
		from := p.parse("suits", j)
		if len(from) == 0 || from[0].end >= len(p.toks) || p.toks[from[0].end] != "→" {
			return nil
		}
		to := p.parse("suits", from[0].end+1)
		if len(to) == 0 {
			return nil
		}
		f, t := from[0].val.(string), to[0].val.(string)
		seen[f] = true
		parts = append(parts, fmt.Sprintf("%q: %q", f, t))
		j = to[0].end
		if len(parts) < 4 {
			if j >= len(p.toks) || p.toks[j] != "," {
				return nil
			}
			j++
		}
	}
	if len(seen) != 4 {
		return nil
	}
	return []result{{j, "{" + strings.Join(parts, ", ") + "}"}}
}

// ordinalValue is the number of an ordinal of the language: a word
// ("third", "terceira") or a number with the language's ending ("3rd",
// "3ª").
func (t *tongue) ordinalValue(w string) (int, bool) {
	if k := slices.Index(t.ordinals, w); k >= 0 {
		return k + 1, true
	}
	for _, suf := range t.ordinalEnds {
		if d, ok := strings.CutSuffix(w, suf); ok && d != "" {
			if k, err := strconv.Atoi(d); err == nil && k > 0 && (t.lang != "en" || Ordinal(k) == w) {
				return k, true
			}
		}
	}
	return 0, false
}

// periodic: places of a periodic position, at least three, a step of 2 to
// 12 apart.
func periodic(ps []int) (step int, ok bool) {
	if len(ps) < 3 {
		return 0, false
	}
	step = ps[1] - ps[0]
	for x := 2; x < len(ps); x++ {
		if ps[x]-ps[x-1] != step {
			return 0, false
		}
	}
	return step, step >= 2 && step <= 12
}

// ordlist reads the places of a periodic position, "3rd, 5th, 7th …":
// the card in place p has n = p − 1 cards before it.
func ordlist(p *reader, i int) []result {
	var ps []int
	j := i
	for j < len(p.toks) {
		k, ok := p.g.t.ordinalValue(p.toks[j])
		if !ok {
			break
		}
		ps = append(ps, k)
		j++
		if j < len(p.toks) && p.toks[j] == "," {
			j++
		}
	}
	step, ok := periodic(ps)
	if !ok {
		return nil
	}
	for _, end := range [][]string{{"…"}, {"and", "so", "on"}, {"etc"}, {"etc", "."}} {
		if j+len(end) <= len(p.toks) && slices.Equal(p.toks[j:j+len(end)], end) {
			j += len(end)
			break
		}
	}
	return []result{{j, atom(fmt.Sprintf("n %% %d == %d", step, (ps[0]-1)%step))}}
}

// connectives between coordinated items: the words and their op; a comma
// before and/or sets off a looser grouping.
type connective struct {
	words []string
	op    string
}

func (g *grammar) connectives() []connective {
	cs := []connective{{[]string{",", g.and}, ",and"}, {[]string{",", g.or}, ",or"}, {[]string{g.and}, "and"}, {[]string{g.or}, "or"}, {[]string{","}, ","}}
	if but := g.but; but != "" {
		// "higher than 5 but lower than 10"
		cs = append(cs, connective{[]string{but}, "and"}, connective{[]string{",", but}, ",and"})
	}
	return cs
}

// coordinate reads items joined by and, or and commas, with every grouping
// the words allow: "a and b or c" is (a and b) or c and a and (b or c); "a
// and b, or c" only the first.
func (p *reader) coordinate(item string, i int, comb func(string, []any) any) []result {
	var out []result
	// numeric: every item so far ends in a number or a rank; only then
	// can the coordination be a list of them ("a face card, an ace or a
	// 9" is three items, never a face card and the list "an ace or a 9"
	// joined by a comma alone).
	var walk func(i int, items []any, spans [][2]int, ops []string, prev int, numeric bool)
	walk = func(i int, items []any, spans [][2]int, ops []string, prev int, numeric bool) {
		for _, r := range p.parse(item, i) {
			if len(items) > 0 && (numeric && p.listTail(item, prev, i, r.end) || p.oneItemTail(item, prev, i, r.end) || p.misreadInList(spans, i, r.end, r.val)) {
				continue // "must not be 8, 9 or 10": "must not be" the list
			}
			num := numeric && p.numberAt(r.end-1)
			its, sps := p.withItem(item, items, spans, r.val, i, r.end)
			for _, v := range groupings(its, ops, comb) {
				if !p.notOverNots(sps) {
					out = append(out, result{r.end, v})
				}
			}
			if len(its) >= 12 || p.over() {
				continue
			}
			// the next item after a connective, or after a "counting round"
			// said of the items so far ("one higher or one lower, counting
			// round, or the same suit")
			for _, nx := range append([]wrappedItems{{r.end, its}}, p.wrapsAfter(item, its, sps, r.end)...) {
				for _, c := range p.g.connectives() {
					j := nx.at
					if j+len(c.words) <= len(p.toks) && slices.Equal(p.toks[j:j+len(c.words)], c.words) {
						if c.words[len(c.words)-1] == p.g.but && trivial(r.val) {
							continue // "anything but clubs" is not "anything and clubs"
						}
						walk(j+len(c.words), nx.items, sps, append(slices.Clone(ops), c.op), i, num)
					}
				}
			}
		}
	}
	walk(i, nil, nil, nil, i, true)
	return out
}

// withItem is the items of a coordination and their words (spans) with
// one more, v from i to end; a "counting round" it says is said of the
// items before it too (wrapEarlier).
func (p *reader) withItem(item string, items []any, spans [][2]int, v any, i, end int) ([]any, [][2]int) {
	its, sps := append(slices.Clone(items), v), append(slices.Clone(spans), [2]int{i, end})
	if len(items) > 0 && wrapItems[item] && p.saysWrap(v, i, end) {
		its = p.wrapEarlier(its, sps)
	}
	return its, sps
}

// trivial: a meaning that holds of any card.
func trivial(v any) bool {
	switch v := v.(type) {
	case feature:
		return v("@").expr() == "true"
	case *pred:
		return v.expr() == "true"
	}
	return false
}

// kind is an item of a coordination of features: whether its words name
// a kind of card (a noun phrase: "hearts", "red cards").
type kind struct {
	f    feature
	noun bool
	bare bool // a noun alone: "copas", "figuras"
}

// coordinateKinds reads features joined by and, or and commas, every
// grouping the words allow. Kinds of card joined by "and" are the cards of
// either kind (union: "spades and clubs", "jacks queens and kings", where
// the commas may be left out); as the items of a list of what a card is
// (union false) such a grouping is left out: it would be a card of both
// kinds. Adjectives joined by "and" are a card that is both.
func (p *reader) coordinateKinds(item string, i int, union bool) []result {
	var out []result
	comb := func(op string, xs []any) any {
		fs := make([]any, len(xs))
		noun := true
		for k, x := range xs {
			fs[k] = x.(kind).f
			noun = noun && x.(kind).noun
		}
		if op == "and" && noun {
			if !union {
				return nil
			}
			op = "or"
		}
		f, ok := featComb(op, fs).(feature)
		if !ok {
			return nil
		}
		return kind{f: f, noun: noun}
	}
	var walk func(i int, items []any, spans [][2]int, ops []string, prev int, numeric bool) // numeric: as coordinate's
	walk = func(i int, items []any, spans [][2]int, ops []string, prev int, numeric bool) {
		for _, r := range p.parse(item, i) {
			if len(items) > 0 && (numeric && p.listTail(item, prev, i, r.end) || p.oneItemTail(item, prev, i, r.end) || p.misreadInList(spans, i, r.end, r.val)) {
				continue // "1 or 2 away": the 1 is an amount too, not an ace
			}
			num := numeric && p.numberAt(r.end-1)
			noun := p.isNoun(i, r.end)
			f := r.val.(feature)
			if len(ops) > 0 && ops[len(ops)-1] == "" && (!noun || f("@").expr() == "true") {
				continue // "jacks queens": kinds in a row, each a kind
			}
			if len(items) > 0 && items[len(items)-1].(kind).bare && !strings.HasPrefix(ops[len(ops)-1], ",") && p.nounThenAdjs(i, r.end) {
				// "cors o diamants parells": an adjective after a list of
				// nouns is said of them all (nounRun), not of the last
				continue
			}
			its, sps := p.withItem(item, items, spans, kind{f, noun, p.bareNoun(i, r.end)}, i, r.end)
			for _, v := range groupings(its, p.orPartsLast(ops, i, r.end), comb) {
				if v != nil && !p.notOverNots(sps) {
					out = append(out, result{r.end, v.(kind).f})
				}
			}
			if len(its) >= 12 || p.over() {
				continue
			}
			// the next item after a connective, or after a "counting round"
			// said of the items so far ("one higher or one lower, counting
			// round, or the same suit")
			for _, nx := range append([]wrappedItems{{r.end, its}}, p.wrapsAfter(item, its, sps, r.end)...) {
				for _, c := range p.g.connectives() {
					j := nx.at
					if j+len(c.words) <= len(p.toks) && slices.Equal(p.toks[j:j+len(c.words)], c.words) {
						if c.words[len(c.words)-1] == p.g.but && trivial(f) {
							continue // "anything but clubs" is not "anything and clubs"
						}
						walk(j+len(c.words), nx.items, sps, append(slices.Clone(ops), c.op), i, num)
					}
				}
			}
			if union && noun && r.end < len(p.toks) {
				// "jacks queens and kings": a list of kinds without commas
				// ("a card 2 or 3 away": the kind before a list, which
				// may be the list's whole)
				walk(r.end, its, sps, append(slices.Clone(ops), ""), i, true)
			}
		}
	}
	walk(i, nil, nil, nil, i, true)
	return out
}

// isNoun: the words from i to end name a kind of card.
func (p *reader) isNoun(i, end int) bool {
	for _, r := range p.parse("npnoun", i) {
		if r.end == end {
			return true
		}
	}
	for _, r := range p.parse("nouns", i) {
		if r.end == end {
			return true
		}
	}
	return false
}

// groupings of items joined by ops: a bare comma takes the op of the next
// and/or ("a, b and c"); comma ops group looser than plain ones; a run of
// one op is one flat group, a mix gives every bracketing.
func groupings(items []any, ops []string, comb func(string, []any) any) []any {
	ops = slices.Clone(ops)
	for k := range ops {
		if ops[k] == "" {
			ops[k] = "," // kinds in a row are a list without its commas
		}
	}
	for k := range ops {
		if ops[k] != "," {
			continue
		}
		next := ""
		for _, o := range ops[k+1:] {
			if o != "," {
				next = strings.TrimPrefix(o, ",")
				break
			}
		}
		if next == "" {
			return nil
		}
		ops[k] = next
	}
	// split at the comma ops
	var groups [][]any
	var groupOps [][]string
	var top []string
	cur, curOps := []any{items[0]}, []string{}
	for k, o := range ops {
		if strings.HasPrefix(o, ",") {
			groups, groupOps = append(groups, cur), append(groupOps, curOps)
			top = append(top, strings.TrimPrefix(o, ","))
			cur, curOps = nil, nil
		} else {
			curOps = append(curOps, o)
		}
		cur = append(cur, items[k+1])
	}
	groups, groupOps = append(groups, cur), append(groupOps, curOps)
	var built [][]any
	for k := range groups {
		built = append(built, bracket(groups[k], groupOps[k], comb))
	}
	// every choice of one grouping per group, then the top level
	var out []any
	var pick func(k int, chosen []any)
	pick = func(k int, chosen []any) {
		if k == len(built) {
			out = append(out, bracket(chosen, top, comb)...)
			return
		}
		for _, b := range built[k] {
			pick(k+1, append(slices.Clone(chosen), b))
		}
	}
	pick(0, nil)
	return out
}

// bracket is every way to group items joined by ops.
func bracket(items []any, ops []string, comb func(string, []any) any) []any {
	if len(items) == 1 {
		return items
	}
	same := true
	for _, o := range ops {
		same = same && o == ops[0]
	}
	if same {
		if v := comb(ops[0], items); v != nil {
			return []any{v}
		}
		return nil
	}
	var out []any
	for k := range ops {
		for _, l := range bracket(items[:k+1], ops[:k], comb) {
			for _, r := range bracket(items[k+1:], ops[k+1:], comb) {
				if v := comb(ops[k], []any{l, r}); v != nil {
					out = append(out, v)
				}
			}
		}
	}
	return out
}
