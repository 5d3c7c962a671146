package rulewords

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ReadIn's numbers, places on the main line, suit cycles and lists of
// what a card is not: the productions and special readers a tongue adds
// to its grammar (read_tongue.go).

func addTermProds(ps map[string]construction) {
	ab := map[string]string{"a": "term", "b": "term"}
	two := func(format string) func(v []any) any {
		return func(v []any) any {
			a, b := v[0].(term), v[1].(term)
			return term{fmt.Sprintf(format, a.text, b.text), append(slices.Clone(a.refs), b.refs...), a.frac || b.frac}
		}
	}
	ps["t.rank"] = construction{nt: "tatom", say: "t.rank", slots: map[string]string{"ref": "ref"}, act: func(v []any) any {
		r := v[0].(string)
		return term{r + ".rank", []string{r}, false}
	}}
	ps["t.n"] = construction{nt: "tatom", say: "t.n", act: constant(term{"n", nil, false})}
	ps["t.distance"] = construction{nt: "tatom", say: "t.distance", slots: ab, act: two("abs(%s - %s)")}
	ps["t.min"] = construction{nt: "tatom", say: "t.min", slots: ab, act: two("min(%s, %s)")}
	ps["t.max"] = construction{nt: "tatom", say: "t.max", slots: ab, act: two("max(%s, %s)")}
	ps["t.mod"] = construction{nt: "tatom", say: "t.mod", slots: ab, act: func(v []any) any {
		return remainder(v[0].(term), v[1].(term))
	}}
	ps["t.abs"] = construction{nt: "tatom", say: "t.abs", slots: map[string]string{"a": "term"}, act: func(v []any) any {
		t := v[0].(term)
		return term{"abs(" + t.text + ")", t.refs, t.frac}
	}}
	// a fraction's whole part: int(x / k), what "divided by 50 is even" reads
	ps["t.whole"] = construction{nt: "tatom", say: "t.whole", slots: map[string]string{"a": "term"}, act: func(v []any) any {
		t := v[0].(term)
		return term{"int(" + t.text + ")", t.refs, false}
	}}
	count := func(coll string) func(v []any) any {
		return func(v []any) any {
			c, f := "line", v[len(v)-1].(feature)
			if coll == "last" {
				c = fmt.Sprintf("line[max(0, n - %d):]", v[0].(int))
			}
			return term{fmt.Sprintf("count(%s, %s)", c, f("#").expr()), nil, false}
		}
	}
	ps["t.count.line"] = construction{nt: "tatom", say: "count.line", slots: map[string]string{"vp": "vps"}, act: count("line")}
	ps["t.count.last"] = construction{nt: "tatom", say: "count.last", slots: map[string]string{"k": "num", "vp": "vps"}, act: count("last")}
	ps["t.sum.line"] = construction{nt: "tatom", say: "sum.line", act: constant(term{"sum(map(line, .rank))", nil, false})}
	ps["t.sum.last"] = construction{nt: "tatom", say: "sum.last", slots: map[string]string{"k": "num"}, act: func(v []any) any {
		return term{fmt.Sprintf("sum(map(line[max(0, n - %d):], .rank))", v[0].(int)), nil, false}
	}}
	ps["t.avg.line"] = construction{nt: "tatom", say: "avg.line", act: constant(term{"sum(map(line, .rank)) / n", nil, true})}
	ps["t.avg.last"] = construction{nt: "tatom", say: "avg.last", slots: map[string]string{"k": "num"}, act: func(v []any) any {
		k := v[0].(int)
		return term{fmt.Sprintf("sum(map(line[max(0, n - %d):], .rank)) / min(n, %d)", k, k), nil, true}
	}}
	ps["t.if"] = construction{nt: "tatom", say: "t.if", slots: map[string]string{"a": "term", "c": "cond", "b": "term"}, act: func(v []any) any {
		a, c, b := v[0].(term), v[1].(*pred), v[2].(term)
		return term{fmt.Sprintf("(%s ? %s : %s)", c.operand(), a.text, b.text), nil, a.frac || b.frac}
	}}
	for key, op := range map[string]string{"t.eq": "==", "t.ne": "!=", "t.gt": ">", "t.lt": "<", "t.ge": ">=", "t.le": "<="} {
		ps[key] = construction{nt: "clause", say: key, slots: ab, act: cmp(op)}
	}
	parity := func(r int) func(v []any) any {
		return func(v []any) any {
			return parityOf(v[0].(term), r)
		}
	}
	ps["t.even"] = construction{nt: "clause", say: "t.even", slots: map[string]string{"a": "term"}, act: parity(0)}
	ps["t.odd"] = construction{nt: "clause", say: "t.odd", slots: map[string]string{"a": "term"}, act: parity(1)}
	multiple := func(neg bool) func(v []any) any {
		return func(v []any) any {
			p := multipleOf(v[0].(term), v[1].(term))
			if neg {
				return not(p)
			}
			return p
		}
	}
	ps["t.multiple"] = construction{nt: "clause", say: "t.multiple", slots: ab, act: multiple(false)}
	ps["t.notmultiple"] = construction{nt: "clause", say: "t.notmultiple", slots: ab, act: multiple(true)}
	ps["t.in"] = construction{nt: "clause", say: "t.in", slots: map[string]string{"a": "term", "list": "numcommas"}, act: func(v []any) any {
		a := v[0].(term)
		return counted(fmt.Sprintf("%s in %s", a.text, intList(v[1].([]int))), a.refs...)
	}}
	// its action is English's ("$term is between $term and $term")
	ps["t.range"] = construction{nt: "clause", say: "t.range", slots: map[string]string{"a": "term", "lo": "term", "hi": "term"}}

	// the card's place on the main line: "a carta é a 4.ª, 8.ª, 12.ª … carta"
	pos := func(neg bool) func(v []any) any {
		return func(v []any) any {
			if v[0].(string) != "card" {
				return nil
			}
			if neg {
				return not(v[1].(*pred))
			}
			return v[1]
		}
	}
	places := map[string]string{"places": "places"}
	ps["c.pos"] = construction{nt: "clause", say: "pos", prefix: "$ref", slots: places, act: pos(false)}
	ps["c.notpos"] = construction{nt: "clause", say: "pos", wrap: "not.vp", prefix: "$ref", slots: places, act: pos(true)}

	// suit cycles and maps: "do naipe que segue o da última carta no ciclo …"
	ps["f.cycle"] = construction{nt: "feature", say: "cycle", slots: map[string]string{"ref": "ref", "cycle": "cycle"}, act: func(v []any) any {
		ref, cyc := v[0].(string), v[1].([4]string)
		return fe(func(r string) *pred {
			return related(fmt.Sprintf("%s[%s.suit] == %s.suit", cycleMap(cyc), ref, r), r, ref)
		})
	}}
	ps["f.suitmap"] = construction{nt: "feature", say: "suitmap", slots: map[string]string{"ref": "ref", "pairs": "suitmap"}, act: func(v []any) any {
		ref, m := v[0].(string), v[1].(string)
		return fe(func(r string) *pred { return related(fmt.Sprintf("%s[%s.suit] == %s.suit", m, ref, r), r, ref) })
	}}
	// what a card is not: "não é nem um ás, nem um 8"
	ps["vp.nor"] = construction{nt: "vp", act: func(v []any) any { return v[0] }}
}

