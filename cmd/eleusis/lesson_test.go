package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

func TestTranscriptCommand(t *testing.T) {
	md, err := run(t, "transcript", "--rule", "same-suit", "--seed", "3", "--lineup", "bayes-eig(size=3000);random;random;random")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# A hand of Eleusis", "God's secret rule: Follow suit — in the scientists' words, “the card has the same suit as the last card” (`card.suit == prev.suit`).", "## Move 1",
		"Its most probable rules:", "ruled out", "God scores", "We follow the beliefs of Seat 1 (bayes-eig(size=3000))",
		"Not a test of a rule of its own: it plays at random and holds no rule."} {
		if !strings.Contains(md, want) {
			t.Errorf("transcript lacks %q", want)
		}
	}
	md, err = run(t, "transcript", "--rule", "same-suit", "--lineup", "random;random;random;random", "--player", "3")
	if err != nil || !strings.Contains(md, "Seat 3 (random) plays without a belief") || !strings.Contains(md, "the ideal scientist") {
		t.Errorf("following a seat without a belief: %v", err)
	}
	if _, err := run(t, "transcript", "--player", "5"); err == nil || !strings.Contains(err.Error(), "seats 1 to 4") {
		t.Errorf("--player 5 of 4: %v", err)
	}
}

func TestLessonCommand(t *testing.T) {
	dir := t.TempDir()
	out, err := run(t, "lesson", "--rule", "same-suit", "--lineup", "bayes-eig(size=3000);random;positive-tester(size=3000);random", "--handout-move", "4", "--out", dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "lesson.html") || !strings.Contains(out, "handout.html") {
		t.Errorf("lesson says %q", out)
	}
	for _, f := range []string{"lesson.html", "handout.html", "hand.md", "table.csv", "hand-belief.png", "hand-belief.svg"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("lesson lacks %s: %v", f, err)
		}
	}
	csv, _ := os.ReadFile(filepath.Join(dir, "table.csv"))
	if !strings.HasPrefix(string(csv), "position,where,under,move,player,card,rank,suit,color,even,face,reshuffled\n1,main,1,0,God,") {
		t.Errorf("table.csv starts %q", string(csv[:min(120, len(csv))]))
	}
	handout, _ := os.ReadFile(filepath.Join(dir, "handout.html"))
	for _, secret := range []string{"card.suit == prev.suit", "Follow suit", "same-suit", "the same suit as the last card"} {
		if bytes.Contains(handout, []byte(secret)) {
			t.Errorf("the handout holds %q", secret)
		}
	}
	if !bytes.Contains(handout, []byte("This is the table after move 4.")) {
		t.Errorf("the handout does not stop at move 4")
	}
	if _, err := run(t, "lesson", "--rule", "same-suit", "--handout-move", "999", "--out", dir); err == nil || !strings.Contains(err.Error(), "the hand has") {
		t.Errorf("--handout-move past the hand: %v", err)
	}
}

// A hand a class played, downloaded as a transcript: the lesson reads it,
// labels no play (a transcript does not say what anyone believed) and
// follows an ideal scientist.
func TestLessonFromTranscript(t *testing.T) {
	rule, err := rulebank.Default().Get("same-suit")
	if err != nil {
		t.Fatal(err)
	}
	opts, _ := sim.Preset("new-eleusis")
	specs := []agents.Spec{}
	for _, s := range []string{"random", "bayes-greedy(size=3000)", "random", "random"} {
		sp, err := agents.ParseSpec(s)
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, sp)
	}
	kit := agents.NewKit()
	defer kit.Close()
	out, err := kit.Play(agents.HandSetup{Rule: rule, Options: opts, Lineup: specs, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	var tr bytes.Buffer
	if err := sim.WriteTranscript(&tr, out.Result, sim.Transcript{Preset: "new-eleusis", Options: opts, RuleName: "same-suit", Players: []string{"Ana", "Bia", "Caio", "Duda"}}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "our-hand.yaml")
	os.WriteFile(file, tr.Bytes(), 0o644)
	md, err := run(t, "transcript", "--transcript", file)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"the hand as written in " + file, "an ideal scientist watching the table", "## Move 1 — Ana", "the transcript does not say what this player believed"} {
		if !strings.Contains(md, want) {
			t.Errorf("the transcript's narration lacks %q", want)
		}
	}
	if strings.Contains(md, "positive test") || strings.Contains(md, "negative test") {
		t.Errorf("a transcript's plays are labelled tests")
	}
	dir := t.TempDir()
	if _, err := run(t, "lesson", "--transcript", file, "--out", dir); err != nil {
		t.Fatal(err)
	}
	csv, _ := os.ReadFile(filepath.Join(dir, "table.csv"))
	if !strings.Contains(string(csv), ",Ana,") {
		t.Errorf("table.csv names no player: %s", csv[:min(200, len(csv))])
	}
	if _, err := run(t, "lesson", "--transcript", file, "--rule", "same-suit", "--out", dir); err == nil || !strings.Contains(err.Error(), "--rule does not go with --transcript") {
		t.Errorf("--rule with --transcript: %v", err)
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, bytes.Replace(tr.Bytes(), []byte("moves:"), []byte("moves:\n  - Zed play 4H"), 1), 0o644)
	if _, err := run(t, "transcript", "--transcript", bad); err == nil || !strings.Contains(err.Error(), "bad.yaml") || !strings.Contains(err.Error(), "move 1") {
		t.Errorf("a transcript with a bad move: %v", err)
	}
}

