package hypotheses

import (
	"github.com/eleusis/eleusis/sim"
)

// Record follows the public record of one hand (the main line and God's
// verdicts) and conditions a Belief on it. Players who share a space and a
// prior share one Record: they see the same verdicts, so they hold the same
// belief.
type Record struct {
	*Belief
	line    []sim.Card
	started bool
	seen    int
	// Discovery, when set, is updated after every judged move.
	Discovery *Discovery
	// scratch
	buf     []uint8
	lits    []lit
	lineBuf []sim.Card
}

// NewRecord starts a record of a hand on a fresh belief.
func NewRecord(b *Belief) *Record { return &Record{Belief: b} }

// Line is the main line the record has reached.
func (r *Record) Line() []sim.Card { return r.line }

// Sync brings the belief up to date with what v shows: the opening on the
// first call, then every move of v.History not yet seen.
func (r *Record) Sync(v *sim.View) {
	if !r.started {
		accepted := 0
		for i := range v.History {
			accepted += len(v.History[i].Accepted)
		}
		var errs []sim.ErrorGroup
		if len(v.History) == 0 {
			errs = v.Errors // the opening's own error cards (chain3)
		}
		r.Start(v.MainLine[:len(v.MainLine)-accepted], errs)
	}
	for r.seen < len(v.History) {
		r.Apply(&v.History[r.seen], v.Options)
	}
}

// Start conditions on the opening: the starter (turned at random: no
// evidence about the rule), then the cards God laid after it (chosen among
// the cards that follow the rule: the size principle) and the error cards of
// the opening (rejected).
func (r *Record) Start(opening []sim.Card, errs []sim.ErrorGroup) {
	r.started = true
	r.line = append(r.line[:0], opening[0])
	all := make([]uint8, 52)
	for i := range all {
		all[i] = uint8(i)
	}
	for _, c := range opening[1:] {
		r.godChose(stateOf(r.line), uint8(c), all)
		r.line = append(r.line, c)
	}
	for _, g := range errs {
		if g.Under < len(r.line) {
			s := stateOf(r.line[:g.Under+1])
			for _, c := range g.Cards {
				r.observe([]lit{{s: s, c: uint8(c)}}, false)
			}
		}
	}
}

// Apply conditions on one judged move and extends the main line; it returns
// the probabilities the belief gave, beforehand, to each of God's verdicts
// in the move.
func (r *Record) Apply(rec *sim.MoveRecord, opts *sim.Options) []float64 {
	r.seen++
	var preds []float64
	needP := r.Discovery != nil
	obs := func(lits []lit, truth bool) {
		p := r.observeP(lits, truth, needP)
		if needP {
			preds = append(preds, p)
		}
	}
	switch rec.Kind {
	case sim.Play, sim.Sequence:
		switch {
		case rec.Verdict == sim.Yes:
			obs(r.chain(rec.Cards), true)
		case rec.Kind == sim.Sequence && opts != nil && opts.SequenceJudging == sim.Prefix:
			k := len(rec.Accepted)
			if k > 0 {
				obs(r.chain(rec.Accepted), true)
			}
			line := append(r.line[:len(r.line):len(r.line)], rec.Accepted...)
			obs([]lit{{s: stateOf(line), c: uint8(rec.Cards[k])}}, false)
		default:
			obs(r.chain(rec.Cards), false)
		}
	case sim.NoPlay:
		s := stateOf(r.line)
		lits := make([]lit, 0, len(rec.Cards))
		for _, c := range rec.Cards {
			if c != sim.Unknown {
				lits = append(lits, lit{s: s, c: uint8(c), neg: true})
			}
		}
		obs(lits, rec.Verdict == sim.Yes)
		if rec.Picked != nil {
			if rec.Prophet >= 0 {
				obs([]lit{{s: s, c: uint8(*rec.Picked)}}, true)
			} else {
				shown := make([]uint8, len(lits))
				for i, l := range lits {
					shown[i] = l.c
				}
				r.godChose(s, uint8(*rec.Picked), shown)
			}
		}
	}
	if rec.Guess != "" && !rec.GuessRight && rec.GuessError == "" {
		// God said the stated rule is not his: if it is one of the space's
		// hypotheses, that hypothesis is out (it differs from God's rule on
		// some reachable state).
		if id, ok := r.sp.ByExpr(rec.Guess); ok {
			r.remove(id)
		}
	}
	r.line = append(r.line, rec.Accepted...)
	if r.Discovery != nil {
		r.Discovery.after(r, rec.Turn, preds)
	}
	return preds
}

// chain is the literals of cards laid one after another from the current
// main line, in a scratch buffer: valid until the next call.
func (r *Record) chain(cards []sim.Card) []lit {
	r.lits = r.lits[:0]
	line := r.line
	if len(cards) > 1 {
		r.lineBuf = append(append(r.lineBuf[:0], r.line...), cards...)
		line = r.lineBuf
	}
	n := len(r.line)
	for i, c := range cards {
		r.lits = append(r.lits, lit{s: stateOf(line[:n+i]), c: uint8(c)})
	}
	return r.lits
}

// State is the state in which the next card is judged.
func (r *Record) state() state { return stateOf(r.line) }

// Predict gives, for each card, the posterior probability that God accepts
// it next on the record's main line.
func (r *Record) Predict(cards []sim.Card, out []float64) {
	r.predict(r.state(), r.bytes(cards), out)
}

// bytes is cards as card indexes, in a scratch buffer.
func (r *Record) bytes(cards []sim.Card) []uint8 {
	r.buf = r.buf[:0]
	for _, c := range cards {
		r.buf = append(r.buf, uint8(c))
	}
	return r.buf
}

// PredictAfter gives, for each card, the probability that God accepts seq
// laid in order and then the card.
func (r *Record) PredictAfter(seq, cards []sim.Card, out []float64) {
	cs := r.bytes(cards)
	given := r.chain(seq)
	r.lineBuf = append(append(r.lineBuf[:0], r.line...), seq...)
	s := stateOf(r.lineBuf)
	if r.predictSampleGiven(given, s, cs, out) || r.predictPosteriorGiven(given, s, cs, out) {
		return // estimates for choosing, as for single cards
	}
	r.predictGiven(given, s, cs, out)
}

// ProbSequence is the probability that God accepts every card of seq laid
// in order.
func (r *Record) ProbSequence(seq []sim.Card) float64 { return r.prob(r.chain(seq)) }

// ProbNone is the probability that God accepts none of cards next.
func (r *Record) ProbNone(cards []sim.Card) float64 {
	s := r.state()
	lits := make([]lit, len(cards))
	for i, c := range cards {
		lits[i] = lit{s: s, c: uint8(c), neg: true}
	}
	return r.prob(lits)
}

// HypAccepts reports whether hypothesis id accepts card next.
func (r *Record) HypAccepts(id int, card sim.Card) bool {
	return r.sp.accepts(id, r.state(), uint8(card))
}
