package sim

// This file decodes the public record into evidence about the rule, once,
// for every reader (beliefs, bounded humans, lessons): what God's answers
// established, and which cards God chose.

// Literal is one judgement: the rule accepts Card after Line — or, with
// Refused, does not.
type Literal struct {
	Line    []Card // the main line the card is judged after (do not change it)
	Card    Card
	Refused bool
}

// Finding is what God's answer to a move says about some literals: that all
// of them hold (Holds), or that at least one does not. A rejected
// sequence judged all or nothing says only that one of its cards was wrong;
// a wrong "no play" that one of the shown cards was valid.
type Finding struct {
	Lits  []Literal
	Holds bool
}

// Choice is a card God chose and laid on the main line: the opening chain
// of chain3, or God's pick after a wrong "no play". The card follows the
// rule (a Choice is not repeated among the Findings), and God took it among
// the cards of Among that the rule accepts after Line — nil Among: among
// every card of the deck. A reader may weigh the choice (the size
// principle: a rule that allows k choices gives this one 1/k).
type Choice struct {
	Line  []Card
	Card  Card
	Among []Card
}

// Evidence is one move (or the opening) decoded: the findings in the order
// God gave them, the cards God chose, and the main line after the move.
type Evidence struct {
	Findings []Finding
	Choices  []Choice
	MainLine []Card
}

// Fact is a single judgement the evidence settles: Card after Line is
// accepted or not.
type Fact struct {
	Line     []Card
	Card     Card
	Accepted bool
}

// Facts lists the single judgements the evidence settles, in order: every
// literal of a finding that holds, the literal of a one-literal finding
// that does not, and every card God chose (accepted). What a finding of
// several literals that does not hold says (one of them fails) is no fact.
func (e Evidence) Facts() []Fact {
	var out []Fact
	for _, f := range e.Findings {
		if !f.Holds && len(f.Lits) != 1 {
			continue
		}
		for _, l := range f.Lits {
			out = append(out, Fact{Line: l.Line, Card: l.Card, Accepted: l.Refused != f.Holds})
		}
	}
	for _, c := range e.Choices {
		out = append(out, Fact{Line: c.Line, Card: c.Card, Accepted: true})
	}
	return out
}

// DecodeOpening is the evidence of the opening (Result.Opening, View.Opening):
// a starter turned from the deck says nothing about the rule; the chain3
// opening of eleusis-express-es (five cards) is a starter, two cards God
// chose among the deck's that follow the rule, and two under the last that
// do not.
func DecodeOpening(opening []Card, o *Options) Evidence {
	if len(opening) == 0 {
		return Evidence{}
	}
	if o == nil || o.Starter != Chain3 || len(opening) != 5 {
		return Evidence{MainLine: opening[:1:1]}
	}
	line := opening[:3:3]
	e := Evidence{MainLine: line}
	for i := 1; i < 3; i++ {
		e.Choices = append(e.Choices, Choice{Line: line[:i], Card: line[i]})
	}
	for _, c := range opening[3:] {
		e.Findings = append(e.Findings, Finding{Lits: []Literal{{Line: line, Card: c}}})
	}
	return e
}

// DecodeMove is the evidence of one judged move, made when the main line
// was line (o gives how sequences were judged). It is the one reading of a
// MoveRecord as evidence: God's verdict on each card, who chose the cards
// laid after a wrong "no play", and the Prophet's wrong pick.
func DecodeMove(rec *MoveRecord, line []Card, o *Options) Evidence {
	line = line[:len(line):len(line)] // appends below never write into the caller's line
	switch rec.Kind {
	case Play, Sequence:
		return decodeCards(rec, line, o)
	case NoPlay:
		return decodeNoPlay(rec, line)
	}
	return Evidence{MainLine: line}
}

// chain is the literals of cards laid one after another after ext[:n]
// (ext holds the cards after the main line).
func chain(ext []Card, n int, cards []Card) []Literal {
	lits := make([]Literal, len(cards))
	for i, c := range cards {
		lits[i] = Literal{Line: ext[: n+i : n+i], Card: c}
	}
	return lits
}

func decodeCards(rec *MoveRecord, line []Card, o *Options) Evidence {
	// One array holds the main line and the move's cards: every literal's
	// line and the main line after the move are prefixes of it.
	n := len(line)
	ext := append(line, rec.Cards...)
	k := min(len(rec.Accepted), len(rec.Cards))
	e := Evidence{MainLine: ext[: n+k : n+k]}
	switch {
	case rec.Verdict == Yes:
		e.Findings = []Finding{{Lits: chain(ext, n, rec.Cards), Holds: true}}
	case rec.Kind == Sequence && o != nil && o.SequenceJudging == Prefix:
		// Judged card by card (new-eleusis-es): the right cards before the
		// first wrong one stayed, that one was wrong, the rest unjudged.
		k = min(k, len(rec.Cards)-1)
		if k > 0 {
			e.Findings = append(e.Findings, Finding{Lits: chain(ext, n, rec.Cards[:k]), Holds: true})
		}
		e.Findings = append(e.Findings, Finding{Lits: []Literal{{Line: ext[: n+k : n+k], Card: rec.Cards[k]}}})
	default:
		// A wrong card, or a sequence judged all or nothing: not every card
		// followed the one before.
		e.Findings = []Finding{{Lits: chain(ext, n, rec.Cards)}}
	}
	return e
}

func decodeNoPlay(rec *MoveRecord, line []Card) Evidence {
	e := Evidence{MainLine: append(line, rec.Accepted...)}
	shown := make([]Card, 0, len(rec.Cards))
	lits := make([]Literal, 0, len(rec.Cards))
	for _, c := range rec.Cards {
		if c.Valid() {
			shown = append(shown, c)
			lits = append(lits, Literal{Line: line, Card: c, Refused: true})
		}
	}
	// "No play" claims that no shown card is valid; God's yes confirms it,
	// God's no says one of them is.
	e.Findings = []Finding{{Lits: lits, Holds: rec.Verdict == Yes}}
	if rec.Picked == nil {
		return e
	}
	pick := *rec.Picked
	switch {
	case rec.ProphetPick != nil && *rec.ProphetPick == pick:
		// The Prophet picked a valid card (new-eleusis-pt, case 4): not
		// God's choice, but God's "right".
		e.Findings = append(e.Findings, Finding{Lits: []Literal{{Line: line, Card: pick}}, Holds: true})
	case rec.ProphetPick != nil:
		// The Prophet's pick was not valid; God then chose.
		e.Findings = append(e.Findings, Finding{Lits: []Literal{{Line: line, Card: *rec.ProphetPick}}})
		e.Choices = []Choice{{Line: line, Card: pick, Among: shown}}
	default:
		e.Choices = []Choice{{Line: line, Card: pick, Among: shown}}
	}
	return e
}
