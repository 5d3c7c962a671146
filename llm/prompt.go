package llm

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/sim"
)

// The prompt: a system message with the game, what is measured and the
// rule language (the harness's own table of it, agents.Language), then for
// every question the table as the seat sees it, the facts so far and the
// answer's format. The model may reason in prose; its answer is the last
// JSON object of its reply that has the answer's key.

// PromptVersion names the prompt's wording: run.json records it, and a run
// resumed under another wording is refused.
const PromptVersion = "llm-prompt-1"

// maxFacts is how many of the most recent facts the prompt lists.
const maxFacts = 80

// systemPrompt is the game, what is measured and the rule language.
func systemPrompt(o *sim.Options) string {
	var b strings.Builder
	fmt.Fprintf(&b, "You are a scientist playing Eleusis, the game of science. God holds a secret rule that says which card may "+
		"follow the last card of the main line. You discover it by experiment: every card you play is a test. If God says "+
		"\"yes\" the card joins the main line; if \"no\" it goes to an error column under the last main-line card and you draw "+
		"%d penalty card(s).", o.PenaltyWrongCard)
	if o.KeepHandSize {
		fmt.Fprintf(&b, " Every card you play is replaced from the deck: you always hold %d cards.", o.HandSize)
	}
	if o.MaxSequence >= 2 {
		fmt.Fprintf(&b, " You may play a sequence of 2 to %d cards (kind \"seq\"); if any card is wrong, the penalty is twice the cards played.", o.MaxSequence)
	}
	b.WriteString(" If you believe no card of your hand is legal you may say \"no play\" (kind \"noplay\"): you show your hand; " +
		"if you are right you get new cards, if wrong you draw a penalty.\n\n")
	switch {
	case o.Guessing && o.Scoring == sim.Turns:
		fmt.Fprintf(&b, "What is measured. You have at most %d turns. With any move you may also state the rule (\"state\": true): "+
			"your \"rule\" is then announced to God as your statement once God has judged the move. A right statement (one that "+
			"gives God's verdict on every card in every position play can reach, whatever its wording) ends the hand and scores "+
			"%d + 1 minus the number of the move after which you made it; each wrong or invalid statement costs %d points; no "+
			"right statement scores 0", o.MaxTurns, o.MaxTurns, o.GuessPenalty)
		if o.ScoreFloor {
			b.WriteString("; the score is never below 0")
		}
		b.WriteString(". So a right statement pays more the earlier it comes, and a wrong one costs: state your rule when its chance " +
			"of being right is worth the risk, and never the same rule twice. Your cards do not count. God tells you after each " +
			"statement whether it was right.")
	default:
		b.WriteString("What is measured. Above all, discovery: the last rule you state (\"rule\", with your \"confidence\" in it) is " +
			"checked against God's rule; it counts as found when it gives God's verdict on every card in every position the hand " +
			"could reach, whatever its wording. How early you settled on the right rule counts too, and so does how well your " +
			"confidence and your accept_prob forecast God's answers. State your honest best guess with every move, with honest " +
			"probabilities. Your game score counts as well: you score by getting rid of your cards.")
		if o.Guessing {
			when := "after a right move"
			if o.GuessAnyTurn || o.CoopTurns > 0 {
				when = "after any move"
			}
			fmt.Fprintf(&b, " In this hand you may also state the rule aloud %s (\"state\": true): a right statement ends the hand in your favour.", when)
		}
	}
	lang := agents.Language()
	fmt.Fprintf(&b, "\n\nThe rule language. %s\nNames a rule can use:\n", lang.Summary)
	for _, n := range lang.Names {
		fmt.Fprintf(&b, "  %s (%s): %s\n", n.Name, n.Type, n.Meaning)
	}
	b.WriteString("A card has the fields:\n")
	for _, n := range lang.CardFields {
		fmt.Fprintf(&b, "  %s (%s): %s\n", n.Name, n.Type, n.Meaning)
	}
	fmt.Fprintf(&b, "%s\nExamples:\n", lang.Operators)
	for _, e := range lang.Examples {
		fmt.Fprintf(&b, "  %s    # %s\n", e.Rule, e.Says)
	}
	return b.String()
}

