package lessons

import (
	"math"
	"slices"

	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// Lessons: one hand told for a class.
//
// A narration follows one scientist's belief through a hand (its own when
// its strategy has one, rebuilt from the public record; an ideal Bayesian
// observer's otherwise) and names the moments a philosophy-of-science class
// can discuss: a risky prediction that came true, a "no" that refuted the
// favourite, the information each answer carried, the card that would best
// tell the two leading rules apart — or the fact that none can from here
// (underdetermination) — a space of hypotheses that ran empty (a closed
// world), and at the end whether the best rule is right on this hand and
// right everywhere. Every rule is given in words (the bank's description
// for God's, the grammar's phrase for a hypothesis) with its expression
// beside it. The narration is data; lesson_text.go writes it as Markdown,
// lesson_html.go as a printable classroom pack.

// Narration is one hand told for a class.
type Narration struct {
	// Rule is the bank's name of God's rule ("" for a bare expression),
	// Expr its expression, Description and Hint the bank's words.
	Rule, Expr, Description, Hint string
	Preset                        string
	Seed                          uint64
	// Source: the transcript file the hand was read from ("" for a hand
	// the simulator played).
	Source string
	// Players: the seats' names; Strategies: each seat's strategy spec (""
	// for a person, or a transcript's player).
	Players, Strategies []string
	// Observer: the seat whose belief is followed (−1: an ideal observer
	// watching the table, as for a transcript); OwnBelief: it is the seat's
	// own belief, not an ideal observer's beside it.
	Observer  int
	OwnBelief bool
	// Minds: per seat, how its own best rule at each move is known (nil:
	// unknown, and no play is labelled a test).
	Minds   []Mind
	Result  *sim.Result
	Options sim.Options
	Truth   *hypotheses.Truth

	// Filled by Narrate.
	Space *hypotheses.Space
	Eps   float64
	// Local: God's local class from the hand's opening.
	Local *hypotheses.Local
	// Start: the belief after the opening, before the first move (its
	// TrueProb, LocalProb, Rival and Leaders).
	Start NarratedMove
	Steps []NarratedMove
	End   Verdict
	// Wason: the hand's Wason moment, if it has one (lesson_wason.go).
	Wason *Wason
	// A class's transcript: the rules players stated in words after each
	// move (by move number; 0: before the first), and the moves where God's
	// verdict as given was not the rule's.
	Said  map[int][]SaidRule
	Erred map[int]bool
	// Letters: the suit letters a class's transcript wrote its cards
	// with, and the suit each was read as.
	Letters map[string]sim.Suit

	god acceptFunc // God's rule, compiled once (godAccepts)
}

// SaidRule is a rule a player stated in words, with its reading (Rule:
// nil when the words could not be read) and, when read, whether it is
// God's rule; GodSaid: God's answer as the transcript gives it (nil: none
// given).
type SaidRule struct {
	Player int
	StatedRule
	Judged, Right bool
	GodSaid       *sim.Verdict
}

// Mind is how a seat's own best rule is known at each of its moves.
type Mind struct {
	// Space and Eps: a belief-driven strategy's posterior, rebuilt from the
	// public record (its best rule before a move is the record's most
	// probable hypothesis). With Held, Space is the space of its ideas.
	Space *hypotheses.Space
	Eps   float64
	// Held: the hypothesis a seat said it held at each move (by move
	// number; −1 when it held none), for strategies whose ideas the public
	// record does not determine (agents.RuleHolder).
	Held map[int]int
	// Stated: the rule an outside program stated with each move.
	Stated map[int]StatedRule
	// None says why the seat has no best rule ("plays at random").
	None i18n.Msg
}

// StatedRule is a rule a program or a person said they believed: the text
// as said, and compiled (nil when it could not be read); Words: the text
// is words, read by rulewords, not an expression.
type StatedRule struct {
	Text  string
	Rule  *rulebank.Compiled
	Words bool
}

// Ranked is a rule with its words and probability.
type Ranked struct {
	ID           int // in the narration's space; −1 for a rule outside it
	Expr, Phrase string
	Prob         float64
}

// NarratedMove is one move, what the followed scientist believed before
// it, and what the answer changed.
type NarratedMove struct {
	Move sim.MoveRecord
	// Line and MainLine: the main line before and after the move.
	Line, MainLine []sim.Card
	// Top: the scientist's most probable rules before the move.
	Top []Ranked
	// PYes: its probability that God says "yes" to the move (the card, the
	// whole sequence, or — for a "no play" — that no card shown fits); Bits:
	// the information God's answer gave it, −log₂ of the probability it
	// gave the answer (for a strict scientist, exactly the prior mass the
	// answer ruled out, in bits). Both NaN when its space was empty.
	PYes, Bits float64
	// Possible, Left: hypotheses it held possible before and after.
	Possible, Left int
	// Held: the mover's own best rule at the move (nil: none known), and
	// Test: "positive" when that rule expected God's "yes", "negative" when
	// it expected "no"; NoTest says why a move is not labelled.
	Held   *Ranked
	Test   string
	NoTest i18n.Msg
	// LocalProb: after the answer, the posterior on God's rule as far as
	// this hand can show it (its local class: what every page of the pack
	// calls God's rule); TrueProb: on the rules that behave as God's
	// everywhere, from any starter (the web table's reveal plots it).
	TrueProb, LocalProb float64
	// Rival: after the answer, the most probable rule the hand can tell
	// apart from God's.
	Rival *Ranked
	// Unbold: a "yes" the scientist thought unlikely, which the mover's own
	// rule predicted though that rule earns no credit for it (nil
	// otherwise).
	Unbold *unbold
	// Leaders: the most probable rules after the answer (up to five);
	// Parting, where the first two part on the lines the hand can still
	// reach; Best, the card that would best tell them apart now (the most
	// informative one on which they disagree), when there is one.
	Leaders []Ranked
	Parting *hypotheses.Parting
	Best    *sim.Card
	// LeadChanged: the most probable rule after the answer is not the one
	// before it.
	LeadChanged bool
	// TieSince: with an underdetermination moment, the move (0: the
	// opening) from which no card could tell the two leading rules apart.
	TieSince int
	Moments  []Moment
}

// MomentKind names a moment worth a discussion.
type MomentKind string

// The moments a narration names.
const (
	Risky           MomentKind = "risky"           // a "yes" a named rule predicted, which the scientist thought unlikely
	Surprise        MomentKind = "surprise"        // a "yes" the scientist thought unlikely, that no named rule predicted
	WasonMoment     MomentKind = "wason"           // a too-narrow rule confirmed by positive tests only (lesson_wason.go)
	Refuted         MomentKind = "refuted"         // the answer contradicted its favourite
	LeadChange      MomentKind = "lead"            // another rule became the most probable
	Underdetermined MomentKind = "underdetermined" // no card can tell the leaders apart from here
	ClosedWorld     MomentKind = "closed-world"    // the space ran empty
	Informative     MomentKind = "informative"     // the answer that taught most
)

// Moment is one thing worth a discussion, told in a sentence or two.
type Moment struct {
	Kind  MomentKind
	Title string
	say   func(f textFormat) string
}

// Text is the moment in Markdown.
func (m Moment) Text() string { return m.say(markdown{}) }

// momentTitles are the catalogue's keys of the moments' titles.
var momentTitles = map[MomentKind]string{
	Risky: "moment.risky.title", Surprise: "moment.surprise.title", WasonMoment: "moment.wason.title",
	Refuted: "moment.refuted.title", LeadChange: "moment.lead.title", Underdetermined: "moment.under.title",
	ClosedWorld: "moment.closed.title", Informative: "moment.informative.title",
}

// title is the moment's title in the format's language.
func (m Moment) title(f textFormat) string {
	if k, ok := momentTitles[m.Kind]; ok {
		return f.say(k)
	}
	return m.Title
}

// Verdict is the end of the hand for the followed scientist: is its best
// rule right on this hand, and right everywhere?
type Verdict struct {
	Best  *Ranked // nil when the space is empty
	Empty bool
	// RightHere: the best rule is in God's local class — no card in any
	// line this hand could reach would catch it out; RightEverywhere: it
	// behaves as God's rule from every starter.
	RightHere, RightEverywhere bool
	// Witness: where the best rule and God's part (from this hand's end
	// when it is wrong here, from some starter when it is right only here);
	// Continues: the witness grows from the hand's end (its line starts
	// with the main line as it stands).
	Witness   *hypotheses.Witness
	Continues int
	// Expressible: some hypothesis of the space behaves as God's rule;
	// GodPhrase is God's rule as the grammar says it.
	Expressible bool
	GodPhrase   string
	// Settled: the move since which the best rule has been in God's local
	// class (0: from the opening; −1: it is not).
	Settled int
}

// favouriteP is the probability from which the most probable rule is a
// favourite: before that the belief is spread over thousands of rules and
// its top one is no more than a guess (one in ten is what a person would
// call "my best idea", not yet "my theory").
const favouriteP = 0.1

// riskyP is how unlikely a "yes" must have looked to be a risky prediction
// that came true: one chance in four or less (Popper's "risky" is relative
// to background knowledge; here the followed belief is that background).
const riskyP = 0.25

// Narrate replays a played hand through a fresh belief of space sp with
// label noise eps — the followed scientist's, rebuilt from the public
// record that every scientist sees — and through each seat's own mind, and
// tells every move.
func Narrate(n *Narration, sp *hypotheses.Space, eps float64) error {
	n.Space, n.Eps, n.Steps = sp, eps, nil
	b := sp.NewBelief(eps)
	b.Exact() // a lesson shows exact probabilities
	defer b.Release()
	rec := hypotheses.NewRecord(b)
	if n.Truth != nil {
		rec.Discovery = hypotheses.NewDiscovery(n.Truth)
	}
	rec.Start(n.Result.Opening, &n.Options)
	if d := rec.Discovery; d != nil {
		if err := d.Err(); err != nil {
			return err
		}
		n.Local = d.Local
	}
	n.Start = NarratedMove{MainLine: append([]sim.Card(nil), rec.Line()...), Possible: rec.Count(), Left: rec.Count()}
	n.measure(&n.Start, rec)
	minds, release := n.mindRecords()
	defer release()
	var distinct []*hypotheses.Record // each shared record once
	for _, r := range minds {
		if r != nil && !slices.Contains(distinct, r) {
			distinct = append(distinct, r)
		}
	}
	line := append([]sim.Card(nil), rec.Line()...)
	var lastPair [2]int
	lastNever := false
	for i := range n.Result.History {
		m := n.Result.History[i]
		st := NarratedMove{Move: m, Line: line, Possible: rec.Count(), PYes: math.NaN(), Bits: math.NaN()}
		ids, ps := rec.Top(3)
		for k, id := range ids {
			st.Top = append(st.Top, n.ranked(id, ps[k]))
		}
		mapBefore := -1
		if len(ids) > 0 {
			mapBefore = ids[0]
			st.PYes = probYes(rec, &m)
		}
		n.label(&st, minds)
		preds := rec.Apply(&m, &n.Options)
		for _, r := range distinct {
			r.Apply(&m, &n.Options)
		}
		if mapBefore >= 0 {
			st.Bits = 0
			for _, p := range preds {
				st.Bits -= math.Log2(max(p, 1e-300))
			}
		}
		st.Left = rec.Count()
		line = append(line[:len(line):len(line)], m.Accepted...)
		st.MainLine = line
		n.measure(&st, rec)
		ids, ps = rec.Top(2)
		// The lead changes when another rule becomes a favourite, strictly
		// ahead of the old one (two tied rules swap places by their order
		// in the space, which is no change of mind).
		st.LeadChanged = mapBefore >= 0 && len(ids) > 0 && ids[0] != mapBefore && ps[0] >= favouriteP && ps[0] > rec.Prob(mapBefore)
		if err := n.separate(&st, rec); err != nil {
			return err
		}
		n.moments(&st, mapBefore, &lastPair, &lastNever)
		n.Steps = append(n.Steps, st)
	}
	n.markInformative()
	if err := n.verdict(rec); err != nil {
		return err
	}
	return n.markWason()
}

// probsOf is the followed belief's probability of hypothesis id after the
// opening and after each move.
func (n *Narration) probsOf(id int) []float64 {
	b := n.Space.NewBelief(n.Eps)
	b.Exact()
	defer b.Release()
	rec := hypotheses.NewRecord(b)
	rec.Start(n.Result.Opening, &n.Options)
	out := []float64{rec.Prob(id)}
	for i := range n.Result.History {
		m := n.Result.History[i]
		rec.Apply(&m, &n.Options)
		out = append(out, rec.Prob(id))
	}
	return out
}

// measure notes the belief after a move: in God's rule, in its local
// class, in the leading rival, and the two leading rules.
func (n *Narration) measure(st *NarratedMove, rec *hypotheses.Record) {
	if n.Truth != nil {
		st.TrueProb = rec.ProbOfClass(n.Truth.Class)
		st.LocalProb = rec.ProbOfClass(n.godClass())
		st.Rival = n.rival(rec)
	}
	ids, ps := rec.Top(leaders)
	for k, id := range ids {
		st.Leaders = append(st.Leaders, n.ranked(id, ps[k]))
	}
}

// leaders is how many of the most probable rules a move keeps: the two
// leading rules are compared, the five first answer the handout's "which
// rules fit?".
const leaders = 5

// ranked is hypothesis id with its words.
func (n *Narration) ranked(id int, p float64) Ranked {
	return Ranked{ID: id, Expr: n.Space.Hyp(id).Expr, Phrase: n.Space.Phrase(id), Prob: p}
}

// probYes is the record's probability that God says "yes" to move m.
func probYes(rec *hypotheses.Record, m *sim.MoveRecord) float64 {
	switch m.Kind {
	case sim.Play:
		out := []float64{0}
		rec.Predict(m.Cards[:1], out)
		return out[0]
	case sim.Sequence:
		return rec.ProbSequence(m.Cards)
	case sim.NoPlay:
		return rec.ProbNone(m.Cards)
	}
	return math.NaN()
}

// rival is the most probable rule the hand can tell apart from God's.
func (n *Narration) rival(rec *hypotheses.Record) *Ranked {
	ids, ps := rec.Top(n.godsForms() + 1)
	for k, id := range ids {
		if !n.isGods(id) {
			r := n.ranked(id, ps[k])
			return &r
		}
	}
	return nil
}

// separate finds where the two leading rules part, and the card that would
// best tell them apart now: among the cards on which they disagree, the one
// whose answer the scientist is least sure of (the most expected
// information: the binary entropy of its P(yes)).
func (n *Narration) separate(st *NarratedMove, rec *hypotheses.Record) error {
	if len(st.Leaders) < 2 || n.Truth == nil {
		return nil
	}
	p, err := n.Truth.Parting(st.MainLine, st.Leaders[0].ID, st.Leaders[1].ID)
	if err != nil {
		return err
	}
	st.Parting = &p
	if p.Now == 0 {
		return nil
	}
	var cards []sim.Card
	for c := sim.Card(0); c < sim.NumCards; c++ {
		if p.Now>>c&1 == 1 {
			cards = append(cards, c)
		}
	}
	probs := make([]float64, len(cards))
	rec.Predict(cards, probs)
	best, bestH := cards[0], -1.0
	for i, c := range cards {
		if h := binaryEntropy(probs[i]); h > bestH+1e-12 {
			best, bestH = c, h
		}
	}
	st.Best = &best
	return nil
}

// binaryEntropy is H(p) = −p log₂ p − (1−p) log₂(1−p), in bits.
func binaryEntropy(p float64) float64 {
	if p <= 0 || p >= 1 {
		return 0
	}
	return -p*math.Log2(p) - (1-p)*math.Log2(1-p)
}

// markInformative names the answer that carried the most information.
func (n *Narration) markInformative() {
	best := -1
	for i, st := range n.Steps {
		// An answer that emptied the space was impossible for the belief:
		// its "information" is unbounded, and it taught nothing.
		if !math.IsNaN(st.Bits) && st.Bits >= 1 && st.Left > 0 && (best < 0 || st.Bits > n.Steps[best].Bits) {
			best = i
		}
	}
	if best < 0 {
		return
	}
	st := &n.Steps[best]
	st.Moments = append(st.Moments, Moment{Kind: Informative, Title: "The most informative answer", say: func(f textFormat) string {
		return f.say("moment.informative", fbits(f, st.Bits), n.ruledOut(st, f))
	}})
}

// verdict judges the best rule at the end of the hand.
func (n *Narration) verdict(rec *hypotheses.Record) error {
	v := Verdict{Settled: -1}
	if n.Truth != nil {
		v.Expressible = n.Truth.Expressible
		if v.Expressible {
			if id, ok := n.Space.ByExpr(n.Truth.Expr); ok {
				v.GodPhrase = n.Space.Phrase(id)
			}
		}
	}
	if d := rec.Discovery; d != nil {
		v.Settled = d.Settled
	}
	id, p := rec.MAP()
	if id < 0 {
		v.Empty = true
		n.End = v
		return nil
	}
	best := n.ranked(id, p)
	v.Best = &best
	if n.Truth != nil {
		v.RightEverywhere = n.Truth.Class.Has(id)
		v.RightHere = n.Local != nil && n.Local.Class.Has(id)
		var err error
		var w hypotheses.Witness
		switch {
		case !v.RightHere:
			// Where it is wrong: from the hand's end if it can still be
			// caught out there, else from the opening.
			if w, err = n.Truth.Witness(id, rec.Line()); err == nil && !w.Found {
				w, err = n.Truth.Witness(id, sim.DecodeOpening(n.Result.Opening, &n.Options).MainLine)
			} else if w.Found {
				v.Continues = len(rec.Line())
			}
		case !v.RightEverywhere:
			w, err = n.Truth.Witness(id, nil)
		}
		if err != nil {
			return err
		}
		if w.Found {
			v.Witness = &w
		}
	}
	n.End = v
	return nil
}
