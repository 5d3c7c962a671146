package sim

import (
	"fmt"

	"github.com/eleusis/eleusis/i18n"
	"slices"
	"strings"
	"unicode/utf8"
)

// prophetJudges asks the standing Prophet (if any) to judge a move whose
// truth is right, and lets God say "right" or "wrong". On "wrong" the
// Prophet falls; spared reports that the move was wrong but the Prophet had
// said "yes", so the player is not punished (new-eleusis-pt).
func (h *Hand) prophetJudges(p int, rec *MoveRecord, d Decisions, right bool) (spared bool, err error) {
	if h.prophet < 0 {
		return false, nil
	}
	says, err := h.prophetSays(p, rec, d)
	if err != nil {
		return false, err
	}
	if (says == Yes) == right {
		return false, nil
	}
	h.fall(rec)
	return !right, nil
}

func (h *Hand) prophetSays(p int, rec *MoveRecord, d Decisions) (Verdict, error) {
	var says Verdict
	switch {
	case d.ProphetSays != nil:
		says = *d.ProphetSays
	case d.Ask:
		pp, ok := h.players[h.prophet].(ProphetPlayer)
		says = Yes
		if ok && !pp.Judge(h.viewFor(h.prophet), p, Move{Kind: rec.Kind, Cards: rec.Cards}) {
			says = No
		}
	default:
		return "", fmt.Errorf("%s is Prophet: the move needs the Prophet's judgement (judged:yes or judged:no)", h.who(h.prophet))
	}
	rec.ProphetSaid = &says
	return says, nil
}

// prophetNoPlay handles a wrong "no play" (some card was valid) under a
// Prophet: cases 2 and 4 of new-eleusis-pt.
func (h *Hand) prophetNoPlay(p int, rec *MoveRecord, d Decisions, valid []Card) error {
	says, err := h.prophetSays(p, rec, d)
	if err != nil {
		return err
	}
	rec.Verdict = No
	if says == Yes {
		// Case 2: the Prophet said "yes", God "wrong": the Prophet falls and
		// the player is not punished; God completes the move by the rule,
		// putting a valid card of the shown hand on the main line.
		if d.GodPick != nil {
			return errGodPick
		}
		h.fall(rec)
		pick, err := h.godPick(valid, d.Pick)
		if err != nil {
			return err
		}
		h.pickToMain(p, pick, rec)
		rec.Spared = true
		return nil
	}
	// Case 4: the Prophet said "no", God "right": the Prophet picks a valid
	// card. A wrong pick makes a False Prophet; God then picks a valid card
	// and does not punish the player.
	var pick Card
	switch {
	case d.Pick != nil:
		pick = *d.Pick
	case d.Ask:
		if pp, ok := h.players[h.prophet].(ProphetPlayer); ok {
			pick = pp.Pick(h.viewFor(h.prophet), slices.Clone(rec.Cards))
		} else {
			pick = valid[0]
		}
	default:
		return fmt.Errorf("seat %d is Prophet and judged the \"no play\" wrong: write the Prophet's pick (pick:CARD)", h.prophet+1)
	}
	if !slices.Contains(rec.Cards, pick) {
		return fmt.Errorf("the Prophet's pick %s is not in the shown hand", pick)
	}
	rec.ProphetPick = &pick
	if slices.Contains(valid, pick) {
		if d.GodPick != nil {
			return fmt.Errorf("the Prophet's pick %s is valid: God picks nothing (drop godpick:)", pick)
		}
		h.pickToMain(p, pick, rec)
		h.punish(p, h.opts.PenaltyWrongNoPlay, rec)
		return nil
	}
	h.fall(rec)
	god, err := h.godPick(valid, d.GodPick)
	if err != nil {
		return err
	}
	h.pickToMain(p, god, rec)
	rec.Spared = true
	return nil
}

// fall makes the standing Prophet a False Prophet: the marker leaves, the
// Prophet takes false_prophet_penalty cards and plays again.
func (h *Hand) fall(rec *MoveRecord) {
	q := h.prophet
	h.fell[q] = true
	h.prophet = -1
	rec.ProphetFell = true
	if h.opts.FalseProphetPenalty > 0 {
		var r MoveRecord
		rec.ProphetPenalty = h.deal(q, h.opts.FalseProphetPenalty, &r)
		rec.Reshuffled = rec.Reshuffled || r.Reshuffled
	}
}

// CanDeclare reports whether seat p may declare Prophet now: Prophets are on,
// none stands, p has not been Prophet this hand, p still plays, at least two
// other players still play, and the main line is long enough.
func (h *Hand) CanDeclare(p int) bool {
	if !h.opts.Prophet || h.ended || h.prophet >= 0 || h.wasProphet[p] || h.eliminated[p] {
		return false
	}
	if len(h.main) < h.opts.ProphetMinMainLine {
		return false
	}
	others := 0
	for q := range h.hands {
		if q != p && !h.eliminated[q] {
			others++
		}
	}
	return others >= 2
}

