package rulewords

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
)

// The words of whole rules: verb phrases ("is red", "has the same suit as
// the last card"), clauses ("the last card is a face card"), numbers
// ("the card's rank plus the last card's rank"), sentences ("if …:
// …; otherwise: …", "never two face cards in a row", "alternate colours").

// term is a number of the rule language and the cards it reads; frac:
// it may be a fraction (a division: the rule language's / gives 7 / 2 =
// 3.5), which % and parity cannot take (whole).
type term struct {
	text string
	refs []string
	frac bool
}

// whole is t as a whole number: a fraction's whole part, int(x / k), as
// docs/rule-language.md writes it ("the sum divided by 50 is even" is the
// quotient's parity: % takes whole numbers only, and a fraction there does
// not compile).
func whole(t term) term {
	if !t.frac {
		return t
	}
	return term{"int(" + t.text + ")", t.refs, false}
}

func (t term) String() string { return t.text }

// cmp is a comparison of two numbers as a clause (compared).
func cmp(op string) func(v []any) any {
	return func(v []any) any {
		a, b := v[0].(term), v[1].(term)
		return compared(fmt.Sprintf("%s %s %s", a.text, op, b.text), a.refs, b.refs)
	}
}

// compared is a comparison of numbers as related says a relation: a card
// missing on the left makes it false, one missing only on the right makes
// it void. A comparison that reads the card played is a requirement on
// it, and a requirement about a card not there yet is void: "the card's
// rank plus the last card's plus the one before's is between 15 and 30"
// asks nothing while one card is down (read as false, it would refuse
// every card after the starter).
func compared(text string, left, right []string) *pred {
	refs := append(slices.Clone(left), right...)
	onCard := slices.Contains(refs, "card")
	p := atom(text)
	var there []string
	for i, r := range refs {
		gone, _, ok := missable(r)
		if !ok || slices.Index(refs, r) < i {
			continue
		}
		if onCard || !slices.Contains(left, r) {
			p = or(goneAtom(gone), p)
		} else {
			there = append(there, r)
		}
	}
	return and(append(present(there), p)...)
}

// present is the atoms that say each card of refs is there.
func present(refs []string) []*pred {
	var ps []*pred
	for _, r := range refs {
		if _, there, ok := missable(r); ok {
			ps = append(ps, atom(there))
		}
	}
	return ps
}

// parityOf is "a is even" (r 0) or odd (r 1): the whole part of a
// fraction's. A card's rank is said as the card's own field ("the card's
// rank is even" is card.even), as "an even card" is: one expression for
// the two ways of saying it, so that they never read as two rules (two
// rules the equivalence check must tell apart, beyond its budget for a
// rule that reads the whole line).
func parityOf(a term, r int) *pred {
	if slot, ok := strings.CutSuffix(a.text, ".rank"); ok && slices.Contains([]string{"card", "prev", "prev2", "prev3"}, slot) {
		return counted(slot+"."+[]string{"even", "odd"}[r], a.refs...)
	}
	return counted(fmt.Sprintf("%s %% 2 == %d", paren(whole(a).text), r), a.refs...)
}

// multipleOf is "a is a multiple of b", of whole numbers. A number that
// may be 0 ("the difference between the last two", "the number of red
// cards") is tested first, as % by 0 fails at run time: 0's only
// multiple is 0.
func multipleOf(a, b term) *pred {
	a, b = whole(a), whole(b)
	refs := append(slices.Clone(a.refs), b.refs...)
	p := counted(fmt.Sprintf("%s %% %s == 0", paren(a.text), paren(b.text)), refs...)
	switch {
	case neverZero(b.text):
		return p
	case neverZero(a.text): // no multiple of 0 but 0
		return and(counted(fmt.Sprintf("%s != 0", b.text), refs...), p)
	}
	return ifThen(atom(fmt.Sprintf("%s != 0", b.text)), p, counted(fmt.Sprintf("%s == 0", a.text), refs...))
}

