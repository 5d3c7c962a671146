package sim_test

import (
	"fmt"
	"os"

	"github.com/eleusis/eleusis/sim"
)

// afterBlackHigh is the rule of new-eleusis-pt's examples, written in Go:
// after a black card play 7 or higher, after a red one 6 or lower (the
// rulebank package compiles such rules from the rule language).
type afterBlackHigh struct{}

func (afterBlackHigh) Accepts(line []sim.Card, c sim.Card) (bool, error) {
	if line[len(line)-1].Red() {
		return c.Rank() <= 6, nil
	}
	return c.Rank() >= 7, nil
}

func (afterBlackHigh) Starter(sim.Card) (bool, error) { return true, nil }

// Referee a hand written down: every move judged, penalties applied, the
// hand scored as it stands.
func ExampleReplay() {
	t, err := sim.ParseTranscript([]byte(`
preset: new-eleusis
rule: 'prev.color == "black" ? card.rank >= 7 : card.rank <= 6'
players: [Ana, Bia, Caio, Duda]
hand_sizes: {Ana: 14, Bia: 14, Caio: 14, Duda: 14}
starter: 3H
moves:
  - Caio play 8H
  - Duda play 5C
  - Ana seq 9S 8D
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	h, err := sim.Replay(t, afterBlackHigh{})
	if err != nil {
		fmt.Println(err)
		return
	}
	r := h.Result()
	for _, m := range r.History {
		fmt.Println(t.Players[m.Player], m.Kind, sim.CardsString(m.Cards), m.Verdict, "penalty", m.Penalty)
	}
	fmt.Println("main line:", sim.CardsString(r.MainLine))
	for _, p := range r.Players {
		fmt.Println(t.Players[p.Seat], p.Cards, "cards, score", p.Score)
	}
	// Output:
	// Caio play 8H no penalty 2
	// Duda play 5C yes penalty 0
	// Ana seq 9S 8D yes penalty 0
	// main line: 3H 5C 9S 8D
	// Ana 12 cards, score 3
	// Bia 14 cards, score 1
	// Caio 15 cards, score 0
	// Duda 13 cards, score 2
}

// Write a played hand down as a transcript that replays to the same result.
func ExampleWriteTranscript() {
	o, _ := sim.Preset("new-eleusis")
	o.FirstPlayer = sim.LeftOfGod
	kh, _ := sim.ParseCards("KH")
	h, _ := sim.NewHand(sim.HandConfig{Options: o, Judge: afterBlackHigh{}, Opening: kh, HandSizes: []int{14, 14, 14, 14}})
	for _, m := range []struct {
		seat  int
		kind  sim.MoveKind
		cards string
	}{{0, sim.Play, "4S"}, {1, sim.Sequence, "9D JC"}} {
		cs, _ := sim.ParseCards(m.cards)
		if _, err := h.Apply(m.seat, sim.Move{Kind: m.kind, Cards: cs}, sim.Decisions{}); err != nil {
			fmt.Println(err)
			return
		}
	}
	err := sim.WriteTranscript(os.Stdout, h.Result(), sim.Transcript{Preset: "new-eleusis", Options: o,
		RuleName: "black-high-red-low", God: "Luis", Players: []string{"Ana", "Bia", "Caio", "Duda"}})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// preset: new-eleusis
	// options: {first_player: left_of_god}
	// rule_name: black-high-red-low
	// god: Luis
	// players: [Ana, Bia, Caio, Duda]
	// hand_sizes: {Ana: 14, Bia: 14, Caio: 14, Duda: 14}
	// starter: KH
	// moves:
	//   - Ana play 4S
	//   - Bia seq 9D JC
}

// Read a judged move as evidence about the rule: what God's answer says,
// and which card God chose.
func ExampleDecodeMove() {
	line, _ := sim.ParseCards("KH 2C")
	shown, _ := sim.ParseCards("2D 9H JS")
	pick := shown[2]
	// A wrong "no play": God put JS, a valid card of the shown hand, down.
	rec := sim.MoveRecord{Kind: sim.NoPlay, Cards: shown, Verdict: sim.No, Accepted: []sim.Card{pick}, Picked: &pick}
	o, _ := sim.Preset("new-eleusis")
	e := sim.DecodeMove(&rec, line, &o)
	for _, f := range e.Findings {
		fmt.Println("all of", len(f.Lits), "shown cards refused after", sim.CardsString(f.Lits[0].Line), "holds:", f.Holds)
	}
	for _, c := range e.Choices {
		fmt.Println("God chose", c.Card, "among", sim.CardsString(c.Among))
	}
	fmt.Println("main line:", sim.CardsString(e.MainLine))
	// Output:
	// all of 3 shown cards refused after KH 2C holds: false
	// God chose JS among 2D 9H JS
	// main line: KH 2C JS
}

// One move, written for three readers: as the record (hands.jsonl), as
// an outside agent gets it (seats from 1, no Prophet left out) and for
// people (seats by name, only what they read).
func ExampleMoveForm() {
	m := sim.MoveRecord{Turn: 7, Player: 2, Kind: sim.Play, Cards: []sim.Card{sim.NewCard(9, sim.Hearts)}, Verdict: sim.No,
		Penalty: 2, Drawn: 2, Prophet: -1}
	wire := sim.MustMoveForm("turn! player! kind! cards! verdict! penalty drawn prophet").SeatsFrom(1)
	people := sim.MustMoveForm("player! kind! cards! verdict! prophet").SeatsNamed([]string{"Ana", "Bia", "Caio"})
	for _, f := range []*sim.MoveForm{&sim.RecordForm, &wire, &people} {
		b, err := f.Append(nil, &m)
		if err != nil {
			panic(err)
		}
		fmt.Println(string(b))
	}
	// Output:
	// {"turn":7,"player":2,"kind":"play","cards":["9H"],"verdict":"no","penalty":2,"drawn":2,"prophet":-1}
	// {"turn":7,"player":3,"kind":"play","cards":["9H"],"verdict":"no","penalty":2,"drawn":2}
	// {"player":"Caio","kind":"play","cards":["9H"],"verdict":"no"}
}
