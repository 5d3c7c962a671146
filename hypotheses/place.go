package hypotheses

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/eleusis/eleusis/godrule"
	"github.com/eleusis/eleusis/grammar"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// Place is where a rule sits in the scientists' open language: the length
// at which the language reaches it — a hypothesis that gives its verdict on
// every card in every state its hands can reach — or why it does not.
type Place struct {
	Rule string `json:"rule"`
	// Reached: a hypothesis behaves as the rule does; Length is its
	// description length in bits and Expr the hypothesis.
	Reached bool   `json:"reached"`
	Length  int    `json:"description_length,omitempty"`
	Expr    string `json:"hypothesis,omitempty"`
	// Index: the hypothesis is one of the index's (the shortest behaviours,
	// held by every belief); otherwise the synthesizer found it, and its
	// length is an upper bound (the search is not exhaustive past the pool).
	Index bool `json:"in_index"`
	// Exact: the equivalence was decided on every reachable state (rules of
	// look-back ≤ 3); otherwise on random legal lines (a bounded check).
	Exact bool `json:"exact"`
	// Reason says, in words, why the language does not reach the rule
	// within the budget.
	Reason string `json:"reason,omitempty"`
	// Rounds of synthesis and counterexamples, and the time taken.
	Rounds  int           `json:"rounds,omitempty"`
	Elapsed time.Duration `json:"elapsed_ns"`
}

// PlaceConfig bounds a placement.
type PlaceConfig struct {
	Synth grammar.SynthConfig
	// Wide, when set (MaxBits > 0), is a wider search tried where Synth
	// finds no place: the look-back pool's arithmetic (ArithBits) and the
	// rules that hold once the line is long enough (Guarded).
	Wide grammar.SynthConfig
	// Far, when set (MaxBits > 0), is a last search for longer rules, tried
	// only where neither search reached the rule: a game's own order of
	// strength within a suit costs 45–50 bits (naming the order alone,
	// 35–40), past the bound that keeps the other two quick.
	Far grammar.SynthConfig
	// Rounds of counterexample-guided synthesis, and the points each round
	// starts from.
	Rounds, Points int
	// MoreCounterexamples: besides a rejected hypothesis's first miss,
	// this many more of its misses on other lines join the sample.
	MoreCounterexamples int
	// Budget: the time a placement may take in all (a safety bound: the
	// synthesizer's own budget is counted in work).
	Budget time.Duration
	Truth  godrule.Config
	// Trace, when set, is told how a placement went (space --trace): each
	// round's sample and rules, what God's lines said of each rule, and
	// the place. It is called from the goroutine placing the rule.
	Trace func(rule, line string)
	// Ahead: run the wider search's first round beside the narrow one's,
	// and draw God's lines for the bounded check while the synthesizer
	// works (rules that read the line). The same places, sooner where a
	// core is idle, but more work in all: for one rule at a time, not for
	// many placed side by side.
	Ahead bool
}

// DefaultPlace places a rule in a few seconds. Its bounds are counted in
// work (the pool's classes, the sub-problems solved, the rounds), so that a
// rule gets the same place on any machine; Budget is a last guard on time
// that the work bounds keep it below. It is twice the slowest placement
// measured in a bank run (two rules sharing two cores: 55.7 s, the
// sixteenth fresh set's higher-of-last-two-leads): a guard that binds
// makes the place depend on the machine and its load. (With the far
// search, the slowest of the thirtieth to thirty-second sets' bank runs
// took 21–26 s.)
var DefaultPlace = PlaceConfig{
	Synth: grammar.SynthConfig{PoolBits: 9, TermBits: 11, CondBits: 8, PairBits: 9, CaseBits: 5, MaxBits: 44, Slack: 4, Max: 64, Keep: 2,
		Covers: true, Classes: true, Orders: true, CountPairs: true, Modes: true, Telling: true, MaxClasses: 40_000, MaxSolves: 1500},
	Wide:   wideSearch,
	Far:    longer(wideSearch, 52),
	Rounds: 6, Points: 240, MoreCounterexamples: 3, Budget: 120 * time.Second,
	Truth: godrule.Config{Walks: 6, Horizon: 40, Seed: 7},
}

