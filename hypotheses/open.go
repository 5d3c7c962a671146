package hypotheses

import (
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/eleusis/eleusis/grammar"
	"github.com/eleusis/eleusis/sim"
)

// The open belief: the index is a cache of the language's shortest
// behaviours, and a synthesizer stands behind it. When a hand's evidence
// leaves the index with too little live mass — God's rule is longer than
// the index's cut, or reads what no family reads (a running total, a
// position mod 5, the line's average) — the belief asks the synthesizer
// (grammar.Synthesize) for the shortest rules of the open language
// consistent with every judgement so far, and holds them beside the index,
// each with its prior 2^−L on the index's scale. They are believed as the
// index's hypotheses are: a verdict they contradict removes them (or, with
// label noise, costs them its bits), God's choices weigh them by the size
// principle, and predictions on states no judgement has seen evaluate
// their syntax trees, compiled. As evidence grows the synthesizer is asked
// again (within a per-hand budget of syntheses), so the open part grows
// with the hand.
//
// What the approximation costs: the synthesizer merges terms that behave
// alike on the hand's judged points, so a class of rules that agree on
// those points and part elsewhere is held by its few shortest members
// (grammar.SynthConfig.Keep), not by all of them; and it returns the rules
// within a few bits of the shortest (Slack), not the whole tail of longer
// ones. The predictive distribution on unseen states is therefore that of
// the shortest consistent rules — where they agree, exact; where longer
// rules would disagree, it leans towards the short ones a little more
// than the full posterior would.

// FamOpen is the family of the open part's hypotheses: they read whatever
// their syntax tree reads.
const FamOpen Family = 255

// OpenConfig says when and how far a belief reaches beyond its index.
type OpenConfig struct {
	Synth grammar.SynthConfig
	// Trigger: synthesize when the whole live mass falls below Trigger
	// hypotheses of the index's longest length.
	Trigger float64
	// MinFacts: the judgements a hand needs before its first synthesis;
	// Every: the new judgements between two syntheses; MaxSyntheses: the
	// most a hand may make (the per-hand budget, with the synthesizer's
	// own bounds on each).
	MinFacts, Every, MaxSyntheses int
}

// DefaultOpen is the open belief of the belief-driven strategies. The
// synthesizer's budget is counted in work, not time, so that a hand plays
// the same at any load and any number of workers.
//
// One synthesis a hand: on the default bank's seven rules that need
// synthesis, a second one found the rule in 4% more hands of one rule and
// in none more of the others, at 40% more of the synthesizer's time — the
// time that kept rank over 1.3× the build before the open language
// (docs/performance.md).
var DefaultOpen = OpenConfig{
	Synth: grammar.SynthConfig{PoolBits: 7, TermBits: 9, CondBits: 5, PairBits: 5, CaseBits: 5, MaxBits: 26, Slack: 3, Max: 48, Keep: 2,
		MaxClasses: 10_000, MaxSolves: 300},
	Trigger: 1, MinFacts: 8, Every: 8, MaxSyntheses: 1,
}

// SynthCache shares syntheses between the beliefs of one hand: what the
// synthesizer finds depends only on the public record (the judgements so
// far), not on the space a belief holds beside it, so the records of the
// hand's scientists ask it once per checkpoint. Safe for concurrent use.
type SynthCache struct {
	mu    sync.Mutex
	found map[int][]grammar.Found // by stretch of judgements
}

// Len is the number of syntheses in the cache.
func (c *SynthCache) Len() int { c.mu.Lock(); defer c.mu.Unlock(); return len(c.found) }

// NewSynthCache makes an empty cache (one per hand).
func NewSynthCache() *SynthCache { return &SynthCache{found: map[int][]grammar.Found{}} }

// openHyp is one synthesized hypothesis.
type openHyp struct {
	node *grammar.Node
	fn   grammar.Fn
	expr string
	bits int
	// w is the prior weight on the index's scale, lik the likelihood bits
	// lost (its weight is w × 2^−lik); dead when refuted.
	w    float64
	lik  int
	dead bool
}

func (h *openHyp) weight() float64 {
	if h.dead {
		return 0
	}
	return h.w * math.Exp2(-float64(h.lik))
}

// accepts reports whether h accepts card c after the scene.
func (h *openHyp) accepts(sc *grammar.Scene, c sim.Card) bool {
	pt := grammar.Point{Scene: sc, Card: c}
	return h.fn(&pt) != 0
}

