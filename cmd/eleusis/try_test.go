package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/sim"
	"github.com/google/shlex"
)

// tryBank is a bank of one rule with a starter predicate, for --bank.
func tryBank(t *testing.T) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "mine.yaml")
	bank := `rules:
  - name: three-black-one-red
    expr: 'n % 4 == 3 ? card.color == "red" : card.color == "black"'
    starter: 'card.color == "black"'
`
	if err := os.WriteFile(f, []byte(bank), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// cardsOf is every card of the given ranks in every suit, in card order.
func cardsOf(ranks ...int) []string {
	var out []string
	for c := sim.Card(0); c < sim.NumCards; c++ {
		if slices.Contains(ranks, c.Rank()) {
			out = append(out, c.String())
		}
	}
	return out
}

// ofColor is every card of a colour, in card order.
func ofColor(color string) []string {
	var out []string
	for c := sim.Card(0); c < sim.NumCards; c++ {
		if c.Color() == color {
			out = append(out, c.String())
		}
	}
	return out
}

func span(lo, hi int) []int {
	var out []int
	for r := lo; r <= hi; r++ {
		out = append(out, r)
	}
	return out
}

// The verdicts of rules try, worked out by hand from the rules' text.
func TestRulesTryVerdicts(t *testing.T) {
	bank := tryBank(t)
	type answer struct {
		StarterAdmitted bool     `json:"starter_admitted"`
		Reachable       bool     `json:"reachable"`
		N               int      `json:"n"`
		Verdict         string   `json:"verdict"`
		Accepted        []string `json:"accepted"`
		Refused         []string `json:"refused"`
		RefusedOnLine   []string `json:"refused_on_line"`
		UsedUp          []string `json:"used_up"`
		Notes           []string `json:"notes"`
	}
	for _, c := range []struct {
		name string
		args []string
		// accepted: the cards the rule accepts after the line (refused: the
		// others); verdict: --card's.
		accepted  []string
		verdict   string
		starter   bool // the starter predicate admits the starter
		reachable bool
		note      string // in some note ("": no note)
	}{
		// prev: after the black 3S, 7 or higher; 3S after 5H is legal (red: 6 or lower).
		{"prev", []string{"black-high-red-low", "--line", "5H 3S"}, cardsOf(span(7, 13)...), "", true, true, ""},
		{"prev, a card", []string{"black-high-red-low", "--line", "5H 3S", "--card", "6D"}, cardsOf(span(7, 13)...), "refused", true, true, ""},
		// KS after 5H is refused (red: 6 or lower), so the line is not reached.
		{"prev, a line play does not reach", []string{"black-high-red-low", "--line", "5H KS"}, cardsOf(span(7, 13)...), "", true, false,
			"the rule refuses KS (card 2) where it stands on the line"},
		// the whole line: no value already on the line (5, K, 3).
		{"line", []string{"--expr", "none(line, .rank == card.rank)", "--line", "5H KS 3D"},
			cardsOf(1, 2, 4, 6, 7, 8, 9, 10, 11, 12), "", true, true, ""},
		{"line, a card", []string{"--expr", "none(line, .rank == card.rank)", "--line", "5H KS 3D", "--card", "5C"},
			cardsOf(1, 2, 4, 6, 7, 8, 9, 10, 11, 12), "refused", true, true, ""},
		// n counts the starter: after three cards n = 3, a red card.
		{"n, starter admitted", []string{"three-black-one-red", "--bank", bank, "--line", "2S 4C 6S"}, ofColor("red"), "", true, true, ""},
		// the predicate admits black openings only; at n = 1 black follows.
		{"starter refused", []string{"three-black-one-red", "--bank", bank, "--line", "2H", "--card", "KC"}, ofColor("black"), "accepted", false, false,
			`the starter predicate (card.color == "black") does not admit 2H`},
		// higher (starter card.rank <= 7, tagged dead-end): nothing beats a King.
		{"higher after a king", []string{"higher", "--line", "3S KS"}, nil, "", true, true,
			"no card is legal after this line: a dead end legal play reaches (the rule is tagged dead-end"},
		{"higher, the starter refused", []string{"higher", "--line", "9S"}, cardsOf(10, 11, 12, 13), "", false, false,
			"(card.rank <= 7) does not admit 9S"},
		// every ace of two decks down: the rule's cards are used up.
		{"used up", []string{"--expr", "card.rank == 1", "--line", "AS AH AS AD AC AC AH AD"}, cardsOf(1), "", true, true,
			"every card the rule accepts is used up (2 decks): a dead end legal play reaches; tag the rule dead-end"},
		{"three decks", []string{"--expr", "card.rank == 1", "--line", "AS AH AS AD AC AC AH AD", "--decks", "3"}, cardsOf(1), "", true, true, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, err := run(t, append([]string{"rules", "try", "--format", "json"}, c.args...)...)
			if err != nil {
				t.Fatal(err)
			}
			var a answer
			if err := json.Unmarshal([]byte(out), &a); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if !slices.Equal(a.Accepted, c.accepted) && !(len(a.Accepted) == 0 && len(c.accepted) == 0) {
				t.Errorf("accepted %v, want %v", a.Accepted, c.accepted)
			}
			if len(a.Accepted)+len(a.Refused) != sim.NumCards {
				t.Errorf("%d accepted and %d refused", len(a.Accepted), len(a.Refused))
			}
			if a.Verdict != c.verdict || a.StarterAdmitted != c.starter || a.Reachable != c.reachable {
				t.Errorf("verdict %q, starter admitted %v, reachable %v; want %q, %v, %v", a.Verdict, a.StarterAdmitted, a.Reachable, c.verdict, c.starter, c.reachable)
			}
			notes := strings.Join(a.Notes, "\n")
			if (c.note == "") != (notes == "") || !strings.Contains(notes, c.note) {
				t.Errorf("notes %q, want one saying %q", notes, c.note)
			}
		})
	}
}

