package grammar

import "time"

// SynthConfig bounds a synthesis.
type SynthConfig struct {
	// PoolBits: the atoms enumerated bottom-up (merged by behaviour on the
	// points) are those of at most PoolBits bits; TermBits: the integer
	// terms, which the comparisons found top down reach further.
	PoolBits, TermBits int
	// MaxBits: the longest rule returned.
	MaxBits int
	// Slack: rules up to this many bits longer than the shortest found are
	// returned too (a belief needs its rivals, not only the best).
	Slack int
	// Max: the most rules returned.
	Max int
	// Keep: members kept per class of the pool (alternatives that behave
	// alike on the points and may differ elsewhere); each is returned as a
	// rule of its own.
	Keep int
	// The atoms made top down, by the longest term they compare: CondBits
	// for the conditions "t op k" the conditionals split on, PairBits for
	// a term compared with a short one ("higher than the sum of the last
	// two mod 13"), CaseBits for the terms a case split reads (0: none).
	CondBits, PairBits, CaseBits int
	// BackCondBits: the longest term of the look-back pool a condition
	// compares (CondBits when less).
	BackCondBits int
	// Telling: also compare each term with the numbers the verdicts turn
	// at (telling.go), tried first at the top and among the fit splits.
	// A placement's option: in a hand's synthesis it doubled the time
	// (BenchmarkOpenHand) and changed no rank of the default bank.
	Telling bool
	// ArithBits: the terms of the look-back pool (arith.go), the
	// arithmetic of the ranks of card, prev, prev2 and prev3, compared up
	// to ArithBits + 4 bits (0: no look-back pool).
	ArithBits int
	// Guarded: also solve the points of the lines long enough for prev2
	// (prev3) apart, when the shorter lines' points have one verdict, and
	// put what is found under the nil guard (arith.go's solveLong).
	Guarded bool
	// Split: where the shorter lines' points have both verdicts, solve
	// them apart as well and join the two ("prev2 == nil ? a : b").
	Split bool
	// Paired: also try, at the top, "c ? a : b" of two atoms that fit every
	// point between them with a condition looked up from the pair
	// (paired.go).
	Paired bool
	// FitSplits: after the search, try at the top "c ? a : b" for the
	// conditions, of the line or of the card, whose sides an atom comes
	// nearest to deciding alone, and "a or (c ? x : y)" under the free
	// passes a, the atoms no refused card passes (fitsplit.go).
	FitSplits bool
	// Sets: also the conditions "t in [a, b, …]" of the pool's terms, for
	// the numbers a term takes at the accepted points and at no refused
	// one (threshold.go).
	Sets bool
	// Classes: also "(prev's t in S) == (the card's t in S)" and "!=",
	// two cards in one class of a set of values or in the two, the set
	// read off the points (classes.go's sameClasses); and a partition of
	// the ranks, likewise.
	Classes bool
	// Orders: also "the card above the last one in an order of strength",
	// the order read off the points (orders.go's beats).
	Orders bool
	// CountPairs: also the conditions "count(line, a) op count(line, b)"
	// for two values of one attribute (countpairs.go).
	CountPairs bool
	// Modes: also the conditions "the last a came after the last b" for
	// two kinds of card, a mode switched on and off (modes.go).
	Modes bool
	// Exactly: also try, at the top, "exactly k of three conditions"
	// (exactly.go).
	Exactly bool
	// Covers: also try "a or b or c …" and "a and b and c …" of up to six
	// atoms chosen greedily (cover.go), as a whole rule and as a branch of
	// a split.
	Covers bool
	// MaxClasses bounds the pool and MaxSolves the sub-problems solved
	// (0: no bound): a budget of work, so that a synthesis finds the same
	// rules at any load. Budget bounds the time as well (0: no limit; a
	// time limit makes the result depend on the machine).
	MaxClasses, MaxSolves int
	Budget                time.Duration
	// Stop, when closed, ends the synthesis at once: its caller no longer
	// needs the answer (a search run ahead of the one before it).
	Stop <-chan struct{}
	// Verify, when set, says whether a rule found for the whole problem is
	// right beyond the points (the caller holds it to everything it
	// knows). Once one is, the search looks only for shorter rules: the
	// first right rule of the answer, shortest first, is the same, and it
	// comes sooner. It must be a function of the rule alone, so that the
	// search stays deterministic.
	Verify func(*Node) bool
}

// DefaultSynth is the configuration the scientists synthesize with.
var DefaultSynth = SynthConfig{PoolBits: 10, TermBits: 11, CondBits: 8, PairBits: 9, CaseBits: 5, MaxBits: 26, Slack: 3, Max: 64, Keep: 3, Budget: 150 * time.Millisecond}
