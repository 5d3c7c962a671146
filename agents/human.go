package agents

import (
	"math/rand/v2"
	"slices"

	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/sim"
)

// human is a model of a person at the table: a few candidate rules drawn
// from the prior (k), kept while they fit the last few verdicts it remembers
// (memory), replaced by fresh draws that fit when refuted; it plays cards its
// favourite candidate says are legal (people test positively) and now and
// then slips (slip: a random card).
type human struct {
	sp     *hypotheses.Space
	truth  *hypotheses.Truth
	rng    *rand.Rand
	k, mem int
	slip   float64
	// simplicity: candidates are drawn with probability ∝ prior^simplicity
	// (people think of simple ideas first).
	simplicity float64
	cands      []int
	// stale: some idea failed since it last thought of new ones.
	stale bool
	// calibrate: measure its confidence at the end.
	calibrate bool
	memory    []sim.Fact
	// seenTotal counts verdicts ever remembered, checked those the
	// candidates were last checked against.
	seenTotal, checked int
	line               []sim.Card
	synced             int
	// discovery
	disc    hypotheses.Discovery
	started bool
	pos     int
	neg     int
	guessed map[string]bool
	held    []HeldRule // its favourite at each of its moves (held.go)
}

func newHuman(s Spec, t *Table, seat int) (sim.Player, error) {
	sp, err := t.Kit.Space(hypotheses.DefaultSize)
	if err != nil {
		return nil, err
	}
	h := &human{sp: sp, rng: t.rng(seat), k: int(s.param("k")), mem: int(s.param("memory")),
		slip: s.param("slip"), simplicity: s.param("simplicity"), guessed: map[string]bool{}}
	h.k, h.mem = max(1, h.k), max(1, h.mem)
	if t.Measure && t.Rule != nil {
		if h.truth, err = t.Kit.TruthFrom(t.Rule, hypotheses.DefaultSize, t.AnyStarter); err != nil {
			return nil, err
		}
		h.disc = *hypotheses.NewDiscovery(h.truth)
		h.calibrate = t.Calibrate
	}
	return h, nil
}

func (h *human) remember(line []sim.Card, c sim.Card, ok bool) {
	h.memory = append(h.memory, sim.Fact{Line: line[:len(line):len(line)], Card: c, Accepted: ok}) // a remembered verdict
	h.seenTotal++
	if len(h.memory) > h.mem {
		h.memory = h.memory[1:]
	}
}

// sync reads the verdicts it has not yet seen, as a person would: the
// single judgements each answer settles (sim.Evidence.Facts); a rejected
// run only says "something in it was wrong", which it does not try to
// untangle.
func (h *human) sync(v *sim.View) {
	if !h.started {
		e := sim.DecodeOpening(v.Opening, v.Options)
		h.line = slices.Clone(e.MainLine)
		for _, f := range e.Facts() {
			h.remember(f.Line, f.Card, f.Accepted)
		}
		h.started = true
		if h.truth != nil {
			h.disc.Begin(h.line)
		}
	}
	for ; h.synced < len(v.History); h.synced++ {
		r := &v.History[h.synced]
		preds := h.predictVerdict(r)
		e := sim.DecodeMove(r, h.line, v.Options)
		for _, f := range e.Facts() {
			h.remember(f.Line, f.Card, f.Accepted)
		}
		h.line = e.MainLine
		if r.Guess != "" && !r.GuessRight && r.GuessError == "" {
			// "Not my rule": a person crosses that idea off.
			if id, ok := h.sp.ByExpr(r.Guess); ok {
				h.cands = slices.DeleteFunc(h.cands, func(c int) bool { return c == id })
			}
		}
		h.refresh(h.fresh())
		if h.truth != nil {
			h.disc.Step(r.Turn, h.share(), h.favourite(), preds)
		}
	}
}

// predictVerdict: the share of its candidates that foresaw God's verdict on
// a single card.
func (h *human) predictVerdict(r *sim.MoveRecord) []float64 {
	if r.Kind != sim.Play || len(h.cands) == 0 {
		return nil
	}
	agree := 0
	for _, id := range h.cands {
		if h.sp.Accepts(id, h.line, r.Cards[0]) == (r.Verdict == sim.Yes) {
			agree++
		}
	}
	return []float64{float64(agree) / float64(len(h.cands))}
}

// fresh is how many of the remembered verdicts are new since the last
// refresh: the candidates kept then fit all the older ones.
func (h *human) fresh() int {
	n := min(len(h.memory), h.seenTotal-h.checked)
	h.checked = h.seenTotal
	return n
}

// refresh drops the candidates the newest verdicts refute; if that leaves
// it short of ideas, it will think of new ones when it next has to decide
// (think): a person looks for new ideas on their own turn, when one of
// theirs has failed.
func (h *human) refresh(newest int) {
	recent := h.memory[len(h.memory)-newest:]
	held := len(h.cands)
	h.cands = slices.DeleteFunc(h.cands, func(id int) bool {
		for _, s := range recent {
			if h.sp.Accepts(id, s.Line, s.Card) != s.Accepted {
				return true
			}
		}
		return false
	})
	if len(h.cands) < held || len(h.cands) == 0 {
		h.stale = true
	}
}

// think draws new ideas when some failed since it last thought: k draws (a
// person does not search long) from the rules that fit the memory, simple
// ones first (probability ∝ prior^simplicity).
func (h *human) think() {
	if !h.stale || len(h.cands) >= h.k {
		return
	}
	h.stale = false
	for _, id := range h.sp.DrawFitting(h.rng, h.memory, h.simplicity, h.k) {
		if len(h.cands) < h.k && !slices.Contains(h.cands, id) {
			h.cands = append(h.cands, id)
		}
	}
}