// The table for people: by suit, ranks in runs, notes after it; CSV is by card.
func TestRulesTryTable(t *testing.T) {
	out, err := run(t, "rules", "try", "higher", "--line", "KS")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"higher (card.rank > prev.rank) after KS (n = 1): 0 of 52 cards accepted",
		"│ accepted │ —      │ —      │ —        │ —     │", "│ refused  │ A–K    │ A–K    │ A–K      │ A–K   │",
		"note: the starter predicate (card.rank <= 7) does not admit KS", "note: no card is legal after this line"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	out, err = run(t, "rules", "try", "--expr", "card.rank % 2 == 0", "--line", "5H", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 53 || lines[0] != "card,verdict" || lines[1] != "AS,refused" || lines[2] != "2S,accepted" {
		t.Errorf("CSV: %d lines, starting %q", len(lines), lines[:min(3, len(lines))])
	}
	out, err = run(t, "rules", "try", "same-suit", "--line", "5H 7H", "--card", "9C")
	if err != nil || !strings.Contains(out, "│ 9C   │ refused │") || strings.Contains(out, "note:") {
		t.Errorf("--card: %v\n%s", err, out)
	}
}

func TestRanksShort(t *testing.T) {
	for _, c := range []struct {
		ranks []int
		want  string
	}{
		{nil, ""},
		{[]int{1}, "A"},
		{[]int{1, 2}, "A 2"},
		{span(1, 13), "A–K"},
		{[]int{1, 2, 3, 4, 5, 9, 11, 12, 13}, "A–5 9 J–K"},
		{[]int{2, 4, 6, 8, 10, 12}, "2 4 6 8 10 Q"},
		{[]int{9, 10, 11}, "9–J"},
	} {
		if got := ranksShort(c.ranks); got != c.want {
			t.Errorf("ranksShort(%v) = %q, want %q", c.ranks, got, c.want)
		}
	}
}

// Bad input: which card, which flag, why; a rule that fails at run time
// names the card and the line.
func TestRulesTryErrors(t *testing.T) {
	// a starter predicate that fails at run time: no card of rank 1 in a list of one
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(bad, []byte("rules:\n  - name: bad-start\n    expr: 'true'\n    starter: '[0][card.rank] == 0'\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var all []string
	for c := sim.Card(0); c < sim.NumCards; c++ {
		all = append(all, c.String())
	}
	for _, c := range []struct {
		name string
		args []string
		want []string
	}{
		{"unknown card", []string{"same-suit", "--line", "5H 1X"}, []string{`--line: card "1X": no suit`}},
		{"unknown rank", []string{"same-suit", "--line", "5H ZH"}, []string{`--line: card "ZH": unknown rank "Z"`}},
		{"unknown card to judge", []string{"same-suit", "--line", "5H", "--card", "QQ"}, []string{`--card: card "QQ": no suit`}},
		{"no line", []string{"same-suit"}, []string{"--line is empty"}},
		{"an empty line", []string{"same-suit", "--line", " , "}, []string{"--line is empty"}},
		{"more copies than the decks", []string{"same-suit", "--line", "AS 2S AS AS"}, []string{"--line holds AS 3 times, but 2 decks hold 2 of each card"}},
		{"longer than the decks", []string{"same-suit", "--decks", "1", "--line", strings.Join(append(all, "AS"), " ")},
			[]string{"--line has 53 cards, but 1 deck holds 52"}},
		{"decks", []string{"same-suit", "--decks", "9", "--line", "AS"}, []string{"--decks 9: use 1 to 8"}},
		{"run time, after the line", []string{"--expr", "prev2.rank < card.rank", "--line", "AS"},
			[]string{`rule "expr" failed on AS after main line AS (n = 1)`, "cannot get rank from prev2", "^"}},
		{"run time, on the line", []string{"--expr", "line[n-3].rank < card.rank", "--line", "5S 6S 7S"},
			[]string{`rule "expr" failed on 6S after main line 5S (n = 1)`, "index out of range"}},
		{"run time, the starter predicate", []string{"bad-start", "--bank", bad, "--line", "AS"}, []string{`rule "bad-start": starter predicate failed on AS`, "out of range"}},
		{"no rule", []string{"--line", "AS"}, []string{"give a rule: its name in the bank"}},
		{"two rules", []string{"same-suit", "--expr", "true", "--line", "AS"}, []string{"not both"}},
		{"unknown rule", []string{"same-suitt", "--line", "AS"}, []string{`no rule named "same-suitt"`, "did you mean same-suit?"}},
		{"a name as --expr", []string{"--expr", "same-suit", "--line", "AS"}, []string{"unknown name same", "same-suit is the name of a rule of the bank: give it without --expr"}},
		{"a bad expression", []string{"--expr", `card.colour == "red"`, "--line", "AS"}, []string{"--expr", "a card has no field colour", "^"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := run(t, append([]string{"rules", "try"}, c.args...)...)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

// docs/commands.md shows rules try's example with its real output.
func TestRulesTryDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/commands.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "## `eleusis rules try`")
	if !ok {
		t.Fatal("docs/commands.md has no section on rules try")
	}
	_, rest, _ := strings.Cut(section, "```sh\n")
	command, rest, _ := strings.Cut(rest, "\n```")
	_, rest, _ = strings.Cut(rest, "```text\n")
	want, _, _ := strings.Cut(rest, "```")
	args, err := shlex.Split(command)
	if err != nil || len(args) < 3 || args[0] != "eleusis" {
		t.Fatalf("the example %q is not an eleusis command (%v)", command, err)
	}
	var out, errw bytes.Buffer
	if err := newRoot(&out, &errw, args[1:]).Execute(); err != nil {
		t.Fatalf("%s: %v", command, err)
	}
	if got := out.String() + errw.String(); got != want {
		t.Errorf("docs/commands.md shows for %s\n%s\nbut it prints\n%s", command, want, got)
	}
}

// A check that passes says so, and what it looked for: with no dead end
// the table has no dead-end column to say it.
func TestRulesCheckSaysWhatPassingMeans(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--expr", "card.color != prev.color", "--walks", "20"},
			"eleusis: 1 rule passed the check (20 random walks of up to 40 cards each, 2 decks): no dead end found\n"},
		{[]string{"--expr", "card.rank > prev.rank", "--allow-dead-ends", "--walks", "20", "--decks", "3"},
			"eleusis: 1 rule passed the check (20 random walks of up to 40 cards each, 3 decks): 1 has a dead end, accepted (tagged dead-end in the bank, or --allow-dead-ends)\n"},
	} {
		var out, errw bytes.Buffer
		if err := newRoot(&out, &errw, append([]string{"rules", "check"}, c.args...)).Execute(); err != nil {
			t.Fatal(err)
		}
		if errw.String() != c.want {
			t.Errorf("%v: standard error %q, want %q", c.args, errw.String(), c.want)
		}
	}
}