// arithOps are the language's words for the operators of numbers: the
// words between the two numbers of its phrases ("{a} mais {b}" → "mais"),
// the ways its file lists (read: t.plus …), and the signs.
func (t *tongue) arithOps() []arithOp {
	var ops []arithOp
	if t.lang == "en" {
		ops = append(ops, englishArith...) // "mod", "multiplied by" …
	}
	for _, key := range []string{"t.div", "t.minus", "t.mod", "t.plus", "t.times"} {
		op := map[string]string{"t.plus": "+", "t.minus": "-", "t.times": "*", "t.div": "/", "t.mod": "%"}[key]
		level := 2
		if op == "*" || op == "/" || op == "%" {
			level = 1
		}
		if p := t.phrases[key]; strings.HasPrefix(p, "{a}") && strings.HasSuffix(p, "{b}") {
			mid := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(p, "{a}"), "{b}"))
			ops = append(ops, arithOp{t.words(mid), op, level})
		}
		ops = append(ops, arithOp{[]string{op}, op, level})
	}
	for _, a := range t.arith {
		level := 2
		if a[1] == "*" || a[1] == "/" || a[1] == "%" {
			level = 1
		}
		ops = append(ops, arithOp{t.words(a[0]), a[1], level})
	}
	return ops
}

// numCommas reads "2, 3, 5" (numbers and commas, at least two).
func numCommas(p *reader, i int) []result {
	var ks []int
	var out []result
	for j := i; j < len(p.toks); {
		k, err := strconv.Atoi(p.toks[j])
		if err != nil {
			break
		}
		ks = append(ks, k)
		j++
		if len(ks) >= 2 {
			out = append(out, result{j, slices.Clone(ks)})
		}
		if j >= len(p.toks) || p.toks[j] != "," {
			break
		}
		j++
	}
	return out
}

