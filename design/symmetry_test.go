package design

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/eleusis/eleusis/rulebank"
)

// The group: 8 suit renamings that keep the colour pairs (4 keep the
// colours, 4 swap them), each with and without the parity swap.
func TestSymmetries(t *testing.T) {
	ss := Symmetries()
	if len(ss) != 16 || ss[0].String() != "identity" {
		t.Fatalf("%d symmetries, the first %v", len(ss), ss[0])
	}
	swaps := 0
	for _, s := range ss {
		for suit, to := range s.Suits {
			if s.Colors[colorOf[suit]] != colorOf[to] {
				t.Errorf("%v maps %s to %s but %s to %s", s, suit, to, colorOf[suit], s.Colors[colorOf[suit]])
			}
		}
		if s.Colors["red"] == "black" {
			swaps++
		}
	}
	if swaps != 8 {
		t.Errorf("%d of 16 swap the colours, want 8", swaps)
	}
}

// Apply rewrites on the syntax tree, and each image behaves as the rule
// written by hand for it (rulebank.Equivalent).
func TestApply(t *testing.T) {
	heartsDiamonds := Symmetry{Suits: map[string]string{"hearts": "diamonds", "diamonds": "hearts", "spades": "spades", "clubs": "clubs"},
		Colors: map[string]string{"red": "red", "black": "black"}}
	redBlack := Symmetry{Suits: map[string]string{"hearts": "spades", "spades": "hearts", "diamonds": "clubs", "clubs": "diamonds"},
		Colors: map[string]string{"red": "black", "black": "red"}}
	parity := Symmetries()[8]
	if !parity.Parity || parity.String() != "[odd↔even]" {
		t.Fatalf("the ninth symmetry is %v", parity)
	}
	for _, tc := range []struct {
		s          Symmetry
		expr, want string
		noParity   bool
	}{
		{heartsDiamonds, `card.suit == "hearts" or card.face`, `card.suit == "diamonds" or card.face`, false},
		{redBlack, `card.color == "red"`, `card.color == "black"`, false},
		{redBlack, `prev.color == "black" ? card.rank >= 7 : card.rank <= 6`, `prev.color == "red" ? card.rank >= 7 : card.rank <= 6`, false},
		// A suit cycle is conjugated: keys and values renamed.
		{heartsDiamonds, `{"spades": "diamonds", "diamonds": "clubs", "clubs": "hearts", "hearts": "spades"}[prev.suit] == card.suit`,
			`{"spades": "hearts", "hearts": "clubs", "clubs": "diamonds", "diamonds": "spades"}[prev.suit] == card.suit`, false},
		{parity, `card.even != prev.even and card.color == "red"`, `card.odd != prev.odd and card.color == "red"`, false},
		{parity, `card.rank % 2 == 0 or prev.suit == "clubs"`, `card.rank % 2 == 1 or prev.suit == "clubs"`, false},
		{parity, `0 != prev.rank % 2 and card.odd`, `1 != prev.rank % 2 and card.even`, false},
		// Parity is no symmetry of rank arithmetic or of face cards.
		{parity, `card.even and card.rank > 6`, ``, true},
		{parity, `card.odd and card.face`, ``, true},
		{parity, `card.rank % 2 == prev.rank % 2`, ``, true},
	} {
		got, err := tc.s.Apply(tc.expr)
		if tc.noParity {
			if err != errNoParity {
				t.Errorf("%v on %s: %q, %v; want errNoParity", tc.s, tc.expr, got, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%v on %s: %v", tc.s, tc.expr, err)
		}
		a, errA := rulebank.Compile(rulebank.Rule{Name: "image", Expr: got})
		b, errB := rulebank.Compile(rulebank.Rule{Name: "want", Expr: tc.want})
		if errA != nil || errB != nil {
			t.Fatalf("%s / %s: %v %v", got, tc.want, errA, errB)
		}
		if e, err := rulebank.Equivalent(a, b); err != nil || !e.Equal {
			t.Errorf("%v on %s gave %s, which does not behave as %s (%v)", tc.s, tc.expr, got, tc.want, err)
		}
	}
}

// Candidates of one orbit are one idea; others stay apart.
func TestSameIdea(t *testing.T) {
	check := func(expr string) *Candidate {
		t.Helper()
		c, reason := DefaultChecker.Check(Proposal{Expr: expr, Origin: FromGrammar})
		if reason != "" {
			t.Fatalf("%s: %s", expr, reason)
		}
		c.Name = expr
		return c
	}
	cycle := func(a, b, c, d string) string {
		return `{"` + a + `": "` + b + `", "` + b + `": "` + c + `", "` + c + `": "` + d + `", "` + d + `": "` + a + `"}[prev.suit] == card.suit`
	}
	// A cycle that alternates colours (♠ ♥ ♣ ♦), written four ways, and
	// its reverse: one orbit of two behaviours.
	alternating := []string{cycle("spades", "hearts", "clubs", "diamonds"), cycle("spades", "diamonds", "clubs", "hearts"),
		cycle("hearts", "clubs", "diamonds", "spades"), `card.suit == {"hearts": "clubs", "clubs": "diamonds", "diamonds": "spades", "spades": "hearts"}[prev.suit]`}
	// A cycle that keeps colours for two steps (♠ ♣ ♥ ♦): another idea.
	paired := []string{cycle("spades", "clubs", "hearts", "diamonds"), cycle("clubs", "spades", "diamonds", "hearts"), cycle("spades", "clubs", "diamonds", "hearts")}
	for _, tc := range []struct {
		name   string
		groups [][]string // each group one orbit, the groups apart
	}{
		{"suit cycles", [][]string{alternating, paired}},
		{"colours", [][]string{{`card.color == "red"`, `card.color == "black"`, `card.color != "red"`}, {`card.color != prev.color`}}},
		{"suits", [][]string{{`card.suit == "hearts" or card.suit == "spades"`, `card.suit in ["diamonds", "clubs"]`}, {`card.suit == "hearts" or card.suit == "diamonds" or card.face`}}},
		{"parity", [][]string{{`card.even`, `card.odd`, `card.rank % 2 == 0`}, {`card.even == prev.even`}, {`card.rank > 6`}}},
		{"unrelated", [][]string{{`card.suit != prev.suit`}, {`card.rank >= prev.rank - 2 and card.rank <= prev.rank + 2`}, {`n % 2 == 0 ? card.color == "red" : card.color == "black"`}}},
	} {
		var cs [][]*Candidate
		for _, g := range tc.groups {
			var row []*Candidate
			for _, e := range g {
				row = append(row, check(e))
			}
			cs = append(cs, row)
		}
		for i, gi := range cs {
			for j, gj := range cs {
				for _, a := range gi {
					for _, b := range gj {
						same, err := SameIdea(a, b)
						if err != nil {
							t.Fatal(err)
						}
						if same != (i == j) {
							t.Errorf("%s: SameIdea(%s, %s) = %v", tc.name, a.Expr, b.Expr, same)
						}
					}
				}
			}
		}
	}
	if c := check(alternating[0]); c.Orbit.Size != 2 {
		t.Errorf("the alternating cycle's orbit has %d behaviours, want 2 (it and its reverse)", c.Orbit.Size)
	}
	if c := check(`card.suit == "hearts" or card.suit == "spades"`); c.Orbit.Size != 4 {
		t.Errorf("hearts or spades: orbit of %d behaviours, want 4 (a red suit or a black one)", c.Orbit.Size)
	}
	if c := check(`card.even or card.color == "red"`); c.Orbit.Size != 4 {
		t.Errorf("even or red: orbit of %d behaviours, want 4", c.Orbit.Size)
	}
}

// A race keeps one candidate of each idea: with every variant of three
// ideas planted above the unrelated rules, the five survivors are five
// ideas, the variants left out named by the one kept in their place.
func TestRaceOneOfEachIdea(t *testing.T) {
	ideas := [][]string{
		{`{"spades": "hearts", "hearts": "clubs", "clubs": "diamonds", "diamonds": "spades"}[prev.suit] == card.suit`,
			`{"spades": "diamonds", "diamonds": "clubs", "clubs": "hearts", "hearts": "spades"}[prev.suit] == card.suit`},
		{`card.color == "red"`, `card.color == "black"`},
		{`card.suit == "hearts" or card.suit == "spades"`, `card.suit == "diamonds" or card.suit == "spades"`,
			`card.suit == "hearts" or card.suit == "clubs"`, `card.suit == "diamonds" or card.suit == "clubs"`},
		{`card.even`, `card.odd`},
		{`card.suit != prev.suit`},
		{`card.color != prev.color`},
		{`card.rank > 6`},
	}
	means := map[string]float64{}
	var pool []*Candidate
	for i, idea := range ideas {
		for j, e := range idea {
			c, reason := DefaultChecker.Check(Proposal{Expr: e, Origin: FromGrammar})
			if reason != "" {
				t.Fatalf("%s: %s", e, reason)
			}
			c.Name = fmt.Sprintf("idea%d-%d", i, j)
			means[c.Name] = 40 - 4*float64(i) - 0.2*float64(j) // every variant above the next idea
			pool = append(pool, c)
		}
	}
	rc := RaceConfig{Budget: 20000, Keep: 5, Eta: 2, MinHands: 2}
	rr, err := Race(context.Background(), 1, pool, rc, Objective{Kind: GodScore}, func(r int) uint64 { return RoundSeed(7, 1, r) }, planted(means), 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range rr.Survivors() {
		got = append(got, c.Name[:5])
	}
	if !slices.Equal(got, []string{"idea0", "idea1", "idea2", "idea3", "idea4"}) {
		t.Errorf("survivors %v, want one of each of the first five ideas", names(rr.Survivors()))
	}
	same := 0
	for _, r := range rr.Rounds[0].Results {
		if r.SameIdea != "" {
			same++
			if r.Kept || r.SameIdea[:5] != r.Name[:5] {
				t.Errorf("%s: kept %v, same idea as %s", r.Name, r.Kept, r.SameIdea)
			}
		}
	}
	if same != len(pool)-len(ideas) {
		t.Errorf("%d candidates named as variants in the first round, want %d", same, len(pool)-len(ideas))
	}
}
