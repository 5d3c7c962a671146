package agents

import (
	"fmt"
	"math/rand/v2"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// random plays any card; it never declares, never says "no play", never
// guesses. As Prophet (it never becomes one by itself) it tosses a coin.
type random struct {
	rng *rand.Rand
	buf [1]sim.Card
}

func newRandom(s Spec, t *Table, seat int) (sim.Player, error) {
	return &random{rng: t.rng(seat)}, nil
}

func (r *random) Move(v *sim.View) sim.Move {
	r.buf[0] = v.Hand[r.rng.IntN(len(v.Hand))]
	return sim.Move{Kind: sim.Play, Cards: r.buf[:]} // the engine copies the cards it keeps
}
func (r *random) DeclareProphet(v *sim.View) bool               { return false }
func (r *random) Judge(v *sim.View, mover int, m sim.Move) bool { return r.rng.IntN(2) == 0 }
func (r *random) Pick(v *sim.View, shown []sim.Card) sim.Card   { return shown[r.rng.IntN(len(shown))] }

// oracle knows God's rule: it plays the longest run of valid cards it can,
// says "no play" only when it is right, declares Prophet at once and judges
// without error, and (Express) states the rule itself.
type oracle struct {
	j   *rulebank.Judge
	rng *rand.Rand
	err error
}

func newOracle(s Spec, t *Table, seat int) (sim.Player, error) {
	if t.Rule == nil {
		return nil, fmt.Errorf("oracle: the table has no rule to know")
	}
	return &oracle{j: t.Rule.NewJudge(), rng: t.rng(seat)}, nil
}

func (o *oracle) accepts(line []sim.Card, c sim.Card) bool {
	ok, err := o.j.Accepts(line, c)
	if err != nil && o.err == nil {
		o.err = err
	}
	return ok
}

func (o *oracle) Move(v *sim.View) sim.Move {
	seq := o.run(v.MainLine, v.Hand, max(1, v.Options.MaxSequence))
	switch len(seq) {
	case 0:
		return sim.Move{Kind: sim.NoPlay}
	case 1:
		return sim.Move{Kind: sim.Play, Cards: seq}
	}
	return sim.Move{Kind: sim.Sequence, Cards: seq}
}

// run lays valid cards one after another, each time a random valid one.
func (o *oracle) run(line, hand []sim.Card, limit int) []sim.Card {
	line = line[:len(line):len(line)]
	left := append([]sim.Card(nil), hand...)
	var seq []sim.Card
	for len(seq) < limit {
		var valid []int
		for i, c := range left {
			if o.accepts(line, c) {
				valid = append(valid, i)
			}
		}
		if len(valid) == 0 {
			break
		}
		i := valid[o.rng.IntN(len(valid))]
		seq = append(seq, left[i])
		line = append(line, left[i])
		left = append(left[:i], left[i+1:]...)
	}
	return seq
}

func (o *oracle) DeclareProphet(v *sim.View) bool { return true }

func (o *oracle) Judge(v *sim.View, mover int, m sim.Move) bool {
	line := v.MainLine[:len(v.MainLine):len(v.MainLine)]
	if m.Kind == sim.NoPlay {
		for _, c := range m.Cards {
			if o.accepts(line, c) {
				return false
			}
		}
		return true
	}
	for _, c := range m.Cards {
		if !o.accepts(line, c) {
			return false
		}
		line = append(line, c)
	}
	return true
}

func (o *oracle) Pick(v *sim.View, shown []sim.Card) sim.Card {
	for _, c := range shown {
		if o.accepts(v.MainLine, c) {
			return c
		}
	}
	return shown[0]
}

func (o *oracle) Guess(v *sim.View) string { return o.j.Rule().Rule.Expr }

// Err implements sim.Failer: a rule that failed while the oracle consulted it.
func (o *oracle) Err() error { return o.err }
