package rulewords

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// ReadIn reads a rule written in lang's words ("pt", "es", "ca"; "en" is
// Read), with the same promises as Read: every reading of an ambiguous
// text, an error saying where reading stopped, never a guess. It reads
// what SayIn writes and the common ways of saying a rule in the language
// (the "read:" part of its phrase file: "se a carta anterior for preta,
// jogue 7 ou maior"); the readings are said back with SayIn.
func ReadIn(lang, text string) (out []Reading, err error) {
	t := englishTongue()
	if !english(lang) {
		if t, err = tongueFor(lang); err != nil {
			return nil, err
		}
	}
	return t.readText(text)
}

// read reads text in the tongue's words.
func (t *tongue) readText(text string) (out []Reading, err error) {
	g, err := t.grammar()
	if err != nil {
		return nil, err
	}
	defer func() {
		if p := recover(); p != nil {
			// a slip of the grammar's actions: refuse the text, never crash
			out, err = nil, fmt.Errorf("cannot read it as a rule (rulewords: %v)", p)
		}
	}()
	toks, from := t.readTokensFrom(text)
	if len(toks) == 0 {
		return nil, fmt.Errorf("the text is empty")
	}
	p := &reader{g: g, toks: toks, from: from, memo: map[memoKey][]result{}, busy: map[memoKey]bool{}, watch: -1}
	rs := p.parse("rule", 0)
	if p.over() {
		return nil, errTooLong
	}
	seen := map[string]bool{}
	onlyNotes := false
	why := ""         // the reason words read whole are refused (refusal)
	var dead []string // readings dropped for a comparison that never holds
	impossibleAnd := map[string]bool{}
	for _, r := range rs {
		if r.end != len(toks) {
			continue
		}
		if rf, ok := r.val.(refusal); ok {
			why = rf.why
			continue
		}
		pr, ok := r.val.(*pred)
		if !ok {
			onlyNotes = true
			continue
		}
		if setWithLast(pr) || setAlone(pr) {
			continue
		}
		for _, q := range waitingToo(waiting(eachOf(pr))) {
			if idlePart(q) {
				continue
			}
			e, ok, never := sound(lastElse(q).expr())
			if never != "" && !slices.Contains(dead, never) {
				dead = append(dead, never)
			}
			if !ok || seen[e] {
				continue
			}
			seen[e] = true
			if hasImpossibleAnd(q) {
				impossibleAnd[e] = true
			}
			words, err := SayIn(t.lang, e)
			if err != nil {
				words = ""
			}
			out = append(out, Reading{Expr: e, Words: words})
		}
	}
	if len(out) > 1 {
		// a reading of the card alone that no card meets is none anyone
		// means, beside others ("red cards below 8; black cards above 7"
		// read as one card both); nor is one with a part that asks a card
		// no card is ("preta preta vermelha, repete" read as "after a
		// black card, a card black and red")
		kept := slices.DeleteFunc(slices.Clone(out), func(r Reading) bool {
			return noCardMeets(r.Expr) || impossibleAnd[r.Expr] || multipleToo(r.Expr, out)
		})
		if len(kept) > 0 {
			out = kept
		}
	}
	if len(out) == 0 {
		if why != "" {
			return nil, fmt.Errorf("cannot read it as a rule: %s", why)
		}
		if onlyNotes {
			return nil, fmt.Errorf("the text says how cards are counted but no rule")
		}
		if len(dead) > 0 {
			return nil, fmt.Errorf("the words read only as a rule with a part no cards can ever make true or, said with \"not\", false (%s), "+
				"which cannot be what you mean: say it another way", strings.Join(dead, "; "))
		}
		return nil, p.stuck()
	}
	return out, nil
}

// readTokens are the words of a text as the grammar reads them (words),
// the filler dropped; a final full stop or exclamation says nothing.
func (t *tongue) readTokens(text string) []string {
	out, _ := t.readTokensFrom(text)
	return out
}

