package web

import (
	"fmt"
	"slices"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// God's mistakes in the transcript. When the teacher judges, the hand
// follows the teacher's verdicts, and the expression the teacher gives at
// the reveal may say otherwise on some moves (the reveal lists them). A
// transcript marks those moves with God's verdict as given (god_said:,
// docs/files.md), so that it replays to the hand that was played, not to
// the hand the expression would have made.

// markGodSaid gives god_said: to the moves of tr (written from res by
// sim.TranscriptOf) whose verdict the rule would not give, and to the
// stated rules the teacher answered otherwise than the rule's equivalence
// check.
func markGodSaid(tr *sim.Transcript, res *sim.Result, o *sim.Options, rule *rulebank.Compiled) {
	j := rule.NewJudge()
	accepts := func(line []sim.Card, c sim.Card) bool { ok, err := j.Accepts(line, c); return ok && err == nil }
	line := sim.DecodeOpening(res.Opening, o).MainLine
	k := 0 // tr.Moves[k] is the move of res.History[i]; a guess follows it as a move of its own
	for i := range res.History {
		rec := &res.History[i]
		if k >= len(tr.Moves) {
			return
		}
		if said := godSaid(accepts, rec, line); said != nil {
			tr.Moves[k].GodSaid = said
			tr.Moves[k].Text = tr.Moves[k].String()
		}
		line = append(line[:len(line):len(line)], rec.Accepted...)
		k++
		if rec.Guess == "" {
			continue
		}
		// a stated rule: the teacher's answer, where the expression's
		// equivalence check gives the other (it refuses a rule it cannot
		// read or decide, as the replay will)
		if eq, err := j.Equivalent(rec.Guess); (err == nil && eq) != rec.GuessRight && k < len(tr.Moves) {
			tr.Moves[k].GodSaid = []sim.Verdict{verdictOf(rec.GuessRight)}
			tr.Moves[k].Text = tr.Moves[k].String()
		}
		k++
	}
}

// godSaid is God's verdict on a move as a transcript gives it, where the
// rule would have judged the move otherwise after line; nil where the rule
// agrees. A sequence gets a verdict for each card: yes on the cards that
// went onto the main line, no on the first that did not, and the rule's
// own on the cards after it, which nobody judged.
func godSaid(accepts func([]sim.Card, sim.Card) bool, rec *sim.MoveRecord, line []sim.Card) []sim.Verdict {
	yes := rec.Verdict == sim.Yes
	switch rec.Kind {
	case sim.Play:
		if len(rec.Cards) == 1 && accepts(line, rec.Cards[0]) != yes {
			return []sim.Verdict{rec.Verdict}
		}
	case sim.NoPlay:
		if none := !slices.ContainsFunc(rec.Cards, func(c sim.Card) bool { return accepts(line, c) }); none != yes {
			return []sim.Verdict{rec.Verdict}
		}
	case sim.Sequence:
		said := make([]sim.Verdict, len(rec.Cards))
		erred := false
		l := slices.Clone(line)
		for i, c := range rec.Cards {
			rule := accepts(l, c)
			god := rule
			switch {
			case i < len(rec.Accepted):
				god = true
			case i == len(rec.Accepted) && !yes:
				god = false
			}
			said[i] = verdictOf(god)
			erred = erred || (god != rule && i <= len(rec.Accepted))
			l = append(l, c)
		}
		if !erred {
			return nil
		}
		return said
	}
	return nil
}

func verdictOf(yes bool) sim.Verdict {
	if yes {
		return sim.Yes
	}
	return sim.No
}

// replaysAs checks that a transcript the table wrote replays, refereed
// with rule, to the hand res: what a transcript cannot say yet (God's
// mistakes on the opening chain, a card God put down after a "no play"
// that the rule refuses, where the rule finds another) makes it replay
// otherwise or not at all, and the reveal says so.
func replaysAs(data []byte, res *sim.Result, rule *rulebank.Compiled) error {
	tr, err := sim.ParseTranscript(data)
	if err != nil {
		return err
	}
	h, err := sim.Replay(tr, rule.NewJudge())
	if err != nil {
		return err
	}
	got := h.Result()
	if a, b := sim.CardsString(got.MainLine), sim.CardsString(res.MainLine); a != b || len(got.History) != len(res.History) || got.GodScore != res.GodScore {
		return fmt.Errorf("it ends with the main line %s after %d moves, not %s after %d", a, len(got.History), b, len(res.History))
	}
	return nil
}