// norList reads what a card is not, "nem um ás, nem um 3" (the
// language's "nor" before each), "neither an ace nor a 3" (its
// "nor.first" before the first).
func norList(p *reader, i int) []result {
	t := p.g.t
	nor, first := t.phrases["nor"], t.phrases["nor.first"]
	if nor == "" {
		return nil
	}
	if first == "" {
		first = nor
	}
	var out []result
	var walk func(i int, fs []feature)
	walk = func(i int, fs []feature) {
		word := nor
		if len(fs) == 0 {
			word = first
		}
		if i >= len(p.toks) || p.toks[i] != word {
			return
		}
		for _, r := range p.parse("featureA", i+1) {
			f2 := append(slices.Clone(fs), r.val.(feature))
			if len(f2) >= 2 {
				out = append(out, result{r.end, fe(func(ref string) *pred {
					ps := make([]*pred, len(f2))
					for k, f := range f2 {
						ps[k] = f(ref)
					}
					q := *not(or(ps...))
					q.nor = true
					return &q
				})})
			}
			if len(f2) >= 13 {
				continue
			}
			walk(r.end, f2)
			if r.end < len(p.toks) && p.toks[r.end] == "," {
				walk(r.end+1, f2)
			}
		}
	}
	walk(i, nil)
	return out
}

// places reads the places of a periodic position as the tongue writes
// them, "4.ª, 8.ª, 12.ª …" or "4a, 8a, 12a …": the card in place p has
// n = p − 1 cards before it.
func places(p *reader, i int) []result {
	t := p.g.t
	if !t.has("ordinal") {
		return nil
	}
	var ps []int
	j := i
	for j < len(p.toks) {
		digits := strings.TrimRightFunc(p.toks[j], func(r rune) bool { return r < '0' || r > '9' })
		k, err := strconv.Atoi(digits)
		if err != nil {
			break
		}
		want := t.words(t.say("ordinal", "k", fmt.Sprint(k), "ord", Ordinal(k)))
		if j+len(want) > len(p.toks) || !slices.Equal(p.toks[j:j+len(want)], want) {
			break
		}
		ps = append(ps, k)
		j += len(want)
		if j < len(p.toks) && p.toks[j] == "," {
			j++
		}
	}
	step, ok := periodic(ps)
	if !ok || j >= len(p.toks) || p.toks[j] != "…" {
		return nil
	}
	return []result{{j + 1, atom(fmt.Sprintf("n %% %d == %d", step, (ps[0]-1)%step))}}
}
