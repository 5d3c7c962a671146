package rulewords

import (
	"fmt"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
)

// SayIn is an expression of the rule language in the words of lang: "en"
// (Say), "pt", "es" or "ca" (Languages; a regional tag such as "pt-BR" or
// "ca-ES-valencia" is its language). The words are built as Say builds
// English — every compound part bracketed, so that a phrase reads one way
// only — from the language's phrase file (locales/*.yaml), and a
// negation is said inside the clause it negates ("a carta não é
// vermelha"; "not (A and B)" as "não A ou não B"), so that no "it is not
// the case that" needs a subjunctive.
func SayIn(lang, src string) (words string, err error) {
	t, err := tongueFor(lang)
	if err != nil {
		return "", err
	}
	return speak(t, src, func(s *sayer, n ast.Node) string { return t.finish(s.sentence(n, false).text) })
}

// english: lang is English ("", "en", "en-GB"), which Say and Read speak.
func english(lang string) bool {
	return lang == "" || strings.EqualFold(lang, "en") || strings.HasPrefix(strings.ToLower(lang), "en-")
}

// said is a rule (or a part) in words.
type said struct {
	text string
	kind string // "clause", "and", "or", "if", "iff"
	subj string // the card a clause is about ("" when none)
	vp   vphrase
}

// vphrase is what a clause says of its card: "é vermelha", "vale pelo menos
// 7", and of several cards ("são vermelhas") where the language has it.
type vphrase struct {
	one, many string
	// x is the feature of a positive "is" ("vermelha"), so that clauses
	// about one card can share the verb: "a carta é vermelha e par".
	x, xmany string
	list     bool // x is a list of alternatives ("de copas ou de paus")
	rel      bool // the words end in a relative clause ("… que é uma figura")
}

func (s *sayer) is(x, xmany string) vphrase {
	v := vphrase{one: s.t.say("is", "x", x), x: x}
	if xmany != "" {
		v.many, v.xmany = s.t.say("is.many", "x", xmany), xmany
	}
	return v
}

// vp is the phrase key with its slots filled, said of one card and, where
// the phrase file has key.many, of several: "vale mais que a carta",
// "valem mais que a carta".
func (s *sayer) vp(key string, slots ...string) vphrase {
	if s.t.has(key + ".x") {
		// said after "is", so that clauses about one card share it
		// ("the card is red and higher than the last card")
		xm := ""
		if s.t.has(key + ".x.many") {
			xm = s.t.say(key+".x.many", slots...)
		}
		v := s.is(s.t.say(key+".x", slots...), xm)
		if s.t.has(key + ".many") {
			v.many = s.t.say(key+".many", slots...)
		}
		return v
	}
	v := vphrase{one: s.t.say(key, slots...)}
	if s.t.has(key + ".many") {
		v.many = s.t.say(key+".many", slots...)
	}
	return v
}

// not is a verb phrase negated: "não é vermelha".
func (s *sayer) not(v vphrase) vphrase {
	if v.x != "" && s.t.has("not.is") {
		// "is not red", where "not" does not go before the verb
		out := vphrase{one: s.t.say("not.is", "x", v.x), rel: v.rel, list: v.list}
		if v.xmany != "" && s.t.has("not.is.many") {
			out.many = s.t.say("not.is.many", "x", v.xmany)
		}
		return out
	}
	out := vphrase{one: s.t.say("not.vp", "vp", v.one), rel: v.rel}
	if v.many != "" {
		out.many = s.t.say("not.vp", "vp", v.many)
	}
	return out
}

func (s *sayer) clauseOf(ref string, v vphrase, neg bool) said {
	if neg {
		v = s.not(v)
	}
	// a verb phrase that names a card by a relative clause ("… que é uma
	// figura") ends a run: what follows could be read as part of it
	if rel := strings.TrimSpace(s.t.say("lastof", "vp", "")); strings.Contains(v.one, rel) {
		v.rel = true
	}
	return said{text: s.refSay(ref) + " " + v.one, kind: "clause", subj: ref, vp: v}
}

