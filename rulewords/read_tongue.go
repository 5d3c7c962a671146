package rulewords

import (
	"fmt"
	"slices"
	"strings"
)

// ReadIn reads a rule written in lang's words ("pt", "es", "ca"; "en" is
// Read), with the same promises as Read: every reading of an ambiguous
// text, an error saying where reading stopped, never a guess. It reads
// what SayIn writes and the common ways of saying a rule in the language
// (the "read:" part of its phrase file: "se a carta anterior for preta,
// jogue 7 ou maior"); the readings are said back with SayIn.
func ReadIn(lang, text string) (out []Reading, err error) {
	if english(lang) {
		return Read(text)
	}
	t, err := tongueFor(lang)
	if err != nil {
		return nil, err
	}
	g, err := t.grammar()
	if err != nil {
		return nil, err
	}
	defer func() {
		if p := recover(); p != nil {
			out, err = nil, fmt.Errorf("cannot read it as a rule (rulewords: %v)", p)
		}
	}()
	toks := t.readTokens(text)
	if len(toks) == 0 {
		return nil, fmt.Errorf("the text is empty")
	}
	p := &reader{g: g, toks: toks, memo: map[memoKey][]result{}, busy: map[memoKey]bool{}}
	rs := p.parse("rule", 0)
	if p.steps > maxSteps {
		return nil, errTooLong
	}
	seen := map[string]bool{}
	for _, r := range rs {
		pr, ok := r.val.(*pred)
		if r.end != len(toks) || !ok || seen[pr.expr()] {
			continue
		}
		e := pr.expr()
		seen[e] = true
		words, err := SayIn(lang, e)
		if err != nil {
			words = ""
		}
		out = append(out, Reading{Expr: e, Words: words})
	}
	if len(out) == 0 {
		return nil, p.stuck()
	}
	return out, nil
}

// readTokens are the words of a text as the grammar reads them: lower
// case, an elided article kept with its apostrophe ("l'última"), and the
// contractions taken apart ("da" is "de a", "del" is "de el"), the
// euphonic forms as the plain ones (Spanish "e" is "y").
func (t *tongue) readTokens(text string) []string {
	raw := tokens(text)
	var merged []string
	for i := 0; i < len(raw); i++ {
		if i+1 < len(raw) && raw[i+1] == "'" && len(raw[i]) <= 2 && i+2 < len(raw) {
			merged = append(merged, raw[i]+"'")
			i++
			continue
		}
		merged = append(merged, raw[i])
	}
	var out []string
	for _, w := range merged {
		parts := []string{w}
		for _, c := range t.contract {
			if len(c[1]) == 1 && c[1][0] == w {
				parts = c[0]
				break
			}
		}
		if strings.HasSuffix(w, "'") && w != "l'" {
			parts = []string{"de"} // d'un, d'eixa
		}
		for _, e := range t.euphony {
			if len(parts) == 1 && parts[0] == e.As {
				parts = []string{e.Word}
			}
		}
		out = append(out, parts...)
	}
	return out
}

// A production of a tongue's grammar: its nonterminal, its action, and
// the phrase SayIn writes for it (its first pattern, the slots turned
// into nonterminals), if any.
type tongueProd struct {
	nt, say string
	slots   map[string]string // slot → nonterminal
	act     func(v []any) any
	// wrap: the phrase is said inside another ("not.vp": "não {vp}");
	// prefix: words before it ("$ref" for a verb phrase read as a clause)
	wrap, prefix string
}

func constant(x any) func([]any) any { return func([]any) any { return x } }

