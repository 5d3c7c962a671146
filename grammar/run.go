package grammar

import (
	"fmt"
	"strings"
)

// A run is three or four cards in a row with ranks that keep going one
// way: "never three rising in a row", "no three steps the same way", "after
// three falling cards, go up"; or, closer, ranks that follow on as a
// rummy meld's or a poker straight's do: "no three in sequence", "the card
// makes a run with the last two, in any order". Node.Slot is the run's
// oldest card and Node.Slot2 its newest: the card (prev2 to the card, three
// cards; prev3 to the card, four) or, as a condition, the last card (prev3
// to prev). Node.K is its kind and Node.Op whether the cards make one (Eq)
// or not (Ne).
const (
	RunUp   = 1 // each rank above the one before
	RunDown = 2 // each rank below the one before
	RunOne  = 3 // either: every step up, or every step down
	// The straights: ranks one apart.
	RunStraight    = 4 // each rank one above the one before: 5, 6, 7
	RunStraightOne = 5 // either: each one above, or each one below
	RunMeld        = 6 // the ranks, in any order, follow on: 7, 5, 6 (the ace low)
	RunMeldAce     = 7 // as RunMeld, the ace low or high: Q, A, K too (never K, A, 2)
)

// runKinds are the kinds of run, in their order of cost; runKindBits what
// naming each costs beyond a run.
var (
	runKinds    = []int{RunUp, RunDown, RunOne, RunStraight, RunStraightOne, RunMeld, RunMeldAce}
	runKindBits = [...]int{RunUp: 0, RunDown: 0, RunOne: 1, RunStraight: 1, RunStraightOne: 2, RunMeld: 2, RunMeldAce: 3}
)

// runSlots are a run's cards, oldest first.
func runSlots(n *Node) []Slot {
	all := []Slot{SlotPrev3, SlotPrev2, SlotPrev, SlotCard}
	from, to := 3-slotDepth[n.Slot], 3-slotDepth[n.Slot2]
	return all[from : to+1]
}

// runBits: naming a run of three that ends at the card; a run of four, a
// run that ends at the last card, "either way" and "must not" cost a bit
// each; a straight a bit more than a run, a meld in any order two, the
// ace high too three.
func runBits(n *Node) int {
	bits := 4 + runKindBits[n.K]
	if n.Slot == SlotPrev3 {
		bits++
	}
	if n.Op == Ne {
		bits++
	}
	return bits
}

// runHolds reports whether the card ends the run (false while the line is
// too short to hold it: a nil guard above decides those points).
func runHolds(n *Node, pt *Point) bool {
	slots := runSlots(n)
	var ranks [4]int32
	for i, s := range slots {
		if !pt.Scene.has(s) {
			return false
		}
		ranks[i] = rankOf(pt, s)
	}
	r := ranks[:len(slots)]
	if n.K >= RunMeld {
		return meld(r, n.K == RunMeldAce)
	}
	straight := n.K >= RunStraight // a step of one; else any step
	up, down := true, true
	for i := 1; i < len(r); i++ {
		d := r[i] - r[i-1]
		if straight {
			up, down = up && d == 1, down && d == -1
		} else {
			up, down = up && d > 0, down && d < 0
		}
	}
	switch n.K {
	case RunUp, RunStraight:
		return up
	case RunDown:
		return down
	}
	return up || down
}

// meld reports whether ranks, in some order, follow on one by one (with
// aceHigh, the ace may count above the king instead).
func meld(ranks []int32, aceHigh bool) bool {
	var seen [15]bool
	lo, hi := int32(14), int32(0)
	for _, r := range ranks {
		if seen[r] {
			return false
		}
		seen[r] = true
		lo, hi = min(lo, r), max(hi, r)
	}
	if hi-lo == int32(len(ranks)-1) {
		return true
	}
	if !aceHigh || !seen[1] {
		return false
	}
	// The ace above the king: the others are the top ranks below it.
	for r := 14 - int32(len(ranks)) + 1; r <= 13; r++ {
		if !seen[r] {
			return false
		}
	}
	return true
}

// runText writes a run as comparisons of neighbours: "prev2.rank <
// prev.rank and prev.rank < card.rank"; a meld as its ranks sorted.
func runText(n *Node) text {
	slots := runSlots(n)
	var ranks []string
	for _, s := range slots {
		ranks = append(ranks, slotText[s]+".rank")
	}
	way := func(step string) string {
		var parts []string
		for i := 1; i < len(slots); i++ {
			parts = append(parts, fmt.Sprintf(step, ranks[i-1], ranks[i]))
		}
		return strings.Join(parts, " and ")
	}
	var t text
	switch n.K {
	case RunUp:
		t = text{way("%s < %s"), precAnd}
	case RunDown:
		t = text{way("%s > %s"), precAnd}
	case RunOne:
		t = text{"(" + way("%s < %s") + ") or (" + way("%s > %s") + ")", precOr}
	case RunStraight:
		t = text{way("%s + 1 == %s"), precAnd}
	case RunStraightOne:
		t = text{"(" + way("%s + 1 == %s") + ") or (" + way("%s - 1 == %s") + ")", precOr}
	default:
		t = meldText(ranks, n.K == RunMeldAce)
	}
	if n.Op == Ne {
		return text{"not " + t.atLeast(precPrimary), precUnary}
	}
	return t
}

// meldText: "(let s = sort([prev2.rank, prev.rank, card.rank]); s[1] ==
// s[0] + 1 and s[2] == s[1] + 1)", and with the ace high "or s == [1, 12,
// 13]" written out.
func meldText(ranks []string, aceHigh bool) text {
	var on, top []string
	for i := 1; i < len(ranks); i++ {
		on = append(on, fmt.Sprintf("s[%d] == s[%d] + 1", i, i-1))
	}
	body := strings.Join(on, " and ")
	if aceHigh {
		top = append(top, "s[0] == 1")
		for i := 1; i < len(ranks); i++ {
			top = append(top, fmt.Sprintf("s[%d] == %d", i, 14-len(ranks)+i))
		}
		body += " or " + strings.Join(top, " and ")
	}
	return primary("(let s = sort([" + strings.Join(ranks, ", ") + "]); " + body + ")")
}
