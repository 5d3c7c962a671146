package rulewords

import (
	"github.com/expr-lang/expr"
)

// lastElse is p with the last branch of a chain of conditions made its
// otherwise where the conditions cover every case: "on odd turns play red,
// on even turns play black" is "n % 2 == 0 ? red : black", not "… : (n % 2
// == 1 ? black : anything)", whose anything is never reached (the same rule,
// said as its writer means it). Conditions on places (n alone) are judged
// over the first places, conditions on the card and the last card over
// every pair; others are left as they are.
func lastElse(p *pred) *pred {
	if p.op != "if" {
		return p
	}
	var conds []*pred
	q := p
	for q.op == "if" && q.kids[2].op == "if" {
		conds = append(conds, q.kids[0])
		q = q.kids[2]
	}
	if q.op != "if" || q.kids[2] != yes || len(conds) == 0 {
		return p
	}
	// every case the conditions before leave is the last one's
	if !covers(or(conds...), q.kids[0]) {
		return p
	}
	var rebuild func(p *pred) *pred
	rebuild = func(p *pred) *pred {
		if p == q {
			return q.kids[1]
		}
		return &pred{op: "if", kids: []*pred{p.kids[0], p.kids[1], rebuild(p.kids[2])}}
	}
	return rebuild(p)
}

// covers: wherever before does not hold, last does.
func covers(before, last *pred) bool {
	e := "(" + before.expr() + ") or (" + last.expr() + ")"
	names := map[string]bool{}
	for _, m := range cardNameRE.FindAllString(e, -1) {
		names[m] = true
	}
	switch {
	case len(names) == 1 && names["n"]:
		prog, err := expr.Compile(e, expr.Env(map[string]any{"n": 0}), expr.AsBool())
		if err != nil {
			return false
		}
		for n := 1; n <= 720; n++ { // every remainder by 2 … 6 and 8, 9, 10
			if x, err := expr.Run(prog, map[string]any{"n": n}); err != nil || x != true {
				return false
			}
		}
		return true
	case !names["line"] && !names["n"] && !names["prev2"] && !names["prev3"] && len(names) > 0:
		return everyPairGives(e, true)
	}
	return false
}

// ordered is a chain of branches and their conditions, in the order they
// are tried.
type ordered struct {
	bs    []*branch
	conds []*pred
}

// exceptionsFirst is the chain in the order it is read: a branch that
// allows any card ("after a king or an ace anything") after others is an
// exception to them all, tried first, so that "after a red card go higher,
// after a black card go lower, and after a king anything" lets any card
// follow a red king. Tried where it stands it would say nothing where
// only the otherwise follows it (the chain allows any card where no
// condition holds already), and nobody lists an exception to the rules
// after it only.
func exceptionsFirst(bs []*branch, conds []*pred) ordered {
	var first, rest ordered
	for k, b := range bs {
		o := &rest
		if k > 0 && !b.otherwise && b.then == yes {
			o = &first
		}
		o.bs, o.conds = append(o.bs, b), append(o.conds, conds[k])
	}
	return ordered{append(first.bs, rest.bs...), append(first.conds, rest.conds...)}
}

// idlePart: a part of p below its top is "c ? true : true", which says
// nothing: a reading with one took an exception for a rule of its own
// ("…, and after a king anything" joined with "and"), which nobody means.
// (At the top it is the rule "any card", which rulebank refuses saying
// so.)
func idlePart(p *pred) bool {
	if untilAfter(p) {
		return true
	}
	var walk func(q *pred, top bool) bool
	walk = func(q *pred, top bool) bool {
		if !top && q.op == "if" && q.kids[1].expr() == "true" && q.kids[2].expr() == "true" {
			return true
		}
		for _, k := range q.kids {
			if walk(k, false) {
				return true
			}
		}
		return false
	}
	return walk(p, true)
}
