package web

import (
	"strings"

	"github.com/eleusis/eleusis/handwords"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/sim"
)

// Moves and verdicts in words, for the table's log: messages of the
// catalogue (i18n), said in each reader's language when a page is drawn.
// A move, an end and a card list are said as the lessons say them
// (handwords.Move, End, Cards).

// verdictWord is God's or the Prophet's "yes" or "no".
func verdictWord(v sim.Verdict) i18n.Msg {
	if v == sim.Yes {
		return i18n.M("web.yes")
	}
	return i18n.M("web.no")
}

// LogLine is one move in the table's log.
type LogLine struct {
	Turn    int
	Seat    int
	Move    string // what was played
	Verdict string // "yes" or "no"
	Then    string // what followed: penalty, Prophet, guess, …
	Cards   []sim.Card
	// The same in the reader's language (Move and Then are their English).
	MoveMsg i18n.Msg  `json:"-"`
	ThenMsg i18n.List `json:"-"`
}

// describeRecord tells a judged move.
func describeRecord(names []string, r *sim.MoveRecord) LogLine {
	move := handwords.Move(names[r.Player], sim.Move{Kind: r.Kind, Cards: r.Cards})
	l := LogLine{Turn: r.Turn, Seat: r.Player, Move: move.String(), MoveMsg: move, Verdict: string(r.Verdict), Cards: r.Cards}
	var then i18n.List
	say := func(key string, args ...any) { then = append(then, i18n.M(key, args...)) }
	if r.ProphetSaid != nil {
		say("then.prophetSaid", names[r.Prophet], verdictWord(*r.ProphetSaid))
	}
	switch {
	case r.ProphetFell && r.ProphetPenalty > 0:
		say("then.prophetFallsDraws", r.ProphetPenalty)
	case r.ProphetFell:
		say("then.prophetFalls")
	}
	switch {
	case r.Kind == sim.NoPlay && r.Verdict == sim.Yes && r.WentOut:
		say("then.wentOutNoPlay")
	case r.Kind == sim.NoPlay && r.Verdict == sim.Yes:
		say("then.newHand", r.Refund)
	case r.Picked != nil:
		say("then.picked", r.Picked.Pretty())
	case r.Kind == sim.Sequence && r.Verdict == sim.No && len(r.Accepted) > 0:
		say("then.accepted", handwords.Cards(r.Accepted))
	}
	if r.Spared {
		say("then.spared")
	}
	switch {
	case r.Penalty > 0 && r.Drawn != r.Penalty:
		say("then.drawsShort", r.Penalty, r.Drawn)
	case r.Penalty > 0:
		say("then.draws", r.Penalty)
	}
	if r.Eliminated {
		say("then.eliminated")
	}
	if r.WentOut && r.Kind != sim.NoPlay {
		say("then.wentOut")
	}
	if r.DeclaredProphet {
		say("then.declares", names[r.Player])
	}
	if r.Reshuffled {
		say("then.reshuffled")
	}
	if r.Guess != "" {
		switch {
		case r.GuessRight:
			say("then.guessRight", code(r.Guess))
		case r.GuessError != "":
			say("then.guessBad", code(r.Guess), foreign(r.GuessError))
		default:
			say("then.guessWrong", code(r.Guess))
		}
	}
	l.ThenMsg = then
	var en []string
	for _, m := range then {
		en = append(en, m.String())
	}
	l.Then = strings.Join(en, "; ")
	return l
}
