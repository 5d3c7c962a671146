package design

import (
	"errors"
	"fmt"
	"slices"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"

	"github.com/eleusis/eleusis/rulebank"
)

// Symmetry is a renaming of the game's values that maps every rule to a
// rule of the same idea: a renaming of the suits that keeps the colour
// pairs (hearts with diamonds, spades with clubs) — and so renames the
// colours too, keeping them or swapping red and black —, with or without
// the odd/even swap.
//
// Why only the 8 renamings that keep the colour pairs, not all 24: a suit
// is also a colour, and a renaming that breaks the pairs (hearts ↔ spades
// alone) maps "only red" to "only hearts or spades", and a suit cycle that
// alternates colours to one that does not: rules a player who sees colours
// thinks of differently. The 8 are the renamings under which the deck's
// structure (ranks, suits, colours) is unchanged.
//
// The odd/even swap is no symmetry of rank arithmetic (7 ranks are odd, 6
// even; "odd and face" is J and K, "even and face" Q alone), so it is
// applied only to a rule that reads the rank by its parity and no other
// way: the fields even and odd, and `X.rank % 2` compared with 0 or 1,
// with no other use of rank and no face. For any other rule the swap is
// left out (Apply says so).
type Symmetry struct {
	// Suits maps each suit to its new name; Colors the colours it induces.
	Suits  map[string]string
	Colors map[string]string
	Parity bool
}

// colorOf is the colour of a suit.
var colorOf = map[string]string{"hearts": "red", "diamonds": "red", "spades": "black", "clubs": "black"}

// Symmetries are the 16 symmetries: the 8 suit renamings that keep the
// colour pairs, each with and without the parity swap; the identity first.
func Symmetries() []Symmetry {
	var out []Symmetry
	for _, parity := range []bool{false, true} {
		for _, perm := range permutations(suitNames) {
			s := Symmetry{Suits: map[string]string{}, Colors: map[string]string{}, Parity: parity}
			keeps := true
			for i, from := range suitNames {
				s.Suits[from] = perm[i]
				c, ok := s.Colors[colorOf[from]]
				if ok && c != colorOf[perm[i]] {
					keeps = false
				}
				s.Colors[colorOf[from]] = colorOf[perm[i]]
			}
			if keeps {
				out = append(out, s)
			}
		}
	}
	return out
}

// String names a symmetry by what it moves: "hearts→diamonds diamonds→hearts,
// odd↔even"; "identity" for none.
func (s Symmetry) String() string {
	var moved []string
	for _, from := range suitNames {
		if to := s.Suits[from]; to != from {
			moved = append(moved, from+"→"+to)
		}
	}
	if s.Parity {
		moved = append(moved, "odd↔even")
	}
	if len(moved) == 0 {
		return "identity"
	}
	return fmt.Sprint(moved)
}

// errNoParity: the parity swap does not apply to a rule that reads the
// rank in other ways than its parity.
var errNoParity = errors.New("the rule reads the rank beyond its parity")

// Apply rewrites an expression on expr's syntax tree: every suit and
// colour constant renamed (map keys too, so a suit cycle is conjugated),
// and under the parity swap the fields even and odd exchanged and the
// constant of `X.rank % 2 == k` turned to 1 − k. It fails when the parity
// swap does not apply (errNoParity) or the text does not parse.
func (s Symmetry) Apply(expr string) (string, error) {
	if expr == "" {
		return "", nil
	}
	tree, err := parser.Parse(expr)
	if err != nil {
		return "", err
	}
	r := &renamer{s: s, parityOK: map[ast.Node]bool{}}
	ast.Walk(&tree.Node, parityMarks{r})
	ast.Walk(&tree.Node, r)
	if s.Parity && r.otherRank {
		return "", errNoParity
	}
	if s.Parity {
		for _, k := range r.flips {
			k.Value = 1 - k.Value
		}
	}
	return tree.Node.String(), nil
}

// parityMarks finds the comparisons `X.rank % 2 == k` (k 0 or 1, either
// side, == or !=): their rank is read by its parity alone.
type parityMarks struct{ r *renamer }

