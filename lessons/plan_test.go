package lessons

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// The plan's minutes follow the pack: the play part grows with the moves
// walked through before the handout, the discussion with its questions,
// the rules part with a Prophet to explain; the parts follow each other
// without a gap and the title's length is their sum.
func TestPlanTimingsFollowThePlan(t *testing.T) {
	n := lesson(t, "same-suit", 7, 0, "bayes-eig", "positive-tester", "bounded-human", "random")
	minutes := func(rows []planRow) []int {
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
		if planMinutes(rows) != fmt.Sprint(at) {
			t.Fatalf("the plan says %s minutes, its parts add up to %d", planMinutes(rows), at)
		}
		return out
	}
	short, long := minutes(n.planParts(4, 2, htmlText{})), minutes(n.planParts(16, 5, htmlText{}))
	if short[1] >= long[1] {
		t.Errorf("play: %d minutes for 4 moves, %d for 16", short[1], long[1])
	}
	if short[3] >= long[3] {
		t.Errorf("discussion: %d minutes for 2 questions, %d for 5", short[3], long[3])
	}
	n.Options.Prophet = false
	plain := minutes(n.planParts(4, 2, htmlText{}))
	n.Options.Prophet = true
	prophet := minutes(n.planParts(4, 2, htmlText{}))
	if prophet[0] <= plain[0] || !strings.Contains(string(n.planParts(4, 2, htmlText{})[0].What), "a Prophet") {
		t.Errorf("the rules part: %d minutes with a Prophet, %d without", prophet[0], plain[0])
	}
	pages, err := n.lessonHTML(n.HandoutMove())
	if err != nil {
		t.Fatal(err)
	}
	want := "about " + planMinutes(n.planParts(n.HandoutMove(), len(n.discussion(htmlText{})), htmlText{})) + " minutes"
	if !strings.Contains(string(pages["plan.html"]), want) {
		t.Errorf("plan.html does not say %q", want)
	}
}
