package rulebank

import (
	"slices"

	"github.com/eleusis/eleusis/sim"
	"github.com/expr-lang/expr/ast"
)

// A rule that reads only some attributes of the cards — prev3.color,
// card.suit — cannot tell apart cards that agree on them: the equivalence
// check then examines one card of each class instead of all 52 (for a
// colour rule looking three cards back, 2⁴ windows instead of 52⁴).

// Card attributes, as bits of a field set.
const (
	fieldRank uint8 = 1 << iota
	fieldSuit
	fieldColor
	fieldFace
	fieldEven
	fieldOdd
	fieldAll uint8 = 1<<6 - 1 // the card as a whole: every attribute
)

var fieldBits = map[string]uint8{"rank": fieldRank, "suit": fieldSuit, "color": fieldColor, "face": fieldFace,
	"even": fieldEven, "odd": fieldOdd}

// cardNames are the names that hold one card of the table, by position:
// 0 the card judged, 1..3 the cards one to three back.
var cardNames = map[string]int{"card": 0, "prev": 1, "prev2": 2, "prev3": 3}

// fieldsRead is, for each position (card, prev, prev2, prev3), the
// attributes an expression reads of the card there: a name read other than
// as name.field, or compared with nil, reads the whole card; $env reads
// every card whole.
func fieldsRead(node ast.Node) [4]uint8 {
	v := &fieldVisitor{uses: map[string]int{}, plain: map[string]int{}}
	ast.Walk(&node, v)
	for name, uses := range v.uses {
		if uses > v.plain[name] {
			v.fields[cardNames[name]] = fieldAll
		}
	}
	if v.env {
		v.fields = [4]uint8{fieldAll, fieldAll, fieldAll, fieldAll}
	}
	return v.fields
}

type fieldVisitor struct {
	fields [4]uint8
	env    bool
	uses   map[string]int // every use of a card name
	plain  map[string]int // uses as name.field or name ==/!= nil
}

func (v *fieldVisitor) Visit(node *ast.Node) {
	name := func(n ast.Node) (string, bool) {
		id, ok := n.(*ast.IdentifierNode)
		if !ok {
			return "", false
		}
		_, ok = cardNames[id.Value]
		return id.Value, ok
	}
	switch n := (*node).(type) {
	case *ast.IdentifierNode:
		if nm, ok := name(n); ok {
			v.uses[nm]++
		}
		v.env = v.env || n.Value == "$env"
	case *ast.MemberNode:
		if nm, ok := name(n.Node); ok {
			if p, ok := n.Property.(*ast.StringNode); ok && fieldBits[p.Value] != 0 {
				v.fields[cardNames[nm]] |= fieldBits[p.Value]
				v.plain[nm]++
			}
		}
	case *ast.BinaryNode:
		if n.Operator == "==" || n.Operator == "!=" {
			_, lnil := n.Left.(*ast.NilNode)
			_, rnil := n.Right.(*ast.NilNode)
			if nm, ok := name(n.Left); ok && rnil {
				v.plain[nm]++
			}
			if nm, ok := name(n.Right); ok && lnil {
				v.plain[nm]++
			}
		}
	}
}

// classes splits the 52 cards by the attributes of fields: class[c] is
// card c's class, reps[k] the first card of class k.
type classes struct {
	fields uint8
	class  [sim.NumCards]uint8
	reps   []sim.Card
}

func newClasses(fields uint8) *classes {
	cl := &classes{fields: fields}
	key := func(c sim.Card) [6]int {
		var k [6]int
		for i, f := range []struct {
			bit uint8
			val int
		}{{fieldRank, c.Rank()}, {fieldSuit, int(c.Suit())}, {fieldColor, b2i(c.Red())}, {fieldFace, b2i(c.Face())},
			{fieldEven, b2i(c.Even())}, {fieldOdd, b2i(!c.Even())}} {
			if fields&f.bit != 0 {
				k[i] = f.val
			}
		}
		return k
	}
	var keys [][6]int
	for c := sim.Card(0); c < sim.NumCards; c++ {
		k := key(c)
		i := slices.Index(keys, k)
		if i < 0 {
			i = len(keys)
			keys = append(keys, k)
			cl.reps = append(cl.reps, c)
		}
		cl.class[c] = uint8(i)
	}
	return cl
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// rep is the representative of card c's class.
func (cl *classes) rep(c sim.Card) sim.Card { return cl.reps[cl.class[c]] }

// lift turns a set of classes into the set of their cards.
func (cl *classes) lift(set uint64) uint64 {
	var m uint64
	for c := sim.Card(0); c < sim.NumCards; c++ {
		if set>>cl.class[c]&1 == 1 {
			m |= 1 << c
		}
	}
	return m
}

// of is the set of classes of a set of cards.
func (cl *classes) of(cards uint64) uint64 {
	var m uint64
	for c := sim.Card(0); c < sim.NumCards; c++ {
		if cards>>c&1 == 1 {
			m |= 1 << cl.class[c]
		}
	}
	return m
}