// A class's hands, written in Portuguese suit letters (C is copas,
// hearts): lesson --transcripts reads a folder or a list of them and
// writes the class's results across its tables.
const mesaPT = `lang: pt
preset: new-eleusis
options: {first_player: left_of_god}
rule: 'card.rank <= 5 or card.color == "red"'
players: [Ana, Bia, Caio, Duda]
hand_sizes: {Ana: 14, Bia: 14, Caio: 14, Duda: 14}
starter: 9C
moves:
  - move: Ana play 7C
    believed: só cartas vermelhas
  - move: Bia play 9E
    believed: só cartas vermelhas
  - move: Caio play 3P
    believed: só cartas vermelhas
  - Caio states a carta é vermelha ou no máximo 5 god_said:yes
`

func TestLessonClassResults(t *testing.T) {
	dir := t.TempDir()
	class := filepath.Join(dir, "turma")
	if err := os.MkdirAll(class, 0o755); err != nil {
		t.Fatal(err)
	}
	second := strings.Replace(strings.Replace(mesaPT, "Ana", "Eva", -1), "starter: 9C", "starter: 2O", 1)
	for name, text := range map[string]string{"mesa1.yaml": mesaPT, "mesa2.yaml": second} {
		if err := os.WriteFile(filepath.Join(class, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name, list string
		tables     int
	}{
		{"a folder", class, 2},
		{"a list", filepath.Join(class, "mesa1.yaml") + "," + filepath.Join(class, "mesa2.yaml"), 2},
		{"one file", filepath.Join(class, "mesa1.yaml"), 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(dir, "out-"+strings.ReplaceAll(c.name, " ", "-"))
			said, err := run(t, "lesson", "--transcripts", c.list, "--lang", "pt", "--out", out)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(said, fmt.Sprintf("results.html (%d tables)", c.tables)) {
				t.Errorf("lesson says %q", said)
			}
			page, err := os.ReadFile(filepath.Join(out, "results.html"))
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"os resultados da turma", "testes positivos", "Caio", "disse “a carta é vermelha ou no máximo 5”"} {
				if !strings.Contains(string(page), want) {
					t.Errorf("results.html lacks %q", want)
				}
			}
		})
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--transcripts", class, "--rule", "same-suit"}, "--rule does not go with --transcripts"},
		{[]string{"--transcripts", dir}, "holds no transcript"},
		{[]string{"--transcripts", filepath.Join(dir, "nothing.yaml")}, "no such file"},
	} {
		if _, err := run(t, append(append([]string{"lesson"}, c.args...), "--out", t.TempDir())...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
}

// 8C in a Portuguese class's transcript is the eight of hearts when the
// transcript says lang: pt (and the pack is then in Portuguese), and is
// refused for a Portuguese class (--lang pt) when it does not say — never
// read silently as clubs.
func TestLessonCardsInTheClassLanguage(t *testing.T) {
	dir := t.TempDir()
	said := filepath.Join(dir, "said.yaml")
	unsaid := filepath.Join(dir, "unsaid.yaml")
	os.WriteFile(said, []byte(mesaPT), 0o644)
	os.WriteFile(unsaid, []byte(strings.Replace(mesaPT, "lang: pt\n", "", 1)), 0o644)
	out := filepath.Join(dir, "pack")
	if _, err := run(t, "lesson", "--transcript", said, "--out", out); err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(filepath.Join(out, "hand.md"))
	for _, want := range []string{"A carta inicial: 9♥.", "Joga 7♥", "letras de naipe C ♥, E ♠, P ♣"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("hand.md lacks %q", want)
		}
	}
	_, err := run(t, "lesson", "--transcript", unsaid, "--lang", "pt", "--out", t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "C é copas ♥ em português, mas paus ♣ em inglês") || !strings.Contains(err.Error(), "lang: pt") {
		t.Errorf("8C for a Portuguese class, the transcript's language unsaid: %v", err)
	}
	_, err = run(t, "lesson", "--transcript", unsaid, "--out", t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "E is not a suit letter in English") {
		t.Errorf("Portuguese letters read in English: %v", err)
	}
}