func clause(text string) said { return said{text: text, kind: "clause"} }

// refSay is a card the rule names, in words.
func (s *sayer) refSay(ref string) string {
	switch ref {
	case "card", "prev", "prev2", "prev3":
		return s.t.say(ref)
	case "line[0]":
		return s.t.say("starter")
	case "#":
		return s.t.say("that")
	}
	if strings.HasPrefix(ref, "last(filter(") {
		// the last card of the main line that …
		tree, err := parser.Parse(ref)
		if err == nil {
			if l, ok := tree.Node.(*ast.BuiltinNode); ok && len(l.Arguments) == 1 {
				if f, ok := l.Arguments[0].(*ast.BuiltinNode); ok && len(f.Arguments) == 2 {
					w := s.sentence(f.Arguments[1], false)
					if w.subj == "#" && w.vp.one != "" {
						return s.t.say("lastof", "vp", w.vp.one)
					}
				}
			}
		}
	}
	panic(sayError{"the card " + ref})
}

// sentence says n, or its negation when neg.
func (s *sayer) sentence(n ast.Node, neg bool) said {
	n = s.resolve(n)
	switch x := n.(type) {
	case *ast.BoolNode:
		if x.Value != neg {
			return clause(s.t.say("any"))
		}
		return clause(s.t.say("none"))
	case *ast.UnaryNode:
		if x.Operator == "not" || x.Operator == "!" {
			return s.sentence(x.Node, !neg)
		}
	case *ast.ConditionalNode:
		// not (c ? a : b) is c ? not a : not b
		c, a, b := s.sentence(x.Cond, false), s.sentence(x.Exp1, neg), s.sentence(x.Exp2, neg)
		then := a.text
		if a.kind == "if" {
			then = "(" + then + ")"
		}
		return said{text: s.t.say("if", "c", operandOf(c, "if"), "a", then, "b", b.text), kind: "if"}
	case *ast.BinaryNode:
		switch x.Operator {
		case "and", "&&", "or", "||":
			if w, ok := s.between(x, neg); ok {
				return w
			}
			return s.list(x, neg)
		}
		if w, ok := s.mode(x, neg); ok {
			return w
		}
		if w, ok := s.comparison(x, neg); ok {
			return w
		}
	case *ast.MemberNode:
		if ref, field, ok := s.member(x); ok {
			switch field {
			case "face", "even", "odd":
				return s.clauseOf(ref, s.is(s.t.say(field), s.t.say(field+".many")), neg)
			}
		}
	case *ast.BuiltinNode:
		if w, ok := s.quantifier(x, neg); ok {
			return w
		}
	}
	cannot(n)
	return said{}
}

// tbracket is a part's words as an operand of a compound of kind outer.
// A clause whose verb phrase is a list of alternatives is bracketed too:
// "(a carta é de copas ou de paus) e a última carta é vermelha"; and so
// is an "if and only if" that is a condition: "se (a carta é uma figura se
// e somente se a última carta é uma figura): …" has one "se" outside.
func operandOf(w said, outer string) string {
	if (w.kind == "clause" && !w.vp.list) || (outer == "if" && w.kind != "if" && w.kind != "iff") {
		return w.text
	}
	return "(" + w.text + ")"
}

// between says r.rank >= a and r.rank <= b as one range: "vale de 7 a
// 12".
func (s *sayer) between(x *ast.BinaryNode, neg bool) (said, bool) {
	if x.Operator != "and" && x.Operator != "&&" {
		return said{}, false
	}
	lo, lok := s.resolve(x.Left).(*ast.BinaryNode)
	hi, hok := s.resolve(x.Right).(*ast.BinaryNode)
	if !lok || !hok || lo.Operator != ">=" || hi.Operator != "<=" {
		return said{}, false
	}
	r1, f1, ok1 := s.memberOf(lo.Left)
	r2, f2, ok2 := s.memberOf(hi.Left)
	a, ok3 := intValue(s.resolve(lo.Right))
	b, ok4 := intValue(s.resolve(hi.Right))
	if !ok1 || !ok2 || !ok3 || !ok4 || r1 != r2 || f1 != "rank" || f2 != "rank" || a >= b {
		return said{}, false
	}
	return s.clauseOf(r1, s.vp("rank.between", "a", fmt.Sprint(a), "b", fmt.Sprint(b)), neg), true
}

