package grammar

import (
	"math/rand/v2"

	"github.com/eleusis/eleusis/sim"
)

// randomInt and randomBool draw trees of every production with valid
// parameters (the same rules the enumerator follows: a remainder divides
// by a rank, the wrap-round sums join ranks), for the tests that hold the
// table against expr.
func randomInt(rng *rand.Rand, depth int) *Node {
	slot := func() Slot { return Slot(rng.IntN(int(numSlots))) }
	leaf := func() *Node {
		switch k := rng.IntN(12); k {
		case 0:
			return &Node{P: PN}
		case 1:
			return &Node{P: PConst, K: rng.IntN(20)}
		case 2:
			switch rng.IntN(3) {
			case 0:
				if rng.IntN(3) == 0 {
					n := &Node{P: PExtreme, Win: Window(randWin(rng)), K: rng.IntN(4)}
					if n.K == 2 {
						n.K2 = rng.IntN(2) // the spread with the card counted in
					}
					return n
				}
				if rng.IntN(2) == 0 {
					return &Node{P: PSuitJump, Slot: Slot(rng.IntN(2)), K: rng.IntN(2)}
				}
				return &Node{P: PJump, Slot: Slot(rng.IntN(3)), K: rng.IntN(3)}
			case 1:
				switch rng.IntN(3) {
				case 0:
					k := rng.IntN(len(countings))
					for countings[k].order { // orders are compared, never added
						k = rng.IntN(len(countings))
					}
					return &Node{P: PWorthOf, Win: Window(randWin(rng)), K: k, K2: rng.IntN(2)}
				case 1:
					if rng.IntN(3) == 0 {
						return &Node{P: PBalance, K: PropRed, K2: balanceOwn | rng.IntN(2) | balanceAfter*rng.IntN(2)}
					}
					return &Node{P: PBalance, K: rng.IntN(numProps), K2: rng.IntN(2) | balanceAfter*rng.IntN(2)}
				}
				return &Node{P: PWorth, Slot: Slot(rng.IntN(3)), K: rng.IntN(len(countings))}
			}
			return &Node{P: PSum3}
		case 3:
			n := &Node{P: PCount, Win: Window(randWin(rng)), El: Elem(rng.IntN(int(ElConcept)))}
			if rng.IntN(4) == 0 {
				n.El = []Elem{ElCard, ElHigh, ElSuitRank, ElSuitBelow, ElSuitAbove, ElShares, ElUnder, ElOver, ElUnderRound, ElOverRound, ElAtMost}[rng.IntN(11)]
			}
			n.K = elemK(rng, n.El, n.K)
			return n
		case 4:
			return &Node{P: PSum, Win: Window(randWin(rng))}
		case 5:
			return &Node{P: PFewest, Win: Window(randWin(rng))}
		case 6:
			return &Node{P: PProd, Win: Window(2 + rng.IntN(2))}
		case 7:
			return &Node{P: PCount, Win: Window(randWin(rng)), El: ElConcept, K: 1 + rng.IntN(254)}
		case 8, 10:
			p := map[bool]Prod{true: PLast, false: PSince}[k == 8]
			if k == 10 && rng.IntN(2) == 0 {
				p = PSumSince
			}
			switch rng.IntN(3) {
			case 0:
				return &Node{P: p, El: ElConcept, K: 1 + rng.IntN(254)}
			case 1:
				if p != PLast {
					el := []Elem{ElRank, ElAtLeast, ElHigh, ElAtMost}[rng.IntN(4)]
					return &Node{P: p, El: el, K: elemK(rng, el, 0)}
				}
			}
			return &Node{P: p, El: Elem(rng.IntN(int(ElSameRank)))}
		case 9:
			if rng.IntN(3) == 0 {
				return &Node{P: PEvents, K: rng.IntN(len(events)), K2: rng.IntN(2)}
			}
			if rng.IntN(5) == 0 {
				return &Node{P: PInRound, K: minInRound + rng.IntN(maxInRound-minInRound+1), K2: rng.IntN(2), El: inRoundElems[rng.IntN(len(inRoundElems))]}
			}
			if rng.IntN(4) == 0 {
				return &Node{P: PStanding, Win: Window(randWin(rng)), Slot: standingSlots[rng.IntN(len(standingSlots))], Op: []Op{Ge, Gt}[rng.IntN(2)], K2: rng.IntN(2)}
			}
			if rng.IntN(4) == 0 {
				return &Node{P: PDistinct, Win: Window(randWin(rng)), K: rng.IntN(len(distinctAttrs)), K2: rng.IntN(2)}
			}
			if rng.IntN(4) == 0 {
				return &Node{P: PTotalRound, K: rng.IntN(len(totalRounds)), K2: rng.IntN(2)}
			}
			if rng.IntN(3) == 0 {
				k := minRound + rng.IntN(maxRound-minRound+1)
				return &Node{P: PRound, K: k, K2: rng.IntN(k+1) - 1}
			}
			return &Node{P: PSuitNo, Slot: slot()}
		case 11:
			n := &Node{P: PSumOf, Win: Window(randWin(rng)), El: Elem(rng.IntN(int(numElems)))}
			n.K = elemK(rng, n.El, 1+rng.IntN(254))
			return n
		}
		return &Node{P: PRank, Slot: slot()}
	}
	if depth <= 0 || rng.IntN(3) == 0 {
		return leaf()
	}
	switch rng.IntN(3) {
	case 0:
		return &Node{P: PMod, K: 2 + rng.IntN(maxModulus-1), Kids: []*Node{randomInt(rng, depth-1)}}
	}
	op := Op(rng.IntN(int(numArith)))
	switch op {
	case Rem:
		return &Node{P: PArith, Op: op, Kids: []*Node{randomInt(rng, depth-1), {P: PRank, Slot: slot()}}}
	case Wrap, Up:
		return &Node{P: PArith, Op: op, Kids: []*Node{{P: PRank, Slot: slot()}, {P: PRank, Slot: slot()}}}
	}
	return &Node{P: PArith, Op: op, Kids: []*Node{randomInt(rng, depth-1), randomInt(rng, depth-1)}}
}