// readTokensFrom is readTokens and, for each word, the words of the text
// it stands for ("tens de jogar" for "joga"; "" for the second word of a
// respelling), which a message quotes.
func (t *tongue) readTokensFrom(text string) (out, from []string) {
	plain := t.plainWords(text)
	out, from = t.dropFiller(t.respelledFrom(plain, slices.Clone(plain)))
	// what is left of a sentence's end or a filler's commas says nothing
	for len(out) > 0 && slices.Contains([]string{".", "!", ",", ";", ":", "?"}, out[len(out)-1]) {
		out, from = out[:len(out)-1], from[:len(from)-1]
	}
	for len(out) > 0 && slices.Contains([]string{",", ";", ":"}, out[0]) {
		out, from = out[1:], from[1:]
	}
	return out, from
}

// words are the words of a text or a pattern as the grammar reads them:
// lower case; an elided article kept with its apostrophe ("l'última"),
// the contractions taken apart ("da" is "de a", "del" is "de el"), the
// euphonic forms as the plain ones (Spanish "e" is "y"); a word of four
// letters or more without its accents ("ultima" is "última": people type
// either); and the words the file respells, as it spells them.
func (t *tongue) words(text string) []string {
	return t.respelled(t.plainWords(text))
}

func (t *tongue) plainWords(text string) []string {
	raw := split(text)
	var merged []string
	for i := 0; i < len(raw); i++ {
		// (an elided article ends a pattern's words before a slot: "de l' $num")
		if t.lang != "en" && i+1 < len(raw) && raw[i+1] == "'" && len(raw[i]) <= 2 && (i+2 < len(raw) || len(raw[i]) == 1) {
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
		if t.lang != "en" && strings.HasSuffix(w, "'") && w != "l'" {
			parts = []string{"de"} // d'un, d'eixa
		}
		for _, e := range t.euphony {
			if len(parts) == 1 && parts[0] == e.As {
				parts = []string{e.Word}
			}
		}
		for _, p := range parts {
			out = append(out, fold(p))
		}
	}
	return out
}

// fold is a word of four letters or more without its accents: "número"
// and "numero" alike. Shorter words keep them (Portuguese "é" is not "e").
func fold(w string) string {
	if utf8.RuneCountInString(w) < 4 || !strings.ContainsFunc(w, func(r rune) bool { return r > unicode.MaxASCII }) {
		return w
	}
	out, _, err := transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC), w)
	if err != nil {
		return w
	}
	return out
}

// respelled replaces what the file respells, longest first, until
// nothing more is ("has to be" is "must be", which is "is").
func (t *tongue) respelled(ws []string) []string {
	out, _ := t.respelledFrom(ws, make([]string, len(ws)))
	return out
}

// respelledFrom is respelled with, for each word, the words it stands for
// (from, one a word of ws).
func (t *tongue) respelledFrom(ws, from []string) ([]string, []string) {
	for range 5 {
		next, nextFrom := t.respellOnceOver(ws, from)
		if slices.Equal(next, ws) {
			break
		}
		ws, from = next, nextFrom
	}
	return ws, from
}

func (t *tongue) respellOnceOver(ws, from []string) ([]string, []string) {
	rules := t.respellRules()
	if len(rules) == 0 {
		return ws, from
	}
	var out, outFrom []string
	for i := 0; i < len(ws); {
		done := false
		for _, r := range rules {
			if i+len(r[0]) <= len(ws) && slices.Equal(ws[i:i+len(r[0])], r[0]) {
				out = append(out, r[1]...)
				if len(r[1]) > 0 {
					outFrom = append(outFrom, strings.TrimSpace(strings.Join(from[i:i+len(r[0])], " ")))
					outFrom = append(outFrom, make([]string, len(r[1])-1)...)
				}
				i += len(r[0])
				done = true
				break
			}
		}
		if !done {
			out, outFrom = append(out, ws[i]), append(outFrom, from[i])
			i++
		}
	}
	return out, outFrom
}

