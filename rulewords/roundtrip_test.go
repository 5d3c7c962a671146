package rulewords_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/rulewords"
)

// Expressions of the shapes the scientists' grammar and the banks use, as
// parts to build rules from.
var (
	cardParts = []string{`card.color == "red"`, `card.color == "black"`, `card.suit == "hearts"`, `card.suit != "spades"`,
		`card.even`, `card.odd`, `card.face`, `not card.face`, `card.rank >= 7`, `card.rank <= 6`, `card.rank > 10`, `card.rank < 4`,
		`card.rank == 1`, `card.rank == 12`, `card.rank != 8`, `card.rank in [2, 3, 5, 7, 11, 13]`, `card.rank >= 3 and card.rank <= 9`,
		`card.rank % 3 == 0`, `card.suit in ["hearts", "clubs"]`}
	relParts = []string{`card.color == prev.color`, `card.color != prev.color`, `card.suit == prev.suit`, `card.suit != prev.suit`,
		`card.even == prev.even`, `card.even != prev.even`, `card.face == prev.face`, `card.face != prev.face`, `card.rank > prev.rank`,
		`card.rank < prev.rank`, `card.rank >= prev.rank`, `card.rank <= prev.rank`, `card.rank == prev.rank`, `card.rank != prev.rank`,
		`card.rank == (prev.rank + 0) % 13 + 1`, `card.rank == (prev.rank + 11) % 13 + 1`, `card.rank == (prev.rank + 2) % 13 + 1`,
		`abs(card.rank - prev.rank) <= 2`, `card.rank == prev.rank + 1`, `card.rank + prev.rank <= 14`, `(card.rank + prev.rank) % 2 == 1`,
		`{"spades": "diamonds", "diamonds": "clubs", "clubs": "hearts", "hearts": "spades"}[prev.suit] == card.suit`,
		`card.color == line[0].color`, `prev2 == nil or card.rank > prev2.rank`, `prev3 == nil ? true : card.suit != prev3.suit`}
	condParts = []string{`prev.color == "red"`, `prev.face`, `prev.even`, `prev.rank >= 8`, `prev.suit == "clubs"`, `prev.rank == 13`,
		`prev2 != nil and prev2.color == prev.color`, `prev2 != nil and prev2.color == "red" and prev.color == "red"`,
		`n % 2 == 0`, `n % 3 == 1`, `n % 4 == 3`, `count(line, .color == "red") % 2 == 0`, `prev.rank > 7`}
)

// generated is a sample of rules: parts, their and/or/not, and
// conditionals with parts as branches.
func generated(count int) []string {
	rng := rand.New(rand.NewPCG(23, 1))
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	part := func() string {
		if rng.IntN(2) == 0 {
			return pick(cardParts)
		}
		return pick(relParts)
	}
	out := append(append([]string(nil), cardParts...), relParts...)
	for len(out) < count {
		switch rng.IntN(5) {
		case 0:
			out = append(out, fmt.Sprintf("(%s) and (%s)", part(), part()))
		case 1:
			out = append(out, fmt.Sprintf("(%s) or (%s)", part(), part()))
		case 2:
			out = append(out, fmt.Sprintf("not ((%s) or (%s))", part(), part()))
		case 3:
			out = append(out, fmt.Sprintf("(%s) ? (%s) : (%s)", pick(condParts), part(), part()))
		case 4:
			out = append(out, fmt.Sprintf("((%s) and (%s)) or (%s)", part(), part(), part()))
		}
	}
	return out
}

// roundTrip: Say(e) reads back, in one way only, as a rule equivalent to e.
func roundTrip(t *testing.T, e string) {
	t.Helper()
	if _, err := rulebank.Compile(rulebank.Rule{Name: "e", Expr: e}); err != nil {
		return // not a rule (prev2 read unguarded, say): nothing to say
	}
	words, err := rulewords.Say(e)
	if err != nil {
		t.Errorf("Say(%s): %v", e, err)
		return
	}
	rs, err := rulewords.Read(words)
	if err != nil {
		t.Errorf("Say(%s) = %q, which Read refuses: %v", e, words, err)
		return
	}
	bs, err := behaviours(t, rs)
	if err != nil {
		t.Errorf("%q: %v", words, err)
		return
	}
	if len(bs) != 1 {
		t.Errorf("Say(%s) = %q reads %d ways: %q", e, words, len(bs), bs)
		return
	}
	ok, err := same(t, e, bs[0])
	if errors.Is(err, rulebank.ErrUndecided) {
		return
	}
	if err != nil || !ok {
		t.Errorf("Say(%s) = %q reads back as %s (%v)", e, words, bs[0], err)
	}
}

func TestRoundTripGenerated(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 80
	}
	for _, e := range generated(n) {
		roundTrip(t, e)
	}
}

func TestRoundTripBank(t *testing.T) {
	for _, r := range rulebank.Default().Rules {
		roundTrip(t, r.Rule.Expr)
	}
}