// favourite is the candidate with the shortest description (a person's
// simplest idea); −1 when it has none.
func (h *human) favourite() int {
	best := -1
	for _, id := range h.cands {
		if best < 0 || h.sp.Hyps[id].Level < h.sp.Hyps[best].Level {
			best = id
		}
	}
	return best
}

// share is the share of its candidates in God's local class: its
// "posterior" on God's rule.
func (h *human) share() float64 {
	if h.disc.Local == nil {
		return 0
	}
	return shareOf(h.cands, h.disc.Local.Class.Has)
}

// shareOf is the share of ids for which in holds (0 for none).
func shareOf(ids []int, in func(id int) bool) float64 {
	if len(ids) == 0 {
		return 0
	}
	k := 0
	for _, id := range ids {
		if in(id) {
			k++
		}
	}
	return float64(k) / float64(len(ids))
}

func (h *human) Move(v *sim.View) sim.Move {
	h.sync(v)
	h.think()
	fav := h.favourite()
	h.held = append(h.held, HeldRule{Move: v.Turn + 1, ID: fav})
	var legal []sim.Card
	for _, c := range v.Hand {
		if fav >= 0 && h.sp.Accepts(fav, v.MainLine, c) {
			legal = append(legal, c)
		}
	}
	if h.rng.Float64() < h.slip || fav < 0 {
		c := v.Hand[h.rng.IntN(len(v.Hand))]
		h.neg++
		return sim.Move{Kind: sim.Play, Cards: []sim.Card{c}}
	}
	if len(legal) == 0 {
		// Its idea says nothing fits: a person says "no play" when memory is
		// full of support for the idea, otherwise tries a card anyway.
		if len(h.memory) >= h.mem {
			return sim.Move{Kind: sim.NoPlay}
		}
		h.neg++
		return sim.Move{Kind: sim.Play, Cards: []sim.Card{v.Hand[h.rng.IntN(len(v.Hand))]}}
	}
	h.pos++
	first := legal[h.rng.IntN(len(legal))]
	if h.confident() && v.Options.MaxSequence >= 2 {
		// Sure of the idea: shed a run of up to 3 cards it accepts in turn.
		if run := h.run(fav, v, first, min(3, v.Options.MaxSequence)); len(run) >= 2 {
			return sim.Move{Kind: sim.Sequence, Cards: run}
		}
	}
	return sim.Move{Kind: sim.Play, Cards: []sim.Card{first}}
}

// run extends first with cards of the hand that hypothesis id accepts one
// after another.
func (h *human) run(id int, v *sim.View, first sim.Card, limit int) []sim.Card {
	run := []sim.Card{first}
	line := append(slices.Clone(v.MainLine), first)
	left := slices.Clone(v.Hand)
	left = slices.Delete(left, slices.Index(left, first), slices.Index(left, first)+1)
	for len(run) < limit {
		i := slices.IndexFunc(left, func(c sim.Card) bool { return h.sp.Accepts(id, line, c) })
		if i < 0 {
			break
		}
		run, line = append(run, left[i]), append(line, left[i])
		left = slices.Delete(left, i, i+1)
	}
	return run
}

// confident: its favourite has fitted a full memory of verdicts.
func (h *human) confident() bool { return len(h.memory) >= h.mem && h.favourite() >= 0 }

func (h *human) DeclareProphet(v *sim.View) bool { h.sync(v); h.think(); return h.confident() }

func (h *human) Judge(v *sim.View, mover int, m sim.Move) bool {
	h.sync(v)
	h.think()
	fav := h.favourite()
	if fav < 0 {
		return h.rng.IntN(2) == 0
	}
	line := v.MainLine[:len(v.MainLine):len(v.MainLine)]
	if m.Kind == sim.NoPlay {
		for _, c := range m.Cards {
			if h.sp.Accepts(fav, line, c) {
				return false
			}
		}
		return true
	}
	for _, c := range m.Cards {
		if !h.sp.Accepts(fav, line, c) {
			return false
		}
		line = append(line, c)
	}
	return true
}

func (h *human) Pick(v *sim.View, shown []sim.Card) sim.Card {
	if fav := h.favourite(); fav >= 0 {
		for _, c := range shown {
			if h.sp.Accepts(fav, v.MainLine, c) {
				return c
			}
		}
	}
	return shown[h.rng.IntN(len(shown))]
}

func (h *human) Guess(v *sim.View) string {
	h.sync(v)
	h.think()
	if !h.confident() {
		return ""
	}
	text := h.sp.Hyps[h.favourite()].Expr
	if h.guessed[text] {
		return ""
	}
	h.guessed[text] = true
	return text
}

func (h *human) Observe(v *sim.View, r *sim.MoveRecord) { h.sync(v) }

// Measures implements Scientist: its "posterior" is the share of its
// candidates that behave as God's rule.
func (h *human) Measures() (hypotheses.Measures, bool) {
	if h.truth == nil || h.disc.Err() != nil {
		return hypotheses.Measures{}, false
	}
	m := hypotheses.Measures{FinalProb: h.share(), Consistent: len(h.cands), PositiveTests: h.pos, NegativeTests: h.neg, Own: true}
	fav := h.favourite()
	h.disc.Finish(&m, h.sp, fav)
	if fav >= 0 {
		// Its confidence: the share of its candidates that agree with its
		// favourite on every state of the hand.
		m.MAPProb = 1 / float64(len(h.cands))
		if h.disc.Local != nil && h.calibrate {
			m.Confidence = shareOf(h.cands, h.disc.Local.Agreeing(fav).Has)
		}
	}
	return m, true
}