// wideSearch is DefaultPlace's wider search; its far search is the same
// to longer rules. Its PairBits is one more than the narrow search's, so
// that below the top it compares terms of 8 bits: the sum of the card and
// the last three (a four-card total with an exception, the forty-first
// fresh set).
var wideSearch = grammar.SynthConfig{PoolBits: 9, TermBits: 11, CondBits: 8, BackCondBits: 9, PairBits: 10, CaseBits: 5, ArithBits: 13, Guarded: true, Split: true, Paired: true, FitSplits: true, Sets: true, Exactly: true, MaxBits: 44, Slack: 4, Max: 64, Keep: 2,
	Covers: true, Classes: true, Orders: true, CountPairs: true, Modes: true, Telling: true, MaxClasses: 40_000, MaxSolves: 1500}

// longer is c for rules of up to bits bits.
func longer(c grammar.SynthConfig, bits int) grammar.SynthConfig {
	c.MaxBits = bits
	return c
}

// Place finds where rule sits in the open language: in the index when sp's
// index holds a hypothesis of its behaviour, otherwise by synthesis from
// the states God's legal play reaches (from the openings the rule's starter
// predicate admits, or every card with anyStarter): the synthesizer
// proposes rules consistent with a sample of God's verdicts, each is held
// against every sampled state, and a counterexample joins the sample for
// the next round (counterexample-guided synthesis). A hypothesis that
// survives is checked with rulebank.Compare, the equivalence guesses are
// judged by.
func (sp *Space) Place(rule *rulebank.Compiled, anyStarter bool, cfg PlaceConfig) (Place, error) {
	start := time.Now()
	p := Place{Rule: rule.Rule.Name}
	tcfg := cfg.Truth
	tcfg.AnyStarter = anyStarter
	ch, err := godrule.NewChart(rule, tcfg, OpeningKey)
	if err != nil {
		return p, err
	}
	tr := sp.root().ClassifyChart(ch)
	if tr.Expressible {
		if cfg.Trace != nil {
			cfg.Trace(p.Rule, fmt.Sprintf("in the index: %d bits, %s", tr.Length, tr.Expr))
		}
		p.Reached, p.Index, p.Length, p.Expr, p.Exact = true, true, tr.Length, tr.Expr, tr.Exact
		p.Elapsed = time.Since(start)
		return p, nil
	}
	if rule.Reads.Depth() < 0 {
		// God's lines for the bounded equivalence check (equivalent): every
		// hypothesis that gives God's verdicts on the chart is checked on
		// them, the first soon after the search starts (settler). Ahead,
		// they are drawn while the synthesizer works; otherwise first: drawn
		// while its pools fill the heap, expr's allocations cost twice as
		// much (the collector marks the pools at every cycle).
		if cfg.Ahead {
			var drawn sync.WaitGroup
			drawn.Add(1)
			go func() {
				defer drawn.Done()
				_, _ = rulebank.BoundedWalks(rule, anyStarter) // cached; its error comes again when it is read
			}()
			defer drawn.Wait()
		} else {
			_, _ = rulebank.BoundedWalks(rule, anyStarter)
		}
	}
	lines := ch.Walks()
	if len(lines) == 0 {
		p.Reason = "no state is reachable: the rule accepts no card after any opening"
		return p, nil
	}
	pl := newPlacing(rule, anyStarter, cfg, lines)
	// The narrow search first (the same places as before the wider one
	// was added, and sooner), then the wider one where it found none or
	// found one over shorterAbove bits (a shorter one, then). Each holds
	// its rules to God's as it finds them (settler).
	stages := []grammar.SynthConfig{cfg.Synth}
	if cfg.Wide.MaxBits > 0 {
		stages = append(stages, cfg.Wide)
	}
	far := -1 // the far search's stage, when there is one
	if cfg.Far.MaxBits > 0 && len(stages) > 1 {
		far = len(stages)
		stages = append(stages, cfg.Far)
	}
	for i := range stages {
		stages[i].Verify = pl.settler.right
	}
	// The wider search's first round solves the first sample, whatever
	// the narrow search learnt meanwhile: so it can run beside the narrow
	// one (Ahead) and give the same answer as after it.
	first := problemOf(slices.Clone(pl.pts), slices.Clone(pl.yes))
	var wide *ahead
	defer func() {
		if wide != nil {
			wide.cancel()
		}
	}()
	// placed: the narrow search's place when it is long (over
	// shorterAbove bits): the wider search then looks for a shorter one,
	// in a few rounds.
	var placed *reached
	for si, stage := range stages {
		rounds := cfg.Rounds
		if si == far && placed != nil {
			break // the narrow search's place stands: no longer rule is wanted
		}
		if placed != nil {
			stage.MaxBits = placed.Length - 1
			rounds = shorterRounds
		}
		for round := 1; round <= rounds; round++ {
			p.Rounds++
			left := cfg.Budget - time.Since(start)
			if left <= 0 {
				pl.tracef("the time budget (%v) is spent", cfg.Budget)
				break
			}
			syn := stage
			syn.Budget = left
			var found []grammar.Found
			if si == 1 && round == 1 && wide != nil {
				found, wide = wide.wait(), nil
			} else if si == 1 && round == 1 {
				found, _ = grammar.Synthesize(first, syn)
			} else {
				if cfg.Ahead && si == 0 && round == 1 && len(stages) > 1 {
					ws := stages[1]
					ws.Budget = left
					wide = runAhead(first, ws)
				}
				found, _ = grammar.Synthesize(pl.problem(), syn)
			}
			if cfg.Trace != nil {
				solved := len(pl.pts) // the sample's points: the first, for the wider search's first round
				if si == 1 && round == 1 {
					solved = first.Points.Len()
				}
				pl.tracef("%s, round %d: %d rules fit the %d cards judged", stageName(si, far, placed), round, len(found), solved)
			}
			if len(found) == 0 {
				break // nothing fits the sample: more evidence will not help
			}
			at, progress := pl.check(found)
			pl.near = nil
			for _, f := range found {
				pl.near = append(pl.near, f.Node) // the next round mends them
			}
			if at != nil && placed != nil && at.Length >= placed.Length {
				at = placed // the wider search's first round ran ahead, unbounded
			}
			if at != nil && si == 0 && at.Length > shorterAbove && len(stages) > 1 {
				pl.tracef("over %d bits: the wider search looks for a shorter rule", shorterAbove)
				placed = at
				break
			}
			if at != nil {
				pl.tracef("placed: %d bits", at.Length)
				p.Reached, p.Length, p.Expr, p.Exact = true, at.Length, at.Expr, at.Exact
				p.Elapsed = time.Since(start)
				return p, nil
			}
			if !progress {
				pl.tracef("no new card to judge: every rule's misses are in the sample already")
				break // every candidate's first counterexample is in the sample already
			}
		}
	}
	p.Elapsed = time.Since(start)
	if placed != nil {
		pl.tracef("placed: %d bits, the narrow search's rule (none shorter found)", placed.Length)
		p.Reached, p.Length, p.Expr, p.Exact = true, placed.Length, placed.Expr, placed.Exact
		return p, nil
	}
	p.Reason = pl.reason()
	pl.tracef("not placed: %s", p.Reason)
	return p, nil
}