// list is a run of and or of or, flat; negated, each part is negated and
// the connective turns (De Morgan): "não é vermelha ou não é par".
func (s *sayer) list(x *ast.BinaryNode, neg bool) said {
	op := "and"
	if x.Operator == "or" || x.Operator == "||" {
		op = "or"
	}
	var parts []said
	for _, n := range s.flatten(x, op, func(b *ast.BinaryNode) bool { _, isRange := s.between(b, false); return !isRange }) {
		parts = append(parts, s.sentence(n, neg))
	}
	if neg {
		op = map[string]string{"and": "or", "or": "and"}[op]
	}
	// Runs of clauses about one card share it: "a carta é vermelha e par".
	runs := grouped(parts, func(k, j int) bool {
		return parts[k].kind == "clause" && parts[k].subj != "" && parts[j].kind == "clause" && parts[j].subj == parts[k].subj && !parts[j-1].vp.rel
	}, func(run []said) said { return s.share(run, op) })
	if len(runs) == 1 {
		return runs[0]
	}
	texts := make([]string, len(runs))
	for i, p := range runs {
		texts[i] = operandOf(p, op)
	}
	text := strings.Join(texts, " "+s.t.say(op)+" ")
	if op == "or" && s.t.has("either") {
		text = s.t.say("either", "x", text) // "either … or …"
	}
	return said{text: text, kind: op}
}

// share says clauses about one card as one: "a carta é vermelha e par",
// "a carta é vermelha e vale pelo menos 7".
func (s *sayer) share(parts []said, op string) said {
	word := " " + s.t.say(op) + " "
	allIs, allMany := true, true
	for _, p := range parts {
		allIs = allIs && p.vp.x != ""
		allMany = allMany && p.vp.many != ""
	}
	var v vphrase
	if allIs {
		xs, xms := make([]string, len(parts)), make([]string, len(parts))
		for i, p := range parts {
			xs[i], xms[i] = p.vp.x, p.vp.xmany
			if p.vp.list {
				xs[i], xms[i] = "("+xs[i]+")", "("+xms[i]+")"
			}
		}
		many := ""
		if allMany {
			many = strings.Join(xms, word)
		}
		v = s.is(strings.Join(xs, word), many)
	} else {
		ones, manys := make([]string, len(parts)), make([]string, len(parts))
		for i, p := range parts {
			ones[i], manys[i] = p.vp.one, p.vp.many
			if p.vp.list {
				ones[i] = s.t.say("is", "x", "("+p.vp.x+")")
				if allMany {
					manys[i] = s.t.say("is.many", "x", "("+p.vp.xmany+")")
				}
			}
		}
		v.one = strings.Join(ones, word)
		if allMany {
			v.many = strings.Join(manys, word)
		}
	}
	v.rel = parts[len(parts)-1].vp.rel
	subj := parts[0].subj
	return said{text: s.refSay(subj) + " " + v.one, kind: op, subj: subj, vp: v}
}

// or joins alternatives: "um ás, um 3 ou um 5".
func (s *sayer) or(items []string) string {
	if len(items) == 1 {
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + s.t.say("or") + " " + items[len(items)-1]
}

// nor is none of the items: "nem um ás, nem um 3, nem um 5"; "neither
// an ace nor a 3" where the file has "nor.first".
func (s *sayer) nor(items []string) string {
	out := make([]string, len(items))
	for i, it := range items {
		w := s.t.say("nor")
		if i == 0 && s.t.has("nor.first") {
			w = s.t.say("nor.first")
		}
		out[i] = w + " " + it
	}
	sep := ", "
	if s.t.has("nor.sep") {
		sep = s.t.phrases["nor.sep"]
	}
	return strings.Join(out, sep)
}
