package lessons

import (
	"bytes"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/internal/testkit"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// A class's transcript told as a lesson: what the players said they
// believed labels their moves as tests — in words too —, a rule stated in
// words is told with its reading, and God's mistakes are said.
func TestClassTranscriptLesson(t *testing.T) {
	text := `# Thursday's class
preset: new-eleusis
options: {first_player: left_of_god}
rule: 'card.rank <= 5 or card.color == "red"'
god: Teacher
players: [Ana, Bia, Caio, Duda]
hand_sizes: {Ana: 14, Bia: 14, Caio: 14, Duda: 14}
starter: 9H
moves:
  - move: Ana play 7H
    believed: only red cards
  - move: Bia play 9S
    believed: only red cards
  - move: Caio play 3C
    believed: mumble jumble
  - Caio states only red cards
  - Duda play 8C god_said:yes
`
	tr, err := sim.ParseTranscriptFile("class.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	rule, err := rulebank.Compile(rulebank.Rule{Name: "rule", Expr: tr.Rule})
	if err != nil {
		t.Fatal(err)
	}
	n, err := TranscriptLesson(testkit.Kit(), rule, tr, "class.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if got := []string{n.Steps[0].Test, n.Steps[1].Test, n.Steps[2].Test, n.Steps[3].Test}; strings.Join(got, ",") != "positive,negative,," {
		t.Errorf("tests %q: Ana's red card is a positive test of “only red cards”, Bia's black one a negative test", got)
	}
	if !n.Erred[4] || len(n.Erred) != 1 || n.Eps == 0 {
		t.Errorf("God's mistake at move 4: erred %v, eps %v", n.Erred, n.Eps)
	}
	var md bytes.Buffer
	if err := n.Markdown(&md); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"A **positive test** of its own best rule, “only red cards” (`",
		"A **negative test** of its own best rule, “only red cards”",
		"the player believed “mumble jumble”, words the program cannot read as one rule",
		"Caio states a rule in words: “only red cards”, read as “the card is red” (`",
		": not God's rule.",
		"**God erred**: the rule says no; the hand went on from what God said.",
	} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("the narration lacks %q:\n%s", want, md.String())
		}
	}
	// God erred, so the scientist rules nothing out for good: the
	// narration says so and never "ruled out 0 of".
	if !strings.Contains(md.String(), "God erred in this hand, so it allows for a wrong answer now and then") || strings.Contains(md.String(), "ruled out 0") {
		t.Errorf("a hand where God erred is told as if answers ruled rules out:\n%s", md.String())
	}
	if strings.Contains(md.String(), "the bots") {
		t.Errorf("a class's hand talks of bots:\n%s", md.String())
	}
	// The teacher's table marks God's mistake, in the drawing and in the
	// moves; the students' pages do not.
	pages, err := n.lessonHTML(n.HandoutMove())
	if err != nil {
		t.Fatal(err)
	}
	lesson := string(pages["lesson.html"])
	if !strings.Contains(lesson, `<div class="col erred"><div class="mv">4 ✗</div>`) || !strings.Contains(lesson, `yes<br><span class="erred">God erred</span>`) {
		t.Errorf("lesson.html does not mark God's mistake at move 4")
	}
	if strings.Count(lesson, "✗</") != 1 {
		t.Errorf("lesson.html marks %d cards, God erred on one", strings.Count(lesson, "✗</"))
	}
	for _, p := range []string{"handout.html", "slide.html"} {
		if strings.Contains(string(pages[p]), "✗") || strings.Contains(string(pages[p]), "God erred") {
			t.Errorf("%s tells the students that God erred", p)
		}
	}
	// A replay error names the file and line once.
	bad := strings.Replace(text, "  - Duda play 8C god_said:yes\n", "  - Caio play 8C\n", 1)
	if tr, err = sim.ParseTranscriptFile("class.yaml", []byte(bad)); err != nil {
		t.Fatal(err)
	}
	if _, err := TranscriptLesson(testkit.Kit(), rule, tr, "class.yaml"); err == nil || !strings.HasPrefix(err.Error(), "class.yaml:17: move 5 (Caio play 8C): it is not Caio's turn") {
		t.Errorf("error %v", err)
	}
}

// God's answers to stated rules as a class's transcript gives them: a
// "yes" God gave to a wrong rule is told as God's mistake, and a rule in
// words God refused, though it reads as God's rule, says that the answer
// and the reading disagree.
func TestClassTranscriptStatedRules(t *testing.T) {
	head := `preset: express
options: {first_player: left_of_god}
rule: 'card.rank <= 5 or card.color == "red"'
god: Teacher
players: [Ana, Bia, Caio]
hand_sizes: {Ana: 12, Bia: 12, Caio: 12}
starter: 9H
moves:
  - Ana play 7H
`
	rule, err := rulebank.Compile(rulebank.Rule{Name: "rule", Expr: `card.rank <= 5 or card.color == "red"`})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ line, want string }{
		{`  - Ana guess card.color == "red" god_said:yes`, "God said yes, though it is not God's rule: **God erred**, and the hand ended on it."},
		{"  - Ana states the card is red or at most 5 god_said:no", "Ana states a rule in words: “the card is red or at most 5”, read as "},
		{"  - Ana states the card is red or at most 5 god_said:no", ": **God's rule**. God said **no**. God's answer and the reading disagree"},
	} {
		tr, err := sim.ParseTranscriptFile("class.yaml", []byte(head+c.line+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		n, err := TranscriptLesson(testkit.Kit(), rule, tr, "class.yaml")
		if err != nil {
			t.Fatal(err)
		}
		var md bytes.Buffer
		if err := n.Markdown(&md); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(md.String(), c.want) {
			t.Errorf("%s: the narration lacks %q:\n%s", c.line, c.want, md.String())
		}
	}
}

// What a class said in its own language labels its moves too: words in
// Portuguese, Spanish or Valencian are read as a rule (rulewords.ReadIn).
func TestClassBeliefInItsLanguage(t *testing.T) {
	text := `preset: new-eleusis
options: {first_player: left_of_god}
rule: 'card.rank <= 5 or card.color == "red"'
players: [Ana, Bia, Caio, Duda]
hand_sizes: {Ana: 14, Bia: 14, Caio: 14, Duda: 14}
starter: 9H
moves:
  - move: Ana play 7H
    believed: só cartas vermelhas
  - move: Bia play 9S
    believed: la carta es roja
  - move: Caio play 3C
    believed: la carta és roja
`
	tr, err := sim.ParseTranscriptFile("classe.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	rule, err := rulebank.Compile(rulebank.Rule{Name: "rule", Expr: tr.Rule})
	if err != nil {
		t.Fatal(err)
	}
	n, err := TranscriptLesson(testkit.Kit(), rule, tr, "classe.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if got := []string{n.Steps[0].Test, n.Steps[1].Test, n.Steps[2].Test}; strings.Join(got, ",") != "positive,negative,negative" {
		t.Errorf("tests %q: a red card is a positive test of “the card is red” in any language, a black one a negative test", got)
	}
}