// tongueProds are the productions every tongue has; their patterns are
// in the phrase files (read:), after the phrase SayIn writes.
func tongueProds() map[string]tongueProd {
	ps := map[string]tongueProd{}
	for _, r := range []struct{ name, expr string }{{"card", "card"}, {"prev", "prev"}, {"prev2", "prev2"}, {"prev3", "prev3"}, {"starter", "line[0]"}} {
		ps["ref."+r.name] = tongueProd{nt: "ref", say: r.name, act: constant(r.expr)}
	}
	ps["ref.lastof"] = tongueProd{nt: "ref", say: "lastof", slots: map[string]string{"vp": "vps"}, act: func(v []any) any {
		return fmt.Sprintf("last(filter(line, %s))", v[0].(feature)("#").expr())
	}}
	ps["ref.that"] = tongueProd{nt: "ref", say: "that", act: constant("#")}
	for _, c := range colorNames {
		ps["color."+c] = tongueProd{nt: "color", say: c, act: constant(c)}
		ps["color."+c+".many"] = tongueProd{nt: "color", say: c + ".many", act: constant(c)}
	}
	for _, s := range []string{"spades", "hearts", "diamonds", "clubs"} {
		ps["suit."+s] = tongueProd{nt: "suit", say: s + ".name", act: constant(s)}
	}
	for k := 1; k <= 13; k++ {
		ps[fmt.Sprintf("rank.%d", k)] = tongueProd{nt: "rankw", say: fmt.Sprintf("rank.%d", k), act: constant(k)}
	}
	field := func(f string) func(v []any) any {
		return func(v []any) any { return f }
	}
	for _, f := range []string{"color", "suit", "rank", "even"} {
		ps["field."+f] = tongueProd{nt: "field", act: field(f)}
	}
	ref := map[string]string{"ref": "ref"}
	onRef := func(op, field string) func(v []any) any {
		return func(v []any) any {
			to := v[0].(string)
			return fe(func(r string) *pred { return sameField(field, r, to, op) })
		}
	}
	for _, f := range []string{"color", "suit", "rank", "even"} {
		ps["vp.same."+f] = tongueProd{nt: "vp", say: "same." + f, slots: ref, act: onRef("==", f)}
		ps["vp.different."+f] = tongueProd{nt: "vp", say: "different." + f, slots: ref, act: onRef("!=", f)}
		ps["f.same."+f] = tongueProd{nt: "feature", act: onRef("==", f)}
		ps["f.different."+f] = tongueProd{nt: "feature", act: onRef("!=", f)}
	}
	ps["f.same2"] = tongueProd{nt: "feature", act: func(v []any) any {
		a, b, to := v[0].(string), v[1].(string), v[2].(string)
		return fe(func(r string) *pred { return or(sameField(a, r, to, "=="), sameField(b, r, to, "==")) })
	}}
	for name, op := range map[string]string{"higher": ">", "lower": "<", "atleast": ">=", "atmost": "<="} {
		ps["vp."+name] = tongueProd{nt: "vp", say: name, slots: ref, act: rankVs(op)}
		ps["f."+name] = tongueProd{nt: "feature", act: rankVs(op)}
	}
	num := map[string]string{"k": "num"}
	for name, op := range map[string]string{"ge": ">=", "gt": ">", "le": "<=", "lt": "<"} {
		ps["vp."+name] = tongueProd{nt: "vp", say: "rank." + name, slots: num, act: rankIs(op)}
		ps["f."+name] = tongueProd{nt: "feature", act: rankIs(op)}
	}
	between := func(v []any) any {
		a, b := v[0].(int), v[1].(int)
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.rank >= %d and %s.rank <= %d", r, a, r, b), r) })
	}
	ps["vp.between"] = tongueProd{nt: "vp", say: "rank.between", slots: map[string]string{"a": "num", "b": "num"}, act: between}
	ps["f.between"] = tongueProd{nt: "feature", act: between}
	multiple := func(v []any) any {
		k := v[0].(int)
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.rank %% %d == 0", r, k), r) })
	}
	ps["vp.multiple"] = tongueProd{nt: "vp", say: "rank.multiple", slots: num, act: multiple}
	steps := func(kind string) func(v []any) any {
		return func(v []any) any {
			k, to := v[0].(int), v[1].(string)
			return fe(func(r string) *pred {
				switch kind {
				case "above.wrap":
					return related(fmt.Sprintf("%s.rank == (%s.rank + %d) %% 13 + 1", r, to, mod13(k-1)), r, to)
				case "below.wrap":
					return related(fmt.Sprintf("%s.rank == (%s.rank + %d) %% 13 + 1", r, to, mod13(12-k)), r, to)
				case "above":
					return related(fmt.Sprintf("%s.rank == %s.rank + %d", r, to, k), r, to)
				case "below":
					return related(fmt.Sprintf("%s.rank == %s.rank - %d", r, to, k), r, to)
				}
				return related(fmt.Sprintf("abs(%s.rank - %s.rank) <= %d", r, to, k), r, to)
			})
		}
	}
	stepSlots := map[string]string{"steps": "steps", "ref": "ref"}
	for _, kind := range []string{"above", "below", "above.wrap", "below.wrap", "within"} {
		ps["vp."+kind] = tongueProd{nt: "vp", say: kind, slots: stepSlots, act: steps(kind)}
	}
	ps["steps.one"] = tongueProd{nt: "steps", say: "steps", slots: num, act: func(v []any) any { return v[0] }}
	ps["steps.many"] = tongueProd{nt: "steps", say: "steps.many", slots: num, act: func(v []any) any { return v[0] }}

	color := func(v []any) any {
		c := v[0].(string)
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.color == %q", r, c), r) })
	}
	suit := func(v []any) any {
		s := v[0].(string)
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.suit == %q", r, s), r) })
	}
	ps["f.color"] = tongueProd{nt: "feature", act: color}
	ps["f.suit"] = tongueProd{nt: "feature", act: suit}
	for _, s := range []string{"spades", "hearts", "diamonds", "clubs"} {
		ps["f.suit."+s] = tongueProd{nt: "feature", say: s, act: suit([]any{s}).(feature).asAct()}
	}
	for _, b := range []string{"face", "even", "odd"} {
		ps["f."+b] = tongueProd{nt: "feature", say: b, act: boolField(b)}
		ps["f."+b+".many"] = tongueProd{nt: "feature", say: b + ".many", act: boolField(b)}
	}
	ps["f.rank"] = tongueProd{nt: "feature", act: rankIs("==")}
	ps["f.ranks"] = tongueProd{nt: "feature", act: func(v []any) any {
		ks := v[0].([]int)
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.rank in %s", r, intList(ks)), r) })
	}}
	ps["f.not"] = tongueProd{nt: "featureA", act: func(v []any) any {
		f := v[0].(feature)
		return fe(func(r string) *pred { return not(f(r)) })
	}}
	ps["f.card"] = tongueProd{nt: "feature", act: func(v []any) any { return v[0] }}

	ps["vp.is"] = tongueProd{nt: "vp", say: "is", slots: map[string]string{"x": "features"}, act: func(v []any) any { return v[0] }}
	ps["vp.not"] = tongueProd{nt: "vp", say: "not.vp", slots: map[string]string{"vp": "vp"}, act: func(v []any) any {
		f := v[0].(feature)
		return fe(func(r string) *pred { return not(f(r)) })
	}}

	for _, r := range []struct{ name, expr string }{{"prev", "prev"}, {"prev2", "prev2"}, {"prev3", "prev3"}, {"starter", "line[0]"}} {
		ps["c.exists."+r.name] = tongueProd{nt: "clause", say: "exists." + r.name, act: constant(atom(r.expr + " != nil"))}
		ps["c.missing."+r.name] = tongueProd{nt: "clause", say: "missing." + r.name, act: constant(atom(r.expr + " == nil"))}
	}
	ps["c.any"] = tongueProd{nt: "clause", say: "any", act: constant(yes)}
	ps["c.none"] = tongueProd{nt: "clause", say: "none", act: constant(no)}
	ps["c.paren"] = tongueProd{nt: "clause", act: func(v []any) any { return v[0] }}
	// a clause negated whole, where no "não" fits inside: "é falso o seguinte: (…)"
	ps["c.notclause"] = tongueProd{nt: "clause", say: "not.clause", slots: map[string]string{"a": "cond"}, act: func(v []any) any { return not(v[0].(*pred)) }}
	quant := func(fn, coll string) func(v []any) any {
		return func(v []any) any {
			c, f := "line", v[len(v)-1].(feature)
			if coll == "last" {
				c = fmt.Sprintf("line[max(0, n - %d):]", v[0].(int))
			}
			return atom(fmt.Sprintf("%s(%s, %s)", fn, c, f("#").expr()))
		}
	}
	for _, q := range []string{"all", "any", "none", "one"} {
		ps["q."+q+".line"] = tongueProd{nt: "clause", say: q + ".line", slots: map[string]string{"vp": "vps"}, act: quant(q, "line")}
		ps["q."+q+".last"] = tongueProd{nt: "clause", say: q + ".last", slots: map[string]string{"k": "num", "vp": "vps"}, act: quant(q, "last")}
	}

	ps["s.if"] = tongueProd{nt: "sentence", say: "if", slots: map[string]string{"c": "cond", "a": "sentence", "b": "sentence"},
		act: func(v []any) any { return ifThen(v[0].(*pred), v[1].(*pred), v[2].(*pred)) }}
	ps["s.ifonly"] = tongueProd{nt: "sentence", act: func(v []any) any { return ifThen(v[0].(*pred), v[1].(*pred), yes) }}
	ps["s.ifprev"] = tongueProd{nt: "sentence", act: func(v []any) any { return ifThen(v[0].(feature)("prev"), v[1].(*pred), yes) }}
	ps["s.ifprevelse"] = tongueProd{nt: "sentence", act: func(v []any) any { return ifThen(v[0].(feature)("prev"), v[1].(*pred), v[2].(*pred)) }}
	ps["s.iff"] = tongueProd{nt: "iffs", say: "iff", slots: map[string]string{"a": "pred", "b": "pred"},
		act: func(v []any) any { return iff(v[0].(*pred), v[1].(*pred)) }}
	ps["s.play"] = tongueProd{nt: "simple", act: onCard}
	ps["s.never"] = tongueProd{nt: "simple", act: func(v []any) any { return not(v[0].(feature)("card")) }}
	addTermProds(ps)
	return ps
}