// stageName names a search of Place for the trace.
func stageName(si, far int, placed *reached) string {
	switch {
	case placed != nil && si > 0:
		return fmt.Sprintf("wider search for a rule under %d bits", placed.Length)
	case si == 0:
		return "narrow search"
	case si == far:
		return "far search"
	}
	return "wider search"
}

// A place the narrow search finds over shorterAbove bits may be long only
// because the narrow search lacks the wider one's terms (a card game's
// order, a set of values) or because a repair of the last round's rules
// (Problem.Near) fitted before a shorter rule was looked for: the wider
// search looks for a shorter one in up to shorterRounds rounds. At 30 bits,
// rules the repairs placed at 25–30 kept their place where a 15–19-bit rule
// exists (sets 30 and 36: six rules 6–10 bits shorter at 24, for 11–15% more
// work, no place lost).
const (
	shorterAbove  = 24
	shorterRounds = 2
)

// placing is a placement's counterexample-guided search: God's lines, the
// sample of (line, card) points with his verdicts that the synthesizer
// solves, and the nearest miss so far.
type placing struct {
	rule       *rulebank.Compiled
	anyStarter bool
	cfg        PlaceConfig
	lines      []godrule.Verdict
	scenes     []*grammar.Scene
	rng        *rand.Rand
	pts        []grammar.Point
	yes        []bool
	seen       map[[2]int]bool
	// The candidate that agreed with God on most of his lines' cards, and
	// the first (line, card) it missed.
	nearest   *grammar.Found
	nearestAt [2]int
	bestAgree float64
	// undecided: the first candidate that gave God's verdict on every
	// card of every line but whose equivalence check could not decide,
	// and why.
	undecided    *grammar.Found
	undecidedErr error
	// near: the last round's rules, for the next to mend (Problem.Near).
	near []*grammar.Node
	// settler holds the searches' rules to God's as they are found, and
	// keeps each hypothesis's equivalence check for the rounds' checks.
	settler *settler
}

