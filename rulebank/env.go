package rulebank

import (
	"reflect"

	"github.com/eleusis/eleusis/sim"
)

// CardEnv is a card as a rule sees it (docs/rule-language.md). Fields, not
// methods: expr reads fields several times faster than it calls methods.
type CardEnv struct {
	Rank  int    `expr:"rank"`
	Suit  string `expr:"suit"`
	Color string `expr:"color"`
	Face  bool   `expr:"face"`
	Even  bool   `expr:"even"`
	Odd   bool   `expr:"odd"`
}

// Env is the environment a rule is compiled against and run in.
type Env struct {
	Card  *CardEnv   `expr:"card"`
	Prev  *CardEnv   `expr:"prev"`
	Prev2 *CardEnv   `expr:"prev2"`
	Prev3 *CardEnv   `expr:"prev3"`
	Line  []*CardEnv `expr:"line"`
	N     int        `expr:"n"`
}

// StarterEnv is the environment of a starter predicate: there is no main
// line yet, only the card God turned.
type StarterEnv struct {
	Card *CardEnv `expr:"card"`
}

// cardEnvs holds the 52 cards once; environments point into it.
var cardEnvs = func() (t [sim.NumCards]CardEnv) {
	for c := sim.Card(0); c < sim.NumCards; c++ {
		t[c] = CardEnv{Rank: c.Rank(), Suit: c.Suit().String(), Color: c.Color(), Face: c.Face(), Even: c.Even(), Odd: !c.Even()}
	}
	return t
}()

// runCard is a CardEnv as a rule reads it while it judges: the same fields
// in the same order, each held in an interface. expr fetches a field by
// reflection, and reflection boxes a field of a concrete type anew on every
// read — an allocation for every `card.rank`, half the time a deep rule
// took — while a field that is an interface already is handed over as it
// is. A rule is compiled (type-checked) against Env and run against runEnv:
// the same program, the fields at the same places, the same values.
// Its tags are CardEnv's: a field fetched by name (`last(s).rank`, where
// the checker does not know the place) is found by them.
type runCard struct {
	Rank  any `expr:"rank"`
	Suit  any `expr:"suit"`
	Color any `expr:"color"`
	Face  any `expr:"face"`
	Even  any `expr:"even"`
	Odd   any `expr:"odd"`
}

// runEnv is Env as a rule reads it while it judges (runCard says why):
// Line holds a []*runCard and N an int.
type runEnv struct {
	Card  *runCard `expr:"card"`
	Prev  *runCard `expr:"prev"`
	Prev2 *runCard `expr:"prev2"`
	Prev3 *runCard `expr:"prev3"`
	Line  any      `expr:"line"`
	N     any      `expr:"n"`
}

// runCards holds the 52 cards as rules read them, each field boxed once
// from cardEnvs (the one place a card's attributes are decoded).
var runCards = func() (t [sim.NumCards]runCard) {
	for c := range t {
		from, to := reflect.ValueOf(cardEnvs[c]), reflect.ValueOf(&t[c]).Elem()
		for i := range from.NumField() {
			to.Field(i).Set(from.Field(i))
		}
	}
	return t
}()

// fill sets env for judging card after line (line is never empty: the
// starter is always there). buf is reused for `line`.
func fill(env *runEnv, line []sim.Card, card sim.Card, reads Reads, buf []*runCard) []*runCard {
	n := len(line)
	env.Card = &runCards[card]
	env.Prev = &runCards[line[n-1]]
	env.Prev2, env.Prev3 = nil, nil
	if n >= 2 {
		env.Prev2 = &runCards[line[n-2]]
	}
	if n >= 3 {
		env.Prev3 = &runCards[line[n-3]]
	}
	env.N = n
	if reads.Line {
		buf = buf[:0]
		for _, c := range line {
			buf = append(buf, &runCards[c])
		}
		env.Line = buf
	}
	return buf
}
