package sim

import (
	"strings"

	"github.com/eleusis/eleusis/i18n"
)

// Replay referees a transcript with God's judge: every move is checked and
// judged, and the first move that breaks the rules is a *TranscriptError
// naming its line, its number and the reason. It returns the hand as far
// as it went. Where a move gives god_said:, God's verdict as given is
// followed, mistakes included; cards are conserved all the same.
func Replay(t *Transcript, judge Judge) (h *Hand, err error) {
	defer func() { err = inFile(t.File, err) }()
	given := newGivenJudge(judge)
	cfg := HandConfig{Options: t.Options, Judge: given, Opening: t.Opening, Deal: t.Hands, HandSizes: t.HandSizes, Names: t.Players}
	if h, err = NewHand(cfg); err != nil {
		key := "players"
		if strings.Contains(err.Error(), "starter") || strings.Contains(err.Error(), "opening") {
			key = "starter"
		}
		return nil, errWrap(t.line(key), err)
	}
	seat := map[string]int{}
	for i, p := range t.Players {
		seat[p] = i
	}
	for _, m := range t.Moves {
		fail := func(err error) error {
			return &TranscriptError{Line: m.Line, Move: m.Number, Text: m.Text, Err: err}
		}
		p := seat[m.Player]
		switch m.Kind {
		case "states", "guess":
			if m.Kind == "states" && (len(m.GodSaid) == 0 || !t.Options.Guessing) {
				continue // words kept in the transcript, not refereed
			}
			// A guess belongs to the move before it: it may follow even a
			// move after which the hand ended (the deck or the turns ran
			// out), as the table asks for it before the hand ends.
			var said *Verdict
			if len(m.GodSaid) > 0 {
				said = &m.GodSaid[0]
			}
			if _, err := h.GuessAsGiven(p, m.Guess+m.Words, m.Kind == "states", said); err != nil {
				if h.Ended() && !h.mayGuess(p) {
					err = say("tr.endedGuess", h.end)
				}
				return h, fail(err)
			}
			continue
		}
		if h.Ended() {
			return h, fail(say("tr.endedMove", h.end))
		}
		if p != h.Current() {
			return h, fail(h.notTheirTurn(p, t.Preset))
		}
		if m.Kind != "noplay" && (m.Pick != nil || m.GodPick != nil) {
			return h, fail(say("tr.pickNoplay"))
		}
		d := Decisions{ProphetSays: m.Judged, Pick: m.Pick, GodPick: m.GodPick, DeclareProphet: m.Prophet}
		if m.Judged != nil && h.Prophet() < 0 {
			return h, fail(say("tr.noProphet"))
		}
		if err := given.set(h.main, &m); err != nil {
			return h, fail(err)
		}
		_, err := h.Apply(p, Move{Kind: MoveKind(m.Kind), Cards: m.Cards}, d)
		given.clear()
		if err != nil {
			return h, fail(err)
		}
		if err := h.CheckConservation(); err != nil {
			return h, fail(err)
		}
	}
	if !h.ended {
		h.finish(Unfinished)
	}
	return h, nil
}

// notTheirTurn says why seat p may not move now: whose turn it is and why,
// naming first_player for the first move.
func (h *Hand) notTheirTurn(p int, preset string) error {
	now, who := h.who(h.current), h.who(p)
	switch {
	case h.eliminated[p]:
		return say("tr.turn.eliminated", who, now)
	case p == h.prophet:
		return say("tr.turn.prophet", who, now)
	}
	if len(h.history) == 0 {
		if h.opts.FirstPlayer == CountByStarter {
			r := h.main[0].Rank()
			key := "tr.turn.counted"
			if r > len(h.hands) {
				key = "tr.turn.countedRound"
			}
			if h.current != 0 {
				key += "Hint"
			}
			return say(key, who, now, preset, h.main[0].String(), r)
		}
		return say("tr.turn.left", who, now)
	}
	last := h.history[len(h.history)-1].Player
	var skipped []i18n.Msg
	for q := (last + 1) % len(h.hands); q != h.current && q != last; q = (q + 1) % len(h.hands) {
		switch {
		case h.eliminated[q]:
			skipped = append(skipped, i18n.M("tr.skip.eliminated", h.who(q)))
		case q == h.prophet:
			skipped = append(skipped, i18n.M("tr.skip.prophet", h.who(q)))
		case h.opts.CoopTurns > 0 && len(h.hands[q]) == 0:
			skipped = append(skipped, i18n.M("tr.skip.out", h.who(q)))
		}
	}
	if len(skipped) > 0 {
		return say("tr.turn.afterSkipped", who, h.who(last), now, i18n.List(skipped))
	}
	return say("tr.turn.after", who, h.who(last), now)
}

