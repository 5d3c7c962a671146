package rulewords

import (
	"fmt"
	"strings"
	"sync"
)

// The grammar of rules in one language. A production belongs to a
// nonterminal ("clause", "feature", "ref", …) and has patterns: words to
// match and slots ($ref, $num, …) filled by other nonterminals. Read tries
// every pattern, a chart of every way each nonterminal matches from each
// word:
//
//	"a|an $rank or higher|more|above"   reads "a 7 or higher", "an 8 or more", …
//	"[the] same $field as $ref"         reads "same suit as it", "the same suit as it"
//
// An action builds the production's meaning from its slots' meanings.
type production struct {
	nt   string
	pats [][]string
	tree *trie // pats as a tree of their words (trie.go)
	act  func(v []any) any
}

type grammar struct {
	t     *tongue // the language whose words these are
	prods map[string][]*production
	// special nonterminals are parsed by code (numbers, coordination).
	special map[string]func(p *reader, i int) []result
	// the language's words for coordination and lists ("and", "or", and
	// the articles a list item may have: "a", "an")
	and, or, but string
	articles     []string
	ops          []arithOp // the operators of numbers

	vocabOnce sync.Once
	vocab     map[string]bool // every word of the patterns (Guess)
}

// theGrammar is the grammar of rule English.
func theGrammar() *grammar {
	g, err := englishTongue().grammar()
	if err != nil {
		panic(err) // English has no phrase file to get wrong
	}
	return g
}

// add adds a production of word sequences (expanded, and as the language
// reads them).
func (g *grammar) add(nt string, act func(v []any) any, seqs [][]string) {
	g.prods[nt] = append(g.prods[nt], &production{nt: nt, act: act, pats: seqs, tree: newTrie(seqs)})
}

// result is one way a nonterminal matches from a position: where it ends
// and what it means.
type result struct {
	end int
	val any
}

type memoKey struct {
	nt string
	i  int
}

// parser reads one text: a chart of every way each nonterminal matches
// from each position (list of successes, memoised).
type reader struct {
	g     *grammar
	toks  []string
	from  []string // the words of the text each word stands for (stuck quotes them)
	memo  map[memoKey][]result
	busy  map[memoKey]bool
	steps int
	far   int // the furthest word any pattern matched up to
	// watch: the word whose expected words are noted in want (-1: none)
	watch int
	want  []wanted
	// amountEnd: the words a pattern ends at whose last slot read a
	// number as an amount of ranks ("differs by 5", "up 2"): a number
	// after "or" there is another amount, never a rank (listTail)
	amountEnd map[int]bool
}

// amountSlots read numbers as amounts of ranks, never as ranks; their own
// productions (and "$bound and $bound") are parts of an amount, not a
// phrase that ends in one.
var amountSlots = map[string]bool{"steps": true, "stepset": true, "bound": true, "bounds": true, "byamount": true, "byset": true, "stepsby": true}

// maxSteps bounds the work of reading one text: the words of the patterns
// matched (trie.go), a step a word. A list of 39 numbers said back by the
// space beside another clause ("if the card's rank plus the last card's
// rank is one of 2, 3, 5, …, 167: …") takes about 70,000; the banks' and
// the tests' texts at most 12,000. (Pattern by pattern, before the
// patterns were a tree, the list took 7 million and the bound was 12.)
const maxSteps = 1_000_000

// maxWatchSteps bounds the work of expected's reading, which matches
// pattern by pattern to note what each wanted (12 million: what every
// text took pattern by pattern).
const maxWatchSteps = 12_000_000

// over: the reading has done more work than it may.
func (p *reader) over() bool {
	if p.watch >= 0 {
		return p.steps > maxWatchSteps
	}
	return p.steps > maxSteps
}

var errTooLong = fmt.Errorf("the text is too long or too tangled to read")

func (p *reader) parse(nt string, i int) []result {
	k := memoKey{nt, i}
	if r, ok := p.memo[k]; ok {
		return r
	}
	if p.busy[k] || p.over() {
		return nil // left recursion: the grammar reads it another way
	}
	p.busy[k] = true
	var out []result
	if f := p.g.special[nt]; f != nil {
		out = f(p, i)
	} else {
		// a nonterminal the language has no words for matches nothing
		for _, pr := range p.g.prods[nt] {
			if p.watch < 0 {
				p.matchAll(pr, i, &out)
				continue
			}
			// what each pattern wanted at the watched word, pattern by
			// pattern (expected)
			for _, pat := range pr.pats {
				p.match(pr, pat, i, i, nil, &out)
			}
		}
	}
	if tail := elidedTails[nt]; tail != "" {
		out = p.withTails(tail, out) // "is not 13 and not 14" (elided.go)
	}
	if wrapsWhole[nt] {
		out = p.withWrap(out) // "one higher or one lower counting round"
	}
	delete(p.busy, k)
	out = dedupe(out)
	p.memo[k] = out
	return out
}

