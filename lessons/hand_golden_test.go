package lessons_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/internal/golden"
	"github.com/eleusis/eleusis/lessons"
	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// A class's Express hand as a teacher writes it down: God's slips on a
// play and on a stated rule, a rule stated in words.
const expressClass = `preset: express
rule: 'card.color != prev.color'
god: Marta
players: [Pau, Vicent, Empar]
hand_sizes: {Pau: 12, Vicent: 12, Empar: 12}
starter: 5S
moves:
  - Pau play 7H
  - Vicent play 8S
  - Vicent guess card.color != prev.color god_said:no
  - Empar play 2D
  - Empar states red and black take turns god_said:no
  - Pau play 9C
  - Pau guess card.rank > 3
  - Vicent play 4H
  - Vicent guess card.suit !=
`

// What eleusis replay prints of a hand (the report as JSON, and its tables)
// is pinned byte for byte (testdata/golden/replay-*): every transcript of
// sim's testdata, a class's Express hand, and a simulated hand under a
// Prophet.
func TestHandReportGolden(t *testing.T) {
	files, err := filepath.Glob("../sim/testdata/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	type hand struct {
		name string
		rep  lessons.HandReport
	}
	var hands []hand
	replay := func(name string, data []byte) {
		tr, err := sim.ParseTranscriptFile(name, data)
		if err != nil {
			t.Fatal(err)
		}
		rule, err := rulebank.Default().Lookup(tr.RuleName, tr.Rule, name)
		if err != nil {
			t.Fatal(err)
		}
		h, rerr := sim.Replay(tr, rule.NewJudge())
		if h == nil {
			t.Fatalf("%s: %v", name, rerr)
		}
		rep := lessons.NewHandReport(cmpOr(tr.RuleName, tr.Rule), tr.Preset, tr.God, tr.Players, h.Result())
		if rerr != nil {
			rep.Error = rerr.Error()
		}
		hands = append(hands, hand{strings.TrimSuffix(filepath.Base(name), ".yaml"), rep})
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		replay(f, data)
	}
	replay("express-class.yaml", []byte(expressClass))

	o, _ := sim.Preset("new-eleusis")
	o.Prophet, o.ProphetMinMainLine, o.FalseProphetPenalty = true, 0, 3
	rule, err := rulebank.Default().Get("black-high-red-low")
	if err != nil {
		t.Fatal(err)
	}
	var ps []sim.Player
	var names []string
	for i := range 5 {
		rp := sim.NewRandomPlayer(uint64(100 + i))
		rp.ProphetProb, rp.NoPlayProb = 0.2, 0.15
		ps, names = append(ps, rp), append(names, fmt.Sprintf("P%d random", i+1))
	}
	h, err := sim.NewHand(sim.HandConfig{Options: o, Judge: rule.NewJudge(), Players: ps, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	res, err := h.Run()
	if err != nil {
		t.Fatal(err)
	}
	hands = append(hands, hand{"played-prophet", lessons.NewHandReport("black-high-red-low", "new-eleusis", "God", names, res)})

	hands = append(hands, hand{"made-up", lessons.NewHandReport("made up", "new-eleusis", "Deus", []string{"Ana", "Bia", "Caio", "Duda"}, madeUpResult())})

	for _, h := range hands {
		t.Run(h.name, func(t *testing.T) {
			for _, format := range []string{"json", "table"} {
				var b bytes.Buffer
				if err := render.Render(&b, format, h.rep, h.rep.Tables()...); err != nil {
					t.Fatal(err)
				}
				golden.Check(t, filepath.Join("testdata", "golden", "replay-"+h.name+"."+map[string]string{"json": "json", "table": "txt"}[format]), b.Bytes())
			}
		})
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// madeUpResult holds moves no referee would make together: every field
// set, text to escape, no cards.
func madeUpResult() *sim.Result {
	c := func(s string) *sim.Card { x, _ := sim.ParseCard(s); return &x }
	cs := func(s string) []sim.Card { x, _ := sim.ParseCards(s); return x }
	v := func(x sim.Verdict) *sim.Verdict { return &x }
	return &sim.Result{End: sim.MaxTurns, Turns: 3, GodScore: 4, Opening: cs("4S"), MainLine: cs("4S 7C"),
		Players: []sim.PlayerResult{{Seat: 0, Cards: 3, Score: 1, Prophet: sim.FallenProphet}, {Seat: 1, WentOut: true, Guessed: true, Prophet: sim.NotProphet},
			{Seat: 2, Eliminated: true, Prophet: sim.StandingProphet}, {Seat: 3, Prophet: sim.NotProphet}},
		History: []sim.MoveRecord{
			{Turn: 1, Player: 0, Kind: sim.NoPlay, Cards: cs("5H 6H"), Verdict: sim.No, Accepted: cs("7C"), Picked: c("7C"), ProphetPick: c("8C"),
				Penalty: 4, Drawn: 3, SuddenDeath: true, Eliminated: true, Prophet: 2, ProphetSaid: v(sim.No), ProphetFell: true,
				ProphetPenalty: 5, Spared: true, DeclaredProphet: true, Guess: `card.rank < 5 && prev.suit != "H" é ♠`, GuessRight: true,
				GuessError: "line 1: <bad> & \"worse\"\t\n", GuessInWords: true, GuessGodErred: true, Reshuffled: true,
				Meta: map[string]json.RawMessage{"move": json.RawMessage(`{"secret":1}`)}},
			{Turn: 2, Player: 1, Kind: sim.NoPlay, Cards: cs("2S"), Verdict: sim.Yes, Refund: 4, Prophet: -1, WentOut: true},
			{Turn: 3, Player: 3, Kind: sim.Play, Verdict: sim.No, Penalty: 2, Drawn: 2, Prophet: -1, Guess: "bad \xff utf-8 \u2028", GuessError: "no"},
		}}
}

// A report's JSON reads back into the report and writes the same bytes; a
// move with a field a report does not write is refused, naming it.
func TestHandReportReadsBack(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/replay-*.json")
	if len(files) == 0 {
		t.Fatal("no golden reports")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var rep lessons.HandReport
		if err := json.Unmarshal(data, &rep); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if strings.Contains(string(data), `\ufffd`) {
			continue // text that was not UTF-8 reads back as U+FFFD itself, written as such
		}
		var b bytes.Buffer
		if err := render.Render(&b, "json", rep); err != nil {
			t.Fatal(err)
		}
		if d := golden.Diff(data, b.Bytes()); d != "" {
			t.Errorf("%s read back and written again: %s", f, d)
		}
	}
	var rep lessons.HandReport
	err := json.Unmarshal([]byte(`{"moves":[{"player":"Ana","kind":"play","cards":["7S"],"verdict":"yes","penalty":0,"drawn":0,"turn":1}]}`), &rep)
	if err == nil || !strings.Contains(err.Error(), `move 1: a move has no field "turn"`) {
		t.Errorf("a move with a turn: %v", err)
	}
}
