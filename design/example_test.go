package design_test

import (
	"fmt"

	"github.com/eleusis/eleusis/design"
)

// Every single mutation of a rule, with the operator that made it.
func ExampleMutate() {
	ms, err := design.Mutate(`card.suit == prev.suit`)
	if err != nil {
		panic(err)
	}
	for _, m := range ms {
		fmt.Printf("%-10s %s\n", m.Op, m.Expr)
	}
	// Output:
	// comparison card.suit != prev.suit
	// attribute  card.color == prev.color
	// negate     not (card.suit == prev.suit)
}

// Two rules combined: both, either, or one after a condition on the
// previous card or on the position.
func ExampleCombine() {
	for _, m := range design.Combine(`card.even`, `card.face`)[:4] {
		fmt.Printf("%-8s %s\n", m.Op, m.Expr)
	}
	// Output:
	// and      card.even and card.face
	// or       card.even or card.face
	// if-prev  prev.color == "red" ? card.even : card.face
	// if-prev  prev.even ? card.even : card.face
}