// declare lets the mover rise as Prophet right after their move.
func (h *Hand) declare(p int, rec *MoveRecord, d Decisions) error {
	want := d.DeclareProphet
	if d.DeclareProphet && !h.CanDeclare(p) {
		return say("sim.mayNotDeclare", h.who(p), h.whyNotProphet(p))
	}
	if !want && d.Ask && h.CanDeclare(p) {
		if pp, ok := h.players[p].(ProphetPlayer); ok {
			want = pp.DeclareProphet(h.viewFor(p))
		}
	}
	if !want {
		return nil
	}
	h.prophet = p
	h.wasProphet[p] = true
	h.markerMain, h.markerTable, h.markerErrors = len(h.main), h.tableCount, h.errorsPlaced
	rec.DeclaredProphet = true
	return nil
}

// whyNotProphet says why p may not declare (a message of the catalogue).
func (h *Hand) whyNotProphet(p int) i18n.Msg {
	switch {
	case !h.opts.Prophet:
		return i18n.M("sim.why.off")
	case h.prophet >= 0:
		return i18n.M("sim.why.standing", h.who(h.prophet))
	case h.wasProphet[p]:
		return i18n.M("sim.why.was")
	case h.eliminated[p]:
		return i18n.M("sim.why.eliminated")
	case len(h.main) < h.opts.ProphetMinMainLine:
		return i18n.M("sim.why.short", len(h.main), "prophet_min_main_line", h.opts.ProphetMinMainLine)
	}
	return i18n.M("sim.why.few")
}

// mayGuess reports whether seat p may state a rule now: right after their
// own right move (Express), or after any own move in a cooperative hand or
// under guess_any_turn (the solo guessing protocol).
func (h *Hand) mayGuess(p int) bool {
	if !h.opts.Guessing || len(h.history) == 0 || h.lastMover != p {
		return false
	}
	return h.lastRight || h.opts.CoopTurns > 0 || h.opts.GuessAnyTurn
}

// Guess lets seat p state a rule right after a right move (Express), or
// the team's rule after any move (cooperative). A right guess (equivalent
// to God's rule) ends the hand; a wrong or malformed one costs nothing. It
// reports whether the guess was right.
func (h *Hand) Guess(p int, text string) (bool, error) {
	return h.statement(p, text, false, nil)
}

// GuessAsGiven is a rule stated at a real table, with God's answer as
// God gave it (a transcript's god_said:): an expression (inWords false)
// or words (inWords true). said nil: the rule judges the expression, as
// Guess does; words need said. Where God's answer differs from the rule's
// judgement of an expression, God erred (the record's GuessGodErred), and
// the hand follows God: a "yes" ends it as a right guess.
func (h *Hand) GuessAsGiven(p int, text string, inWords bool, said *Verdict) (bool, error) {
	if inWords && said == nil {
		return false, fmt.Errorf("a rule stated in words is judged by God's answer alone: give god_said:yes or god_said:no")
	}
	return h.statement(p, text, inWords, said)
}

// statement is Guess and GuessAsGiven.
func (h *Hand) statement(p int, text string, inWords bool, said *Verdict) (bool, error) {
	if !h.opts.Guessing {
		return false, say("sim.guessOff")
	}
	if !h.mayGuess(p) {
		if h.opts.CoopTurns > 0 {
			return false, say("sim.teamRuleAfterOwn", h.who(p))
		}
		if h.opts.GuessAnyTurn {
			return false, say("sim.ruleAfterOwn", h.who(p))
		}
		return false, say("sim.guessAfterRight", h.who(p))
	}
	rec := &h.history[len(h.history)-1]
	if rec.Guess != "" {
		return false, say("sim.guessedAlready", h.who(p))
	}
	text = CleanGuess(text)
	if text == "" {
		return false, say("sim.emptyGuess")
	}
	eq := false
	if inWords {
		rec.GuessInWords, eq = true, *said == Yes
	} else {
		gj, ok := h.judge.(GuessJudge)
		if !ok {
			return false, say("sim.cannotJudge")
		}
		var err error
		if eq, err = gj.Equivalent(text); err != nil {
			rec.GuessError, eq = err.Error(), false
		}
		if said != nil && (*said == Yes) != eq {
			rec.GuessGodErred, eq = true, *said == Yes
		}
	}
	rec.Guess = text
	if eq {
		rec.GuessRight = true
		h.guesser = p
		h.ended, h.end = true, Guessed // even if the move had ended the hand (cooperative)
	}
	return eq, nil
}

// MaxGuessRecord is the longest guess a MoveRecord keeps (bytes). Longer
// guesses are cut, marked with "…", and judged as cut: every rule language
// bound (rulebank.MaxExprBytes) is shorter, so a cut guess is refused as too
// long, as the whole one would be, and records stay small whatever an
// outside agent sends.
const MaxGuessRecord = 8192

// CleanGuess is a guess as the table records it: valid UTF-8, without
// surrounding white space, at most MaxGuessRecord bytes.
func CleanGuess(text string) string {
	text = strings.TrimSpace(strings.ToValidUTF8(text, "\uFFFD"))
	if len(text) <= MaxGuessRecord {
		return text
	}
	cut := MaxGuessRecord
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return text[:cut] + "…"
}
