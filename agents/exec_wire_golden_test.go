package agents

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/eleusis/eleusis/internal/golden"
	"github.com/eleusis/eleusis/sim"
)

// What an outside agent reads is pinned byte for byte
// (testdata/golden/wire-*.jsonl): every line two outside agents received
// over fixed-seed hands, as tee wrote it on its way to them. They declare
// Prophet, say "no play" now and then, judge "right" and "wrong" in turn
// and state rules, so that the moves they are sent carry Prophets'
// judgements, falls, picks, penalties, statements and their verdicts.
// Only new_hand's rule_language is left out: it is the language's reference,
// which grows with the language (TestLanguage keeps it true).
func TestWireGolden(t *testing.T) {
	prophet, _ := sim.Preset("new-eleusis")
	prophet.Prophet, prophet.ProphetMinMainLine, prophet.FalseProphetPenalty = true, 0, 3
	express, _ := sim.Preset("express")
	for _, tc := range []struct {
		name  string
		opts  sim.Options
		seeds []uint64
	}{
		{"prophet", prophet, []uint64{5, 6}},
		{"express", express, []uint64{3, 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			recorded := func(seat int) Spec {
				return spec(t, fmt.Sprintf("exec:tee -a %q | %s", filepath.Join(dir, fmt.Sprintf("seat-%d.jsonl", seat)), agentCommand("recorded")))
			}
			k := NewKit()
			defer k.Close()
			k.SetSandbox(Sandbox{Off: true}) // tee writes beside the test
			for _, seed := range tc.seeds {
				out, err := k.Play(HandSetup{Rule: rule(t, `card.color != prev.color`), Options: tc.opts, Seed: seed,
					Lineup: []Spec{recorded(1), spec(t, "random"), recorded(3), spec(t, "random")}})
				if err != nil {
					t.Fatal(err)
				}
				if len(out.Failures) > 0 {
					t.Fatalf("seed %d: %+v", seed, out.Failures)
				}
			}
			var all bytes.Buffer
			for _, seat := range []int{1, 3} {
				b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("seat-%d.jsonl", seat)))
				if err != nil {
					t.Fatal(err)
				}
				fmt.Fprintf(&all, "# seat %d\n", seat)
				all.Write(withoutLanguage(b))
			}
			golden.Check(t, filepath.Join("testdata", "golden", "wire-"+tc.name+".jsonl"), all.Bytes())
		})
	}
}

// withoutLanguage replaces the value of each rule_language in lines with "…".
func withoutLanguage(lines []byte) []byte {
	key := []byte(`"rule_language":`)
	var out []byte
	for {
		i := bytes.Index(lines, key)
		if i < 0 {
			return append(out, lines...)
		}
		rest := lines[i+len(key):]
		dec := json.NewDecoder(bytes.NewReader(rest))
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return append(out, lines...)
		}
		out = append(append(out, lines[:i+len(key)]...), `"…"`...)
		lines = rest[dec.InputOffset():]
	}
}

// Made-up moves that set what no recorded hand does (a right "no play"'s
// new hand, a Prophet's pick, rules stated in words, God's slips, text to
// escape), as a move request and as the end request write them.
func TestWireGoldenMadeUp(t *testing.T) {
	c := func(s string) *sim.Card { x, _ := sim.ParseCard(s); return &x }
	cs := func(s string) []sim.Card { x, _ := sim.ParseCards(s); return x }
	v := func(x sim.Verdict) *sim.Verdict { return &x }
	recs := []sim.MoveRecord{
		{Turn: 1, Player: 0, Kind: sim.NoPlay, Cards: cs("5H 6H"), Verdict: sim.No, Accepted: cs("7C"), Picked: c("7C"), ProphetPick: c("8C"),
			Penalty: 4, Drawn: 3, SuddenDeath: true, Eliminated: true, Prophet: 2, ProphetSaid: v(sim.No), ProphetFell: true,
			ProphetPenalty: 5, Spared: true, DeclaredProphet: true, Guess: `card.rank < 5 && prev.suit != "H" é ♠`, GuessRight: true,
			GuessError: "line 1: <bad> & \"worse\"\t\n", GuessInWords: true, GuessGodErred: true, Reshuffled: true,
			Meta: map[string]json.RawMessage{"move": json.RawMessage(`{"secret":1}`)}},
		{Turn: 2, Player: 1, Kind: sim.NoPlay, Cards: cs("2S"), Verdict: sim.Yes, Refund: 4, Prophet: -1, WentOut: true},
		{Turn: 3, Player: 3, Kind: sim.Play, Verdict: sim.No, Penalty: 2, Drawn: 2, Prophet: -1, Guess: "bad \xff utf-8 \u2028"},
	}
	opts, _ := sim.Preset("new-eleusis")
	var b bytes.Buffer
	moves, _ := wireMoves(recs, cs("4S"), &opts)
	v0 := &sim.View{Hand: cs("3D"), MainLine: cs("4S 7C"), HandSizes: []int{1, 2, 3, 4}, Eliminated: make([]bool, 4), Prophet: -1}
	if err := encodeRequest(&b, &wireRequest{Type: "move", ID: 4, Moves: moves, View: wireViewOf(v0)}); err != nil {
		t.Fatal(err)
	}
	res := &sim.Result{End: sim.MaxTurns, Turns: 3, History: recs, Players: []sim.PlayerResult{{Seat: 0}, {Seat: 1}}}
	if err := encodeRequest(&b, &wireRequest{Type: "end", ID: 5, Moves: moves, Result: wireResultOf(res)}); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("testdata", "golden", "wire-made-up.jsonl"), b.Bytes())
}
