package agents

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/sim"
)

type policy int

const (
	positive policy = iota // cards the MAP hypothesis says are legal
	falsify                // cards the MAP hypothesis says are illegal
	greedy                 // the card most likely accepted
	eig                    // expected information gain − λ × expected penalty
)

// thresholds are the decisions every belief-driven strategy takes from its
// posterior; each is a spec parameter.
type thresholds struct {
	seq     float64 // play a sequence while P(all accepted) ≥ seq
	noPlay  float64 // say "no play" when P(no card of the hand is valid) ≥ noplay
	prophet float64 // declare Prophet when P(MAP) ≥ prophet
	guess   float64 // (Express) state the MAP rule when P(MAP) ≥ guess
}

// bayes is a scientist with a posterior over a hypothesis space, shared with
// the other scientists of the hand who use the same space and noise.
type bayes struct {
	pol    policy
	lambda float64
	th     thresholds
	rec    *hypotheses.Record
	rng    *rand.Rand
	// per player
	pos, neg int
	guessed  map[string]bool
	// scratch
	cards, seq, left []sim.Card
	probs            []float64
}

func newBayes(p policy) func(s Spec, t *Table, seat int) (sim.Player, error) {
	return func(s Spec, t *Table, seat int) (sim.Player, error) {
		rec, err := t.seatRecord(seat, int(s.param("size")), s.param("eps"), s.param("synth") != 0)
		if err != nil {
			return nil, err
		}
		lambda := 0.0
		if p == eig {
			lambda = s.param("lambda")
		}
		return &bayes{
			pol: p, lambda: lambda, rec: rec, rng: t.rng(seat),
			th: thresholds{
				seq: s.param("seq"), noPlay: s.param("noplay"),
				prophet: s.param("declare"), guess: s.param("guess"),
			},
		}, nil
	}
}

// distinct fills b.cards with the distinct cards of the hand, in order.
func (b *bayes) distinct(hand []sim.Card) []sim.Card {
	var set uint64
	for _, c := range hand {
		set |= 1 << c
	}
	b.cards = b.cards[:0]
	for ; set != 0; set &= set - 1 {
		b.cards = append(b.cards, sim.Card(bits.TrailingZeros64(set)))
	}
	if cap(b.probs) < len(b.cards) {
		b.probs = make([]float64, len(b.cards))
	}
	b.probs = b.probs[:len(b.cards)]
	return b.cards
}

// Move implements sim.Player.
func (b *bayes) Move(v *sim.View) sim.Move {
	b.rec.Sync(v)
	cards := b.distinct(v.Hand)
	b.rec.Predict(cards, b.probs)
	best := 0.0
	for _, p := range b.probs {
		best = max(best, p)
	}
	// P(none valid) ≤ 1 − max p: only worth computing when every card looks bad.
	if best <= 1-b.th.noPlay && b.rec.ProbNone(cards) >= b.th.noPlay {
		return sim.Move{Kind: sim.NoPlay}
	}
	c := b.choose(v)
	b.countTest(c)
	if b.pol != falsify && v.Options.MaxSequence >= 2 && len(v.Hand) >= 2 {
		if seq := b.sequence(v, c); len(seq) >= 2 {
			return sim.Move{Kind: sim.Sequence, Cards: seq}
		}
	}
	b.seq = append(b.seq[:0], c) // the engine copies the cards it keeps
	return sim.Move{Kind: sim.Play, Cards: b.seq}
}

// choose picks the card by the strategy's policy.
func (b *bayes) choose(v *sim.View) sim.Card {
	cards, probs := b.cards, b.probs
	switch b.pol {
	case positive, falsify:
		id, _ := b.rec.MAP()
		var legal, illegal []sim.Card
		for _, c := range cards {
			if id >= 0 && b.rec.HypAccepts(id, c) {
				legal = append(legal, c)
			} else {
				illegal = append(illegal, c)
			}
		}
		want, other := legal, illegal
		if b.pol == falsify {
			want, other = illegal, legal
		}
		if len(want) == 0 {
			want = other
		}
		return want[b.rng.IntN(len(want))]
	case greedy:
		return argmax(cards, probs, b.rng, func(p float64) float64 { return p })
	}
	eps := b.rec.Eps()
	pen := float64(v.Options.PenaltyWrongCard)
	if v.SuddenDeath {
		pen = 2 * float64(len(v.Hand)+v.Options.PenaltyWrongCard) // elimination: the whole hand is lost
	}
	return argmax(cards, probs, b.rng, func(p float64) float64 {
		q := (1-eps)*p + eps*(1-p)
		return hb(q) - hb(eps) - b.lambda*pen*(1-p)
	})
}

