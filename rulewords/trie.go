package rulewords

import (
	"slices"
	"strings"
)

// A production's patterns as a tree of their words: the patterns of one
// production share their first words ("$modeon , you must $simple , …"),
// and its optional words multiply them ("[,|:] [you] [must|may|can] …"
// makes one pattern 41,472: m.preback), so the reader walks each shared
// prefix once (match) instead of once a pattern. Every sentence of a long
// list of numbers ("… is one of 2, 3, 5, …, 167", whose every prefix reads
// as a rule, so a sentence is tried after each comma) cost the work of
// every pattern of every sentence (63,000 steps a number) before.
type trie struct {
	word string  // the word or the slot ("$num") this node matches; "" at the root
	kids []*trie // in the order the patterns first say them
	end  int     // the pattern that ends here (its place among the production's), or -1
}

// newTrie is the tree of seqs (each once).
func newTrie(seqs [][]string) *trie {
	root := &trie{end: -1}
	for k, seq := range seqs {
		n := root
		for _, w := range seq {
			i := slices.IndexFunc(n.kids, func(c *trie) bool { return c.word == w })
			if i < 0 {
				n.kids = append(n.kids, &trie{word: w, end: -1})
				i = len(n.kids) - 1
			}
			n = n.kids[i]
		}
		if n.end < 0 {
			n.end = k
		}
	}
	return root
}

// found is a meaning a production matched, with the pattern it matched
// (its place) and which result of each slot it took: the order the
// patterns one by one would give (pattern by pattern, each slot's results
// in order).
type found struct {
	seq  int
	path []int
	r    result
}

// walk extends a match of pr that has reached node n at word i with slot
// values args (the indexes of the slots' results taken in path).
func (p *reader) walk(pr *production, n *trie, i int, args []any, path []int, out *[]found) {
	p.steps++
	if p.over() {
		return
	}
	if n.end >= 0 {
		k := len(*out)
		switch v := act(pr, args).(type) {
		case nil:
		case alts:
			for _, x := range v {
				*out = append(*out, found{n.end, slices.Clone(path), result{i, x}})
			}
		default:
			*out = append(*out, found{n.end, slices.Clone(path), result{i, v}})
		}
		if slot, ok := strings.CutPrefix(n.word, "$"); ok && len(*out) > k && amountSlots[slot] && !amountSlots[pr.nt] {
			p.markAmount(i)
		}
	}
	for _, c := range n.kids {
		if slot, ok := strings.CutPrefix(c.word, "$"); ok {
			for k, r := range p.parse(slot, i) {
				p.walk(pr, c, r.end, append(args, r.val), append(path, k), out)
			}
		} else if i < len(p.toks) && p.toks[i] == c.word {
			p.far = max(p.far, i+1)
			p.walk(pr, c, i+1, args, path, out)
		}
	}
}

// matchAll is every way pr matches from word i, in the order of its
// patterns.
func (p *reader) matchAll(pr *production, i int, out *[]result) {
	var fs []found
	p.walk(pr, pr.tree, i, nil, nil, &fs)
	slices.SortStableFunc(fs, func(a, b found) int {
		if a.seq != b.seq {
			return a.seq - b.seq
		}
		return slices.Compare(a.path, b.path)
	})
	for _, f := range fs {
		*out = append(*out, f.r)
	}
}

// markAmount notes that a pattern read the number ending before word i as
// an amount of ranks (amountEnd).
func (p *reader) markAmount(i int) {
	if p.amountEnd == nil {
		p.amountEnd = map[int]bool{}
	}
	p.amountEnd[i] = true
}