// remainder is a % b, of whole numbers; by a number that may be 0 it is a
// (x mod 0 = x, as Graham, Knuth and Patashnik's Concrete Mathematics,
// §3.4, defines it), where % by 0 would fail at run time.
func remainder(a, b term) term {
	a, b = whole(a), whole(b)
	refs := append(slices.Clone(a.refs), b.refs...)
	t := fmt.Sprintf("%s %% %s", paren(a.text), paren(b.text))
	if !neverZero(b.text) {
		t = fmt.Sprintf("(%s == 0 ? %s : %s)", b.text, a.text, t)
	}
	return term{t, refs, false}
}

// neverZero reports whether a number of the rule language is never 0 on
// any main line: a constant other than 0, a card's rank, n (the starter
// is down), the sum of the ranks or the length of the line or of its last
// cards, and sums and products of such. Any other may be (a difference, a
// count).
func neverZero(e string) bool {
	tree, err := parser.Parse(e)
	if err != nil {
		return false
	}
	var positive func(n ast.Node) bool
	positive = func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.IntegerNode:
			return x.Value > 0
		case *ast.IdentifierNode:
			return x.Value == "n"
		case *ast.MemberNode:
			p, ok := x.Property.(*ast.StringNode)
			return ok && p.Value == "rank"
		case *ast.BuiltinNode:
			if x.Name == "sum" && len(x.Arguments) == 1 {
				m, ok := x.Arguments[0].(*ast.BuiltinNode)
				return ok && m.Name == "map" && len(m.Arguments) == 2 && ofLine(m.Arguments[0])
			}
			return x.Name == "len" && len(x.Arguments) == 1 && ofLine(x.Arguments[0])
		case *ast.BinaryNode:
			return (x.Operator == "+" || x.Operator == "*") && positive(x.Left) && positive(x.Right)
		}
		return false
	}
	return positive(tree.Node)
}

// ofLine: n is the main line or a run of its last cards, never empty.
func ofLine(n ast.Node) bool {
	if s, ok := n.(*ast.SliceNode); ok && s.To == nil {
		n = s.Node
	}
	id, ok := n.(*ast.IdentifierNode)
	return ok && id.Value == "line"
}

// counted is a clause of one number (even, a multiple of 3, between 15
// and 30), guarded as compared guards a comparison.
func counted(text string, refs ...string) *pred { return compared(text, refs, nil) }