// newPlacing starts from lines spread over the walks, an accepted and a
// refused card after each (God's verdicts on both sides).
func newPlacing(rule *rulebank.Compiled, anyStarter bool, cfg PlaceConfig, lines []godrule.Verdict) *placing {
	pl := &placing{rule: rule, anyStarter: anyStarter, cfg: cfg, lines: lines, bestAgree: -1,
		rng: rand.New(rand.NewPCG(cfg.Truth.Seed, 0x706c616365)), seen: map[[2]int]bool{},
		settler: newSettler(rule, anyStarter, slices.Clone(lines))}
	pl.scenes = make([]*grammar.Scene, len(lines))
	for i, lv := range lines {
		pl.scenes[i] = grammar.NewScene(lv.Line)
	}
	for len(pl.pts) < cfg.Points && len(pl.seen) < 52*len(lines) {
		i := pl.rng.IntN(len(lines))
		m := lines[i].Legal
		if m != 0 {
			pl.add(i, nthCard(m, pl.rng.IntN(bits.OnesCount64(m))))
		}
		if r := allCards &^ m; r != 0 {
			pl.add(i, nthCard(r, pl.rng.IntN(bits.OnesCount64(r))))
		}
	}
	pl.seekRefusals()
	return pl
}

// seekRefusals tops the first sample up with refused cards when God's
// lines hold few (a rule that refuses only after three cards in sequence,
// say): drawn evenly over the lines, such a sample may hold none, and
// "anything goes" fits it, and the rounds bring the refusals in one
// counterexample at a time. The top-up draws from the lines where God
// refuses something until one in refusalShare of the points asked for
// is refused (or those lines give no more). A sample that has enough is
// left as drawn: the same places as before for the rules that refuse
// often.
func (pl *placing) seekRefusals() {
	want := pl.cfg.Points / refusalShare
	refused := 0
	for _, y := range pl.yes {
		if !y {
			refused++
		}
	}
	if refused >= want {
		return
	}
	var some []int // the lines with a refused card
	for i, lv := range pl.lines {
		if lv.Legal != allCards {
			some = append(some, i)
		}
	}
	for tries := 0; refused < want && len(some) > 0 && tries < 4*want; tries++ {
		i := some[pl.rng.IntN(len(some))]
		r := allCards &^ pl.lines[i].Legal
		if pl.add(i, nthCard(r, pl.rng.IntN(bits.OnesCount64(r)))) {
			refused++
		}
	}
}

// refusalShare: the first sample's refused cards are at least one in
// refusalShare where God's lines hold that many.
const refusalShare = 8

