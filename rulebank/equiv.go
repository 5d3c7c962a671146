package rulebank

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync"

	"github.com/eleusis/eleusis/sim"
)

// Equivalence is the answer to "do these two rules accept the same cards in
// every reachable state?", with how it was decided.
type Equivalence struct {
	Equal bool `json:"equal"`
	// Exact: every reachable state was compared. Otherwise (rules that read
	// `line` or `n`) States main lines of random legal play up to
	// BoundLength cards were compared: a bounded check.
	Exact       bool `json:"exact"`
	States      int  `json:"states"`
	BoundLength int  `json:"bound_length,omitempty"`
	// Counterexample: a reachable main line and a card the rules disagree on.
	Line []sim.Card `json:"line,omitempty"`
	Card *sim.Card  `json:"card,omitempty"`
}

func (e Equivalence) String() string {
	how := "exactly, over %d reachable states"
	if !e.Exact {
		how = fmt.Sprintf("bounded: %%d states of random legal lines up to %d cards", e.BoundLength)
	}
	how = fmt.Sprintf(how, e.States)
	if e.Equal {
		return "equivalent (" + how + ")"
	}
	return fmt.Sprintf("not equivalent: after %s, %s is judged differently (%s)", sim.CardsString(e.Line), e.Card, how)
}

// Bounds of the equivalence check for rules that read `line` or `n`.
const (
	boundWalks  = 300
	boundLength = 80
	// windowLimit bounds exact enumeration (52 + 52² + 52³ windows at most).
	windowLimit = 200000
)

// Equivalent decides whether rule b accepts exactly the cards rule a accepts
// in every state reachable by legal play under a (from a's starters). For
// rules of bounded look-back (prev, prev2, prev3) it is exact: every
// reachable window of the deeper look-back is compared. Rules that read
// `line` or `n` get a bounded check (random legal lines), which says so.
func Equivalent(a, b *Compiled) (Equivalence, error) {
	return equivalent(a.NewJudge(), b.NewJudge())
}

func equivalent(ja, jb *Judge) (Equivalence, error) {
	da, db := ja.c.Reads.Depth(), jb.c.Reads.Depth()
	st, err := ja.starters()
	if err != nil {
		return Equivalence{}, err
	}
	if da >= 0 && db >= 0 {
		sp, err := ja.c.space(max(da, db, 1), st)
		if err != nil {
			return Equivalence{}, err
		}
		e := Equivalence{Equal: true, Exact: true, States: len(sp.windows)}
		for i, w := range sp.windows {
			mb, err := jb.mask(w.cards)
			if err != nil {
				return Equivalence{}, err
			}
			if diff := mb ^ sp.masks[i]; diff != 0 {
				c := sim.Card(bits.TrailingZeros64(diff))
				e.Equal, e.Line, e.Card = false, sp.line(i), &c
				return e, nil
			}
		}
		return e, nil
	}
	rng := rand.New(rand.NewPCG(0x65717569, 0x76616c))
	e := Equivalence{Equal: true, BoundLength: boundLength}
	line := make([]sim.Card, 0, boundLength)
	for w := 0; w < boundWalks; w++ {
		line = append(line[:0], randomCard(rng, st))
		for len(line) <= boundLength {
			ma, err := ja.mask(line)
			if err != nil {
				return Equivalence{}, err
			}
			mb, err := jb.mask(line)
			if err != nil {
				return Equivalence{}, err
			}
			e.States++
			if diff := ma ^ mb; diff != 0 {
				c := sim.Card(bits.TrailingZeros64(diff))
				e.Equal, e.Line, e.Card = false, append([]sim.Card{}, line...), &c
				return e, nil
			}
			if ma == 0 {
				break
			}
			line = append(line, randomCard(rng, ma))
		}
	}
	return e, nil
}

func randomCard(rng *rand.Rand, set uint64) sim.Card {
	k := rng.IntN(bits.OnesCount64(set))
	for rest := set; ; rest &= rest - 1 {
		if k == 0 {
			return sim.Card(bits.TrailingZeros64(rest))
		}
		k--
	}
}

// spaces caches, per compiled rule, the reachable windows used to judge
// guesses: God's rule is explored once, each guess only evaluated.
var spaces sync.Map // key spaceKey → *space

type spaceKey struct {
	c        *Compiled
	depth    int
	starters uint64
}

func (c *Compiled) space(depth int, starters uint64) (*space, error) {
	k := spaceKey{c, depth, starters}
	if s, ok := spaces.Load(k); ok {
		return s.(*space), nil
	}
	s, err := explore(c.NewJudge(), depth, starters, windowLimit)
	if err != nil {
		return nil, err
	}
	spaces.Store(k, s)
	return s, nil
}

// Equivalent implements sim.GuessJudge: is the guessed rule equivalent to
// God's over reachable states? A guess that does not compile is an error
// (an invalid guess), never a crash.
func (j *Judge) Equivalent(guess string) (bool, error) {
	if v, ok := j.guesses[guess]; ok {
		return v, nil
	}
	g, err := Compile(Rule{Name: "guess", Expr: guess})
	if err != nil {
		return false, err
	}
	e, err := equivalent(j, g.NewJudge())
	if err != nil {
		return false, err
	}
	if j.guesses == nil {
		j.guesses = map[string]bool{}
	}
	j.guesses[guess] = e.Equal
	return e.Equal, nil
}