// respellRules are the file's respellings as words, longest first.
func (t *tongue) respellRules() [][2][]string {
	t.respellOnce.Do(func() {
		for _, r := range t.respell {
			from, to := t.plainWords(strings.Join(r[0], " ")), t.plainWords(strings.Join(r[1], " "))
			t.respellToks = append(t.respellToks, [2][]string{from, to})
		}
		slices.SortStableFunc(t.respellToks, func(a, b [2][]string) int { return len(b[0]) - len(a[0]) })
	})
	return t.respellToks
}

// dropFiller drops the filler, the filler at the start of each sentence
// (after a full stop, a semicolon or a colon) and at the end of each
// clause (before a stop, a comma, a bracket or the end).
func (t *tongue) dropFiller(ws, from []string) ([]string, []string) {
	var out, outFrom []string
	start := true
	t.fillerWords(true)
	for i := 0; i < len(ws); {
		n := 0
		for _, f := range t.fillerWords(start) {
			if len(f) > n && i+len(f) <= len(ws) && slices.Equal(ws[i:i+len(f)], f) {
				n = len(f)
			}
		}
		for _, f := range t.fillerEndToks {
			if len(f) > n && i+len(f) <= len(ws) && slices.Equal(ws[i:i+len(f)], f) &&
				(i+len(f) == len(ws) || slices.Contains([]string{".", ";", ",", ":", "!", "?", ")"}, ws[i+len(f)])) {
				n = len(f)
			}
		}
		if n > 0 {
			i += n
			continue
		}
		out, outFrom = append(out, ws[i]), append(outFrom, from[i])
		start = ws[i] == "." || ws[i] == ";" || ws[i] == ":"
		i++
	}
	return out, outFrom
}

func (t *tongue) fillerWords(start bool) [][]string {
	t.fillerOnce.Do(func() {
		for _, f := range t.filler {
			t.fillerToks = append(t.fillerToks, t.words(strings.Join(f, " ")))
		}
		for _, f := range t.fillerStart {
			t.fillerStartToks = append(t.fillerStartToks, t.words(strings.Join(f, " ")))
		}
		for _, f := range t.fillerEnd {
			t.fillerEndToks = append(t.fillerEndToks, t.words(strings.Join(f, " ")))
		}
	})
	if start {
		return append(slices.Clone(t.fillerToks), t.fillerStartToks...)
	}
	return t.fillerToks
}

func constant(x any) func([]any) any { return func([]any) any { return x } }

