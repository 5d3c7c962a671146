package rulebank

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync"
	"time"

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

// Bounds of the equivalence check.
const (
	// Rules that read `line` or `n` are compared on boundWalks random legal
	// lines of up to boundLength cards.
	boundWalks  = 300
	boundLength = 80
	// windowLimit bounds exact enumeration (52 + 52² + 52³ windows at most).
	windowLimit = 200000
)

// Budgets of one equivalence check, in judgements weighted by their steps
// bound in steps, +25 for the call itself (a unit is 1 to 6 ns measured:
// a loop that stops early spends less than its bound).
var (
	// guessWork bounds the guess's side: a few seconds at most. A check
	// that would need more is undecided, never guessed.
	guessWork = 300_000_000
	// godWork bounds God's side: the 52⁴ judgements of a rule that reads
	// whole cards three back fit, and the 300 walks of a rule that loops
	// over the line with a test of two of the card's attributes ("a card of
	// the card's rank or suit is on the line": 841 million units, 0.9 s
	// here; a count that cannot stop early, 846 million, 5.2 s), and a mode
	// written as people write it, two findLastIndex over the line and the
	// card's suit and rank read ("a king locks the suit until a 4": 1.50
	// billion units; findLastIndex is a loop that cannot stop early, see
	// docs/rule-language.md).
	godWork = 2_000_000_000
)

// EquivalenceTimeout is a last guard on the time one equivalence check may
// take: the work bound keeps every check far below it on any machine, so it
// should never decide anything; if it ever does, the check is undecided.
var EquivalenceTimeout = 30 * time.Second

var errTooManyWindows = fmt.Errorf("%w: more than %d reachable windows", ErrUndecided, windowLimit)

// errClock marks a check cut by EquivalenceTimeout, not by its budget.
var errClock = errors.New("cut by the clock")

// ErrUndecided is the error of an equivalence check that was cut before it
// could decide: the guess is neither right nor wrong.
var ErrUndecided = errors.New("equivalence undecided")

// budget counts the work of one check.
type budget struct {
	work, limit int
	evals       int
	deadline    time.Time
}

func newBudget(limit int) *budget {
	return &budget{limit: limit, deadline: time.Now().Add(EquivalenceTimeout)}
}

// spend counts evals judgements of a rule of the given steps each; nil counts
// nothing.
func (b *budget) spend(evals, steps int) error {
	if b == nil {
		return nil
	}
	b.work += evals * (steps + 25)
	if b.work > b.limit {
		return fmt.Errorf("%w: comparing the rules needs more than %d units of work (rules that look far back and read many attributes, or costly loops)", ErrUndecided, b.limit)
	}
	if b.evals += evals; b.evals >= 4096 {
		b.evals = 0
		if time.Now().After(b.deadline) {
			return fmt.Errorf("%w: %w: the check took longer than %v", ErrUndecided, errClock, EquivalenceTimeout)
		}
	}
	return nil
}

// Equivalent decides whether rule b accepts exactly the cards rule a accepts
// in every state reachable by legal play under a (from a's starters). For
// rules of bounded look-back (prev, prev2, prev3) it is exact: every
// reachable window of the deeper look-back is compared, one card per class
// of cards the two rules cannot tell apart. Rules that read `line` or `n`
// get a bounded check (random legal lines), which says so. A check that
// would take too long is an error wrapping ErrUndecided.
func Equivalent(a, b *Compiled) (Equivalence, error) {
	return equivalent(a.NewJudge(), b.NewJudge(), newBudget(guessWork))
}

func equivalent(ja, jb *Judge, b *budget) (Equivalence, error) {
	da, db := ja.c.Reads.Depth(), jb.c.Reads.Depth()
	st, err := ja.starters()
	if err != nil {
		return Equivalence{}, err
	}
	if ja.anyStarter {
		st = 1<<sim.NumCards - 1
	}
	if da >= 0 && db >= 0 {
		return exactly(ja, jb, max(da, db, 1), st, b)
	}
	return bounded(ja, jb, st, b)
}

// bounded compares two rules, one of which reads the whole line, on God's
// random legal lines.
func bounded(ja, jb *Judge, st uint64, b *budget) (Equivalence, error) {
	ws, err := ja.c.walks(st)
	if err != nil {
		return Equivalence{}, err
	}
	e := Equivalence{Equal: true, BoundLength: boundLength}
	cl := newClasses(jb.c.fields[0])
	own := jb.c.Reads.Depth()
	memo := map[int]uint64{}
	for _, w := range ws {
		for n := 1; n <= len(w.masks); n++ {
			line := w.line[:n]
			var mb uint64
			key, ok := 0, false
			if own >= 0 {
				key = windowKey(line[max(0, n-own):])
				mb, ok = memo[key]
			}
			if !ok {
				m, err := jb.classMask(line, cl, b, jb.c.walkSteps()[n])
				if err != nil {
					return Equivalence{}, err
				}
				mb = cl.lift(m)
				if own >= 0 {
					memo[key] = mb
				}
			}
			e.States++
			if diff := w.masks[n-1] ^ mb; diff != 0 {
				c := sim.Card(bits.TrailingZeros64(diff))
				e.Equal, e.Line, e.Card = false, append([]sim.Card{}, line...), &c
				return e, nil
			}
		}
	}
	return e, nil
}