// openFinding is a finding with each literal's scene: the history a
// newcomer is checked against.
type openFinding struct {
	lits  []lit
	truth bool
}

// litRef is the literal lit of finding finding.
type litRef struct{ finding, lit int }

// openChoice is a card God chose among others (the size principle): the
// card's literal (in state s after the line) and the choices.
type openChoice struct {
	lit
	choices []uint8
}

// openPart is the belief's synthesized hypotheses and the hand's history.
type openPart struct {
	cfg      OpenConfig
	cache    *SynthCache
	hyps     []openHyp
	byExpr   map[string]int
	findings []openFinding
	choices  []openChoice
	// facts: the single judgements (for the synthesizer's problem), each
	// a literal of the findings.
	facts       []litRef
	factYes     []bool
	syntheses   int
	lastStretch int
	unlocked    bool // the rest of a prefix's index has joined
	shift       int
	maxLength   int     // the index's longest hypothesis
	minLevel    int     // the index's weights are 2^(minLevel − level)
	unitWeight  float64 // one hypothesis of the index's longest length
}

// Open lets the belief reach beyond its index (see OpenConfig); a belief
// starts closed. Call it before the first verdict. The beliefs of one hand
// may share a cache of syntheses (nil: none).
func (b *Belief) Open(cfg OpenConfig, cache *SynthCache) {
	sp := b.sp
	// The unit is a hypothesis at the whole index's cut: a prefix's belief
	// reaches the rest of the index (unlock) before the synthesizer.
	o := &openPart{cfg: cfg, cache: cache, byExpr: map[string]int{}, shift: b.shift, maxLength: sp.root().maxLength, minLevel: sp.minLevel}
	o.unitWeight = math.Exp2(float64(sp.minLevel - o.maxLength))
	b.open = o
}

// Opened reports whether the belief synthesizes beyond its index.
func (b *Belief) Opened() bool { return b != nil && b.open != nil }

// mass is the open part's live mass for which every literal holds.
func (o *openPart) mass(lits []lit) float64 {
	if o == nil {
		return 0
	}
	var m float64
	for i := range o.hyps {
		h := &o.hyps[i]
		if h.dead || !h.holds(lits) {
			continue
		}
		m += h.weight()
	}
	return m
}

// holds reports whether every literal holds for h.
func (h *openHyp) holds(lits []lit) bool {
	for i := range lits {
		if h.accepts(lits[i].scene(), sim.Card(lits[i].c)) == lits[i].neg {
			return false
		}
	}
	return true
}

// observe conditions the open part on a finding (every literal holds, or
// not) and returns the live mass that agreed before the update.
func (o *openPart) observe(lits []lit, truth bool) (agree float64) {
	if o == nil {
		return 0
	}
	kept := slices.Clone(lits)
	for i := range kept {
		kept[i].line = slices.Clone(kept[i].line) // the caller's may be a scratch buffer
	}
	o.findings = append(o.findings, openFinding{kept, truth})
	if len(lits) == 1 || truth {
		// A single judgement: the card was accepted when the literal held
		// and asked for acceptance, or failed and asked for refusal.
		for i, l := range lits {
			o.facts = append(o.facts, litRef{len(o.findings) - 1, i})
			o.factYes = append(o.factYes, truth != l.neg)
		}
	}
	for i := range o.hyps {
		h := &o.hyps[i]
		if h.dead {
			continue
		}
		if h.holds(lits) == truth {
			agree += h.weight()
			continue
		}
		o.penalise(h)
	}
	return agree
}

// penalise costs h one contradicted verdict: out with ε = 0, log2((1−ε)/ε)
// bits otherwise (and out after three, as the index drops them).
func (o *openPart) penalise(h *openHyp) {
	if o.shift == 0 {
		h.dead = true
		return
	}
	h.lik += o.shift
	if h.lik > 3*o.shift+6 {
		h.dead = true
	}
}

// chose conditions the open part on God having put card c, chosen among
// choices.
func (o *openPart) chose(l lit, choices []uint8) {
	if o == nil {
		return
	}
	l.line = slices.Clone(l.line)
	o.choices = append(o.choices, openChoice{l, slices.Clone(choices)})
	for i := range o.hyps {
		o.weighChoice(&o.hyps[i], &o.choices[len(o.choices)-1])
	}
}

