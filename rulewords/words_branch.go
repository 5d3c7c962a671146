package rulewords

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Rules in branches: conditions in a row ("if the last card is a spade
// play a diamond, if it is a diamond play a club, otherwise …"), a
// condition that leaves its subject out ("if even, a lower one": the
// subject of the condition before), exceptions ("unless", "except after a
// king", "but after a queen anything goes", "but no face cards") and
// cards that may always be played ("kings are wild, otherwise …").

// branch is one branch of a rule: when cond holds, then. A condition that
// leaves its subject out is rest, said of the subject of the branch before
// (a card, or a number: "if the total is even …, if it is odd …").
type branch struct {
	cond *pred
	subj any // the subject of cond: a card (string) or a number (term); nil when none
	rest *subjless
	then *pred
	// otherwise: the branch of every case the others leave (cond nil);
	// negate: it says the branch before's then, not ("the rest aren't")
	otherwise, negate bool
	// other: "the rest other suits", said only after a branch that asks
	// the card's suit (or colour) alone
	other string
}

// subjless is a condition without its subject: said of a card (card) or
// of a number (num); either may be nil.
type subjless struct {
	card feature
	num  func(t term) *pred
	past bool // "if it was black": a card played, the last one
}

// wild is cards that may always be played ("kings are wild").
type wild struct{ f feature }

func (g *registry) buildBranch() {
	// the branches
	br := func(c *pred, subj any, then *pred) any { return &branch{cond: c, subj: subj, then: then} }
	g.named("br.if", "branch", func(v []any) any { return br(v[1].(feature)(v[0].(string)), v[0], v[2].(*pred)) },
		"if|when|whenever $ref $vps [,|:] [then] $sentence", "if|when|whenever $ref $vps [,|:] [then] you [must|may|can] $sentence")
	// "if the card is red, it must be higher": after a condition, "it"
	// is the card judged (the last card was played; no rule asks it to
	// be anything), and a comparative with no object is with the last
	// card, as everywhere ("the card must be higher")
	g.named("br.ifit", "branch", func(v []any) any { return br(v[1].(feature)(v[0].(string)), v[0], v[2].(*pred)) },
		"if|when|whenever $ref $vps [,|:] [then] $itthen")
	g.named("br.ifpredit", "branch", func(v []any) any { return br(v[0].(*pred), nil, v[1].(*pred)) },
		"if|when|whenever $pred [,|:] [then] $itthen")
	g.named("itthen", "itthen", onCard, "it $vps", "it must $vps", "it must always $vps", "it can only $vps")
	g.named("br.ifterm", "branch", func(v []any) any { return br(v[1].(func(term) *pred)(v[0].(term)), v[0], v[2].(*pred)) },
		"if|when|whenever $term $numvp [,|:] [then] $sentence")
	g.named("br.ifpred", "branch", func(v []any) any { return br(v[0].(*pred), nil, v[1].(*pred)) },
		"if|when|whenever $pred [,|:] [then] $sentence")
	g.named("br.after", "branch", func(v []any) any {
		if hasIf(v[0].(feature)("prev")) {
			return nil // "after a red card after a black one" is no card
		}
		return br(v[0].(feature)("prev"), "prev", v[1].(*pred))
	},
		"after|following|on $npx [,|:] [you] [must|may|can] $sentence", "after|following $npx [is] [played] [,|:] [you] [must|may|can] $sentence", "when|whenever|if|once $npx {is|gets|has been} played [,] [then] $sentence", "when|whenever|if|once $npx {comes up|shows up|appears|turns up} [,] [then] $sentence", "when|whenever $npx is laid|put down [,] [then] $sentence", "after $npx {is|has been} played [,] $sentence")
	// (what comes before "after" says what the card is, not another
	// condition: "X after Y and Z after W" is not "(X after Y and Z) after W")
	g.named("br.afterpost", "branch", func(v []any) any {
		if p := v[0].(*pred); hasIf(p) || p.only || hasIf(v[1].(feature)("prev")) {
			return nil
		}
		return br(v[1].(feature)("prev"), "prev", v[0].(*pred))
	}, "$simple after|following $npx", "$simple after|following $npx [is] [played]", "$simple on top of $npx")
	// (what is said "only" before "if" is what the condition allows,
	// s.onlyif: "face cards only if the last card was red")
	g.named("br.post", "branch", func(v []any) any {
		if v[0].(*pred).only {
			return nil
		}
		return br(v[2].(feature)(v[1].(string)), v[1], v[0].(*pred))
	},
		"$simple if|when|whenever $ref $vps")
	g.named("br.postterm", "branch", func(v []any) any {
		if v[0].(*pred).only {
			return nil
		}
		return br(v[2].(func(term) *pred)(v[1].(term)), v[1], v[0].(*pred))
	},
		"$simple if|when|whenever $term $numvp")
	g.named("br.map", "branch", func(v []any) any { return br(v[0].(feature)("prev"), "prev", v[1].(feature)("card")) },
		"$np → $npx", "$np -> $npx")
	// a condition without its subject: the subject of the branch before
	// ("if it is odd", "if even", "red if it is odd")
	rest := func(c *subjless, then *pred) any { return &branch{rest: c, then: then} }
	g.named("br.rest", "branch", func(v []any) any { return rest(v[0].(*subjless), v[1].(*pred)) },
		"if|when $subjless [,|:] [then] $sentence", "if|when $subjless [,|:] [then] you [must|may|can] $sentence")
	g.named("br.restpost", "branch", func(v []any) any {
		if v[0].(*pred).only {
			return nil
		}
		return rest(v[1].(*subjless), v[0].(*pred))
	},
		"$simple if|when $subjless")
	g.named("subjless.card", "subjless", func(v []any) any { return &subjless{card: v[0].(feature)} },
		"$features", "it|they $vps", "it|they is|are $features", "that card|one $vps", "that one|card is $features")
	g.named("subjless.past", "subjless", func(v []any) any { return &subjless{card: v[0].(feature), past: true} },
		"it|they was|were $features", "that one|card was $features", "it was not $features")
	g.named("subjless.num", "subjless", func(v []any) any { return &subjless{num: v[0].(func(term) *pred)} },
		"$numvp", "it $numvp", "that $numvp")
	g.named("br.otherwiseit", "branch", func(v []any) any { return &branch{otherwise: true, then: v[0].(feature)("card")} },
		"otherwise|else [,|:] it $vps", "otherwise|else [,|:] the card $vps", "if not [,|:] it $vps")
	g.named("br.otherwise", "branch", func(v []any) any { return &branch{otherwise: true, then: onTheCard(v[0])} },
		"otherwise|else [,|:] $sentence", "if not [,|:] $sentence", "in any other case [,|:] $sentence", "in all other cases [,|:] $sentence",
		"otherwise|else [,|:] you [must|may|can] $sentence", "if not [,|:] you [must|may|can] $sentence",
		"everything|anything else [,|:] $sentence", "everything else $vps", "all other cards|others $vps", "any other card $vps",
		"the rest [,|:] $sentence", "the rest $vps", "the others $vps", "all the others $vps", "$sentence otherwise", "anything|everything else \u2192 $sentence", "else \u2192 $sentence", "otherwise \u2192 $sentence", "$simple after|following anything|everything else", "$simple after|following any other card", "$simple on anything else", "before that|then [,] $sentence", "until then [,] $sentence", "after that|then|this [,] $sentence", "afterwards [,] $sentence", "from then on [,] $sentence")
	// "… anything else goes": the otherwise branch that allows any card
	g.named("br.otherwiseany", "branch", func([]any) any { return &branch{otherwise: true, then: yes} },
		"anything|everything else goes", "anything|everything else is fine|ok|allowed", "the rest is free|fine|anything",
		"otherwise anything goes", "anything goes otherwise")
	g.special["branches"] = branches
	g.def("sentence", "", func(v []any) any { return v[0] }, "$branches")

	// what a number is ("even", "more than 13"), said of a number named
	// before it
	num := func(op string) func(v []any) any {
		return func(v []any) any {
			b := v[0].(term)
			return func(a term) *pred { return cmp(op)([]any{a, b}).(*pred) }
		}
	}
	par := func(r int) func([]any) any {
		return func([]any) any {
			return func(a term) *pred { return parityOf(a, r) }
		}
	}
	g.named("numvp.even", "numvp", par(0), "is even", "is an even number", "even", "adds|add up to an even number|total", "makes an even number|total", "totals an even number", "is an even total", "comes to an even number", "adds up even")
	g.named("numvp.odd", "numvp", par(1), "is odd", "is an odd number", "odd", "adds|add up to an odd number|total", "makes an odd number|total", "totals an odd number", "is an odd total", "comes to an odd number", "adds up odd")
	g.named("numvp.gt", "numvp", num(">"), "is greater|more|higher|bigger|larger than $term", "is above|over $term", "exceeds $term",
		"goes over|above $term", "passes $term", "is past $term")
	g.named("numvp.lt", "numvp", num("<"), "is less|lower|smaller|fewer than $term", "is below|under $term")
	g.named("numvp.ge", "numvp", num(">="), "is at least $term", "is $term $ormore", "is no less than $term")
	g.named("numvp.le", "numvp", num("<="), "is at most $term", "is $term $orless", "is no more than $term",
		"does not exceed $term", "is not more than $term")
	// one of several values ("the difference is 5 or 7", "is exactly 3 or
	// exactly 4"), as t.in says it
	g.named("numvp.in", "numvp", func(v []any) any {
		ks := v[0].([]int)
		return func(a term) *pred { return counted(fmt.Sprintf("%s in %s", a.text, intList(ks)), a.refs...) }
	}, "is $numlist", "is one of $numlist", "is either $numlist", "equals $numlist")
	g.named("numvp.eq", "numvp", num("=="), "is $term", "equals $term", "is equal to $term", "is exactly $term", "makes $term",
		"adds up to $term", "add up to $term", "comes to $term")

	// exceptions
	g.named("s.unlessthen", "sentence", func(v []any) any { return ifThen(v[1].(*pred), v[2].(*pred), v[0].(*pred)) },
		"$simple [,] unless $pred {,|then|, then|and then|, and then|in which case|, in which case|in that case|, in that case} $sentence")
	// "higher than the last card unless it is a king": "it" is the last
	// card the rule names, or, naming none, either card
	g.named("s.unlessit", "sentence", func(v []any) any {
		s, f := v[0].(*pred), v[1].(feature)
		if strings.Contains(s.expr(), "prev") {
			return ifThen(f("prev"), yes, s)
		}
		return alts{ifThen(f("prev"), yes, s), ifThen(f("card"), yes, s)}
	}, "$simple [,] unless it|that is|was $features", "$simple [,] unless it|that one is|was $features")
	g.named("s.unlessitthen", "sentence", func(v []any) any { return ifThen(v[1].(feature)("prev"), v[2].(*pred), v[0].(*pred)) },
		"$simple [,] unless it|that was $features {,|then|, then|and then|, and then|in which case|, in which case} $sentence")
	g.named("s.unlessfirst", "sentence", func(v []any) any { return ifThen(v[0].(*pred), yes, v[1].(*pred)) },
		"unless $pred [,] $simple")
	g.named("s.exceptafter", "sentence", func(v []any) any {
		p := ifThen(v[1].(feature)("prev"), yes, v[0].(*pred))
		p.exempt = p.op == "if" // an exception to the rules beside it too (s.butafter)
		p.tail = p.exempt
		return p
	},
		"$simple [,] except after|following $npx", "$simple [,] except right after $npx", "$simple [,] except on $npx",
		"$simple [,] but not after|following $npx", "$simple [,] except when $npx is played", "$simple [,] except when the last card is $features", "$simple [,] except after|following $npx [,] when|where anything goes", "$simple [,] except after|following $npx [,] when|where anything is fine|ok|allowed", "$simple [,] except after|following $npx [,] when|where any card is fine|ok|allowed", "$simple [,] except after|following $npx [,] when|where you can play anything")
	g.named("s.exceptif", "sentence", func(v []any) any { return ifThen(v[1].(*pred), yes, v[0].(*pred)) },
		"$simple [,] except when|if $pred", "$simple [,] but not when|if $pred")
	g.named("s.butafter", "sentence", func(v []any) any {
		p := ifThen(v[1].(feature)("prev"), v[2].(*pred), v[0].(*pred))
		if v[2].(*pred) == yes {
			// "…, but after a king anything": an exception to the rules
			// beside it too, said inside one of them (hoisted)
			p.exempt, p.tail = true, true
		}
		return p
	},
		"$simple [,|.|;] but|except after|following $npx [,] [you] [must|may|can] $sentence",
		"$simple [,|.|;] but|except after|following $npx [is] [played] [,] [you] [must|may|can] $sentence",
		"$simple [,|.|;] but $sentence after|following $npx")
	g.named("s.butif", "sentence", func(v []any) any { return ifThen(v[1].(*pred), v[2].(*pred), v[0].(*pred)) },
		"$simple [,|.|;] but|except if|when $pred [,] [then] [you] [must|may|can] $sentence")
	g.named("s.butnot", "sentence", func(v []any) any {
		if numberSaid(v[0].(*pred)) && strings.HasPrefix(v[1].(feature)("@").expr(), "@.rank ") {
			return nil // "the sum is not 13 and not 14": the sum's (elided.go)
		}
		return and(v[0].(*pred), not(v[1].(feature)("card")))
	},
		"$simple [,] but not|no $npx", "$simple [,] but never $npx", "$simple [,] and not|no $npx")
	// "…, but no black cards above 7", "…, with no black card higher than 7"
	g.named("s.butnotadj", "sentence", func(v []any) any {
		return and(v[0].(*pred), not(andF(v[1].(feature), v[2].(feature))("card")))
	}, "$simple [,] but|and|with no $adjs cards|card $feature", "$simple [,] but never $adjs cards $feature")
	// a clause said as an alternative after a full rule: "higher than the
	// last card, or the two cards must add up to 13"
	g.named("s.orclause", "sentence", func(v []any) any {
		if p := v[0].(*pred); !hasIf(p) {
			return or(p, v[1].(*pred))
		}
		return nil
	}, "$simple , or [else] $pred")
	g.named("c.addup2", "clause", func(v []any) any {
		return v[0].(func(term) *pred)(term{"card.rank + prev.rank", []string{"card", "prev"}, false})
	}, "the two cards [must] $sumvp", "both cards [must] $sumvp", "the two [must] $sumvp", "together they [must] $sumvp",
		"the two cards together [must] $sumvp")
	// cards that may always be played
	g.named("wild", "wild", func(v []any) any {
		if v[0].(feature)("card") == yes {
			return nil // "cards can always be played": no kind ("face" before it is no rule)
		}
		return wild{v[0].(feature)}
	},
		"$nps is|are wild", "$nps go|goes anywhere", "$nps can go anywhere", "$nps go|goes on anything", "$nps can go on anything",
		"$nps can be played anytime|always|anywhere", "$nps can always be played", "$nps is|are always allowed|ok|okay|fine|legal|good",
		"$nps can always go", "$nps can follow anything", "$nps can be played on anything", "$nps go|goes with anything",
		"$nps can go with anything", "$nps is|are always", "$nps any time", "$nps anytime")
	g.named("s.wild", "sentence", func(v []any) any {
		w, rest := v[0].(wild).f("card"), onTheCard(v[1])
		if rest == yes {
			return nil // wild beside "any card" says nothing: a clause lost
		}
		p := or(w, rest)
		if p.op == "or" {
			q := *p // not the parts' own node: the wild cards are said of this sentence
			q.wild = &[2]*pred{w, rest}
			return &q
		}
		return p
	},
		"$wild [,|;|.] [and] otherwise|else [,] [you] [must] $sentence", "$wild [,|;|.] [and] everything|anything else $vps",
		"$wild [,|;|.] [and] everything|anything else [must] $sentence", "$wild [,|;|.] [and] all other cards $vps",
		"$wild [,|;|.] [and] any other card $vps", "$wild [,|;|.] [and] the rest $vps", "$wild [,|;|.] [and] the others $vps", "$wild [,|;|.] [and] other cards $vps", "$wild [,|;|.] [and] other cards must $vps", "$wild [,|;|.] [and] any other cards $vps", "$wild [,|;|.] [and] all the other cards $vps", "$wild [,|;|.] [and] every other card $vps")
	g.named("s.wildafter", "sentence", func(v []any) any {
		w, rest := v[1].(wild).f("card"), onTheCard(v[0])
		if rest == yes {
			// "after a king anything; aces can always be played": the
			// aces are no part of the "anything" (or(ace, true) would
			// drop them), but a sentence beside it
			return nil
		}
		p := or(w, rest)
		if p.op == "or" {
			// said last inside one of the rules beside it ("after a black
			// card play lower; kings can always be played"): theirs too
			q := *p
			q.wild, q.tail = &[2]*pred{w, rest}, true
			q.kindWild = bareKind(v[0])
			return &q
		}
		return p
	},
		"$simple [,|;|.] [but|and|except] $wild", "$simple [,|;|.] but $wild")
	// (a sentence with more after it: read by sentences, beside them)
	g.named("s.wildaftersentence", "xsentence", func(v []any) any {
		if rest := onTheCard(v[0]); rest != yes {
			q := *or(v[1].(wild).f("card"), rest)
			q.kindWild = bareKind(v[0])
			return &q
		}
		return nil
	},
		"$sentence [,|;|.] [but|and] $wild")
	// "if it was black, play red, and the other way round"
	g.named("s.converse", "xsentence", func(v []any) any { return converse(v[0].(*pred)) },
		"$sentence [,] [and] vice versa", "$sentence [,] and the other way round|around", "$sentence [,] and conversely",
		"$sentence [,] [and] the other way round|around", "$sentence [,] and back")
}

// bareKind: v is a kind of card said alone ("kings"), a sentence.
func bareKind(v any) bool {
	s, ok := v.(*pred)
	return ok && s.bare
}

// branches reads branches in a row, the last one "otherwise" or not:
// the first branch whose condition holds says what the card must be, and
// with none, the otherwise branch or any card. A branch that leaves its
// subject out takes the one before's; the first one's is the last card
// or the card (two readings).
func branches(p *reader, i int) []result {
	var out []result
	var walk func(i int, bs []*branch, seps bool)
	walk = func(i int, bs []*branch, seps bool) {
		for _, r := range p.parse("branch", i) {
			b := r.val.(*branch)
			if len(bs) == 0 && (b.otherwise || b.rest != nil && i > 0) {
				// a condition that leaves its subject out takes it from
				// the branch before, or opens the rule
				continue
			}
			got := append(slices.Clone(bs), b)
			{
				for _, v := range resolveBranches(got) {
					out = append(out, result{r.end, v})
				}
			}
			if b.otherwise || len(got) >= 6 {
				continue
			}
			for _, sep := range [][]string{{","}, {";"}, {"."}, {p.g.and}, {",", p.g.and}, {";", p.g.and}, {".", p.g.and}, {":"}} {
				j := r.end
				if j+len(sep) <= len(p.toks) && slices.Equal(p.toks[j:j+len(sep)], sep) {
					walk(j+len(sep), got, true)
				}
			}
		}
	}
	walk(i, nil, false)
	return out
}

// resolveBranches gives the subjects left out and nests the branches:
// if c1 then t1 else (if c2 then t2 else … otherwise).
func resolveBranches(bs []*branch) []*pred {
	var out []*pred
	var walk func(k int, subj any, conds []*pred)
	walk = func(k int, subj any, conds []*pred) {
		if k == len(bs) {
			for i, b := range bs {
				if b.other != "" && (i == 0 || !aboutOnly(bs[i-1].then, b.other)) {
					return
				}
			}
			// "…, but after a king anything" said in the last branch is
			// an exception to every branch
			var free, wilds *pred
			if last := bs[len(bs)-1]; len(bs) >= 2 && last.then != nil {
				b := *last
				switch t := last.then; {
				case t.op == "if" && t.tail && t.kids[1] == yes:
					free, b.then = t.kids[0], t.kids[2]
				case t.wild != nil && t.tail:
					wilds, b.then = t.wild[0], t.wild[1]
				}
				bs = append(slices.Clone(bs[:len(bs)-1]), &b)
			}
			o := exceptionsFirst(bs, conds)
			p := nest(o.bs, o.conds)
			if wilds != nil {
				p = or(wilds, p)
			}
			if free != nil {
				p = ifThen(free, yes, p)
			}
			if p.op == "if" && (o.bs[0] != bs[0] || p.kids[1].expr() == "true") {
				// "after a king anything" before the other branches or
				// after them: an exception to the sentences beside it too
				p.exempt = true
			}
			out = append(out, p)
			return
		}
		b := bs[k]
		switch {
		case b.otherwise:
			walk(k+1, subj, append(slices.Clone(conds), nil))
		case b.rest != nil:
			subjs := []any{subj}
			switch {
			case k == 0:
				// the first branch's subject is not said: a condition is
				// on the cards played, the last one ("if black, play red",
				// "higher if red")
				subjs = []any{"prev"}
			case subj == nil:
				return // the branch before has no one subject
			}
			for _, s := range subjs {
				if c := b.rest.on(s); c != nil {
					walk(k+1, s, append(slices.Clone(conds), c))
				}
			}
		default:
			walk(k+1, b.subj, append(slices.Clone(conds), b.cond))
		}
	}
	walk(0, nil, nil)
	return out
}

// on is the condition said of subj, or nil when it cannot be.
func (c *subjless) on(subj any) *pred {
	switch s := subj.(type) {
	case string:
		if c.card != nil {
			return c.card(s)
		}
	case term:
		if c.num != nil {
			return c.num(s)
		}
	}
	return nil
}

func nest(bs []*branch, conds []*pred) *pred {
	rest := yes
	k := len(bs) - 1
	if bs[k].otherwise {
		rest = bs[k].then
		if bs[k].negate {
			rest = not(bs[k-1].then)
		}
		k--
	}
	for ; k >= 0; k-- {
		rest = ifThen(conds[k], bs[k].then, rest)
	}
	return rest
}

var cardOrPrev = regexp.MustCompile(`\b(card|prev|prev2|prev3|line|n)\b`)

// converse is a rule "if the last card is C: the card is A" with its
// converse: "if the last card is A: the card is C" ("and vice versa");
// nil for any other rule.
func converse(p *pred) *pred {
	if p.op != "if" || p.kids[2] != yes {
		return nil
	}
	c, a := p.kids[0].expr(), p.kids[1].expr()
	only := func(e, ref string) bool {
		for _, m := range cardOrPrev.FindAllString(e, -1) {
			if m != ref {
				return false
			}
		}
		return strings.Contains(e, ref)
	}
	if !only(c, "prev") || !only(a, "card") {
		return nil
	}
	swap := func(q *pred, from, to string) *pred {
		var walk func(q *pred) *pred
		walk = func(q *pred) *pred {
			if q.op == "atom" {
				return atom(regexp.MustCompile(`\b`+from+`\b`).ReplaceAllString(q.text, to))
			}
			out := &pred{op: q.op, text: q.text}
			for _, k := range q.kids {
				out.kids = append(out.kids, walk(k))
			}
			return out
		}
		return walk(q)
	}
	return and(p, ifThen(swap(p.kids[1], "card", "prev"), swap(p.kids[0], "prev", "card"), yes))
}

// onTheCard is a rule, or what the card is (a verb phrase said of it:
// "everything else must be red").
func onTheCard(x any) *pred {
	if f, ok := x.(feature); ok {
		return f("card")
	}
	return x.(*pred)
}
