package hypotheses

import (
	"slices"

	"github.com/eleusis/eleusis/grammar"
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
	// sc: the main line prepared for the open part (scN: its length);
	// st: the main line's state (stN: its length, −1 for none yet).
	sc  *grammar.Scene
	scN int
	st  state
	stN int
}

// NewRecord starts a record of a hand on a fresh belief.
func NewRecord(b *Belief) *Record { return &Record{Belief: b, stN: -1} }

// Line is the main line the record has reached.
func (r *Record) Line() []sim.Card { return r.line }

// Sync brings the belief up to date with what v shows: the opening on the
// first call, then every move of v.History not yet seen.
func (r *Record) Sync(v *sim.View) {
	if !r.started {
		r.Start(v.Opening, v.Options)
	}
	for r.seen < len(v.History) {
		r.Apply(&v.History[r.seen], v.Options)
	}
}

// Start conditions on the opening as sim.DecodeOpening reads it: the
// starter (turned at random: no evidence about the rule), the cards God
// laid after it (chosen among the cards that follow the rule: the size
// principle) and the error cards of the opening (rejected).
func (r *Record) Start(opening []sim.Card, opts *sim.Options) {
	r.started = true
	r.sc, r.stN = nil, -1 // a scene or state of an earlier line of the same length
	e := sim.DecodeOpening(opening, opts)
	r.line = append(r.line[:0], e.MainLine...)
	r.condition(e, false)
	if d := r.Discovery; d != nil {
		d.bel = r.Belief
		d.Begin(r.line)
		id, _ := r.MAP()
		d.Track(0, id)
	}
}

// Apply conditions on one judged move (as sim.DecodeMove reads it) and
// extends the main line; it returns the probabilities the belief gave,
// beforehand, to each of God's verdicts in the move.
func (r *Record) Apply(rec *sim.MoveRecord, opts *sim.Options) []float64 {
	r.seen++
	e := sim.DecodeMove(rec, r.line, opts)
	preds := r.condition(e, r.Discovery != nil)
	if rec.Guess != "" && !rec.GuessRight && rec.GuessError == "" {
		// God said the stated rule is not his: if it is one of the space's
		// hypotheses, it is refuted like a hypothesis a verdict contradicts
		// (out with ε = 0; with label noise it loses bits, as God may have
		// erred — GuessGodErred, which the table does not know).
		if id, ok := r.sp.ByExpr(rec.Guess); ok {
			r.refute(id)
		}
		if r.open != nil {
			if i, ok := r.open.byExpr[rec.Guess]; ok {
				r.refute(r.openID(i))
			}
		}
	}
	r.line = append(r.line, e.MainLine[len(r.line):]...)
	r.synthesize()
	if r.Discovery != nil {
		r.Discovery.after(r, rec.Turn, preds)
	}
	return preds
}

// deckChoices is every identity: what God chose among when the deck was
// the choice.
var deckChoices = func() []uint8 {
	all := make([]uint8, sim.NumCards)
	for i := range all {
		all[i] = uint8(i)
	}
	return all
}()

// condition updates the belief on decoded evidence: each finding, then
// each card God chose; with needP it returns the probability the belief
// gave each finding beforehand.
func (r *Record) condition(e sim.Evidence, needP bool) []float64 {
	var preds []float64
	for _, f := range e.Findings {
		r.lits = r.lits[:0]
		for _, l := range f.Lits {
			r.lits = append(r.lits, r.litOf(l.Line, l.Card, l.Refused))
		}
		p := r.observeP(r.lits, f.Holds, needP)
		if needP {
			preds = append(preds, p)
		}
	}
	for _, c := range e.Choices {
		among := deckChoices
		if c.Among != nil {
			among = r.bytes(c.Among)
		}
		r.godChose(r.litOf(c.Line, c.Card, false), among)
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
		r.lits = append(r.lits, r.litOf(line[:n+i], c, false))
	}
	return r.lits
}

// litOf is card c judged after line. Its line is prepared for the open
// part's syntax trees now when the open part holds a live hypothesis to
// evaluate on it, else when first needed (lit.scene): a hand spends most
// of its verdicts and predictions where the open part holds nothing, and
// preparing a scene costs more than the index's look-up.
func (r *Record) litOf(line []sim.Card, c sim.Card, refused bool) lit {
	return lit{s: r.stateOf(line), c: uint8(c), neg: refused, line: line, sc: r.predictScene(line)}
}

// predictScene is line prepared for the open part's syntax trees, or nil
// while the open part holds no live hypothesis to evaluate on it.
func (r *Record) predictScene(line []sim.Card) *grammar.Scene {
	if !r.open.live() {
		return nil
	}
	if slices.Equal(line, r.line) {
		return r.scene() // most verdicts are of a card after the main line
	}
	return grammar.NewScene(line)
}

// scene is the record's main line prepared for the open part, kept until
// the line grows.
func (r *Record) scene() *grammar.Scene {
	if r.open == nil {
		return nil
	}
	if r.sc == nil || r.scN != len(r.line) {
		r.sc, r.scN = grammar.NewScene(r.line), len(r.line)
	}
	return r.sc
}

// state is the state in which the next card is judged, kept until the
// line grows.
func (r *Record) state() state {
	if r.stN != len(r.line) {
		r.st, r.stN = stateOf(r.line), len(r.line)
	}
	return r.st
}

// stateOf is stateOf(line), from the record's keeping when line is the
// main line (most verdicts and predictions are of a card after it).
func (r *Record) stateOf(line []sim.Card) state {
	if slices.Equal(line, r.line) {
		return r.state()
	}
	return stateOf(line)
}

// Predict gives, for each card, the posterior probability that God accepts
// it next on the record's main line.
func (r *Record) Predict(cards []sim.Card, out []float64) {
	r.predict(r.state(), r.predictScene(r.line), r.bytes(cards), out)
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
	s := r.stateOf(r.lineBuf)
	r.predictIdx(given, s, cs, out) // estimates for choosing, as for single cards
	r.mixOpen(given, r.predictScene(r.lineBuf), cs, out)
}

// ProbSequence is the probability that God accepts every card of seq laid
// in order.
func (r *Record) ProbSequence(seq []sim.Card) float64 { return r.prob(r.chain(seq)) }

// ProbNone is the probability that God accepts none of cards next.
func (r *Record) ProbNone(cards []sim.Card) float64 {
	s, sc := r.state(), r.predictScene(r.line)
	lits := make([]lit, len(cards))
	for i, c := range cards {
		lits[i] = lit{s: s, c: uint8(c), neg: true, sc: sc, line: r.line}
	}
	return r.prob(lits)
}

// HypAccepts reports whether hypothesis id accepts card next.
func (r *Record) HypAccepts(id int, card sim.Card) bool {
	if h := r.openHypOf(id); h != nil {
		return h.accepts(r.scene(), card)
	}
	return r.sp.accepts(id, r.state(), uint8(card))
}