// godWalk is one random legal line of God's rule and what the rule admits
// (52 cards) after each of its prefixes.
type godWalk struct {
	line  []sim.Card
	masks []uint64
}

// walks are God's random legal lines for the bounded check, computed once
// per rule and starter set (with a budget of their own, so that a verdict
// never depends on which check came first): from a random starter, a random
// card the rule admits, until boundLength + 1 cards or a line after which
// nothing is admitted.
func (c *Compiled) walks(starters uint64) ([]godWalk, error) {
	e, _ := walkCache.LoadOrStore(walksKey{c, starters}, &walksResult{})
	r := e.(*walksResult)
	// Once per rule, whoever asks first (a placement may ask ahead, while
	// it synthesizes): the others wait for it.
	r.once.Do(func() { r.walks, r.err = c.godWalks(starters, newBudget(godWork)) })
	return r.walks, r.err
}

// Walk is one line of the bounded equivalence check: a random legal line
// of God's rule and the cards the rule admits after each of its prefixes
// (Masks[k] after Line[:k+1]). Read only: the walks are shared.
type Walk struct {
	Line  []sim.Card
	Masks []uint64
}

// BoundedWalks are the lines on which Compare(a, b, anyStarter) decides
// when a or b reads line or n (a bounded check), for a b with no starter
// predicate of its own: a caller with a faster evaluation of b may decide
// on them itself, with the same answer.
func BoundedWalks(a *Compiled, anyStarter bool) ([]Walk, error) {
	ja := a.NewJudge()
	ja.OpensWithAnyCard(anyStarter)
	st, err := ja.starters()
	if err != nil {
		return nil, err
	}
	if ja.anyStarter {
		st = 1<<sim.NumCards - 1
	}
	ws, err := a.walks(st)
	if err != nil {
		return nil, err
	}
	out := make([]Walk, len(ws))
	for i, w := range ws {
		out[i] = Walk{w.line, w.masks}
	}
	return out, nil
}

type walksResult struct {
	once  sync.Once
	walks []godWalk
	err   error
}

func (c *Compiled) godWalks(starters uint64, b *budget) ([]godWalk, error) {
	j := c.NewJudge()
	cl := newClasses(c.fields[0])
	rng := rand.New(rand.NewPCG(0x65717569, 0x76616c))
	ws := make([]godWalk, 0, boundWalks)
	steps := c.walkSteps()
	for range boundWalks {
		w := godWalk{line: []sim.Card{randomCard(rng, starters)}}
		for len(w.line) <= boundLength {
			m, err := j.classMask(w.line, cl, b, steps[len(w.line)])
			if err != nil {
				return nil, err
			}
			m = cl.lift(m)
			w.masks = append(w.masks, m)
			if m == 0 {
				break
			}
			w.line = append(w.line, randomCard(rng, m))
		}
		ws = append(ws, w)
	}
	return ws, nil
}

type walksKey struct {
	c        *Compiled
	starters uint64
}

var walkCache sync.Map // walksKey → *walksResult

func randomCard(rng *rand.Rand, set uint64) sim.Card {
	k := rng.IntN(bits.OnesCount64(set))
	for rest := set; ; rest &= rest - 1 {
		if k == 0 {
			return sim.Card(bits.TrailingZeros64(rest))
		}
		k--
	}
}

// maxGuesses bounds the verdicts a rule remembers (an outside agent may
// send any number of different guesses).
const maxGuesses = 4096

type guessVerdict struct {
	right bool
	err   error
}

// guessCache is a rule's verdicts on guesses, shared by every judge of the
// rule: the same guess (an oracle's, a belief's most probable rule) comes
// back hand after hand. A verdict depends only on the rule and the guess,
// so sharing it changes no result; a check cut by the clock is not kept.
type guessCache struct {
	mu sync.Mutex
	m  map[string]guessVerdict
}

// Equivalent implements sim.GuessJudge: is the guessed rule equivalent to
// God's over reachable states? A guess that does not compile, or whose
// check is undecided (ErrUndecided), is an error (an invalid guess, never
// a wrong one), never a crash or a stall.
func (j *Judge) Equivalent(guess string) (bool, error) {
	gc := &j.c.guesses
	gc.mu.Lock()
	key := guess
	if j.anyStarter {
		key = "\x00any\x00" + guess // another question: from every card
	}
	v, ok := gc.m[key]
	gc.mu.Unlock()
	if ok {
		return v.right, v.err
	}
	right, err := j.equivalent(guess)
	if !errors.Is(err, errClock) {
		gc.mu.Lock()
		if gc.m == nil {
			gc.m = map[string]guessVerdict{}
		}
		if len(gc.m) < maxGuesses {
			gc.m[key] = guessVerdict{right, err}
		}
		gc.mu.Unlock()
	}
	return right, err
}

func (j *Judge) equivalent(guess string) (bool, error) {
	g, err := Compile(Rule{Name: "guess", Expr: guess})
	if err != nil {
		return false, err
	}
	e, err := equivalent(j, g.NewJudge(), newBudget(guessWork))
	if err != nil {
		return false, err
	}
	return e.Equal, nil
}