// elemK is the parameter an element test reads: a rank for the tests of a
// rank (2..13 for "or higher"), k otherwise.
func elemK(rng *rand.Rand, e Elem, k int) int {
	switch e {
	case ElRank, ElSuitRank:
		return 1 + rng.IntN(13)
	case ElAtLeast, ElHigh:
		return 2 + rng.IntN(12)
	case ElAtMost:
		return 1 + rng.IntN(12)
	case ElCard:
		return rng.IntN(sim.NumCards)
	case ElShares:
		return sharesSets[rng.IntN(len(sharesSets))]
	}
	return k
}

func randWin(rng *rand.Rand) int {
	if rng.IntN(2) == 0 {
		return 0
	}
	return 2 + rng.IntN(MaxLongWindow-1) // the long windows too (the look-back pool's)
}

func randomAtom(rng *rand.Rand, depth int) *Node {
	slot := func() Slot { return Slot(rng.IntN(int(numSlots))) }
	cmpOp := func() Op { return Op(rng.IntN(int(numCmps))) }
	switch rng.IntN(21) {
	case 20:
		// Two cards' classes: a set's, or a partition of the ranks; or an
		// order of strength of the ranks.
		if rng.IntN(3) == 0 {
			k := 0
			for r := 1; r <= 13; r++ {
				k |= rng.IntN(1+rng.IntN(13)) << (levelBits * r)
			}
			return &Node{P: PBeats, Op: []Op{Gt, Ge}[rng.IntN(2)], K: k, Slot: slot(), Slot2: slot()}
		}
		op := []Op{Eq, Ne}[rng.IntN(2)]
		if rng.IntN(2) == 0 {
			set := 0
			for range 1 + rng.IntN(maxInSet) {
				set |= 1 << rng.IntN(16)
			}
			return &Node{P: PSameIn, Op: op, K: set, Kids: []*Node{randomInt(rng, depth), randomInt(rng, depth)}}
		}
		k := 0
		for r := 1; r <= 13; r++ {
			k |= rng.IntN(1+rng.IntN(1<<partBits)) << (partBits * r)
		}
		return &Node{P: PSamePart, Op: op, K: k, Slot: slot(), Slot2: slot()}
	case 17:
		if rng.IntN(2) == 0 {
			return &Node{P: PPattern, Slot: SlotPrev2, K: 1 + rng.IntN(254) | (1+rng.IntN(254))<<8}
		}
		return &Node{P: PPattern, Slot: SlotPrev3, K: 1 + rng.IntN(254) | (1+rng.IntN(254))<<8 | (1+rng.IntN(254))<<16}
	case 19:
		if rng.IntN(2) == 0 {
			ends := [][2]Slot{{SlotPrev2, SlotCard}, {SlotPrev3, SlotCard}, {SlotPrev3, SlotPrev}}[rng.IntN(3)]
			return &Node{P: PRun, Slot: ends[0], Slot2: ends[1], K: runKinds[rng.IntN(len(runKinds))], Op: []Op{Eq, Ne}[rng.IntN(2)]}
		}
		if rng.IntN(6) == 0 {
			return &Node{P: PCross, K: minCross + rng.IntN(maxCross-minCross+1), K2: rng.IntN(2)}
		}
		if rng.IntN(4) == 0 {
			n := &Node{P: PAsLast, El: Elem(rng.IntN(int(ElOdd) + 1)), K2: []int{AttrSuit, AttrColour}[rng.IntN(2)] | asLastFree*rng.IntN(2) | asFirst*rng.IntN(2)}
			if rng.IntN(2) == 0 {
				n.El = []Elem{ElRank, ElAtLeast, ElAtMost}[rng.IntN(3)]
				n.K = elemK(rng, n.El, 0)
			}
			return n
		}
		if rng.IntN(10) == 0 {
			return &Node{P: PAgain, K: rng.IntN(len(stepAttrs)), Op: []Op{Eq, Ne}[rng.IntN(2)]}
		}
		if rng.IntN(8) == 0 {
			d := 4 + rng.IntN(backByRankPrev-3)
			a := []int{AttrSuit, AttrColour, AttrRank}[rng.IntN(3)]
			op := []Op{Eq, Ne, Lt, Gt}[rng.IntN(4)]
			if a != AttrRank {
				op = []Op{Eq, Ne}[rng.IntN(2)]
			}
			return &Node{P: PBack, K: a, K2: d | backFree*rng.IntN(2), Op: op}
		}
		if rng.IntN(8) == 0 {
			d := 4 + rng.IntN(backByRankPrev-3)
			return &Node{P: PBackIs, K: rng.IntN(numProps), K2: d}
		}
		if rng.IntN(8) == 0 {
			return &Node{P: PMode, K: rng.IntN(len(modeKinds)), K2: rng.IntN(len(modeKinds))}
		}
		if rng.IntN(8) == 0 {
			return &Node{P: PRoundSuit, K: 1 + rng.IntN(maxRound), K2: rng.IntN(2 * len(suitOrders))}
		}
		if rng.IntN(8) == 0 {
			return &Node{P: PToward, K: rng.IntN(14), Op: []Op{Lt, Le, Gt, Ge}[rng.IntN(4)]}
		}
		if rng.IntN(4) == 0 {
			k := rng.IntN(len(tricks))
			if rng.IntN(2) == 0 {
				return &Node{P: PTrickLead, K: rng.IntN(numProps), K2: k}
			}
			a := rng.IntN(numAttrs)
			op := []Op{Eq, Ne}[rng.IntN(2)]
			if a == AttrRank {
				op = cmpOp()
			}
			return &Node{P: PTrick, K: a, K2: k, Op: op}
		}
		if rng.IntN(3) == 0 {
			x, y := Slot(rng.IntN(int(numSlots))), Slot(rng.IntN(int(numSlots)))
			return &Node{P: PFactor, Slot: x, Slot2: y, Op: []Op{Eq, Ne}[rng.IntN(2)], K: rng.IntN(2)}
		}
		if rng.IntN(2) == 0 {
			set := 0
			for range 2 + rng.IntN(maxInSet-1) {
				set |= 1 << rng.IntN(30)
			}
			return &Node{P: PIn, K: set, Kids: []*Node{randomInt(rng, depth)}}
		}
	case 18:
		return &Node{P: []Prod{PNone, PAny}[rng.IntN(2)], Win: Window(randWin(rng)), El: ElConcept, K: 1 + rng.IntN(254)}
	case 0:
		return &Node{P: PTrue}
	case 1:
		return &Node{P: PIs, Slot: slot(), K: rng.IntN(numProps)}
	case 2:
		return &Node{P: PIsRank, Slot: slot(), Op: cmpOp(), K: 1 + rng.IntN(13)}
	case 3:
		a := 1 + rng.IntN(12)
		return &Node{P: PIsRange, Slot: slot(), K: a, K2: a + 1 + rng.IntN(13-a)}
	case 4:
		x, y := slot(), slot()
		k := rng.IntN(numAttrs)
		op := Op(rng.IntN(2))
		if k == AttrRank {
			op = cmpOp()
		}
		return &Node{P: PSame, Slot: x, Slot2: y, K: k, Op: op}
	case 5:
		return &Node{P: PStep, K: rng.IntN(12)}
	case 6:
		return &Node{P: PDist, Op: []Op{Eq, Le}[rng.IntN(2)], K: 1 + rng.IntN(4)}
	case 7:
		return &Node{P: PCycle, K: rng.IntN(6)}
	case 8:
		return &Node{P: PDiv, Op: Op(rng.IntN(2)), K: 2 + rng.IntN(maxModulus-1), Kids: []*Node{randomInt(rng, depth)}}
	case 9:
		a := rng.IntN(15)
		return &Node{P: PRange, K: a, K2: a + rng.IntN(15), Kids: []*Node{randomInt(rng, depth)}}
	case 10:
		// A kind of number, listed up to the term's bound or tested in
		// expr beyond listUpTo.
		t := randomInt(rng, depth)
		if rng.IntN(3) == 0 {
			t = &Node{P: PArith, Op: Add, Kids: []*Node{{P: PRank, Slot: SlotCard}, {P: PSum}}}
		}
		_, hi := t.Bounds()
		k := rng.IntN(len(numberKinds))
		if hi > maxKindBound {
			k = 0
		}
		return &Node{P: PPrime, K: int(max(hi, 1)), K2: k, Kids: []*Node{t}}
	case 11:
		return &Node{P: PBetween, Op: []Op{Le, Lt}[rng.IntN(2)], Kids: []*Node{randomInt(rng, depth), randomInt(rng, depth), randomInt(rng, depth)}}
	case 12:
		k := 2 + rng.IntN(12)
		return &Node{P: PPos, K: k, K2: rng.IntN(k)}
	case 13:
		k := 2 + rng.IntN(12)
		return &Node{P: PBlock, K: k, K2: 1 + rng.IntN(k-1)}
	case 14:
		n := &Node{P: []Prod{PNone, PAny}[rng.IntN(2)], Win: Window(randWin(rng)), El: Elem(rng.IntN(int(ElConcept)))}
		n.K = elemK(rng, n.El, n.K)
		return n
	case 15:
		if rng.IntN(4) == 0 {
			k2 := rng.IntN(16) // one draw, as before windows and halves: the trees after it the same
			return &Node{P: PAvgIs, Op: cmpOp(), K: 2 + rng.IntN(11), K2: k2 & 3, Win: []Window{0, 3, 4, 5}[k2>>2]}
		}
		return &Node{P: PAvg, Slot: slot(), Op: cmpOp(), Win: Window(randWin(rng)), K2: rng.IntN(2)}
	case 16:
		switch rng.IntN(5) {
		case 2:
			a := 1 + rng.IntN(11)
			return &Node{P: PBand, Op: []Op{Eq, Ne}[rng.IntN(2)], K: a, K2: a + 1 + rng.IntN(13-a)}
		case 0:
			return &Node{P: PNear, Op: []Op{Le, Gt}[rng.IntN(2)], K: 1 + rng.IntN(4), Win: Window(randWin(rng)), K2: rng.IntN(2)}
		case 1:
			if rng.IntN(2) == 0 {
				return &Node{P: PShare, Op: []Op{Lt, Le, Gt, Ge}[rng.IntN(4)], K: 2, Win: Window(randWin(rng)), El: ElSameSuit + Elem(rng.IntN(int(ElLower-ElSameSuit)+1))}
			}
			if rng.IntN(2) == 0 { // the card counted in
				return &Node{P: PShare, Op: []Op{Lt, Le, Gt, Ge}[rng.IntN(4)], K: 2 + rng.IntN(3), K2: 1, Win: Window(randWin(rng)), El: Elem(rng.IntN(int(ElSameSuit)))}
			}
			return &Node{P: PShare, Op: []Op{Lt, Ge}[rng.IntN(2)], K: 2 + rng.IntN(3), Win: Window(randWin(rng)), El: Elem(rng.IntN(int(ElSameSuit)))}
		}
		return &Node{P: PSummary, K: rng.IntN(len(summaries))}
	}
	if rng.IntN(2) == 0 {
		return &Node{P: PConcept, Slot: slot(), K: 1 + rng.IntN(254)}
	}
	return &Node{P: PCmp, Op: cmpOp(), Kids: []*Node{randomInt(rng, depth), randomInt(rng, depth)}}
}

