package sim

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// The refereed examples, written back as transcripts, replay to the same
// result (hands written as sizes: a result does not say which were dealt).
func TestTranscriptOfTestdata(t *testing.T) {
	judges := map[string]Judge{"chain3.yaml": colourAlternates, "coop.yaml": colourAlternates, "express.yaml": colourAlternates}
	for _, name := range []string{"example1.yaml", "example2.yaml", "express.yaml", "chain3.yaml", "coop.yaml", "prophet.yaml", "prophet2.yaml", "prophet3.yaml"} {
		t.Run(name, func(t *testing.T) {
			j := judges[name]
			if j == nil {
				j = blackHighRedLow
			}
			tr, err := ParseTranscript([]byte(mustRead(t, name)))
			if err != nil {
				t.Fatal(err)
			}
			h, _ := Replay(tr, j) // prophet2.yaml ends with a refused move
			r := h.Result()
			if err := roundTrip(r, tr.Preset, tr.Options, j, tr.Players); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// A hand written down, by hand: the options that differ from the preset,
// names made single words and unique, sizes as dealt, every token.
func TestTranscriptOfGolden(t *testing.T) {
	o := mustPreset(t, "new-eleusis")
	o.Prophet = true
	no, yes := No, Yes
	c := func(s string) *Card { x := mustCards(t, s)[0]; return &x }
	// A made-up record: the sizes dealt add up from the cards left, the
	// cards each move took and the cards drawn (Duda: 16 + 2 − 4 = 14).
	r := &Result{
		End: Unfinished, Opening: mustCards(t, "KH"),
		Players: []PlayerResult{{Seat: 0, Cards: 13}, {Seat: 1, Cards: 14}, {Seat: 2, Cards: 2}, {Seat: 3, Cards: 16}},
		History: []MoveRecord{
			{Player: 0, Kind: Play, Cards: mustCards(t, "2C"), Verdict: Yes, Accepted: mustCards(t, "2C"), Prophet: -1, DeclaredProphet: true},
			{Player: 1, Kind: NoPlay, Cards: mustCards(t, "AC 2D"), Verdict: Yes, Prophet: 0, ProphetSaid: &no, ProphetFell: true, Refund: 0},
			{Player: 2, Kind: NoPlay, Cards: mustCards(t, "7H 2H 3H"), Verdict: No, Accepted: mustCards(t, "7H"), Picked: c("7H"), Prophet: -1},
			{Player: 3, Kind: Sequence, Cards: mustCards(t, "9S 3D"), Verdict: No, Penalty: 4, Drawn: 4, Prophet: -1, ProphetSaid: &yes},
		},
	}
	tr, err := TranscriptOf(r, Transcript{Preset: "new-eleusis", Options: o, RuleName: "black-high-red-low",
		Players: []string{"Ana Maria", "", "Ana-Maria", "null"}})
	if err != nil {
		t.Fatal(err)
	}
	data, err := tr.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	want := `preset: new-eleusis
options: {prophet: true}
rule_name: black-high-red-low
god: God
players: [Ana-Maria, P2, Ana-Maria-2, "null"]
hand_sizes: {Ana-Maria: 14, P2: 16, Ana-Maria-2: 3, "null": 14}
starter: KH
moves:
  - Ana-Maria play 2C prophet
  - P2 noplay AC 2D judged:no
  - Ana-Maria-2 noplay 7H 2H 3H pick:7H
  - null seq 9S 3D judged:yes
`
	if string(data) != want {
		t.Errorf("got\n%s\nwant\n%s", data, want)
	}
	back, err := ParseTranscript(data)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.HandSizes, []int{14, 16, 3, 14}) || back.Options != o || back.RuleName != "black-high-red-low" {
		t.Errorf("read back: %+v", back)
	}
	for _, bad := range []Transcript{{Preset: "new-eleusis"}, {Preset: "new-eleusis", Rule: "x", RuleName: "y"}, {Preset: "nope", Rule: "x"}, {Rule: "x", Players: []string{"a"}}} {
		if _, err := TranscriptOf(r, bad); err == nil {
			t.Errorf("head %+v accepted", bad)
		}
	}
}

// FuzzTranscriptText: whatever the names and a guess hold, the written
// transcript reads back with the same names (made single words) and the
// same guess (as the table records it).
func FuzzTranscriptText(f *testing.F) {
	f.Add("Ana", "card.rank > 3")
	f.Add("a: b", "x\n- y: z # c")
	f.Add("'", `"\x00"`)
	f.Add("\u00a0", "\u2028 ünï ♠")
	f.Add("- ", "|\n  >")
	f.Add("null", "~")
	f.Fuzz(func(t *testing.T, name, guess string) {
		o := mustPreset(t, "express")
		r := &Result{End: Unfinished, Opening: mustCards(t, "5S"),
			Players: []PlayerResult{{Seat: 0, Cards: 11}, {Seat: 1, Cards: 12}, {Seat: 2, Cards: 12}},
			History: []MoveRecord{{Player: 0, Kind: Play, Cards: mustCards(t, "7H"), Verdict: Yes, Accepted: mustCards(t, "7H"), Prophet: -1, Guess: CleanGuess(guess)}}}
		tr, err := TranscriptOf(r, Transcript{Preset: "express", Options: o, Rule: guess, God: name, Players: []string{name, name + "x", name}})
		if err != nil {
			if strings.TrimSpace(guess) == "" || !utf8.ValidString(guess) {
				return // no rule, or not a text
			}
			t.Fatal(err)
		}
		data, err := tr.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseTranscript(data)
		if err != nil {
			t.Fatalf("%v\n%s", err, data)
		}
		if !reflect.DeepEqual(back.Players, tr.Players) || back.God != tr.God || back.Rule != guess {
			t.Fatalf("names %q, god %q, rule %q; wrote %q, %q, %q", back.Players, back.God, back.Rule, tr.Players, tr.God, guess)
		}
		if g := CleanGuess(guess); g != "" && (len(back.Moves) != 2 || back.Moves[1].Guess != g) {
			t.Fatalf("guess %q read back as %+v\n%s", g, back.Moves, data)
		}
	})
}

func TestCleanGuess(t *testing.T) {
	long := strings.Repeat("é", MaxGuessRecord) // 2 bytes each
	for _, c := range []struct{ in, want string }{
		{"  card.rank > 3 \n", "card.rank > 3"},
		{"a\xffb", "a\uFFFDb"},
		{"\t\n", ""},
		{long, long[:MaxGuessRecord] + "…"},
	} {
		if got := CleanGuess(c.in); got != c.want {
			t.Errorf("CleanGuess(%.20q) = %.20q…, want %.20q…", c.in, got, c.want)
		}
	}
}