// moveFormat asks for a move.
const moveFormat = `It is your move. Think it through first if you like, in plain words. Then end your reply with one JSON object: ` +
	`{"kind": "play", "cards": ["7S"], "rule": "<the rule you now believe, in the rule language>", "confidence": <probability 0-1 ` +
	`that your rule is God's>, "accept_prob": <probability 0-1 that God accepts your move>, "state": <true to announce your rule ` +
	`to God after this move, when the game allows it>}. kind is "play" (one card), "seq" (several cards, in order) or "noplay" ` +
	`(no cards). Cards are written rank then suit letter: AS 2H ... 10D JC QS KH. The last JSON object of your reply is your answer.`

// tableText is the table as the seat sees it: the main line, the error
// columns, the others' hands, the facts so far (each as the harness reads
// it, sim.DecodeMove), the seat's statements and their verdicts, its hand.
func tableText(v *sim.View, stated string) string {
	var b strings.Builder
	b.WriteString("Main line, oldest first (position:card):")
	for i, c := range v.MainLine {
		fmt.Fprintf(&b, " %d:%s", i+1, c)
	}
	b.WriteString("\n")
	if len(v.Errors) > 0 {
		b.WriteString("Error columns (rejected cards, under the main-line card that was last when they were played):\n")
		for _, g := range v.Errors {
			if g.Under < len(v.MainLine) {
				fmt.Fprintf(&b, "  under %d:%s: %s\n", g.Under+1, v.MainLine[g.Under], sim.CardsString(g.Cards))
			}
		}
	}
	if len(v.HandSizes) > 1 {
		var others []string
		for q, n := range v.HandSizes {
			if q != v.Me {
				others = append(others, fmt.Sprintf("seat %d: %d", q+1, n))
			}
		}
		fmt.Fprintf(&b, "Cards held by the others: %s\n", strings.Join(others, ", "))
	}
	facts := factsOf(v)
	if len(facts) > maxFacts {
		facts = facts[len(facts)-maxFacts:]
	}
	if len(facts) > 0 {
		b.WriteString("Facts so far (n = the number of main-line cards before the card, the last of them, then God's verdict):\n")
		for _, f := range facts {
			last := f.Line[max(0, len(f.Line)-3):]
			verdict := "rejected"
			if f.Accepted {
				verdict = "accepted"
			}
			fmt.Fprintf(&b, "  n=%d after ... %s: %s %s\n", len(f.Line), sim.CardsString(last), f.Card, verdict)
		}
	}
	for _, m := range v.History {
		if m.Player == v.Me && m.Guess != "" {
			verdict := "wrong"
			switch {
			case m.GuessRight:
				verdict = "right"
			case m.GuessError != "":
				verdict = "not a rule of the language: " + m.GuessError
			}
			fmt.Fprintf(&b, "You stated after move %d: %s — God: %s\n", m.Turn, m.Guess, verdict)
		}
	}
	if v.Options != nil && v.Options.Scoring == sim.Turns {
		fmt.Fprintf(&b, "Moves made: %d of %d.\n", v.Turn, v.Options.MaxTurns)
	}
	if stated != "" {
		fmt.Fprintf(&b, "The rule you believed last: %s\n", stated)
	}
	fmt.Fprintf(&b, "Your hand: %s", sim.CardsString(v.Hand))
	return b.String()
}

// factsOf are the facts of the opening and of every move, in order.
func factsOf(v *sim.View) []sim.Fact {
	e := sim.DecodeOpening(v.Opening, v.Options)
	out := e.Facts()
	line := slices.Clone(e.MainLine)
	for i := range v.History {
		e := sim.DecodeMove(&v.History[i], line, v.Options)
		out = append(out, e.Facts()...)
		line = e.MainLine
	}
	return out
}

// errBadReply is a reply that cannot be used; its text says why, for the
// model.
type errBadReply struct{ why string }

func (e *errBadReply) Error() string { return e.why }

func bad(format string, a ...any) error { return &errBadReply{fmt.Sprintf(format, a...)} }