// hb is the binary entropy in bits, interpolated in a table (within 1e-3
// of the exact value; it only ranks cards).
func hb(p float64) float64 {
	if p <= 0 || p >= 1 {
		return 0
	}
	x := p * hbSteps
	i := int(x)
	if i >= hbSteps {
		return 0
	}
	return hbTable[i] + (x-float64(i))*(hbTable[i+1]-hbTable[i])
}

const hbSteps = 4096

var hbTable = func() (t [hbSteps + 1]float64) {
	for i := 1; i < hbSteps; i++ {
		p := float64(i) / hbSteps
		t[i] = -p*math.Log2(p) - (1-p)*math.Log2(1-p)
	}
	return t
}()

// argmax is the card with the highest utility, ties broken at random.
func argmax(cards []sim.Card, probs []float64, rng *rand.Rand, u func(p float64) float64) sim.Card {
	best, n := math.Inf(-1), 0
	var pick sim.Card
	for i, c := range cards {
		x := u(probs[i])
		switch {
		case x > best+1e-12:
			best, pick, n = x, c, 1
		case x > best-1e-12:
			n++
			if rng.IntN(n) == 0 {
				pick = c
			}
		}
	}
	return pick
}

// sequence extends the chosen card greedily while every card of the run is
// accepted with probability ≥ seq.
func (b *bayes) sequence(v *sim.View, first sim.Card) []sim.Card {
	i := slices.Index(b.cards, first)
	if b.th.seq > 1 || b.probs[i] < b.th.seq {
		return nil
	}
	seq := append(b.seq[:0], first)
	left := append(b.left[:0], v.Hand...)
	left = slices.Delete(left, slices.Index(left, first), slices.Index(left, first)+1)
	defer func() { b.seq, b.left = seq, left }() // keep the buffers
	for len(seq) < v.Options.MaxSequence && len(left) > 0 {
		cands := b.distinct(left)
		probs := b.probs
		b.rec.PredictAfter(seq, cands, probs)
		bestP, bestC := 0.0, sim.Card(0)
		for k, c := range cands {
			if probs[k] > bestP {
				bestP, bestC = probs[k], c
			}
		}
		if bestP < b.th.seq {
			break
		}
		seq = append(seq, bestC)
		i := slices.Index(left, bestC)
		left = slices.Delete(left, i, i+1)
	}
	return seq
}

// countTest counts a play as a positive test (the MAP rule says the card is
// legal) or a negative one.
func (b *bayes) countTest(c sim.Card) {
	if id, _ := b.rec.MAP(); id >= 0 && b.rec.HypAccepts(id, c) {
		b.pos++
	} else {
		b.neg++
	}
}

// DeclareProphet implements sim.ProphetPlayer.
func (b *bayes) DeclareProphet(v *sim.View) bool {
	b.rec.Sync(v)
	_, p := b.rec.MAP()
	return p >= b.th.prophet
}

// Judge implements sim.ProphetPlayer: "yes" when the move is more likely
// right than wrong.
func (b *bayes) Judge(v *sim.View, mover int, m sim.Move) bool {
	b.rec.Sync(v)
	if m.Kind == sim.NoPlay {
		return b.rec.ProbNone(m.Cards) >= 0.5
	}
	return b.rec.ProbSequence(m.Cards) >= 0.5
}

// Pick implements sim.ProphetPlayer: the shown card most likely valid.
func (b *bayes) Pick(v *sim.View, shown []sim.Card) sim.Card {
	b.rec.Sync(v)
	cards := b.distinct(shown)
	b.rec.Predict(cards, b.probs)
	return argmax(cards, b.probs, b.rng, func(p float64) float64 { return p })
}

// freeGuess is the threshold the bots keep where a wrong statement costs
// nothing (Express, cooperative): stating at once would always pay there,
// but a class's bot that states a rule after every move ends its hands in
// a few moves and floods the table with wrong rules.
const freeGuess = 0.9

// Guess implements sim.Guesser: the MAP rule, once, when it is probable
// enough — by guess= when given; else, where a wrong statement costs
// points, when the ideal observer's decision says stating now pays
// (stateNow), and at freeGuess where it is free.
func (b *bayes) Guess(v *sim.View) string {
	b.rec.Sync(v)
	id, p := b.rec.MAP()
	th := b.th.guess
	if th < 0 && !penalised(v.Options) {
		th = freeGuess
	}
	if id < 0 || th >= 0 && p < th || th < 0 && !b.stateNow(v, p) {
		return ""
	}
	text := b.rec.Hyp(id).Expr
	if b.guessed[text] {
		return ""
	}
	if b.guessed == nil {
		b.guessed = map[string]bool{}
	}
	b.guessed[text] = true
	return text
}