// buildTongue adds the constructions SayIn writes (said in every
// language that has the phrase, and read back), and those only the phrase
// files give words for (read:).
func (r *registry) buildTongue() {
	ps := map[string]construction{}
	for _, r := range []struct{ name, expr string }{{"card", "card"}, {"prev", "prev"}, {"prev2", "prev2"}, {"prev3", "prev3"}, {"starter", "line[0]"}} {
		ps["ref."+r.name] = construction{nt: "ref", say: r.name, act: constant(r.expr)}
	}
	ps["ref.lastof"] = construction{nt: "ref", say: "lastof", slots: map[string]string{"vp": "vps"}, act: func(v []any) any {
		return fmt.Sprintf("last(filter(line, %s))", v[0].(feature)("#").expr())
	}}
	ps["ref.that"] = construction{nt: "ref", say: "that", act: constant("#")}
	for _, c := range colorNames {
		ps["color."+c] = construction{nt: "color", say: c, act: constant(c)}
		ps["color."+c+".many"] = construction{nt: "color", say: c + ".many", act: constant(c)}
	}
	for _, s := range []string{"spades", "hearts", "diamonds", "clubs"} {
		ps["suit."+s] = construction{nt: "suit", say: s + ".name", act: constant(s)}
	}
	for k := 1; k <= 13; k++ {
		ps[fmt.Sprintf("rank.%d", k)] = construction{nt: "rankw", say: fmt.Sprintf("rank.%d", k), act: constant(k)}
	}
	field := func(f string) func(v []any) any {
		return func(v []any) any { return fieldName(f) }
	}
	for _, f := range []string{"color", "suit", "rank", "even"} {
		ps["field."+f] = construction{nt: "field", act: field(f)}
	}
	ref := map[string]string{"ref": "ref"}
	onRef := func(op, field string) func(v []any) any {
		return func(v []any) any {
			to := v[0].(string)
			return fe(func(r string) *pred { return sameField(field, r, to, op) })
		}
	}
	for _, f := range []string{"color", "suit", "rank", "even"} {
		ps["vp.same."+f] = construction{nt: "vp", say: "same." + f, slots: ref, act: onRef("==", f)}
		ps["vp.different."+f] = construction{nt: "vp", say: "different." + f, slots: ref, act: onRef("!=", f)}
		ps["f.same."+f] = construction{nt: "feature", act: onRef("==", f)}
		ps["f.different."+f] = construction{nt: "feature", act: onRef("!=", f)}
	}
	ps["f.same2"] = construction{nt: "feature", act: func(v []any) any {
		fs, refs := slots(v)
		return fe(func(r string) *pred {
			return or(sameField(fs[0], r, refs[0], "=="), sameField(fs[1], r, refs[0], "=="))
		})
	}}
	for name, op := range map[string]string{"higher": ">", "lower": "<", "atleast": ">=", "atmost": "<="} {
		ps["vp."+name] = construction{nt: "vp", say: name, slots: ref, act: rankVs(op)}
		ps["f."+name] = construction{nt: "feature", act: rankVs(op)}
	}
	num := map[string]string{"k": "num"}
	// a threshold: the number, or the rank as a noun ("a jack or higher")
	threshold := map[string]string{"k": "num", "rank": "rankn"}
	for name, op := range map[string]string{"ge": ">=", "gt": ">", "le": "<=", "lt": "<"} {
		ps["vp."+name] = construction{nt: "vp", say: "rank." + name, slots: threshold, act: rankIs(op)}
		ps["f."+name] = construction{nt: "feature", act: rankIs(op)}
	}
	between := func(v []any) any {
		a, b := v[0].(int), v[1].(int)
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.rank >= %d and %s.rank <= %d", r, a, r, b), r) })
	}
	ps["vp.between"] = construction{nt: "vp", say: "rank.between", slots: map[string]string{"a": "num", "b": "num"}, act: between}
	ps["f.between"] = construction{nt: "feature", act: between}
	multiple := func(v []any) any {
		k := v[0].(int)
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.rank %% %d == 0", r, k), r) })
	}
	ps["vp.multiple"] = construction{nt: "vp", say: "rank.multiple", slots: num, act: multiple}
	steps := func(kind string) func(v []any) any {
		return func(v []any) any {
			k, to := v[0].(int), v[1].(string)
			return fe(func(r string) *pred {
				switch kind {
				case "above.wrap":
					return related(wrapStep(r, to, mod13(k-1)), r, to)
				case "below.wrap":
					return related(wrapStep(r, to, mod13(12-k)), r, to)
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
		ps["vp."+kind] = construction{nt: "vp", say: kind, slots: stepSlots, act: steps(kind)}
	}
	ps["steps.one"] = construction{nt: "steps", say: "steps", slots: num, act: func(v []any) any { return v[0] }}
	ps["steps.many"] = construction{nt: "steps", say: "steps.many", slots: num, act: func(v []any) any { return v[0] }}

	color := func(v []any) any {
		c := v[0].(string)
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.color == %q", r, c), r) })
	}
	suit := func(v []any) any {
		s := v[0].(string)
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.suit == %q", r, s), r) })
	}
	ps["f.color"] = construction{nt: "feature", act: color}
	ps["f.suit"] = construction{nt: "feature", act: suit}
	for _, s := range []string{"spades", "hearts", "diamonds", "clubs"} {
		ps["f.suit."+s] = construction{nt: "feature", say: s, act: suit([]any{s}).(feature).asAct()}
	}
	for _, b := range []string{"face", "even", "odd"} {
		ps["f."+b] = construction{nt: "feature", say: b, act: boolField(b)}
		ps["f."+b+".many"] = construction{nt: "feature", say: b + ".many", act: boolField(b)}
	}
	ps["f.rank"] = construction{nt: "feature", act: rankIs("==")}
	ps["f.ranks"] = construction{nt: "feature", act: func(v []any) any {
		ks := v[0].([]int)
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.rank in %s", r, intList(ks)), r) })
	}}
	ps["f.not"] = construction{nt: "featureA", act: func(v []any) any {
		f := v[0].(feature)
		return fe(func(r string) *pred { return not(f(r)) })
	}}
	ps["f.card"] = construction{nt: "feature", act: func(v []any) any { return v[0] }}

	ps["vp.is"] = construction{nt: "vp", say: "is", slots: map[string]string{"x": "features"}, act: func(v []any) any { return v[0] }}
	ps["vp.not"] = construction{nt: "vp", say: "not.vp", slots: map[string]string{"vp": "vp"}, act: func(v []any) any {
		f := v[0].(feature)
		return fe(func(r string) *pred { return not(f(r)) })
	}}

	for _, r := range []struct{ name, expr string }{{"prev", "prev"}, {"prev2", "prev2"}, {"prev3", "prev3"}, {"starter", "line[0]"}} {
		ps["c.exists."+r.name] = construction{nt: "clause", say: "exists." + r.name, act: constant(saidAtom(r.expr + " != nil"))}
		ps["c.missing."+r.name] = construction{nt: "clause", say: "missing." + r.name, act: constant(saidAtom(r.expr + " == nil"))}
	}
	ps["c.any"] = construction{nt: "clause", say: "any", act: constant(yes)}
	ps["c.none"] = construction{nt: "clause", say: "none", act: constant(no)}
	ps["c.paren"] = construction{nt: "clause", act: func(v []any) any { return v[0] }}
	// a clause negated whole, where no "não" fits inside: "é falso o seguinte: (…)"
	ps["c.notclause"] = construction{nt: "clause", say: "not.clause", slots: map[string]string{"a": "cond"}, act: func(v []any) any { return not(v[0].(*pred)) }}
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
		ps["q."+q+".line"] = construction{nt: "clause", say: q + ".line", slots: map[string]string{"vp": "vps"}, act: quant(q, "line")}
		ps["q."+q+".last"] = construction{nt: "clause", say: q + ".last", slots: map[string]string{"k": "num", "vp": "vps"}, act: quant(q, "last")}
	}

	ps["s.if"] = construction{nt: "sentence", say: "if", slots: map[string]string{"c": "cond", "a": "sentence", "b": "sentence"},
		act: func(v []any) any { return ifThen(v[0].(*pred), v[1].(*pred), v[2].(*pred)) }}
	ps["s.ifonly"] = construction{nt: "sentence", act: func(v []any) any { return ifThen(v[0].(*pred), v[1].(*pred), yes) }}
	ps["s.iff"] = construction{nt: "iffs", say: "iff", slots: map[string]string{"a": "pred", "b": "pred"},
		act: func(v []any) any { return iff(v[0].(*pred), v[1].(*pred)) }}
	ps["s.play"] = construction{nt: "simple", act: onCard}
	ps["s.never"] = construction{nt: "simple", act: func(v []any) any { return not(v[0].(feature)("card")) }}
	addTermProds(ps)
	names := make([]string, 0, len(ps))
	for n := range ps {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		r.spoken(n, ps[n])
	}
}

func boolField(name string) func([]any) any {
	return func([]any) any { return fe(func(r string) *pred { return guarded(r+"."+name, r) }) }
}

// asAct is a feature as an action that ignores its slots.
func (f feature) asAct() func([]any) any { return func([]any) any { return f } }
