package lessons

import (
	"bytes"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/internal/testkit"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// The pedagogy on hands built for it: Klayman & Ha the right way round — a
// too-narrow rule survives positive tests and falls only to a negative
// one, a too-broad rule falls to a positive test — and the Wason moment
// found where a holder tested only positively while belief climbed, and
// not where it did not.

// builtMove is one move of a built hand: who, which card, God's verdict
// (the rule's, checked), and the rule the mover held ("" none).
type builtMove struct {
	player int
	card   string
	held   string
}

// builtHand narrates a hand of single plays under god, after the starter,
// followed by an ideal scientist; seats 0 and 1 hold the rules given.
func builtHand(t *testing.T, god, starter string, moves []builtMove) *Narration {
	t.Helper()
	sp, err := testkit.Kit().Space(3000)
	if err != nil {
		t.Fatal(err)
	}
	rule, err := rulebank.Compile(rulebank.Rule{Name: "god", Expr: god})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := testkit.Kit().Truth(rule, sp.Len())
	if err != nil {
		t.Fatal(err)
	}
	opts, _ := sim.Preset("new-eleusis")
	j := rule.NewJudge()
	res := &sim.Result{Opening: cards(t, starter), Turns: len(moves), End: sim.Unfinished}
	line := cards(t, starter)
	minds := []Mind{{Space: sp, Held: map[int]int{}}, {Space: sp, Held: map[int]int{}}, {None: i18n.M("notest.random")}}
	for i, bm := range moves {
		c := cards(t, bm.card)
		ok, err := j.Accepts(line, c[0])
		if err != nil {
			t.Fatal(err)
		}
		m := sim.MoveRecord{Turn: i + 1, Player: bm.player, Kind: sim.Play, Cards: c, Verdict: sim.No, Prophet: -1}
		if ok {
			m.Verdict, m.Accepted = sim.Yes, c
			line = append(line, c[0])
		}
		res.History = append(res.History, m)
		if bm.held != "" {
			id, found := sp.ByExpr(bm.held)
			if !found {
				t.Fatalf("no hypothesis %s", bm.held)
			}
			minds[bm.player].Held[i+1] = id
		}
	}
	n := &Narration{Expr: god, Result: res, Options: opts, Truth: tr, Players: []string{"Ana", "Bia", "Caio"},
		Strategies: []string{"", "", ""}, Observer: -1, Minds: minds}
	if err := Narrate(n, sp, 0); err != nil {
		t.Fatal(err)
	}
	return n
}

func narrationText(t *testing.T, n *Narration) string {
	t.Helper()
	var md bytes.Buffer
	if err := n.Markdown(&md); err != nil {
		t.Fatal(err)
	}
	var qs []string
	for _, q := range n.discussion(markdown{}) {
		qs = append(qs, string(q.Q)+"\n"+string(q.A))
	}
	return md.String() + "\n" + strings.Join(qs, "\n\n")
}

const (
	red      = `card.color == "red"`
	lowOrRed = `card.rank <= 5 or card.color == "red"`
)

// Ana holds "red" and plays only red cards, all accepted; Bia's 9♠ is
// refused (red survives a negative test that is not Ana's); Bia's 3♣,
// which "red" forbids, is accepted: a negative test refutes the too-narrow
// rule. A Wason moment, told as such.
func TestWasonMomentAndTooNarrow(t *testing.T) {
	n := builtHand(t, lowOrRed, "9H", []builtMove{
		{0, "7H", red}, {1, "9S", red}, {0, "KD", red}, {1, "JS", red}, {0, "4H", red}, {1, "3C", red},
	})
	w := n.Wason
	if w == nil {
		t.Fatalf("no Wason moment:\n%s", narrationText(t, n))
	}
	if w.Rule.Expr != red || w.Holder != 0 || w.Refuted != 5 || len(w.Tests) != 3 || !(w.To > w.From) {
		t.Errorf("Wason moment %+v", *w)
	}
	text := narrationText(t, n)
	for _, want := range []string{
		"A Wason moment (2-4-6)",
		"From move 1 to move 5, Ana tested “the card is red” only with cards it allows",
		"At move 6 Bia played 3♣, which “the card is red” forbids — a negative test — and God said yes: “the card is red” is refuted.",
		"Wason's 2-4-6 task",
		"is too narrow",
		// Bia's own negative test, told with Klayman & Ha the right way round.
		"At move 6, Bia played the card 3♣, which its own best rule, “the card is red”, forbade: a negative test.",
		"The hand ended after 6 moves",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the narration lacks %q:\n%s", want, text)
		}
	}
	for _, wrong := range []string{"positive tests, which can only catch a rule that is too narrow", "a negative test catches a rule that is too broad", "too broad — it forbade"} {
		if strings.Contains(text, wrong) {
			t.Errorf("the narration says %q", wrong)
		}
	}
	if !strings.Contains(text, "A positive test — a card your rule allows — can only show that a rule is too broad") ||
		!strings.Contains(text, "God said yes: the rule was refuted at once — it was too narrow") {
		t.Errorf("the negative-test question does not give Klayman & Ha's direction:\n%s", text)
	}
}

// The same hand but Ana tries a card "red" forbids (8♠, refused) before
// the refutation: she did not test only positively — no Wason moment,
// though "red" still falls to a negative test.
func TestNoWasonWhenTheHolderTestedNegatively(t *testing.T) {
	n := builtHand(t, lowOrRed, "9H", []builtMove{
		{0, "7H", red}, {1, "9S", red}, {0, "8S", red}, {1, "JS", red}, {0, "KD", red}, {1, "3C", red},
	})
	if n.Wason != nil {
		t.Errorf("a Wason moment where the holder tested negatively: %+v", *n.Wason)
	}
	if text := narrationText(t, n); strings.Contains(text, "Wason moment") {
		t.Errorf("the narration tells a Wason moment:\n%s", text)
	}
}

// A too-broad rule: Ana holds "any card" under "red"; her K♠, which it
// allows, is refused — a positive test refutes it, and it is told so. No
// Wason moment: the rule was never narrower than God's.
func TestTooBroadFallsToAPositiveTest(t *testing.T) {
	n := builtHand(t, red, "9H", []builtMove{
		{0, "5H", "true"}, {1, "2D", red}, {0, "KS", "true"}, {1, "QH", red}, {0, "4D", "true"},
	})
	if n.Wason != nil {
		t.Errorf("a Wason moment for a too-broad rule: %+v", *n.Wason)
	}
	text := narrationText(t, n)
	for _, want := range []string{
		"At move 3, Ana played the card K♠, which its own best rule, “any card”, allowed: a positive test. God said no.",
		"The rule was too broad: it allowed what God refuses, the one kind of error a positive test can show.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the narration lacks %q:\n%s", want, text)
		}
	}
	// "any card", refuted at move 3, is not asked about again as a rule
	// that stands (Ana still plays by it at move 5).
	for _, q := range n.discussion(markdown{}) {
		if strings.Contains(string(q.Q), "At move 5") && strings.Contains(string(q.Q), "any card") {
			t.Errorf("a question cites the refuted “any card”: %s", q.Q)
		}
	}
}