func boolField(name string) func([]any) any {
	return func([]any) any { return fe(func(r string) *pred { return guarded(r+"."+name, r) }) }
}

// asAct is a feature as an action that ignores its slots.
func (f feature) asAct() func([]any) any { return func([]any) any { return f } }

// grammar is the tongue's grammar of rules, built once.
func (t *tongue) grammar() (*grammar, error) {
	t.once.Do(func() { t.g, t.gErr = t.buildGrammar() })
	return t.g, t.gErr
}

var slotRE = strings.NewReplacer("{", " {", "}", "} ")

func (t *tongue) buildGrammar() (*grammar, error) {
	g := newGrammar(t.phrases["and"], t.phrases["or"], t.articles...)
	prods := tongueProds()
	names := make([]string, 0, len(prods))
	for n := range prods {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, name := range names {
		pr := prods[name]
		var pats []string
		if pr.say != "" {
			// the phrase SayIn writes, its slots as nonterminals; a verb
			// phrase said of several cards too ("… que têm o mesmo naipe
			// que a carta"), where the file has its ".many"
			says := []string{pr.say}
			if pr.nt == "vp" && t.has(pr.say+".many") {
				says = append(says, pr.say+".many")
			}
			for _, key := range says {
				p, err := t.sayPattern(pr, key)
				if err != nil {
					return nil, err
				}
				pats = append(pats, p)
			}
		}
		pats = append(pats, t.read[name]...)
		if len(pats) == 0 {
			continue
		}
		var toks []string
		for _, p := range pats {
			toks = append(toks, t.patternTokens(p))
		}
		g.def(pr.nt, "", pr.act, toks...)
	}
	// the parts every tongue reads alike
	g.def("features", "", func(v []any) any { return v[0] }, "$featuresC")
	g.def("cond", "", func(v []any) any { return v[0] }, "$pred", "$iffs")
	g.def("sentence", "", func(v []any) any { return v[0] }, "$simple", "$iffs")
	g.def("simple", "", func(v []any) any { return v[0] }, "$pred")
	g.def("simple", "", onCard, "$features")
	g.def("featureA", "", func(v []any) any { return v[0] }, "$feature")
	g.def("feature", "", func(v []any) any { return v[0] }, "( $features )")
	g.def("clause", "", func(v []any) any { return v[0] }, "( $rule )", "( $iffs )")
	g.def("clause", "", func(v []any) any { return v[1].(feature)(v[0].(string)) }, "$ref $vps")
	g.def("tatom", "", func(v []any) any { return term{fmt.Sprint(v[0]), nil} }, "$num")
	g.def("tatom", "", func(v []any) any { t := v[0].(term); return term{paren(t.text), t.refs} }, "( $term )")
	t.addTermSpecials(g)
	num := theGrammar().special["num"]
	g.special["num"] = num
	g.special["ranklist"] = listOf("rankw", true)
	g.special["pred"] = func(p *reader, i int) []result { return p.coordinate("clause", i, predComb) }
	g.special["featuresC"] = func(p *reader, i int) []result { return p.coordinate("featureA", i, featComb) }
	g.special["vps"] = func(p *reader, i int) []result { return p.coordinate("vp", i, featComb) }
	g.special["rule"] = sentences
	return g, nil
}

// sayPattern is the phrase key SayIn writes for pr as a pattern of the
// grammar: its slots as pr's nonterminals.
func (t *tongue) sayPattern(pr tongueProd, key string) (string, error) {
	text := t.phrases[key]
	if pr.wrap != "" {
		text = t.say(pr.wrap, "vp", text)
	}
	words := strings.Fields(slotRE.Replace(strings.TrimSpace(pr.prefix + " " + text)))
	for i, w := range words {
		if strings.HasPrefix(w, "{") && strings.HasSuffix(w, "}") {
			nt := pr.slots[w[1:len(w)-1]]
			if nt == "" {
				return "", fmt.Errorf("%s:%d: %s: the slot %s cannot be read", t.file, t.lines[key], key, w)
			}
			words[i] = "$" + nt
		}
	}
	return strings.Join(words, " "), nil
}

// patternTokens is a pattern of the phrase file as the grammar's words:
// tokenized as a text is (readTokens), the slots and the pattern marks
// (x|y, [x]) kept.
func (t *tongue) patternTokens(p string) string {
	var out []string
	for _, w := range strings.Fields(p) {
		if strings.HasPrefix(w, "$") || strings.ContainsAny(w, "|[]") {
			out = append(out, w)
			continue
		}
		out = append(out, t.readTokens(w)...)
	}
	return strings.Join(out, " ")
}
