package agents

import (
	"fmt"
	"strings"
)

// DefaultLineup is the table `eleusis rank` and `eleusis design` seat when
// none is given: an information-seeking scientist whose language is open
// (the index and the synthesizer behind it), a positive tester with a
// smaller mind — the 20,000 shortest rules and nothing past them
// (synth=false), so that some rules are beyond it — and two people of
// different patience. Their beliefs differ, so a rule can be found by some
// and not others.
var DefaultLineup = []string{"bayes-eig", "positive-tester(size=20000,synth=false)", "bounded-human", "bounded-human(k=8,memory=4,slip=0.1)"}

// LessonLineup is the table a lesson (`eleusis lesson`, `eleusis
// transcript`) plays when none is given: the followed scientist first, then
// a positive tester, a person and a random player, whose moves give the
// class something to discuss.
var LessonLineup = []string{"bayes-eig", "positive-tester", "bounded-human", "random"}

// DefaultBench is the ladder `eleusis bench` compares when no strategies
// are given: every strategy, weakest first.
var DefaultBench = Names()

// SplitLineup reads a line-up, the strategies by seat separated by ';'
// ("bayes-eig;random;random"): each is trimmed, and empty ones ("a;;b", a
// ';' at the end) are left out, everywhere a line-up is read.
func SplitLineup(s string) []string {
	var seats []string
	for _, x := range strings.Split(s, ";") {
		if x = strings.TrimSpace(x); x != "" {
			seats = append(seats, x)
		}
	}
	return seats
}

// ParseLineup reads a line-up (SplitLineup) and parses each seat's
// strategy; an error names the seat.
func ParseLineup(s string) ([]Spec, error) {
	var specs []Spec
	for i, x := range SplitLineup(s) {
		sp, err := ParseSpec(x)
		if err != nil {
			return nil, fmt.Errorf("seat %d of the line-up: %w", i+1, err)
		}
		specs = append(specs, sp)
	}
	if len(specs) == 0 {
		return nil, fmt.Errorf("the line-up %q names no strategy", s)
	}
	return specs, nil
}

// SplitStrategies reads a list of strategies to compare: on ';' as a
// line-up when it has one, else on the commas outside parentheses
// ("bayes-eig(eps=0.02,lambda=1),random"). Empty entries are left out.
func SplitStrategies(s string) []string {
	if strings.Contains(s, ";") {
		return SplitLineup(s)
	}
	var out []string
	add := func(x string) {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				add(s[start:i])
				start = i + 1
			}
		}
	}
	add(s[start:])
	return out
}