// finalJSON is the model's answer: the last JSON object of the reply that
// holds the key needs (a model may reason first, and quote examples on
// the way).
func finalJSON(text, needs string) (map[string]json.RawMessage, error) {
	var objs []map[string]json.RawMessage
	for i := 0; i < len(text); i++ {
		if text[i] != '{' {
			continue
		}
		dec := json.NewDecoder(strings.NewReader(text[i:]))
		var obj map[string]json.RawMessage
		if dec.Decode(&obj) == nil {
			objs = append(objs, obj)
			i += int(dec.InputOffset()) - 1
		}
	}
	for k := len(objs) - 1; k >= 0; k-- {
		if _, ok := objs[k][needs]; ok {
			return objs[k], nil
		}
	}
	if len(objs) > 0 {
		return nil, bad("the reply has no JSON object with %q", needs)
	}
	return nil, bad("the reply holds no JSON object")
}

// answer is a move answer read from the model's JSON.
type answer struct {
	move       sim.Move
	rule       *string
	confidence *float64
	accept     *float64
	state      bool
}

// parseMove reads and checks a move answer against the hand and options.
func parseMove(obj map[string]json.RawMessage, v *sim.View) (answer, error) {
	var a answer
	var kind string
	var cards []string
	if err := json.Unmarshal(obj["kind"], &kind); err != nil {
		return a, bad(`"kind" must be "play", "seq" or "noplay"`)
	}
	if raw, ok := obj["cards"]; ok && string(raw) != "null" {
		if err := json.Unmarshal(raw, &cards); err != nil {
			return a, bad(`"cards" must be a list of cards such as ["7S", "10H"]`)
		}
	}
	var played []sim.Card
	for _, c := range cards {
		card, err := sim.ParseCard(strings.ToUpper(strings.TrimSpace(c)))
		if err != nil {
			return a, bad("%v", err)
		}
		played = append(played, card)
	}
	switch kind {
	case "noplay":
		played = nil
	case "play":
		if len(played) != 1 {
			return a, bad(`"play" takes exactly one card`)
		}
	case "seq":
		if v.Options.MaxSequence < 2 {
			return a, bad("sequences are not allowed in this hand: play one card")
		}
		if len(played) < 2 || len(played) > v.Options.MaxSequence {
			return a, bad(`"seq" takes 2 to %d cards`, v.Options.MaxSequence)
		}
	default:
		return a, bad(`"kind" must be "play", "seq" or "noplay", not %q`, kind)
	}
	hand := slices.Clone(v.Hand)
	for _, c := range played {
		i := slices.Index(hand, c)
		if i < 0 {
			return a, bad("you do not hold %s; your hand is %s", c, sim.CardsString(v.Hand))
		}
		hand = slices.Delete(hand, i, i+1)
	}
	a.move = sim.Move{Kind: sim.MoveKind(kind), Cards: played}
	if raw, ok := obj["rule"]; ok {
		var rule string
		if json.Unmarshal(raw, &rule) == nil && strings.TrimSpace(rule) != "" {
			rule = strings.TrimSpace(rule)
			a.rule = &rule
		}
	}
	prob := func(key string) (*float64, error) {
		raw, ok := obj[key]
		if !ok || string(raw) == "null" {
			return nil, nil
		}
		var x float64
		if err := json.Unmarshal(raw, &x); err != nil || x < 0 || x > 1 {
			return nil, bad("%q must be a number from 0 to 1, not %s", key, raw)
		}
		return &x, nil
	}
	var err error
	if a.confidence, err = prob("confidence"); err != nil {
		return a, err
	}
	if a.accept, err = prob("accept_prob"); err != nil {
		return a, err
	}
	if a.rule != nil && a.confidence == nil {
		return a, bad(`give "confidence" with "rule"`)
	}
	if raw, ok := obj["state"]; ok {
		if err := json.Unmarshal(raw, &a.state); err != nil {
			return a, bad(`"state" must be true or false`)
		}
	}
	if a.state && a.rule == nil {
		return a, bad(`"state": true needs the "rule" to state`)
	}
	return a, nil
}

var errNoModel = errors.New("llm needs a model: llm(model=NAME), NAME a model of the models file")