// Observe implements sim.Observer: the shared record follows every move.
func (b *bayes) Observe(v *sim.View, r *sim.MoveRecord) { b.rec.Sync(v) }

// Measures implements Scientist.
func (b *bayes) Measures() (hypotheses.Measures, bool) {
	if b.rec.Discovery == nil {
		return hypotheses.Measures{}, false
	}
	m := b.rec.Discovery.Measures(b.rec)
	m.PositiveTests, m.NegativeTests = b.pos, b.neg
	return m, true
}

// stateNow is the ideal observer's decision to state its best rule (the
// most probable hypothesis, of posterior p) after its own move: when
// stating now has the higher expected score, from the posterior, the
// protocol's penalty and the cost of a turn.
//
// Under a turn score a right statement after move T earns R = B + 1 − T,
// one turn later one less (c table moves less at a table of c seats), and
// a wrong one costs the penalty (with the score floored at 0, only what a
// later right statement would keep). If its best rule is God's (chance
// p), stating now gains the turns it would otherwise wait before stating
// it — d of its moves; if it is not (1 − p), stating costs the penalty but
// rules the rule out at once, which saves the rivals the moves play would
// have taken to refute it. So it states when
//
//	p·c·d + (1 − p)·q·c·r > (1 − p)·penalty
//
// with d estimated from how fast its rivals fall when its best rule is
// God's: the share ρ of their posterior mass that the card it would play
// next (the most informative of its hand) leaves standing; d is the moves
// until the odds of its best rule reach the penalty's (where one more
// move's wait no longer pays), ⌈log(penalty/odds)/log(1/ρ)⌉, at least one,
// and all that is left of the hand (d·c ≥ R) when ρ is 1: no card tells
// them apart, so waiting would never state it. r = log(1/(1 − p))/log(1/ρ)
// is the moves play would take to remove its best rule's mass, and q the
// mass of the rules it can still state (its 64 most probable). Under other
// scorings a wrong statement costs nothing: stating always pays (Guess
// keeps freeGuess there).
func (b *bayes) stateNow(v *sim.View, p float64) bool {
	o := v.Options
	if !penalised(o) {
		return true
	}
	penalty := float64(o.GuessPenalty)
	pen := penalty
	wrong := 0
	for _, m := range v.History {
		if m.Player == v.Me && m.Guess != "" && !m.GuessRight {
			wrong++
		}
	}
	c := 0 // table moves until its next chance: the seats still playing
	for q := range v.HandSizes {
		if !v.Eliminated[q] {
			c++
		}
	}
	c = max(c, 1)
	R := float64(o.MaxTurns + 1 - v.Turn)
	if o.ScoreFloor { // a wrong statement costs only what a later right one would keep
		pen = min(pen, max(0, R-float64(c)-pen*float64(wrong)))
	}
	const k = 64
	ids, probs := b.rec.Top(k)
	if len(ids) == 0 || p >= 1 {
		return p > 0
	}
	q, rival := 0.0, 0.0
	for i, x := range probs {
		q += x
		if i > 0 {
			rival += x
		}
	}
	rho := 1.0 // the rivals' share that its next card leaves standing
	if cards := b.distinct(v.Hand); rival > 0 && len(cards) > 0 {
		b.rec.Predict(cards, b.probs)
		eps := b.rec.Eps()
		best, next := math.Inf(-1), cards[0]
		for i, x := range b.probs { // its most informative card: the one it would play
			if u := hb((1-eps)*x + eps*(1-x)); u > best {
				best, next = u, cards[i]
			}
		}
		agree := b.rec.HypAccepts(ids[0], next)
		kept := 0.0
		for j := 1; j < len(ids); j++ {
			if b.rec.HypAccepts(ids[j], next) == agree {
				kept += probs[j]
			}
		}
		rho = kept / rival
	}
	// moves for the odds of its best rule to grow by factor, as its
	// rivals fall by ρ a move
	moves := func(factor float64) float64 {
		switch {
		case factor <= 1 || rho <= 1e-9:
			return 0
		case rho >= 0.999:
			return math.Inf(1)
		}
		return math.Log(factor) / math.Log(1/rho)
	}
	gain := math.Min(max(1, math.Ceil(moves(penalty/(p/(1-p)))))*float64(c), R)
	if !o.KeepHandSize && len(v.Hand) <= 1 {
		gain = R // its next move may end the hand: it goes out with its last card
	}
	refute := math.Min(moves(1/(1-p))*float64(c), R)
	return p*gain+(1-p)*q*refute > (1-p)*pen
}

// penalised reports whether a wrong statement costs points: the turn
// scoring with a guess penalty (solo-guessing, solo-public).
func penalised(o *sim.Options) bool { return o.Scoring == sim.Turns && o.GuessPenalty > 0 }