// collections of cards a quantifier ranges over.
func (g *registry) buildRule() {
	// Verb phrases, said of a subject.
	g.def("vp", "vp.is", func(v []any) any { return v[0] }, "is $features", "was|are|were $features",
		"must|should|will|may|can|shall be $features", "has|have|needs|need to be $features", "must always be $features",
		"is|are always $features", "may|can only be $features", "must be played as $features", "must be played $features",
		"are|is played $features")
	g.def("vp", "vp.isnot", func(v []any) any { f := v[0].(feature); return fe(func(r string) *pred { return not(f(r)) }) },
		"is not $features", "was|are|were not $features", "must|should|may|can|will|shall not be $features", "cannot be $features",
		"is|are never $features", "must|can|may|should never be $features", "is|are no $features")
	same := func(op string) func(v []any) any {
		return func(v []any) any {
			fs, refs := slots(v)
			return fe(func(r string) *pred { return sameField(fs[0], r, refs[0], op) })
		}
	}
	g.def("vp", "vp.same", same("=="), "has the same $field as $ref", "have|share|shares the same $field as $ref",
		"must have|share the same $field as $ref", "matches|match the $field of $ref", "matches|match $ref in $field",
		"matches|match $ref 's $field", "is|must be of the same $field as $ref", "must match $ref 's $field", "must match the $field of $ref",
		"must match $ref in $field")
	g.def("vp", "vp.different", same("!="), "has a different $field from $ref", "have a different $field from $ref", "has|have a different $field than|to $ref",
		"must have a different $field from|than|to $ref", "does|do not have|share the same $field as $ref",
		"must not have|share the same $field as $ref", "differs|differ from $ref in $field", "differs|differ in $field from $ref",
		"does|do not match the $field of $ref", "does|do not match $ref 's $field", "is|must be of a different $field from|than $ref")
	g.def("vp", "", func(v []any) any { return v[0] }, "$features")
	higher, lower := func([]any) any { return rankVs(">")([]any{"prev"}) }, func([]any) any { return rankVs("<")([]any{"prev"}) }
	g.def("vp", "", higher, "must|should|is|are be higher|greater|bigger|larger", "has|have|needs|need to be higher|greater|bigger|larger",
		"is|are higher|greater|bigger|larger", "must|should ascend|increase|rise", "must|should go up", "has|have to ascend|increase|rise",
		"has|have to go up", "ascend|ascends|increase|increases|rise|rises", "goes|go up", "goes|go up in value|rank", "increases|increase in value|rank", "must always go up", "must always increase|ascend",
		"must|should|always climb", "has|have|needs|need to climb", "climb|climbs", "must keep going up|climbing|rising")
	g.def("vp", "", lower, "must|should be lower|smaller", "has|have|needs|need to be lower|smaller", "is|are lower|smaller",
		"must|should descend|decrease|fall", "must|should go down", "has|have to descend|decrease|fall", "has|have to go down",
		"descend|descends|decrease|decreases|fall|falls", "goes|go down", "must always go down", "must always decrease|descend",
		"must|should|always drop|sink", "has|have|needs|need to drop|sink", "drop|drops|sink|sinks", "must keep going down|falling|dropping")
	// (differing by at most k: vp.differspan, bounds.go)

	// Clauses.
	g.def("clause", "c.subj", func(v []any) any {
		ref, f := v[0].(string), v[1].(feature)
		if strings.HasPrefix(ref, "@") && cardRE("prev").MatchString(f("#").expr()) {
			// "the last two are of the same colour" is not each of them
			// of the last card's colour
			return nil
		}
		return f(ref)
	}, "$ref $vps", "$ref must|must always $vps")
	g.def("clause", "", func(v []any) any {
		ref, c := v[0].(string), v[1].(string)
		return guarded(fmt.Sprintf("%s.color == %q", ref, c), ref)
	}, "$ref 's colour|color is $color", "the colour|color of $ref is $color")
	g.def("clause", "", func(v []any) any {
		ref, s := v[0].(string), v[1].(string)
		return guarded(fmt.Sprintf("%s.suit == %q", ref, s), ref)
	}, "$ref 's suit is $suits", "$ref 's suit is $suit", "the suit of $ref is $suits")
	g.def("clause", "", func(v []any) any {
		fs, refs := slots(v)
		if fs[0] != fs[1] {
			return nil
		}
		return sameField(fs[0], refs[0], refs[1], "==")
	}, "$ref 's $field is|equals|matches $ref 's $field", "$ref 's $field is the same as $ref 's $field")
	// the field as the subject, the card's left out: "the suit must be the
	// same as the last card's"
	fieldVs := func(op string) func(v []any) any {
		return func(v []any) any { return sameField(string(v[0].(fieldName)), "card", v[1].(string), op) }
	}
	g.named("c.fieldsame", "clause", fieldVs("=="), "the $field is the same as $ref [ 's ]", "the $field is the same as that of $ref",
		"the $field is equal to $ref [ 's ]", "the $field equals $ref [ 's ]", "the $field matches $ref [ 's ]")
	g.named("c.fielddiff", "clause", fieldVs("!="), "the $field is different from|than|to $ref [ 's ]",
		"the $field is not the same as $ref [ 's ]", "the $field differs from $ref [ 's ]", "the $field is different from that of $ref")
	g.def("ref", "ref.lastof", func(v []any) any { return fmt.Sprintf("last(filter(line, %s))", v[0].(feature)("#").expr()) },
		"the last card of the main line that $vps", "the last card on the main line that $vps")
	g.def("clause", "", func(v []any) any {
		fs, refs := slots(v)
		if fs[0] != fs[1] {
			return nil
		}
		return sameField(fs[0], refs[0], refs[1], "!=")
	}, "$ref 's $field is not|differs from $ref 's $field", "$ref 's $field is different from $ref 's $field")
	g.named("ref.back", "ref", func(v []any) any {
		if r, ok := map[int]string{1: "prev", 2: "prev2", 3: "prev3"}[v[0].(int)]; ok {
			return r
		}
		return nil
	}, "the card $num back|before|ago", "$num cards ago|back|before", "the card $num cards back|before|ago", "the card from $num cards ago",
		"the card $num places back|before", "the card played $num cards ago", "the one $num places|cards back|before", "the one $num back")
	g.named("c.youplay", "clause", func(v []any) any { return v[0].(feature)("card") }, "you play $npx", "you put down $npx",
		"the player plays $npx", "you are playing $npx")
	g.def("clause", "c.exists", func(v []any) any { return saidAtom(v[0].(string) + " != nil") }, "there is $ref", "$ref exists")
	g.def("clause", "c.missing", func(v []any) any { return saidAtom(v[0].(string) + " == nil") }, "there is no $ref",
		"$ref does not exist", "$ref is missing")
	for _, r := range []struct{ ref, words string }{{"prev2", "card before the last one|card"}, {"prev2", "card two back"},
		{"prev3", "card three back"}, {"prev2", "second to last card"}} {
		r := r
		g.def("clause", "", func([]any) any { return saidAtom(r.ref + " == nil") }, "there is no "+r.words)
	}
	g.def("clause", "c.paren", func(v []any) any { return v[0] }, "( $rule )")
	g.def("clause", "", func(v []any) any { return onlyOp(v[0], "or") }, "either $pred")
	g.def("clause", "", func(v []any) any { return onlyOp(v[0], "and") }, "both $pred")
	g.def("clause", "c.not", func(v []any) any { return not(v[0].(*pred)) }, "it is not the case that $clause", "it is not true that $clause")
	g.def("clause", "c.any", func([]any) any { return yes }, "any card", "anything", "whatever", "whatever you like|want",
		"anything you like|want", "free choice", "anything at all", "any card at all", "no restriction", "anything else", "any other card", "any card is allowed|legal|fine|ok|good",
		"any card may|can be played", "all cards are allowed|legal", "anything goes", "any card will do", "play whatever|anything [you like|you want]", "anything is fine|ok|okay|allowed|good|legal", "anything can be played", "anything works", "any card works", "anything can go", "anything is playable", "any card is playable")
	g.def("clause", "c.none", func([]any) any { return no }, "no card", "nothing", "no card is allowed|legal", "no card may|can be played")
	g.def("clause", "c.pos", func(v []any) any {
		if v[0].(string) != "card" {
			return nil
		}
		return v[1]
	}, "$ref is the $ordlist card of the main line", "$ref is the $ordlist card [played]", "$ref is the $ordlist [one]")
	g.def("clause", "", func(v []any) any {
		if v[0].(string) != "card" {
			return nil
		}
		return not(v[1].(*pred))
	}, "$ref is not the $ordlist card of the main line", "$ref is not the $ordlist card [played]")
	g.def("clause", "c.last2", func(v []any) any {
		f := v[0].(feature)
		return and(atom("prev2 != nil"), f("prev2"), f("prev"))
	}, "the last two cards are both $features", "the last two cards are|were [both] $features", "both of the last two cards are|were $features",
		"both last cards are|were $features")
	g.def("clause", "", func(v []any) any {
		f := v[0].(feature)
		return and(atom("prev3 != nil"), f("prev3"), f("prev2"), f("prev"))
	}, "the last three cards are all $features", "the last three cards are|were [all] $features")
	g.def("clause", "c.last2same", func(v []any) any {
		return and(atom("prev2 != nil"), atom(fmt.Sprintf("prev2.%s == prev.%s", v[0], v[0])))
	}, "the last two [cards] have the same $field", "the last two [cards] are|were [of] the same $field", "the last two [cards] share a|the $field")
	g.def("clause", "", func(v []any) any {
		return and(atom("prev2 != nil"), atom(fmt.Sprintf("prev2.%s != prev.%s", v[0], v[0])))
	}, "the last two cards have different $field", "the last two cards are|were [of] different $field")
	// the card and the last card said together as the subject ("they",
	// "both", "the two cards", none where the verb says it: "… o tienen el
	// mismo valor"): the same field, or different ones
	both := func(op string) func(v []any) any {
		return func(v []any) any { return sameField(string(v[0].(fieldName)), "card", "prev", op) }
	}
	g.named("c.bothsame", "clause", both("=="), "they|both [must] have|share the same $field", "they|both [must] be|are [of] the same $field",
		"the two cards|ones [must] have|share the same $field", "the two cards|ones [must] be|are [of] the same $field",
		"both cards [must] have|share the same $field", "both cards [must] be|are [of] the same $field", "they match in $field")
	g.named("c.bothdiff", "clause", both("!="), "they|both [must] have different $field", "they|both [must] be|are [of] different $field",
		"the two cards|ones [must] have different $field", "the two cards|ones [must] be|are [of] different $field",
		"both cards [must] have different $field", "both cards [must] be|are [of] different $field")
	quant := func(fn string) func(v []any) any {
		return func(v []any) any {
			coll, f := v[0].(string), v[1].(feature)
			return atom(fmt.Sprintf("%s(%s, %s)", fn, coll, f("#").expr()))
		}
	}
	g.def("clause", "q.all", quant("all"), "every card of|on|in|among $coll $vps", "each card of|on|in|among $coll $vps",
		"all cards of|on|in $coll $vps", "all the cards of|on|in $coll $vps", "all of $coll $vps")
	g.def("clause", "q.any", quant("any"), "some card of|on|in|among $coll $vps", "at least one card of|on|in|among $coll $vps",
		"a card of|on|in|among $coll $vps", "one or more cards of|on|in $coll $vps")
	g.def("clause", "q.none", quant("none"), "no card of|on|in|among $coll $vps", "none of the cards of|on|in $coll $vps",
		"none of $coll $vps", "no cards of|on|in $coll $vps")
	g.def("clause", "q.one", quant("one"), "exactly one card of|on|in|among $coll $vps", "only one card of|on|in $coll $vps",
		"just one card of|on|in $coll $vps")
	g.def("coll", "coll.line", func([]any) any { return "line" }, "the main line", "the main line so far", "the line", "the cards played [so far]", "the table")
	g.def("coll", "coll.last", func(v []any) any { return fmt.Sprintf("line[max(0, n - %d):]", v[0]) },
		"the last $num cards of|on the main line", "the last $num cards [played]")

	// Comparisons of numbers.
	g.def("clause", "t.eq", cmp("=="), "$term is $term", "$term equals|is equal to|is exactly $term", "$term must be $term")
	g.def("clause", "t.ne", cmp("!="), "$term is not $term", "$term does not equal $term", "$term is not equal to $term", "$term differs from $term")
	g.def("clause", "t.gt", cmp(">"), "$term is greater than $term", "$term is more|higher|larger|bigger than $term", "$term is above|over $term",
		"$term exceeds $term")
	g.def("clause", "t.lt", cmp("<"), "$term is less than $term", "$term is lower|smaller|fewer than $term", "$term is below|under $term")
	g.def("clause", "t.ge", cmp(">="), "$term is at least $term", "$term is $term or more|greater|higher|above", "$term is greater than or equal to $term",
		"$term is no less than $term", "$term is not less than $term")
	g.def("clause", "t.le", cmp("<="), "$term is at most $term", "$term is $term or less|fewer|lower|below", "$term is less than or equal to $term",
		"$term is no more than $term", "$term is not more than $term", "$term does not exceed $term")
	parity := func(r int) func(v []any) any { return func(v []any) any { return parityOf(v[0].(term), r) } }
	g.def("clause", "t.even", parity(0), "$term is even", "$term is an even number")
	g.def("clause", "t.odd", parity(1), "$term is odd", "$term is an odd number")
	g.def("clause", "t.multiple", func(v []any) any { return multipleOf(v[0].(term), v[1].(term)) },
		"$term is a multiple of $term", "$term is divisible by $term", "$term divides by $term")
	g.def("clause", "t.in", func(v []any) any {
		a := v[0].(term)
		return counted(fmt.Sprintf("%s in %s", a.text, intList(v[1].([]int))), a.refs...)
	}, "$term is $numlist", "$term is one of $numlist")
	g.def("clause", "t.range", func(v []any) any {
		a, lo, hi := v[0].(term), v[1].(term), v[2].(term)
		return counted(fmt.Sprintf("%s >= %s and %s <= %s", a.text, lo.text, a.text, hi.text), append(append(slices.Clone(a.refs), lo.refs...), hi.refs...)...)
	}, "$term is between $term and $term inclusive", "$term is from $term to $term [inclusive]", "$term is between $term and $term")

	// The atoms of numbers.
	g.def("tatom", "t.rank", func(v []any) any { r := v[0].(string); return term{r + ".rank", []string{r}, false} },
		"$ref 's rank|value|number", "the rank|value|number of $ref", "$ref")
	g.def("tatom", "t.num", func(v []any) any { return term{fmt.Sprint(v[0]), nil, false} }, "$num")
	g.def("tatom", "t.paren", func(v []any) any { t := v[0].(term); return term{paren(t.text), t.refs, t.frac} }, "( $term )")
	two := func(format string) func(v []any) any {
		return func(v []any) any {
			a, b := v[0].(term), v[1].(term)
			return term{fmt.Sprintf(format, a.text, b.text), append(slices.Clone(a.refs), b.refs...), a.frac || b.frac}
		}
	}
	g.def("tatom", "t.sum", two("(%s + %s)"), "the sum of $term and $term", "the total of $term and $term")
	g.def("tatom", "t.distance", two("abs(%s - %s)"), "the distance between $term and $term", "the difference between $term and $term",
		"the gap between $term and $term")
	g.def("tatom", "t.min", two("min(%s, %s)"), "the smaller of $term and $term", "the lower|lesser|minimum of $term and $term")
	g.def("tatom", "t.max", two("max(%s, %s)"), "the larger of $term and $term", "the higher|greater|bigger|maximum of $term and $term")
	g.def("tatom", "t.abs", func(v []any) any { t := v[0].(term); return term{"abs(" + t.text + ")", t.refs, t.frac} }, "the absolute value of $term")
	g.def("tatom", "t.n", func([]any) any { return term{"n", nil, false} }, "the number of cards of|on|in the main line",
		"the length of the main line", "the number of cards played [so far]", "the number of cards before the card")
	g.def("tatom", "t.count", func(v []any) any {
		coll, f := v[0].(string), v[1].(feature)
		return term{fmt.Sprintf("count(%s, %s)", coll, f("#").expr()), nil, false}
	}, "the number of cards of|on|in|among $coll that|which $vps")
	g.def("tatom", "", func(v []any) any {
		f, coll := v[0].(feature), v[1].(string)
		return term{fmt.Sprintf("count(%s, %s)", coll, f("#").expr()), nil, false}
	}, "the number of $np of|on|in|among $coll", "the number of $np played [so far]", "how many $np are on $coll")
	g.def("tatom", "t.sumranks", func(v []any) any { return term{fmt.Sprintf("sum(map(%s, .rank))", v[0]), nil, false} },
		"the sum of the ranks of $coll", "the sum of the ranks|values on|of|in $coll", "the total of the ranks|values on|of|in $coll")
	g.def("tatom", "t.if", func(v []any) any {
		a, c, b := v[0].(term), v[1].(*pred), v[2].(term)
		// the condition says when its cards are there ("1 if there is no
		// card before the last one, otherwise its rank")
		return term{fmt.Sprintf("(%s ? %s : %s)", c.operand(), a.text, b.text), nil, a.frac || b.frac}
	}, "( $term if $pred , otherwise $term )", "( $term if $pred , else $term )")
}

// cardRE finds a card's name in an expression.
func cardRE(name string) *regexp.Regexp { return regexp.MustCompile(`\b` + name + `\b`) }

// onlyOp keeps a reading whose top connective is op ("either … or …").
func onlyOp(v any, op string) any {
	p := v.(*pred)
	if p.op != op {
		return nil
	}
	return p
}

// paren brackets a compound expression, unless it is bracketed whole
// already.
func paren(s string) string {
	if !strings.ContainsAny(s, " ") || WholeParen(s) {
		return s
	}
	return "(" + s + ")"
}

// WholeParen reports whether s is one bracketed expression: "(a + b)" but
// not "(a) + (b)".
func WholeParen(s string) bool {
	if len(s) < 2 || s[0] != '(' || s[len(s)-1] != ')' {
		return false
	}
	depth := 0
	for i, c := range s {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 && i < len(s)-1 {
				return false
			}
		}
	}
	return true
}