func (o *openPart) weighChoice(h *openHyp, ch *openChoice) {
	if h.dead {
		return
	}
	sc := ch.scene()
	if !h.accepts(sc, sim.Card(ch.c)) {
		o.penalise(h)
		return
	}
	k := 0
	for _, x := range slices.Compact(slices.Sorted(slices.Values(ch.choices))) {
		if h.accepts(sc, sim.Card(x)) {
			k++
		}
	}
	h.lik += sizeBits(k)
}

// live reports whether any synthesized hypothesis is still believed.
func (o *openPart) live() bool {
	if o == nil {
		return false
	}
	for i := range o.hyps {
		if !o.hyps[i].dead {
			return true
		}
	}
	return false
}

// total is the open part's live mass.
func (o *openPart) total() float64 { return o.mass(nil) }

// predict adds to out[k], for each card, the open part's live mass that
// accepts it after sc with every literal of given holding.
func (o *openPart) predict(given []lit, sc *grammar.Scene, cards []uint8, out []float64) {
	for i := range o.hyps {
		h := &o.hyps[i]
		if h.dead || !h.holds(given) {
			continue
		}
		w := h.weight()
		for k, c := range cards {
			if h.accepts(sc, sim.Card(c)) {
				out[k] += w
			}
		}
	}
}

// synthesize asks the synthesizer for rules consistent with the hand so
// far when the belief's live mass is low, within the hand's budget; it
// adds the newcomers that are not already believed and reports whether it
// added any.
func (b *Belief) synthesize() bool {
	o := b.open
	if o == nil || o.syntheses >= o.cfg.MaxSyntheses || len(o.facts) < o.cfg.MinFacts {
		return false
	}
	// Checkpoints: one synthesis at most per stretch of Every judgements
	// after the first MinFacts (the hand's beliefs share it).
	stretch := (len(o.facts) - o.cfg.MinFacts) / o.cfg.Every
	if o.syntheses > 0 && stretch <= o.lastStretch {
		return false
	}
	if b.livePrior() >= o.cfg.Trigger*o.unitWeight {
		return false
	}
	if b.unlock() && b.livePrior() >= o.cfg.Trigger*o.unitWeight {
		return true // the rest of the index holds the hand's rules
	}
	o.syntheses++
	o.lastStretch = stretch
	found := o.find(stretch)
	added := false
	for _, f := range found {
		expr := f.Node.Expr()
		if _, ok := o.byExpr[expr]; ok {
			continue
		}
		if _, ok := b.sp.root().ByExpr(expr); ok {
			continue // the index holds it already
		}
		h := openHyp{node: f.Node, fn: grammar.Compile(f.Node), expr: expr, bits: f.Bits,
			w: math.Exp2(float64(o.minLevel - f.Bits))}
		// The newcomer is judged on the whole history, as if it had been
		// believed from the start.
		for _, fd := range o.findings {
			if h.holds(fd.lits) != fd.truth {
				o.penalise(&h)
			}
		}
		for i := range o.choices {
			o.weighChoice(&h, &o.choices[i])
		}
		if h.dead {
			continue
		}
		o.byExpr[expr] = len(o.hyps)
		o.hyps = append(o.hyps, h)
		added = true
	}
	return added
}

// find is the synthesizer's answer for the hand's judgements so far, from
// the hand's cache when a belief asked already.
func (o *openPart) find(stretch int) []grammar.Found {
	if o.cache != nil {
		o.cache.mu.Lock()
		defer o.cache.mu.Unlock()
		if f, ok := o.cache.found[stretch]; ok {
			return f // a belief of this hand asked in this stretch already
		}
	}
	pts := make([]grammar.Point, len(o.facts))
	for i, f := range o.facts {
		l := &o.findings[f.finding].lits[f.lit]
		pts[i] = grammar.Point{Scene: l.scene(), Card: sim.Card(l.c)}
	}
	ps := grammar.NewPoints(pts)
	p := grammar.Problem{Points: ps, Want: make([]uint64, ps.Words()), Care: make([]uint64, ps.Words())}
	for i, yes := range o.factYes {
		p.Care[i/64] |= 1 << (i % 64)
		if yes {
			p.Want[i/64] |= 1 << (i % 64)
		}
	}
	found, _ := grammar.Synthesize(p, o.cfg.Synth)
	if o.cache != nil {
		o.cache.found[stretch] = found
	}
	return found
}

