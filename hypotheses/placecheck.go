package hypotheses

import (
	"fmt"
	"math/bits"

	"github.com/eleusis/eleusis/godrule"
	"github.com/eleusis/eleusis/grammar"
	"github.com/eleusis/eleusis/sim"
)

// reached is a candidate that behaves as the rule does.
type reached struct {
	Length int
	Expr   string
	Exact  bool
}

// check holds a round's candidates to God's lines: the first that gives
// his verdict on every card of every line, and then on every state the
// equivalence check reaches, is the place. The others bring their first
// miss into the sample, and up to MoreCounterexamples more from other lines
// (a round that teaches more than one state: fewer rounds); progress is
// whether any point was new.
func (pl *placing) check(found []grammar.Found) (*reached, bool) {
	progress := false
	for fi := range found {
		f := &found[fi]
		fn := grammar.Compile(f.Node)
		differ, at := 0, [2]int{-1, -1}
		var more [][2]int // the other lines it misses on
		for i := range pl.lines {
			row := rowOf(fn, pl.scenes[i])
			if d := row ^ pl.lines[i].Legal; d != 0 {
				if at[0] < 0 {
					at = [2]int{i, bits.TrailingZeros64(d)}
				} else {
					more = append(more, [2]int{i, int(nthCard(d, pl.rng.IntN(bits.OnesCount64(d))))})
				}
				differ += bits.OnesCount64(d)
			}
		}
		agree := 1 - float64(differ)/float64(52*len(pl.lines))
		if differ == 0 {
			eq, compiled, err := pl.settler.equivalence(f.Node, fn)
			if !compiled {
				pl.traceRule(f, func() string { return "over the referee's bounds, not a rule a player could state" })
				continue
			}
			if err != nil {
				pl.traceRule(f, func() string {
					return fmt.Sprintf("God's verdict on every card of his lines; equivalence undecided: %v", err)
				})
				if pl.undecided == nil {
					pl.undecided, pl.undecidedErr = f, err
				}
				continue // undecided: not a place
			}
			if eq.Equal {
				pl.traceRule(f, func() string {
					if !eq.Exact {
						return "God's verdict on random legal lines"
					}
					return "God's verdict on every reachable state"
				})
				return &reached{f.Bits, f.Node.Expr(), eq.Exact}, progress
			}
			// A state the walks missed: it joins them.
			pl.lines = append(pl.lines, godrule.Verdict{Line: eq.Line, Legal: godMask(pl.rule, eq.Line)})
			pl.scenes = append(pl.scenes, grammar.NewScene(eq.Line))
			at = [2]int{len(pl.lines) - 1, int(*eq.Card)}
			pl.traceRule(f, func() string {
				return "God's verdict on every card of his lines, but on a state they missed, " + pl.verdictAt(at)
			})
		} else {
			pl.traceRule(f, func() string {
				return fmt.Sprintf("God's verdict on %.1f%% of his lines' cards; the first miss: %s", 100*agree, pl.verdictAt(at))
			})
		}
		if agree > pl.bestAgree {
			pl.bestAgree, pl.nearest, pl.nearestAt = agree, f, at
		}
		if at[0] >= 0 && pl.add(at[0], sim.Card(at[1])) {
			progress = true
		}
		for range min(len(more), pl.cfg.MoreCounterexamples) {
			k := pl.rng.IntN(len(more))
			if m := more[k]; pl.add(m[0], sim.Card(m[1])) {
				progress = true
			}
			more[k] = more[len(more)-1]
			more = more[:len(more)-1]
		}
	}
	return nil, progress
}

// reason says in words why the language does not reach the rule.
func (pl *placing) reason() string {
	nearest, at, lines, agree, cfg := pl.nearest, pl.nearestAt, pl.lines, pl.bestAgree, pl.cfg
	if u := pl.undecided; u != nil {
		return fmt.Sprintf("%s (%d bits) gives God's verdict on every card of the lines drawn, but whether it does on every state his hands reach could not be decided: %v",
			u.Node.Expr(), u.Bits, pl.undecidedErr)
	}
	if nearest == nil {
		covers := ""
		if cfg.Synth.Covers {
			covers = fmt.Sprintf(", and up to %d atoms joined by or or by and, whole or as a part", grammar.CoverParts)
		}
		return fmt.Sprintf("no rule of at most %d bits that the synthesizer builds (atoms of up to %d bits, terms of %d, two levels of and, or, if%s) gives God's verdicts on even a sample of the states its hands reach",
			cfg.longest(), cfg.Synth.PoolBits, cfg.Synth.TermBits, covers)
	}
	why := fmt.Sprintf("no rule of at most %d bits that the synthesizer reached behaves as it does on every state its hands reach; the nearest, %s (%d bits), gives God's verdict on %.1f%% of the cards judged",
		cfg.longest(), nearest.Node.Expr(), nearest.Bits, 100*agree)
	if at[0] >= 0 && at[0] < len(lines) {
		why += ", but " + pl.verdictAt(at)
	}
	return why
}

// verdictAt says God's verdict on a (line, card) point in words: "after
// 3H 5S God refuses 9D".
func (pl *placing) verdictAt(at [2]int) string {
	lv := pl.lines[at[0]]
	c := sim.Card(at[1])
	god := "accepts"
	if lv.Legal>>c&1 == 0 {
		god = "refuses"
	}
	return fmt.Sprintf("after %s God %s %s", sim.CardsString(lv.Line), god, c)
}

// tracef tells PlaceConfig.Trace a line of how the placement goes.
func (pl *placing) tracef(format string, args ...any) {
	if pl.cfg.Trace != nil {
		pl.cfg.Trace(pl.rule.Rule.Name, fmt.Sprintf(format, args...))
	}
}

// traceRule tells the trace what God's lines said of a round's rule. The
// words are made only when tracing: a rule's text and a line of cards for
// every candidate of every round would be work thrown away otherwise.
func (pl *placing) traceRule(f *grammar.Found, said func() string) {
	if pl.cfg.Trace != nil {
		pl.tracef("  %2d bits  %s: %s", f.Bits, f.Node.Expr(), said())
	}
}

// rowOf is the cards a compiled hypothesis accepts after the scene.
func rowOf(fn grammar.Fn, sc *grammar.Scene) uint64 {
	var row uint64
	pt := grammar.Point{Scene: sc}
	for c := sim.Card(0); c < sim.NumCards; c++ {
		pt.Card = c
		if fn(&pt) != 0 {
			row |= 1 << c
		}
	}
	return row
}
