package lessons

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/internal/longtest"
)

// percent matches a percentage in any language's form.
var percent = regexp.MustCompile(`\d\s?%`)

// planSpan checks that a plan's parts follow each other without a gap and
// that its length is their sum; it returns each part's minutes.
func planSpan(t *testing.T, rows []planRow) []int {
	t.Helper()
	var out []int
	at := 0
	for _, r := range rows {
		from, to, ok := strings.Cut(r.When, "–")
		a, err1 := strconv.Atoi(from)
		b, err2 := strconv.Atoi(to)
		if !ok || err1 != nil || err2 != nil || a != at || b <= a {
			t.Fatalf("the plan's parts: %+v", rows)
		}
		out, at = append(out, b-a), b
	}
	if planMinutes(rows) != at {
		t.Fatalf("the plan says %d minutes, its parts add up to %d", planMinutes(rows), at)
	}
	return out
}

// The plan's minutes follow the pack — the play part grows with the moves
// walked through before the handout, the discussion with its questions,
// the rules part with a Prophet to explain — and whatever the hand, the
// hour lasts 50 to 60 minutes: a short one gets an extension activity, a
// long one is cut.
func TestPlanTimings(t *testing.T) {
	n := lesson(t, "same-suit", 7, 0, "bayes-eig", "positive-tester", "bounded-human", "random")
	part := func(rows []planRow, name string) int {
		for _, r := range rows {
			if r.Part == name {
				return r.minutes
			}
		}
		return 0
	}
	f := htmlText{}
	short, long := n.planParts(4, 2, f), n.planParts(16, 5, f)
	planSpan(t, short)
	planSpan(t, long)
	if part(short, "Play") >= part(long, "Play") || part(short, "Discussion") >= part(long, "Discussion") {
		t.Errorf("play and discussion do not grow with the hand: %+v against %+v", short, long)
	}
	n.Options.Prophet = false
	plain := n.planParts(4, 2, f)
	n.Options.Prophet = true
	prophet := n.planParts(4, 2, f)
	if part(prophet, "The rules") <= part(plain, "The rules") || !strings.Contains(string(prophet[0].What), "a Prophet") {
		t.Errorf("the rules part: %d minutes with a Prophet, %d without", part(prophet, "The rules"), part(plain, "The rules"))
	}
	n.Options.Prophet = false
	for _, c := range []struct{ move, questions int }{{1, 1}, {4, 2}, {6, 3}, {14, 5}, {30, 8}, {len(n.Steps), 10}} {
		t.Run(fmt.Sprintf("move %d, %d questions", c.move, c.questions), func(t *testing.T) {
			rows := n.planParts(min(c.move, len(n.Steps)), c.questions, f)
			planSpan(t, rows)
			if m := planMinutes(rows); m < planMin || m > planMax {
				t.Errorf("a plan of %d minutes: %+v", m, rows)
			}
			if ext := part(rows, "Extension"); ext > 0 && ext < 5 {
				t.Errorf("an extension of %d minutes", ext)
			}
		})
	}
	pages, err := n.lessonHTML(n.HandoutMove())
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("about %d minutes", planMinutes(n.planParts(n.HandoutMove(), len(n.discussion(f)), f)))
	if !strings.Contains(string(pages["plan.html"]), want) {
		t.Errorf("plan.html does not say %q", want)
	}
}

// Every pack's plan — the main one and the younger students' — lasts 50
// to 60 minutes, in every language, its questions asked in the order of
// the hand; the rest of the hand is shown before the discussion.
func TestEveryPlanFitsTheHour(t *testing.T) {
	hands := []*Narration{
		lesson(t, "suit-cycle-sdch", 5, 0, "bayes-eig(size=20000)", "positive-tester(size=20000)", "bounded-human", "random"),
		lesson(t, "only-red", 3, 0, "bayes-eig(size=20000)", "positive-tester(size=20000)", "bounded-human", "random"),
		lesson(t, "same-suit", 7, 0, "bayes-eig(size=20000)", "positive-tester(size=20000)", "bounded-human", "random"),
		lesson(t, "not-spades", 1, 0, "oracle", "oracle", "oracle", "oracle"),
	}
	if longtest.On() {
		hands = append(hands,
			lesson(t, "two-odd-blacks-then-red-even-face", 4, 0, "bayes-eig", "positive-tester", "bounded-human", "random"),
			lesson(t, "black-high-red-low", 2, 1, "bayes-eig", "positive-tester", "negative-tester", "random"))
	}
	for _, n := range hands {
		for _, lang := range i18n.Languages {
			t.Run(n.Rule+"/"+lang.String(), func(t *testing.T) {
				f := htmlText{L: i18n.NewPrinter(lang)}
				qs := n.discussion(f)
				for i := 1; i < len(qs); i++ {
					if qs[i].Move < qs[i-1].Move {
						t.Errorf("question %d (move %d) after question %d (move %d)", i+1, qs[i].Move, i, qs[i-1].Move)
					}
				}
				rows := n.planParts(n.HandoutMove(), len(qs), f)
				planSpan(t, rows)
				if m := planMinutes(rows); m < planMin || m > planMax {
					t.Errorf("the plan lasts %d minutes", m)
				}
				rest, discussion := -1, -1
				for i, r := range rows {
					switch r.Part {
					case f.say("plan.rest"):
						rest = i
					case f.say("plan.discussion"):
						discussion = i
					}
				}
				if n.HandoutMove() < len(n.Steps) && (rest < 0 || rest > discussion) {
					t.Errorf("the rest of the hand (part %d) is not shown before the discussion (part %d)", rest, discussion)
				}
				y := n.youngPage(n.HandoutMove(), f)
				if planSpan(t, y.Plan); y.Minutes < planMin || y.Minutes > planMax {
					t.Errorf("the younger students' plan lasts %d minutes", y.Minutes)
				}
				// The younger students' pages: no expressions, no bits, no
				// probabilities.
				pages, err := n.lessonHTMLIn(n.HandoutMove(), lang)
				if err != nil {
					t.Fatal(err)
				}
				for _, name := range []string{"younger.html", "younger-handout.html"} {
					text := i18n.VisibleText(string(pages[name]))
					if strings.Contains(string(pages[name]), "<code") || strings.Contains(text, "bit") || percent.MatchString(text) || strings.Contains(text, n.Expr) {
						t.Errorf("%s holds an expression, bits or a probability", name)
					}
				}
			})
		}
	}
}