// givenJudge is God as a transcript says God judged: for the move being
// refereed, the verdicts it gives with god_said:, keyed by the length of
// the main line a card is judged after and the card; the rule's
// otherwise.
type givenJudge struct {
	Judge
	given map[givenKey]bool
}

type givenKey struct {
	at   int
	card Card
}

// givenGuessJudge is a givenJudge over a rule that also judges guesses.
type givenGuessJudge struct {
	*givenJudge
	guess GuessJudge
}

func (g givenGuessJudge) Equivalent(s string) (bool, error) { return g.guess.Equivalent(s) }

// judging is what Replay needs of the judge it hands the hand.
type judging interface {
	Judge
	set(line []Card, m *TranscriptMove) error
	clear()
}

// newGivenJudge wraps judge for the replay: it judges as judge does,
// guesses too if judge does, except where a move gives God's verdict.
func newGivenJudge(judge Judge) judging {
	g := &givenJudge{Judge: judge, given: map[givenKey]bool{}}
	if gj, ok := judge.(GuessJudge); ok {
		return givenGuessJudge{g, gj}
	}
	return g
}

// OpensWithAnyCard passes the opening policy on to the rule.
func (g *givenJudge) OpensWithAnyCard(any bool) {
	if oa, ok := g.Judge.(OpeningAware); ok {
		oa.OpensWithAnyCard(any)
	}
}

// Accepts implements Judge: God's verdict as given, else the rule's.
func (g *givenJudge) Accepts(line []Card, c Card) (bool, error) {
	if v, ok := g.given[givenKey{len(line), c}]; ok {
		return v, nil
	}
	return g.Judge.Accepts(line, c)
}

func (g *givenJudge) clear() { clear(g.given) }

// set gives God's verdicts on move m, made after the main line line.
func (g *givenJudge) set(line []Card, m *TranscriptMove) error {
	if len(m.GodSaid) == 0 {
		return nil
	}
	n := len(line)
	yes := m.GodSaid[0] == Yes
	switch m.Kind {
	case "play":
		if len(m.Cards) > 0 {
			g.given[givenKey{n, m.Cards[0]}] = yes
		}
	case "seq":
		if len(m.GodSaid) == len(m.Cards) && len(m.Cards) > 1 {
			for i, c := range m.Cards {
				g.given[givenKey{n + i, c}] = m.GodSaid[i] == Yes
			}
			return nil
		}
		if yes {
			for i, c := range m.Cards {
				g.given[givenKey{n + i, c}] = true
			}
			return nil
		}
		// One "no" for the whole sequence: where the rule refuses a card,
		// God agreed; where it accepts them all, God refused the last.
		ext := append(line[:n:n], m.Cards...)
		for i, c := range m.Cards {
			ok, err := g.Judge.Accepts(ext[:n+i], c)
			if err != nil || !ok {
				return err
			}
		}
		g.given[givenKey{n + len(m.Cards) - 1, m.Cards[len(m.Cards)-1]}] = false
	case "noplay":
		if yes { // God agreed that no card shown fits
			for _, c := range m.Cards {
				g.given[givenKey{n, c}] = false
			}
			return nil
		}
		for _, c := range m.Cards {
			if ok, err := g.Judge.Accepts(line, c); err != nil || ok {
				return err // the rule too finds a card that fits
			}
		}
		if m.Pick == nil {
			return say("tr.godSaidPick")
		}
		g.given[givenKey{n, *m.Pick}] = true
	}
	return nil
}
