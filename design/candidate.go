package design

import (
	"cmp"
	"errors"
	"fmt"
	"math/bits"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// Where candidates come from.
const (
	FromBank        = "bank"        // a rule of the bank, raced as a baseline
	FromGrammar     = "grammar"     // a hypothesis of the scientists' grammar
	FromMutation    = "mutation"    // a rule mutated (Mutate)
	FromCombination = "combination" // two rules combined (Combine)
)

// Proposal is a rule text offered to the checks, with where it came from.
type Proposal struct {
	Expr    string   `json:"expr"`
	Starter string   `json:"starter,omitempty"`
	Origin  string   `json:"origin"`
	Parents []string `json:"parents,omitempty"`
	Op      string   `json:"op,omitempty"`
	What    string   `json:"what,omitempty"`
	// Name: a bank rule's name (empty for new rules: named when pooled).
	Name string `json:"name,omitempty"`
}

// Candidate is a rule that passed the checks: one behaviour, written by
// the shortest text found for it, with what the checks measured.
type Candidate struct {
	Proposal
	Name       string  `json:"name"`
	Generation int     `json:"generation"`
	Acceptance float64 `json:"acceptance"`
	// LookBack: the names the rule reads (card,prev,prev2,n, …); Depth the
	// look-back counted in cards (n, the position, is not look-back).
	LookBack string `json:"look_back"`
	Depth    int    `json:"depth"`
	// Size: the nodes of the expression's syntax tree (the description
	// length the optional penalty counts).
	Size int `json:"size"`
	// Texts: how many texts of this behaviour were proposed.
	Texts int `json:"texts"`
	// Orbit: the rule's images under the game's symmetries (suit
	// renamings that keep colour pairs, the parity swap): candidates of one
	// orbit are one idea (SameIdea).
	Orbit Orbit `json:"orbit"`

	compiled  *rulebank.Compiled
	signature uint64
}

// Compiled is the candidate's compiled rule.
func (c *Candidate) Compiled() *rulebank.Compiled { return c.compiled }

// Checker checks proposals as `eleusis rules check` checks rules: the text
// compiles, the starter predicate admits some card, no reachable main line
// is a dead end, and the acceptance rate (rulebank.Analyse) lies in the
// band; and, for the designer, the rule looks back at most LookBack cards
// (reading the position n is allowed, the whole line never).
type Checker struct {
	Acceptance Band                   `json:"acceptance"`
	LookBack   int                    `json:"look_back"`
	Analyse    rulebank.AnalyseConfig `json:"analysis"`
}

// DefaultChecker is the designer's default: acceptance 0.2 to 0.8, look-back
// up to 2 cards, the analysis of `rules check`.
var DefaultChecker = Checker{Acceptance: Band{0.2, 0.8}, LookBack: 2, Analyse: rulebank.DefaultAnalyse}

// Reasons a proposal is turned down.
const (
	RejectCompile    = "does not compile"
	RejectLine       = "reads the whole line"
	RejectLookBack   = "looks back too far"
	RejectRunTime    = "fails when judging"
	RejectDeadEnd    = "has a dead end"
	RejectAcceptance = "acceptance outside the band"
	RejectDuplicate  = "same behaviour as a candidate"
)

// depth is the look-back in cards: 3, 2, 1 or 0, with n (the position) not
// counted; -1 for a rule that reads the whole line.
func depth(r rulebank.Reads) int {
	r.N = false
	return r.Depth()
}

// Check compiles and analyses a proposal. A rule of the bank (origin
// FromBank) is measured but never turned down: it is a baseline. The
// reason is empty when the proposal passed.
func (ck Checker) Check(p Proposal) (*Candidate, string) {
	name := cmp.Or(p.Name, "candidate")
	c, err := rulebank.Compile(rulebank.Rule{Name: name, Expr: p.Expr, Starter: p.Starter})
	if err != nil {
		return nil, RejectCompile
	}
	bank := p.Origin == FromBank
	d := depth(c.Reads)
	switch {
	case bank:
	case d < 0:
		return nil, RejectLine
	case d > ck.LookBack:
		return nil, RejectLookBack
	}
	rep := rulebank.Analyse(c, ck.Analyse)
	switch {
	case bank:
	case rep.Error != "":
		return nil, RejectRunTime
	case rep.DeadEnd != nil:
		return nil, RejectDeadEnd
	case rep.Acceptance < ck.Acceptance[0] || rep.Acceptance > ck.Acceptance[1]:
		return nil, RejectAcceptance
	}
	sig, err := signature(c)
	if err != nil && !bank {
		return nil, RejectRunTime
	}
	return &Candidate{Proposal: p, Name: p.Name, Acceptance: rep.Acceptance, LookBack: rep.LookBack, Depth: d,
		Size: size(p.Expr), Texts: 1, Orbit: orbitOf(p, c, sig), compiled: c, signature: sig}, ""
}

// size counts the nodes of an expression's syntax tree.
func size(expr string) int {
	t, err := parser.Parse(expr)
	if err != nil {
		return 0
	}
	var n counter
	ast.Walk(&t.Node, &n)
	return int(n)
}

type counter int

func (n *counter) Visit(*ast.Node) { *n++ }

// Signature walks: sigWalks lines of up to sigLength cards.
const (
	sigWalks  = 12
	sigLength = 24
)

// signature hashes a rule's behaviour on a few main lines of its own legal
// play: the starters it admits, then, along each line, the set of cards it
// admits, the next card chosen among them by its position in the set (a
// choice that depends on the set alone). Rules that agree on every
// reachable state walk the same lines and hash alike; rules with different
// signatures differ somewhere. Equal signatures are confirmed by
// rulebank.Equivalent (Pool.Add).
func signature(c *rulebank.Compiled) (uint64, error) {
	j := c.NewJudge()
	var st uint64
	for k := sim.Card(0); k < sim.NumCards; k++ {
		ok, err := j.Starter(k)
		if err != nil {
			return 0, err
		}
		if ok {
			st |= 1 << k
		}
	}
	h := mix(0x5eed, st)
	if st == 0 {
		return h, nil
	}
	line := make([]sim.Card, 0, sigLength+1)
	for w := range sigWalks {
		line = append(line[:0], nth(st, w*7919))
		for step := range sigLength {
			m, err := j.Legal(line)
			if err != nil {
				return 0, err
			}
			h = mix(h, m)
			if m == 0 {
				break
			}
			line = append(line, nth(m, w*31+step*17+int(h>>60)))
		}
	}
	return h, nil
}

// nth is the (k mod |set|)-th card of a non-empty set.
func nth(set uint64, k int) sim.Card {
	k %= bits.OnesCount64(set)
	for ; k > 0; k-- {
		set &= set - 1
	}
	return sim.Card(bits.TrailingZeros64(set))
}

// mix folds x into the hash h (splitmix64's finaliser).
func mix(h, x uint64) uint64 {
	h ^= x + 0x9e3779b97f4a7c15 + h<<6 + h>>2
	return sim.Splitmix64(h)
}

// Pool is a set of candidates of distinct behaviours: a proposal that
// behaves as a candidate already pooled (rulebank.Equivalent: the same
// verdict on every card in every state reachable by legal play) is merged
// into it, and the shorter text kept, unless the pooled one is a rule of
// the bank or came from an earlier generation: those keep their text.
type Pool struct {
	Candidates []*Candidate
	buckets    map[uint64][]*Candidate
}

// NewPool is an empty pool.
func NewPool() *Pool { return &Pool{buckets: map[uint64][]*Candidate{}} }

// Add pools a checked candidate: it returns the pooled candidate the new
// one merged into, or nil when it was added as a new behaviour. Rules of
// the bank are always added (two bank rules may behave alike).
func (p *Pool) Add(c *Candidate) (*Candidate, error) {
	if c.Origin != FromBank {
		for _, o := range p.buckets[c.signature] {
			e, err := rulebank.Equivalent(o.compiled, c.compiled)
			if errors.Is(err, rulebank.ErrUndecided) {
				continue // undecided: kept apart
			}
			if err != nil {
				return nil, fmt.Errorf("comparing %s with %s: %w", c.Expr, o.Expr, err)
			}
			if !e.Equal {
				continue
			}
			o.Texts += c.Texts
			if o.Origin != FromBank && o.Generation == c.Generation && shorter(c, o) {
				name, gen, texts := o.Name, o.Generation, o.Texts
				*o = *c
				o.Name, o.Generation, o.Texts = name, gen, texts
			}
			return o, nil
		}
	}
	p.buckets[c.signature] = append(p.buckets[c.signature], c)
	p.Candidates = append(p.Candidates, c)
	return nil, nil
}

// shorter: a's text is shorter than b's (fewer nodes, then fewer bytes,
// then first in byte order, so that the choice does not depend on the
// order texts came in).
func shorter(a, b *Candidate) bool {
	return cmp.Or(cmp.Compare(a.Size, b.Size), cmp.Compare(len(a.Expr), len(b.Expr)), cmp.Compare(a.Expr, b.Expr)) < 0
}
