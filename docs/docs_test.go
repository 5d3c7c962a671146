package docs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/lessons"
	"github.com/eleusis/eleusis/llm"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// quick is a short analysis: enough random legal play to catch a rule that
// fails at run time in a reachable state, in a fraction of a second.
var quick = rulebank.AnalyseConfig{Decks: 2, Walks: 20, Horizon: 40, Seed: 1}

// checkRule compiles a rule and plays it over reachable main lines.
func checkRule(t *testing.T, where string, r rulebank.Rule) {
	t.Helper()
	c, err := rulebank.Compile(r)
	if err != nil {
		t.Errorf("%s: %v", where, err)
		return
	}
	if rep := rulebank.Analyse(c, quick); rep.Error != "" {
		t.Errorf("%s: %s: %s", where, r.Expr, rep.Error)
	}
}

// Every ```expr block and every rule in an "example rule" column of the
// documents compiles and runs without error over reachable main lines.
func TestRuleExamples(t *testing.T) {
	n := 0
	for _, file := range documents {
		for _, b := range blocks(t, file, "expr") {
			checkRule(t, b.where(), rulebank.Rule{Name: "example", Expr: b.text})
			n++
		}
		for _, tb := range tables(t, file) {
			col := slices.Index(tb.header, "example rule")
			if col < 0 {
				continue
			}
			for i, row := range tb.rows {
				if src, ok := codeOnly(row[col]); ok {
					checkRule(t, fmt.Sprintf("%s:%d", file, tb.line+2+i), rulebank.Rule{Name: "example", Expr: src})
					n++
				}
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d rule examples found: is the extraction broken?", n)
	}
}

// A YAML block is a rule bank (rules:) that loads and whose rules run, or a
// transcript (moves:) that the referee accepts. A transcript's first line may
// state what the referee must find:
//
//	# expect: end=went_out Ana=2 Bia=9 God=9
func TestYAMLExamples(t *testing.T) {
	banks, transcripts := 0, 0
	for _, file := range documents {
		for _, b := range blocks(t, file, "yaml") {
			switch {
			case strings.Contains(b.text, "\nrules:") || strings.HasPrefix(b.text, "rules:"):
				banks++
				bank, err := rulebank.Load([]byte(b.text), b.where())
				if err != nil {
					t.Errorf("%s: %v", b.where(), err)
					continue
				}
				for _, c := range bank.Rules {
					checkRule(t, b.where(), c.Rule)
				}
			case strings.Contains(b.text, "\nmoves:"):
				transcripts++
				replay(t, b)
			case strings.Contains(b.text, "\nbase_url:"):
				// The LLM agent's model file: python/tests/test_llm.py loads it.
			case strings.HasPrefix(b.text, "models:"):
				// The built-in LLM strategy's models file.
				if _, err := llm.ParseModels([]byte(b.text), b.where()); err != nil {
					t.Errorf("%s: %v", b.where(), err)
				}
			default:
				t.Errorf("%s: a YAML block that is neither a rule bank nor a transcript", b.where())
			}
		}
	}
	if banks < 2 || transcripts < 9 {
		t.Errorf("found %d banks and %d transcripts: is the extraction broken?", banks, transcripts)
	}
}

// replay referees a transcript block and checks its "# expect:" line.
func replay(t *testing.T, b block) {
	t.Helper()
	tr, err := sim.ParseTranscript([]byte(b.text))
	if err != nil {
		t.Errorf("%s: %v", b.where(), err)
		return
	}
	var c *rulebank.Compiled
	if tr.RuleName != "" {
		c, err = rulebank.Default().Get(tr.RuleName)
	} else {
		c, err = rulebank.Compile(rulebank.Rule{Name: "rule", Expr: tr.Rule})
	}
	if err != nil {
		t.Errorf("%s: %v", b.where(), err)
		return
	}
	h, err := sim.Replay(tr, c.NewJudge())
	if err != nil {
		t.Errorf("%s: the referee refuses the transcript: %v", b.where(), err)
		return
	}
	first, _, _ := strings.Cut(b.text, "\n")
	spec, ok := strings.CutPrefix(first, "# expect:")
	if !ok {
		return
	}
	res := h.Result()
	got := map[string]string{"end": string(res.End), "God": strconv.Itoa(res.GodScore)}
	for _, p := range res.Players {
		got[tr.Players[p.Seat]] = strconv.Itoa(p.Score)
	}
	for _, kv := range strings.Fields(spec) {
		k, want, _ := strings.Cut(kv, "=")
		if got[k] != want {
			t.Errorf("%s: %s is %s, the document says %s", b.where(), k, got[k], want)
		}
	}
}

// The JSON example of files.md is a refereed hand: it decodes into the
// report's type with no unknown field.
func TestJSONExamples(t *testing.T) {
	bs := blocks(t, "files.md", "json")
	if len(bs) == 0 {
		t.Fatal("files.md has no JSON example")
	}
	for _, b := range bs {
		dec := json.NewDecoder(bytes.NewReader([]byte(b.text)))
		dec.DisallowUnknownFields()
		var h lessons.HandReport
		if err := dec.Decode(&h); err != nil {
			t.Errorf("%s: %v", b.where(), err)
		}
	}
}

// jsonFields lists the JSON names of a struct type's fields.
func jsonFields(typ reflect.Type) []string {
	var out []string
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}

// Every field of the refereed hand's JSON is described in files.md.
func TestJSONFieldsDocumented(t *testing.T) {
	text := read(t, "files.md")
	for _, typ := range []reflect.Type{reflect.TypeFor[lessons.HandReport](), reflect.TypeFor[lessons.PlayerOut](),
		reflect.TypeFor[sim.ErrorGroup](), reflect.TypeFor[sim.TeamOutcome](), reflect.TypeFor[lessons.NameScore]()} {
		for _, f := range jsonFields(typ) {
			if !strings.Contains(text, "`"+f+"`") && !strings.Contains(text, "`"+f+"[]`") {
				t.Errorf("files.md does not describe the field %s of %s", f, typ.Name())
			}
		}
	}
	for _, f := range lessons.MoveFields() {
		if !strings.Contains(text, "`"+f+"`") {
			t.Errorf("files.md does not describe the field %s of a move", f)
		}
	}
}

// The preset table of rules.md holds every option and every preset of the
// code, with the code's values; every option and preset has its paragraph.
func TestOptionsAndPresetsDocumented(t *testing.T) {
	text := read(t, "rules.md")
	var found *table
	for _, tb := range tables(t, "rules.md") {
		if len(tb.header) > 0 && tb.header[0] == "option" {
			found = &tb
		}
	}
	if found == nil {
		t.Fatal("rules.md has no table of the presets' options")
	}
	if !slices.Equal(found.header[1:], sim.PresetNames()) {
		t.Errorf("rules.md's preset columns are %v; the code's presets are %v", found.header[1:], sim.PresetNames())
	}
	values := map[string]map[string]any{}
	for _, p := range sim.PresetNames() {
		o, err := sim.Preset(p)
		if err != nil {
			t.Fatal(err)
		}
		values[p] = o.Map()
		if !strings.Contains(text, "- **`"+p+"`**") {
			t.Errorf("rules.md has no paragraph for the preset %s", p)
		}
	}
	var rows []string
	for _, row := range found.rows {
		opt := row[0]
		rows = append(rows, opt)
		if _, ok := values["new-eleusis"][opt]; !ok {
			t.Errorf("rules.md lists an option %q that the code does not have", opt)
			continue
		}
		for i, p := range found.header[1:] {
			if i+1 >= len(row) || values[p] == nil {
				continue
			}
			if want := fmt.Sprint(values[p][opt]); row[i+1] != want {
				t.Errorf("rules.md: %s in %s is %q, the code says %q", opt, p, row[i+1], want)
			}
		}
	}
	for _, opt := range sim.OptionNames() {
		if !slices.Contains(rows, opt) {
			t.Errorf("rules.md's preset table has no row for the option %s", opt)
		}
		if !strings.Contains(text, "**`"+opt+"`**") {
			t.Errorf("rules.md does not describe the option %s", opt)
		}
	}
}

// The scoring examples of rules.md, from new-eleusis-pt, by the code's
// scoring.
func TestSeedScoringExamples(t *testing.T) {
	o, _ := sim.Preset("new-eleusis")
	// A Prophet with 6 cards, the worst hand 14, 9 main-line and 11 error
	// cards since the marker, 14 table cards before it: 39, God 28.
	ps, god := sim.ScoreHand(o, sim.Tally{Cards: []int{6, 14, 10}, WentOut: -1, Guessed: -1,
		Prophet: 0, ProphetMain: 9, ProphetErrors: 11, ProphetTable: 14})
	if ps[0] != 39 || god != 28 {
		t.Errorf("the Prophet scores %d and God %d; rules.md says 39 and 28", ps[0], god)
	}
	// Luis God; Mario out; Rui 14 cards, Ana 17; Clara Prophet with 9 cards
	// and 19 table cards before her marker. Whatever was laid since:
	for _, since := range [][2]int{{0, 0}, {5, 3}, {20, 10}} {
		ps, god := sim.ScoreHand(o, sim.Tally{Cards: []int{0, 14, 17, 9}, WentOut: 0, Guessed: -1,
			Prophet: 3, ProphetMain: since[0], ProphetErrors: since[1], ProphetTable: 19})
		clara := 8 + since[0] + 2*since[1]
		if want := []int{21, 3, 0, clara}; !slices.Equal(ps, want) || god != min(max(21, clara), 38) {
			t.Errorf("laid since %v: scores %v, God %d; rules.md says %v and min(P, 38)", since, ps, god, want)
		}
	}
}

// Claims of rule-language.md about how rules read the table.
func TestRuleLanguageClaims(t *testing.T) {
	judge := func(src, line, card string) (bool, error) {
		c, err := rulebank.Compile(rulebank.Rule{Name: "claim", Expr: src})
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		l, err := sim.ParseCards(line)
		if err != nil {
			t.Fatal(err)
		}
		k, err := sim.ParseCard(card)
		if err != nil {
			t.Fatal(err)
		}
		return c.NewJudge().Accepts(l, k)
	}
	for _, c := range []struct {
		src, line, card string
		want            bool
	}{
		{"n == 1", "5S", "8H", true},    // the starter counts
		{"n == 2", "5S 7H", "8H", true}, //
		{"line[0] == first(line) and line[-1] == prev", "5S 7H 9D", "8H", true},
		{"card.rank / 2 > 3", "5S", "7H", true},  // 3.5: a fraction
		{"card.rank in 1..5", "5S", "5H", true},  // both ends included
		{"card.rank in 1..5", "5S", "6H", false}, //
		{"card.odd", "5S", "KH", true},           // King = 13
		{"card.odd", "5S", "AH", true},           // Ace = 1
		{`card.face and card.color == "red" and card.suit == "diamonds"`, "5S", "QD", true},
		{"none(line[-4:], .suit == card.suit)", "5S", "8H", true}, // a short line is fine
		{`prev2 != nil and prev2.color == "red"`, "5S", "8H", false},
	} {
		got, err := judge(c.src, c.line, c.card)
		if err != nil || got != c.want {
			t.Errorf("%s, %s after %s: %v (%v), rule-language.md says %v", c.src, c.card, c.line, got, err, c.want)
		}
	}
	// Reading a field of a missing prev2 fails, even with ?.
	for _, src := range []string{`prev2.color == "red"`, `prev2?.color == "red"`} {
		if _, err := judge(src, "5S", "8H"); err == nil {
			t.Errorf("%s at n = 1 runs; rule-language.md says it fails", src)
		}
	}
	// The result must be true or false.
	if _, err := rulebank.Compile(rulebank.Rule{Name: "x", Expr: "card.rank + 1"}); err == nil ||
		!strings.Contains(err.Error(), "expected bool") {
		t.Errorf("card.rank + 1: %v; rule-language.md says expected bool", err)
	}
	// A guess is judged by what it accepts, not by its text.
	god := func(src, starter string) *rulebank.Compiled {
		c, err := rulebank.Compile(rulebank.Rule{Name: "god", Expr: src, Starter: starter})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	for _, c := range []struct {
		god, starter, guess string
		want                bool
	}{
		{"card.color != prev.color", "", `(prev.color == "red") == (card.color == "black")`, true},
		{"card.suit == prev.suit", `card.suit == "spades"`, `card.suit == "spades"`, true},
		{"card.suit == prev.suit", "", `card.suit == "spades"`, false},
	} {
		eq, err := god(c.god, c.starter).NewJudge().Equivalent(c.guess)
		if err != nil || eq != c.want {
			t.Errorf("guess %s for %s (starter %q): %v (%v), rule-language.md says %v", c.guess, c.god, c.starter, eq, err, c.want)
		}
	}
	// Look-back as rules list prints it.
	for src, want := range map[string]string{
		"card.even":              "card",
		"card.suit != prev.suit": "card,prev",
		"prev3 == nil ? true : card.color == prev3.color": "card,prev3",
		"count(line, .face) < 3":                          "card,line",
		"$env.card.face":                                  "card,line",
	} {
		c, err := rulebank.Compile(rulebank.Rule{Name: "x", Expr: src})
		if err != nil || c.Reads.String() != want {
			t.Errorf("%s reads %v (%v), rule-language.md says %s", src, c.Reads, err, want)
		}
	}
}
