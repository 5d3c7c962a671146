package grammar

import "fmt"

// connectives are the Table's productions that join other rules: not,
// and, or, the conditionals, the nil guard and the splits of the short
// lines, and the compounds the synthesizer builds (mirror, alternation,
// exactly k of three, one rule per case).
var connectives = map[Prod]Production{
	PNot: {Name: "not", Type: Bool, Kids: []Type{Bool}, Connective: true, Words: "not a", Bits: fixed(1),
		eval: func(_ *Node, _ *Point, k [3]int32) int32 { return 1 - k[0] },
		text: func(_ *Node, k []text) text { return text{"not " + k[0].atLeast(precPrimary), precUnary} }},
	PAnd: {Name: "and", Type: Bool, Kids: []Type{Bool, Bool}, Connective: true, Words: "a and b", Bits: fixed(1),
		eval: func(_ *Node, _ *Point, k [3]int32) int32 { return k[0] & k[1] },
		text: func(_ *Node, k []text) text { return infix(k[0], "and", k[1], precAnd) }},
	POr: {Name: "or", Type: Bool, Kids: []Type{Bool, Bool}, Connective: true, Words: "a or b", Bits: fixed(1),
		eval: func(_ *Node, _ *Point, k [3]int32) int32 { return k[0] | k[1] },
		text: func(_ *Node, k []text) text { return infix(k[0], "or", k[1], precOr) }},
	PIte: {Name: "if", Type: Bool, Kids: []Type{Bool, Bool, Bool}, Connective: true, Words: "if c then a, else b", Bits: fixed(4),
		eval: func(_ *Node, _ *Point, k [3]int32) int32 { return k[0]&k[1] | (1-k[0])&k[2] },
		text: func(_ *Node, k []text) text { return ternary(k[0], k[1].s2(), k[2].s2()) }},
	PImp: {Name: "implies", Type: Bool, Kids: []Type{Bool, Bool}, Connective: true, Words: "if c then a (any card otherwise)", Bits: fixed(1),
		eval: func(_ *Node, _ *Point, k [3]int32) int32 { return k[0]&k[1] | (1 - k[0]) },
		text: func(_ *Node, k []text) text { return ternary(k[0], k[1].s2(), "true") }},
	// An iff may name a's opposite as a third child (written, not
	// counted: "red ? low : high" rather than "red ? low : not low").
	PIff: {Name: "iff", Type: Bool, Kids: []Type{Bool, Bool}, Connective: true, Counted: 2, Words: "if c then a, else the opposite of a", Bits: fixed(1),
		eval: func(_ *Node, _ *Point, k [3]int32) int32 { return 1 - (k[0] ^ k[1]) },
		text: func(_ *Node, k []text) text {
			if len(k) == 3 {
				return ternary(k[0], k[1].s2(), k[2].s2())
			}
			return ternary(k[0], k[1].s2(), "not "+k[1].atLeast(precPrimary))
		}},
	PGuard: {Name: "guard", Type: Bool, Kids: []Type{Bool}, Connective: true,
		Words: "a nil guard: any card (==) or no card (!=) while the line is too short for prev2 or prev3, a otherwise; free round an atom, a bit round a compound",
		Bits: func(n *Node) int {
			if Table[n.Kids[0].P].Connective {
				return 1
			}
			return 0
		},
		eval: func(n *Node, pt *Point, k [3]int32) int32 {
			if pt.Scene.N < slotDepth[n.Slot] {
				return b(n.Op == Eq)
			}
			return k[0]
		},
		text: func(n *Node, k []text) text {
			if n.Op == Eq {
				return text{slotText[n.Slot] + " == nil or " + k[0].above(precOr), precOr}
			}
			return text{slotText[n.Slot] + " != nil and " + k[0].above(precAnd), precAnd}
		}},
	// One rule while the line is too short for prev2 (prev3) and
	// another once it is long enough: "the last two add up to 20 at
	// most; once there are three, the three to 21".
	PSplit: {Name: "split", Type: Bool, Kids: []Type{Bool, Bool}, Connective: true, Bits: fixed(2),
		Words: "one rule while the line is too short for prev2 (or prev3), another once it is long enough",
		eval: func(n *Node, pt *Point, k [3]int32) int32 {
			if pt.Scene.N < slotDepth[n.Slot] {
				return k[0]
			}
			return k[1]
		},
		text: func(n *Node, k []text) text {
			return ternary(text{slotText[n.Slot] + " == nil", precCmp}, k[0].s2(), k[1].s2())
		}},
	// A direction that flips: a relation of the card to the last card,
	// and the same relation the other way round (the third child,
	// written, not counted).
	PMirror: {Name: "mirror", Type: Bool, Kids: []Type{Bool, Bool, Bool}, Connective: true, Counted: 2, Bits: fixed(1),
		Words: "if c then a relation of the card to the last, else the same the other way round (\"red goes up, black goes down\")",
		eval:  func(_ *Node, _ *Point, k [3]int32) int32 { return k[0]&k[1] | (1-k[0])&k[2] },
		text:  func(_ *Node, k []text) text { return ternary(k[0], k[1].s2(), k[2].s2()) }},
	// Two classes of cards taking turns: c tests the last card for a
	// class, a asks the other class of the card, and the third child
	// the class c tests, of the card (written, not counted).
	PAlt: {Name: "alternation", Type: Bool, Kids: []Type{Bool, Bool, Bool}, Connective: true, Counted: 2, Bits: fixed(1),
		Words: "two classes of cards taking turns: after one, the other (\"odd black and even red cards alternate\")",
		eval:  func(_ *Node, _ *Point, k [3]int32) int32 { return k[0]&k[1] | (1-k[0])&k[2] },
		text:  func(_ *Node, k []text) text { return ternary(k[0], k[1].s2(), k[2].s2()) }},
	// Exactly K of three conditions hold: each counted as 1 or 0.
	PExactly: {Name: "exactly", Type: Bool, Kids: []Type{Bool, Bool, Bool}, Connective: true, Bits: fixed(4),
		Words: "exactly k of three conditions (\"the same colour or the same parity as the last card, not both\")",
		eval:  func(n *Node, _ *Point, k [3]int32) int32 { return b(k[0]+k[1]+k[2] == int32(n.K)) },
		text: func(n *Node, k []text) text {
			one := func(t text) string { return "(" + t.above(precTernary) + " ? 1 : 0)" }
			return text{fmt.Sprintf("%s + %s + %s == %d", one(k[0]), one(k[1]), one(k[2]), n.K), precCmp}
		}},
	// The case split has a child per value of t % K after t (Kids[0]),
	// a term that is never negative: Compile and the vectors evaluate
	// it themselves (caseFn, caseVec), the chosen rule only. It is
	// written as a chain of conditions on t % K rather than expr's
	// [a, b, c][t % K]: expr 1.17.8 misjudges an array literal that
	// holds last(filter(…)) (its optimizer's findLast).
	PCase: {Name: "case", Type: Bool, Connective: true,
		Words: "one rule for each value of a term mod k: t % 3 == 0 ? a : t % 3 == 1 ? b : c (positions, sums, products)",
		Bits:  func(n *Node) int { return 2 + 2*n.K },
		text: func(n *Node, k []text) text {
			mod := infix(k[0], "%", primary(fmt.Sprint(n.K)), precMul).s
			out := k[len(k)-1].above(precTernary)
			for i := len(k) - 2; i >= 1; i-- {
				out = fmt.Sprintf("%s == %d ? %s : %s", mod, i-1, k[i].above(precTernary), out)
			}
			return text{out, precTernary}
		}},
}
