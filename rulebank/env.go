package rulebank

import "github.com/eleusis/eleusis/sim"

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

// fill sets env for judging card after line (line is never empty: the
// starter is always there). buf is reused for `line`.
func fill(env *Env, line []sim.Card, card sim.Card, reads Reads, buf []*CardEnv) []*CardEnv {
	n := len(line)
	env.Card = &cardEnvs[card]
	env.Prev = &cardEnvs[line[n-1]]
	env.Prev2, env.Prev3 = nil, nil
	if n >= 2 {
		env.Prev2 = &cardEnvs[line[n-2]]
	}
	if n >= 3 {
		env.Prev3 = &cardEnvs[line[n-3]]
	}
	env.N = n
	if reads.Line {
		buf = buf[:0]
		for _, c := range line {
			buf = append(buf, &cardEnvs[c])
		}
		env.Line = buf
	}
	return buf
}