// match extends a partial match of pattern pat at position i with slot
// values args.
func (p *reader) match(pr *production, pat []string, from, i int, args []any, out *[]result) {
	p.steps++
	if p.over() {
		return
	}
	if len(pat) == 0 {
		switch v := act(pr, args).(type) {
		case nil:
		case alts:
			for _, x := range v {
				*out = append(*out, result{i, x})
			}
		default:
			*out = append(*out, result{i, v})
		}
		return
	}
	w := pat[0]
	if strings.HasPrefix(w, "$") {
		rs := p.parse(w[1:], i)
		amount := len(pat) == 1 && amountSlots[w[1:]] && !amountSlots[pr.nt]
		for _, r := range rs {
			n := len(*out)
			p.match(pr, pat[1:], from, r.end, append(args, r.val), out)
			if amount && len(*out) > n {
				p.markAmount(r.end)
			}
		}
		if len(rs) == 0 && i == p.watch && from < i {
			p.want = append(p.want, wanted{from, w})
		}
		return
	}
	if i < len(p.toks) && p.toks[i] == w {
		p.far = max(p.far, i+1)
		p.match(pr, pat[1:], from, i+1, args, out)
	} else if i == p.watch && from < i {
		p.want = append(p.want, wanted{from, literalRun(pat)})
	}
}

// alts is an action's several meanings of the same words (readings).
type alts []any

// act is pr's meaning of args; an action that meets a part of another
// kind than it reads (a note where it wants a rule) means nothing.
func act(pr *production, args []any) (v any) {
	defer func() {
		if p := recover(); p != nil {
			v = nil
		}
	}()
	return pr.act(append([]any(nil), args...))
}

// dedupe drops results with the same end and the same meaning (for
// predicates and numbers, the same expression).
func dedupe(rs []result) []result {
	seen := map[string]int{}
	var out []result
	for _, r := range rs {
		mk, ok := safeKey(r.val)
		if !ok {
			continue // a meaning that cannot be built: none
		}
		key := fmt.Sprintf("%d %s", r.end, mk)
		if k, ok := seen[key]; ok {
			if excepts(r.val) && !excepts(out[k].val) {
				out[k] = r // the same rule, read as an exception to the sentences beside it
			}
			continue
		}
		seen[key] = len(out)
		out = append(out, r)
	}
	return out
}

// excepts: v is a sentence that is an exception to the sentences beside
// it ("after a king anything; otherwise …", "kings are wild, otherwise …").
func excepts(v any) bool {
	p, ok := v.(*pred)
	return ok && (p.exempt || p.wild != nil)
}

// safeKey is meaningKey, or false when building the meaning fails (an
// action that met a part of another kind than it reads).
func safeKey(v any) (k string, ok bool) {
	defer func() {
		if recover() != nil {
			k, ok = "", false
		}
	}()
	return meaningKey(v), true
}

// meaningKey names a meaning for dedupe: a feature by what it says of a
// card standing for itself.
func meaningKey(v any) string {
	switch v := v.(type) {
	case *pred:
		return "p:" + v.expr()
	case feature:
		return "f:" + v("@").expr()
	case [2]feature:
		return "f2:" + v[0]("@").expr() + "|" + v[1]("@").expr()
	case saidItem:
		return "f2s:" + v[0]("@").expr() + "|" + v[1]("@").expr()
	case restFree:
		return "rest"
	case capAmt:
		return fmt.Sprintf("cap:%v", v)
	case term:
		return "t:" + v.text
	case []any:
		var parts []string
		for _, x := range v {
			parts = append(parts, meaningKey(x))
		}
		return "l:" + strings.Join(parts, "|")
	case *branch:
		k := "b:"
		if v.cond != nil {
			k += v.cond.expr()
		}
		if v.rest != nil {
			k += "|" + meaningKey(v.rest)
		}
		then := ""
		if v.then != nil {
			then = v.then.expr()
		}
		return fmt.Sprintf("%s|%v|%v|%v|%s", k, v.subj, v.otherwise, v.negate, then)
	case *subjless:
		k := "s:"
		if v.card != nil {
			k += v.card("@").expr()
		}
		if v.num != nil {
			k += "|" + v.num(term{"@", nil, false}).expr()
		}
		return k
	case func(term) *pred:
		return "n:" + v(term{"@", nil, false}).expr()
	case wild:
		return "w:" + v.f("@").expr()
	case wrapNote:
		return "wrap"
	case []patItem:
		var parts []string
		for _, it := range v {
			if it.f != nil {
				parts = append(parts, it.f("@").expr())
			} else {
				parts = append(parts, it.rel)
			}
		}
		return "pat:" + strings.Join(parts, "|")
	case string, int, []int, [4]string, note, fieldName, span, windowK, multiplier, refusal:
		return fmt.Sprintf("%T:%v", v, v)
	}
	panic(fmt.Sprintf("rulewords: no meaning key for %T", v))
}