// unlock opens, for a belief over a prefix of a larger space, the rest of
// that space's index: its shortest behaviours past the prefix, judged on
// the hand so far (a belief of the larger space replays the hand), join
// the belief. It reports whether it did (once per hand).
func (b *Belief) unlock() bool {
	o, root := b.open, b.sp.parent
	if root == nil || o.unlocked {
		return false
	}
	o.unlocked = true
	t := root.NewBelief(b.eps)
	t.Exact()
	for _, f := range o.findings {
		t.observeIdx(f.lits, f.truth, false)
	}
	for _, ch := range o.choices {
		t.godChose(lit{s: ch.s, c: ch.c}, ch.choices)
	}
	for j := 0; j <= t.top; j++ {
		for w, m := range t.planes[j] {
			if m &^= b.sp.valid[w]; m != 0 {
				b.plane(j)[w] |= m
				b.top = max(b.top, j)
			}
		}
	}
	t.Release()
	for f := range numFamilies {
		fi := &b.sp.fams[f]
		b.live[f] = b.live[f][:0]
		for lw := range fi.nw {
			for j := 0; j <= b.top; j++ {
				if b.planes[j][fi.w0+lw] != 0 {
					b.live[f] = append(b.live[f], int32(lw))
					break
				}
			}
		}
	}
	// The prior sample stood for the prefix's prior: predictions are exact
	// (or drawn from the posterior) from now on.
	b.total, b.noSample, b.sfresh = -1, true, false
	return true
}

// livePrior is the prior mass of the hypotheses still standing: those no
// verdict contradicted (with label noise, those within one contradiction's
// bits). God's choices weigh hypotheses down by the size principle without
// refuting them, so the posterior mass would call for synthesis when the
// index holds the rule: the trigger reads the prior of what stands.
func (b *Belief) livePrior() float64 {
	planes := b.top
	if b.shift > 0 {
		planes = min(b.top, b.shift-1)
	}
	var m float64
	for f := range numFamilies {
		w0 := b.sp.fams[f].w0
		for _, lw := range b.live[f] {
			w := w0 + int(lw)
			var any uint64
			for j := 0; j <= planes; j++ {
				any |= b.planes[j][w]
			}
			m += float64(bits.OnesCount64(any)) * b.sp.weight[w]
		}
	}
	if o := b.open; o != nil {
		for i := range o.hyps {
			if h := &o.hyps[i]; !h.dead && (b.shift == 0 || h.lik < b.shift) {
				m += h.w
			}
		}
	}
	return m
}

// openID is the belief's id of open hypothesis i: after the index's slots.
func (b *Belief) openID(i int) int { return b.sp.Slots() + i }

// openHypOf is the open hypothesis of id, nil for an index id.
func (b *Belief) openHypOf(id int) *openHyp {
	if b == nil || b.open == nil {
		return nil
	}
	i := id - b.sp.Slots()
	if i < 0 || i >= len(b.open.hyps) {
		return nil
	}
	return &b.open.hyps[i]
}

// Hyp describes hypothesis id, of the index or of the open part.
func (b *Belief) Hyp(id int) Hypothesis {
	if h := b.openHypOf(id); h != nil {
		return Hypothesis{Expr: h.expr, Family: FamOpen, Length: h.bits, Level: h.bits, Rules: 1}
	}
	if b.sp.Hyps[id].Expr == "" && b.sp.parent != nil {
		return b.sp.parent.Hyps[id] // past a prefix, unlocked
	}
	return b.sp.Hyps[id]
}

// Node is open hypothesis id's syntax tree (nil for the index's).
func (b *Belief) Node(id int) *grammar.Node {
	if h := b.openHypOf(id); h != nil {
		return h.node
	}
	return nil
}

// Accepts reports whether hypothesis id accepts card c after the main line.
func (b *Belief) Accepts(id int, line []sim.Card, c sim.Card) bool {
	if h := b.openHypOf(id); h != nil {
		return h.accepts(grammar.NewScene(line), c)
	}
	return b.sp.Accepts(id, line, c)
}

// Phrase says hypothesis id in plain English.
func (b *Belief) Phrase(id int) string {
	if h := b.openHypOf(id); h != nil {
		return fallbackWords(h.expr)
	}
	return b.sp.root().Phrase(id)
}

// openCands gives the open part's live hypotheses as candidates to add.
func (b *Belief) openCands(add func(id int, w float64)) {
	if b.open == nil {
		return
	}
	for i := range b.open.hyps {
		if w := b.open.hyps[i].weight(); w > 0 {
			add(b.openID(i), w)
		}
	}
}

// OpenCount is the number of live synthesized hypotheses.
func (b *Belief) OpenCount() int {
	n := 0
	b.openCands(func(int, float64) { n++ })
	return n
}
