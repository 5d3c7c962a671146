package rulewords

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// What a number is, said twice of one number: "the sum is not 13 and not
// 14", "is less than 5 or more than 14", "the two must not add up to 13 or
// 14". The number said once is the subject of every part (it carries
// over); the card played is not ("and not 14" is no card of rank 14). A
// verb phrase of a number (numvp, sumvp) may be followed by "and", "or"
// or "but" and another, its verb left out or not (numvpc, sumvpc): parse
// adds each such tail to the phrase it follows (withTails), so every slot
// that reads what a number is reads the parts in a row.

// elidedTails: the nonterminals whose results take tails, and the
// nonterminal of the tail.
var elidedTails = map[string]string{"numvp": "numvpc", "numvpc": "numvpc", "sumvp": "sumvpc", "sumvpc": "sumvpc"}

func (g *registry) buildElided() {
	first := func(v []any) any { return v[0] }
	g.every("numvpc", first, "$numvp")
	g.every("sumvpc", first, "$sumvp", "$numvpc")
	num := func(op string) func(v []any) any {
		return func(v []any) any {
			b := v[0].(term)
			return func(a term) *pred { return cmp(op)([]any{a, b}).(*pred) }
		}
	}
	// the verb left out: the comparison's words alone
	g.named("numvpc.ne", "numvpc", num("!="), "not $term", "never $term", "not equal to $term")
	g.named("numvpc.gt", "numvpc", num(">"), "more|greater|bigger|larger than $term", "above|over $term", "not less than $term")
	g.named("numvpc.lt", "numvpc", num("<"), "less|smaller|fewer than $term", "below|under $term", "not more than $term")
	g.named("numvpc.ge", "numvpc", num(">="), "at least $term", "$term $ormore", "no less than $term")
	g.named("numvpc.le", "numvpc", num("<="), "at most $term", "$term $orless", "no more than $term")
	// "must not add up to 13 or 14": a list after the verb of a sum
	in := func(neg bool) func(v []any) any {
		return func(v []any) any {
			ks := v[0].([]int)
			return func(a term) *pred {
				p := counted(fmt.Sprintf("%s in %s", paren(a.text), intList(ks)), a.refs...)
				if neg {
					return not(p)
				}
				return p
			}
		}
	}
	g.named("sumvp.in", "sumvp", in(false), "add|adds up to $numlist", "make|makes $numlist", "total|totals $numlist", "come|comes to $numlist")
	g.named("sumvp.notin", "sumvp", in(true), "do|does not add up to $numlist", "not add up to $numlist", "never add|adds up to $numlist",
		"do|does not make $numlist", "not make $numlist", "never make|makes $numlist", "do|does not total $numlist", "not total $numlist")
	g.named("sumvp.ne", "sumvp", num("!="), "do|does not add up to $term", "not add up to $term", "never add|adds up to $term",
		"do|does not make $term", "not make $term", "never make|makes $term", "do|does not total $term", "not total $term")
	g.named("numvp.notin", "numvp", in(true), "is not $numlist", "not be $numlist", "is neither $numlist")
	g.named("numvp.ne", "numvp", num("!="), "is not $term", "not be $term", "is never $term", "does not equal $term", "is not equal to $term")
}

// withTails is rs, the results of a verb phrase of a number, and each
// followed by a connective and a tail (tail's results), the two joined.
// Tails joined by another connective than theirs are left out: "not 3 or
// 4 and 5" has no one grouping.
func (p *reader) withTails(tail string, rs []result) []result {
	out := rs
	for _, r := range rs {
		f, ok := r.val.(func(term) *pred)
		if !ok {
			continue
		}
		for _, c := range p.g.connectives() {
			op := strings.TrimPrefix(c.op, ",")
			j := r.end
			if op == "," || j+len(c.words) > len(p.toks) || !slices.Equal(p.toks[j:j+len(c.words)], c.words) {
				continue
			}
			for _, t := range p.parse(tail, j+len(c.words)) {
				g, ok := t.val.(func(term) *pred)
				if !ok {
					continue
				}
				if k := g(term{"@", nil, false}).op; (k == "and" || k == "or") && k != op {
					continue
				}
				out = append(out, result{t.end, func(a term) *pred { return join(op, f(a), g(a)) }})
			}
		}
	}
	return out
}

// numberSaid: p ends in a comparison of a number that is no card's rank
// (a sum, a count, a distance), after which a number alone is that
// number's.
func numberSaid(p *pred) bool {
	for p.op == "and" || p.op == "or" {
		p = p.kids[len(p.kids)-1]
	}
	m := comparedRE.FindStringSubmatch(p.text)
	return p.op == "atom" && m != nil && !cardRankRE.MatchString(m[1])
}

var (
	comparedRE = regexp.MustCompile(`^(.+?) (==|!=|<=|>=|<|>|in) [^=<>!]+$`)
	cardRankRE = regexp.MustCompile(`^\(?\w+\.rank\)?$`)
)

// sharesObject: a feature "the same suit" with no card said (the last
// card's) joined to a later "the same value as X" with X another card:
// "the same suit or the same value as one of the last three cards" says
// X of both (f.same2 reads it so), never the last card's suit.
func sharesObject(fs []feature) bool {
	for i, f := range fs[:len(fs)-1] {
		if !f("@").elided {
			continue
		}
		for _, g := range fs[i+1:] {
			p := g("@")
			if p.elided {
				continue
			}
			for _, m := range relObjectRE.FindAllStringSubmatch(p.expr(), -1) {
				if obj := m[1] + m[2]; obj != "prev" {
					return true
				}
			}
		}
	}
	return false
}

// relObjectRE finds the card a field of the card is compared with:
// "@.rank == prev2.rank", "last(…).suit == @.suit".
var relObjectRE = regexp.MustCompile(`@\.\w+ [!=]= (\S+)\.\w+|(\S+)\.\w+ [!=]= @\.\w+`)

// elidedSame is "the same field" said of card r with no card named: the
// last card's.
func elidedSame(f, r string) *pred {
	p := *sameField(f, r, "prev", "==")
	p.elided = true
	return &p
}