// add puts card c after line i into the sample, once; it reports whether
// the point is new.
func (pl *placing) add(i int, c sim.Card) bool {
	k := [2]int{i, int(c)}
	if pl.seen[k] {
		return false
	}
	pl.seen[k] = true
	pl.pts = append(pl.pts, grammar.Point{Scene: pl.scenes[i], Card: c})
	pl.yes = append(pl.yes, pl.lines[i].Legal>>c&1 == 1)
	return true
}

func (pl *placing) problem() grammar.Problem {
	p := problemOf(pl.pts, pl.yes)
	p.Near = pl.near
	return p
}

// ahead is the wider search's first round, run beside the narrow
// search (Ahead) or after it: it solves the first sample either way, so
// the places are the same, sooner on two cores. What the narrow search
// learnt meanwhile (its counterexamples) joins the wider search's second
// round.
type ahead struct {
	stop, done chan struct{}
	found      []grammar.Found
}

func runAhead(p grammar.Problem, cfg grammar.SynthConfig) *ahead {
	a := &ahead{stop: make(chan struct{}), done: make(chan struct{})}
	cfg.Stop = a.stop
	go func() {
		defer close(a.done)
		a.found, _ = grammar.Synthesize(p, cfg)
	}()
	return a
}

// wait is the wider search's answer.
func (a *ahead) wait() []grammar.Found {
	<-a.done
	return a.found
}

// cancel stops the run ahead and waits for it to end.
func (a *ahead) cancel() {
	close(a.stop)
	<-a.done
}

// longest is the longest rule a placement's searches look for (the far
// search runs only after a wider one).
func (cfg PlaceConfig) longest() int {
	if cfg.Wide.MaxBits <= 0 {
		return cfg.Synth.MaxBits
	}
	return max(cfg.Synth.MaxBits, cfg.Wide.MaxBits, cfg.Far.MaxBits)
}

// problemOf is the synthesizer's problem of a sample of God's verdicts.
func problemOf(pts []grammar.Point, yes []bool) grammar.Problem {
	ps := grammar.NewPoints(pts)
	p := grammar.Problem{Points: ps, Want: make([]uint64, ps.Words()), Care: make([]uint64, ps.Words())}
	for i, y := range yes {
		p.Care[i/64] |= 1 << (i % 64)
		if y {
			p.Want[i/64] |= 1 << (i % 64)
		}
	}
	return p
}

// equivalent is rulebank.Compare(rule, hyp, anyStarter) for a hypothesis
// the synthesizer built (fn: its compiled tree). A check on random lines
// (either rule reads line or n) is decided here on the same lines
// (rulebank.BoundedWalks), with the tree's evaluation in place of expr's —
// the same answer, a hundred times sooner (the tree agrees with expr on
// every production: grammar's TestEveryProductionAgreesWithExpr).
func equivalent(rule, hyp *rulebank.Compiled, fn grammar.Fn, anyStarter bool) (rulebank.Equivalence, error) {
	if rule.Reads.Depth() >= 0 && hyp.Reads.Depth() >= 0 {
		return rulebank.Compare(rule, hyp, anyStarter) // exact, over the reachable windows
	}
	ws, err := rulebank.BoundedWalks(rule, anyStarter)
	if err != nil {
		return rulebank.Equivalence{}, err
	}
	eq := rulebank.Equivalence{Equal: true}
	var sc grammar.Scene
	for _, w := range ws {
		for n := 1; n <= len(w.Masks); n++ {
			sc.Reset(w.Line[:n])
			eq.States++
			if d := rowOf(fn, &sc) ^ w.Masks[n-1]; d != 0 {
				c := sim.Card(bits.TrailingZeros64(d))
				eq.Equal, eq.Line, eq.Card = false, slices.Clone(w.Line[:n]), &c
				return eq, nil
			}
		}
	}
	return eq, nil
}

// godMask is the cards rule accepts after line (none when it fails there).
func godMask(rule *rulebank.Compiled, line []sim.Card) uint64 {
	m, err := rule.NewJudge().Legal(line)
	if err != nil {
		return 0
	}
	return m
}

// nthCard is the k-th card (0-based) of a set.
func nthCard(set uint64, k int) sim.Card { return nth(set, k) }