func (m parityMarks) Visit(n *ast.Node) {
	b, ok := (*n).(*ast.BinaryNode)
	if !ok || (b.Operator != "==" && b.Operator != "!=") {
		return
	}
	mod, k := b.Left, b.Right
	if _, isInt := mod.(*ast.IntegerNode); isInt {
		mod, k = k, mod
	}
	kk, isInt := k.(*ast.IntegerNode)
	mb, isBin := mod.(*ast.BinaryNode)
	if !isInt || !isBin || mb.Operator != "%" || (kk.Value != 0 && kk.Value != 1) {
		return
	}
	two, isTwo := mb.Right.(*ast.IntegerNode)
	f, isMember := mb.Left.(*ast.MemberNode)
	if !isTwo || two.Value != 2 || !isMember || field(f) != "rank" {
		return
	}
	m.r.parityOK[f] = true
	m.r.flips = append(m.r.flips, kk)
}

type renamer struct {
	s         Symmetry
	parityOK  map[ast.Node]bool
	flips     []*ast.IntegerNode
	otherRank bool
}

// field is the name of a member access's field (the "suit" of prev.suit,
// of .suit in a predicate), or "".
func field(m *ast.MemberNode) string {
	if s, ok := m.Property.(*ast.StringNode); ok {
		return s.Value
	}
	return ""
}

func (r *renamer) Visit(n *ast.Node) {
	switch x := (*n).(type) {
	case *ast.StringNode:
		if to, ok := r.s.Suits[x.Value]; ok {
			x.Value = to
		} else if to, ok := r.s.Colors[x.Value]; ok {
			x.Value = to
		}
	case *ast.MemberNode:
		p, _ := x.Property.(*ast.StringNode)
		switch f := field(x); {
		case f == "face", f == "rank" && !r.parityOK[x]:
			r.otherRank = true
		case r.s.Parity && (f == "even" || f == "odd"):
			p.Value = map[string]string{"even": "odd", "odd": "even"}[f]
		}
	}
}

// Orbit is a candidate's images under the symmetries, by behaviour: Key,
// the least signature among them, is the same for every rule of the
// orbit; reps are the images with that signature (the orbit's meeting
// point, confirmed by rulebank.Equivalent in SameIdea); Size the distinct
// behaviours among the images.
type Orbit struct {
	Key  uint64 `json:"-"`
	Size int    `json:"size"`
	reps []*rulebank.Compiled
}

// orbitOf computes a candidate's orbit: each symmetry applied to its
// expression and starter, compiled, and its behaviour signed. An image
// that does not compile or cannot be signed is left out (a symmetry maps
// valid rules to valid rules; this is only a guard).
func orbitOf(p Proposal, own *rulebank.Compiled, ownSig uint64) Orbit {
	o := Orbit{Key: ownSig, reps: []*rulebank.Compiled{own}}
	sigs := map[uint64]bool{ownSig: true}
	texts := map[[2]string]bool{{p.Expr, p.Starter}: true}
	for _, s := range Symmetries()[1:] {
		e, err1 := s.Apply(p.Expr)
		st, err2 := s.Apply(p.Starter)
		if err1 != nil || err2 != nil || texts[[2]string{e, st}] {
			continue
		}
		texts[[2]string{e, st}] = true
		c, err := rulebank.Compile(rulebank.Rule{Name: "image", Expr: e, Starter: st})
		if err != nil {
			continue
		}
		sig, err := signature(c)
		if err != nil {
			continue
		}
		sigs[sig] = true
		switch {
		case sig < o.Key:
			o.Key, o.reps = sig, []*rulebank.Compiled{c}
		case sig == o.Key && !slices.Contains(o.reps, c):
			o.reps = append(o.reps, c)
		}
	}
	o.Size = len(sigs)
	return o
}

// SameIdea says whether two candidates are in one orbit: some image of
// the one behaves as some image of the other (the same least signature,
// confirmed by rulebank.Equivalent; an undecided check keeps them apart).
func SameIdea(a, b *Candidate) (bool, error) {
	if a.Orbit.Key != b.Orbit.Key || len(a.Orbit.reps) == 0 {
		return false, nil
	}
	for _, rb := range b.Orbit.reps {
		e, err := rulebank.Equivalent(a.Orbit.reps[0], rb)
		if errors.Is(err, rulebank.ErrUndecided) {
			continue
		}
		if err != nil {
			return false, fmt.Errorf("comparing the orbits of %s and %s: %w", a.Expr, b.Expr, err)
		}
		if e.Equal {
			return true, nil
		}
	}
	return false, nil
}
