package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/internal/golden"
)

// The move record's JSON, as hands.jsonl and a result write it, is pinned
// byte for byte (testdata/golden/results.jsonl): a hand of New Eleusis and
// of Express under every variant of the round-trip test (Prophets, prefixes,
// guesses, empty decks…), of the other presets plain and with a Prophet, then made-up records that set every field, meta, text
// that needs escaping and text that is not UTF-8 included, written by
// json.Marshal (lab's hands.jsonl) and by an encoder that leaves HTML alone.
func TestMoveRecordGolden(t *testing.T) {
	var out bytes.Buffer
	seen := map[string]bool{}
	for ci, c := range roundTripCases() {
		preset, variant, _ := strings.Cut(c.preset, "/")
		if c.rule != "black-high-red-low" || preset != "new-eleusis" && preset != "express" && variant != "plain" && variant != "prophet" {
			continue
		}
		_, o, ok := c.options()
		if !ok {
			continue
		}
		r := playedHand(t, o, guessJudge{goRules[c.rule], "RIGHT"}, o.MinPlayers+ci%2, uint64(ci))
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&out, "%s %s\n", c.preset, b)
		for _, m := range r.History {
			var keys map[string]json.RawMessage
			mb, _ := json.Marshal(m)
			json.Unmarshal(mb, &keys)
			for k := range keys {
				seen[k] = true
			}
		}
	}
	var unseen []string
	for _, n := range jsonNamesOf(MoveRecord{}) {
		if !seen[n] {
			unseen = append(unseen, n)
		}
	}
	t.Logf("fields no played hand set (the made-up records do): %v", unseen)
	for _, r := range madeUpRecords() {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&out, "made-up %s\n", b)
		enc := json.NewEncoder(&out)
		enc.SetEscapeHTML(false)
		out.WriteString("made-up, HTML left alone ")
		if err := enc.Encode(r); err != nil {
			t.Fatal(err)
		}
	}
	golden.Check(t, "testdata/golden/results.jsonl", out.Bytes())
}

// madeUpRecords are moves no referee would make together: every field set,
// none set, cards empty, text to escape.
func madeUpRecords() []MoveRecord {
	c := func(rank int, s Suit) *Card { x := NewCard(rank, s); return &x }
	v := func(x Verdict) *Verdict { return &x }
	return []MoveRecord{
		{Turn: 12, Player: 3, Kind: NoPlay, Cards: []Card{NewCard(5, Hearts), NewCard(6, Hearts)}, Verdict: No,
			Accepted: []Card{NewCard(7, Clubs)}, Picked: c(7, Clubs), ProphetPick: c(8, Clubs), Penalty: 4, Drawn: 3, Refund: 2,
			SuddenDeath: true, Eliminated: true, WentOut: true,
			Prophet: 0, ProphetSaid: v(Yes), ProphetFell: true, ProphetPenalty: 5, Spared: true, DeclaredProphet: true,
			Guess: `card.rank < 5 && prev.suit != "H" é ♠`, GuessRight: true, GuessError: "line 1: <bad> & \"worse\"\t\n",
			GuessInWords: true, GuessGodErred: true, Reshuffled: true,
			Meta: map[string]json.RawMessage{"move": json.RawMessage(`{"tokens": 10, "said": "a<b"}`), "guess": json.RawMessage(`{"z":1}`)}},
		{Turn: 1, Player: 0, Kind: Play, Verdict: Yes, Prophet: -1},
		{Turn: 2, Player: 1, Kind: Sequence, Cards: []Card{}, Verdict: No, Prophet: 2, ProphetSaid: v(No), Guess: "bad \xff utf-8 \u2028"},
	}
}

// jsonNamesOf lists the JSON names of a struct's fields, in order.
func jsonNamesOf(v any) []string {
	var ns []string
	t := reflect.TypeOf(v)
	for i := range t.NumField() {
		n, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		ns = append(ns, n)
	}
	return ns
}