// guarded wraps a Boolean node in the nil guard its slots need.
func guarded(rng *rand.Rand, n *Node) *Node {
	d := n.Unguarded()
	if d < 2 {
		return n
	}
	return &Node{P: PGuard, Slot: []Slot{SlotPrev2, SlotPrev2, SlotPrev2, SlotPrev3}[d], Op: Op(rng.IntN(2)), Kids: []*Node{n}}
}

func randomBool(rng *rand.Rand, depth int) *Node {
	if depth <= 0 || rng.IntN(2) == 0 {
		return guarded(rng, randomAtom(rng, 2))
	}
	sub := func() *Node { return randomBool(rng, depth-1) }
	switch rng.IntN(7) {
	case 5:
		return &Node{P: []Prod{PMirror, PAlt}[rng.IntN(2)], Kids: []*Node{sub(), sub(), sub()}}
	case 0:
		return &Node{P: PNot, Kids: []*Node{sub()}}
	case 1:
		return &Node{P: PAnd, Kids: []*Node{sub(), sub()}}
	case 2:
		return &Node{P: POr, Kids: []*Node{sub(), sub()}}
	case 3:
		return &Node{P: PIte, Kids: []*Node{sub(), sub(), sub()}}
	case 4:
		return &Node{P: PImp, Kids: []*Node{sub(), sub()}}
	case 6:
		// The long lines' rule reads the slot unguarded.
		s := []Slot{SlotPrev2, SlotPrev3}[rng.IntN(2)]
		long := randomAtom(rng, 2)
		if long.Unguarded() > slotDepth[s] {
			long = guarded(rng, long)
		}
		if rng.IntN(2) == 0 {
			return &Node{P: PSplit, Slot: s, Kids: []*Node{sub(), long}}
		}
	}
	switch rng.IntN(6) {
	case 1:
		a := sub()
		return &Node{P: PIff, Kids: []*Node{sub(), a, {P: PNot, Kids: []*Node{a}}}}
	case 2:
		return &Node{P: PExactly, K: rng.IntN(4), Kids: []*Node{sub(), sub(), sub()}}
	}
	if rng.IntN(3) == 0 {
		k := 2 + rng.IntN(4)
		t := randomInt(rng, 1)
		if lo, _ := t.Bounds(); lo < 0 {
			t = &Node{P: PN}
		}
		kids := []*Node{t}
		for range k {
			kids = append(kids, sub())
		}
		return &Node{P: PCase, K: k, Kids: kids}
	}
	return &Node{P: PIff, Kids: []*Node{sub(), sub()}}
}

// randomLine is a main line of 1 to maxLen cards from two decks.
func randomLine(rng *rand.Rand, maxLen int) []sim.Card {
	n := 1 + rng.IntN(maxLen)
	line := make([]sim.Card, n)
	for i := range line {
		line[i] = sim.Card(rng.IntN(sim.NumCards))
	}
	return line
}
