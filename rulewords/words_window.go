package rulewords

import (
	"fmt"
	"strings"
)

// Windows, runs going up or down, and conditions on the last cards as a
// run: "in any five cards in a row, no suit appears more than twice",
// "among any three consecutive cards there is a red one", "never four
// cards in a row going up", "after two cards of the same suit, change
// suit".
//
// A rule is about the card played, so a window is the one that ends at
// it: the card and the k-1 cards before it. "At most m" of something in
// every window is at most m in the window ending at each card (the
// windows before it were judged when their last card was played); a
// window the line is too short for is the cards there (a stretch that
// already breaks it cannot grow into a window that keeps it). "At least
// one" asks nothing until k cards are down: a shorter stretch is no
// window of k.

// windowK is a window of k cards, the card played the last of them.
type windowK int

// lastK is the k cards before the card played, as a slice of the line.
func lastK(k int) string { return fmt.Sprintf("line[max(0, n - %d):]", k) }

// backRefs are the card played and the cards before it, as far back as
// k cards in all: card, prev, prev2, prev3, then line[n - 4] …
func backRefs(k int) []string {
	refs := []string{"card", "prev", "prev2", "prev3"}
	for j := 4; len(refs) < k; j++ {
		refs = append(refs, fmt.Sprintf("line[n - %d]", j))
	}
	return refs[:k]
}

// thereK is the condition that k cards are down before the card played
// ("" for one: the last card is always there).
func thereK(k int) string {
	switch {
	case k <= 1:
		return ""
	case k <= 3:
		return fmt.Sprintf("prev%d != nil", k)
	}
	return fmt.Sprintf("n >= %d", k)
}

// unguard is p, said of card r, without the guard that r is there (said
// once for the whole run).
func unguard(p *pred, r string) *pred {
	if p.op != "and" {
		return p
	}
	var kids []*pred
	for _, k := range p.kids {
		if !(k.op == "atom" && k.text == r+" != nil") {
			kids = append(kids, k)
		}
	}
	return and(kids...)
}

// noRun is the run of k cards (the card played the last) each of which f
// holds of (or, negated, does not): not allowed. With fewer cards down
// there is no run.
func noRun(k int, f feature, negated bool) *pred {
	refs := backRefs(k)
	var ps []*pred
	if t := thereK(k - 1); t != "" {
		ps = append(ps, atom(t))
	}
	for j := len(refs) - 1; j >= 0; j-- {
		p := unguard(f(refs[j]), refs[j])
		if negated {
			p = not(p)
		}
		ps = append(ps, p)
	}
	return not(and(ps...))
}

// ofEach is a kind said of each card of a list (count, any): ".suit ==
// \"hearts\"".
func ofEach(f feature) string { return strings.ReplaceAll(f("#").expr(), "#.", ".") }

// monotone is a run of k cards each higher (op ">") or lower than the
// one before it, forbidden: the card may not be the k-th. Runs of two to
// four cards (as far back as prev3): a longer one reads line[n - 4],
// which the sayer has no words for, so its words could not be said back.
func monotone(k int, op string) *pred {
	if k < 2 || k > 4 {
		return nil
	}
	refs := backRefs(k)
	var ps []*pred
	if t := thereK(k - 1); t != "" {
		ps = append(ps, atom(t))
	}
	for j := 0; j+1 < len(refs); j++ {
		ps = append(ps, atom(fmt.Sprintf("%s.rank %s %s.rank", refs[j], op, refs[j+1])))
	}
	return not(and(ps...))
}

// windowArgs are a window's slots: its size, a field, a number, a kind.
func windowArgs(v []any) (k, m int, f string, kind feature) {
	for _, x := range v {
		switch x := x.(type) {
		case windowK:
			k = int(x)
		case int:
			m = x
		case fieldName:
			f = string(x)
		case feature:
			kind = x
		}
	}
	return
}

func (g *registry) buildWindow() {
	win := func(v []any) any {
		k := v[0].(int)
		if k < 2 || k > 13 {
			return nil
		}
		return windowK(k)
	}
	g.named("window", "window", win, "in|among|within|of any|every $num cards in a row", "in|among|within|of any|every $num consecutive cards",
		"in|among|within|of any|every run|stretch|window|sequence|group|set of $num [consecutive] cards [in a row]",
		"in|among|within|of any|every $num cards played in a row")
	g.named("windowsubj", "windowsubj", win, "any|every $num consecutive cards", "any|every $num cards in a row",
		"any|every run|stretch|window|sequence|group|set of $num [consecutive] cards [in a row]")
	g.named("times", "times", func(v []any) any { return v[0] }, "$num times")
	g.def("times", "", constant(1), "once", "one time")
	g.def("times", "", constant(2), "twice")
	g.def("times", "", constant(3), "thrice")

	// at most m cards of the window share the card's field: the card's is
	// one, so fewer than m of the k-1 before it
	field := func(v []any) any {
		k, m, f, _ := windowArgs(v)
		if m < 1 || m >= k {
			return nil
		}
		return atom(fmt.Sprintf("count(%s, .%s == card.%s) < %d", lastK(k-1), f, f, m))
	}
	g.named("s.windowfield", "sentence", field,
		"$window [,] no $field {appears|occurs|is played|comes up|shows up} more than $times", "$window [,] no $field more than $times",
		"no $field {appears|occurs|is played|comes up|shows up} more than $times $window", "no $field more than $times $window",
		"$window [,] the same $field {appears|occurs|is played|comes up|shows up} {at most|no more than|not more than} $times",
		"$window [,] {no|never} more than $num cards of the same $field", "$window [,] at most $num cards of the same $field",
		"{no|never} more than $num cards of the same $field $window", "at most $num cards of the same $field $window")
	// at most m cards of a kind in the window
	kind := func(v []any) any {
		k, m, _, f := windowArgs(v)
		if m < 1 || m >= k {
			return nil
		}
		c := ofEach(f)
		if strings.Contains(c, "?") {
			return nil
		}
		return not(and(f("card"), atom(fmt.Sprintf("count(%s, %s) >= %d", lastK(k-1), c, m))))
	}
	g.named("s.windowkind", "sentence", kind,
		"$window [,] [there are|there is] {no more than|not more than|at most} $num $nps", "{no more than|not more than|at most} $num $nps $window",
		"$window [,] no $nps more than $times", "$window [,] {never|no} more than $num $nps")
	// at least one card of a kind in the window: never k cards in a row
	// that are not of it
	some := func(v []any) any {
		k, _, _, f := windowArgs(v)
		if strings.Contains(f("#").expr(), "?") {
			return nil
		}
		if k <= 4 {
			return noRun(k, f, true)
		}
		return or(atom(fmt.Sprintf("n < %d", k-1)), f("card"), atom(fmt.Sprintf("any(%s, %s)", lastK(k-1), ofEach(f))))
	}
	g.named("s.windowsome", "sentence", some,
		"$window [,] there is|are [always] $np", "$window [,] there is|are at least one $np", "$window [,] there must be [at least] $np",
		"$window [,] there must be at least one $np", "$window [,] at least one card is|must be $features", "$window [,] at least one $np",
		"$windowsubj include|includes|contain|contains|have|has [at least] $np", "$windowsubj must include|contain|have [at least] $np",
		"$windowsubj include|includes|contain|contains|have|has at least one $np", "$windowsubj must include|contain|have at least one $np",
		"at least one $np $window", "there is|are at least one $np $window", "there must be [at least] [one] $np $window",
		"there is|are always $np $window")

	// runs going up or down
	g.named("rundir.up", "rundir", constant(">"), "going|moving up", "ascending", "rising", "increasing",
		"in ascending|increasing|rising order", "each higher than the one|card before", "going higher")
	g.named("rundir.down", "rundir", constant("<"), "going|moving down", "descending", "falling", "decreasing",
		"in descending|decreasing|falling order", "each lower than the one|card before", "going lower")
	g.named("rundiradj.up", "rundiradj", constant(">"), "ascending|rising|increasing")
	g.named("rundiradj.down", "rundiradj", constant("<"), "descending|falling|decreasing")
	g.named("updown.up", "updown", constant(">"), "up", "higher")
	g.named("updown.down", "updown", constant("<"), "down", "lower")
	run := func(plus int) func(v []any) any {
		return func(v []any) any {
			k, op := 0, ""
			for _, x := range v {
				switch x := x.(type) {
				case int:
					k = x
				case string:
					op = x
				}
			}
			if p := monotone(k+plus, op); p != nil {
				return p
			}
			return nil
		}
	}
	// k cards going up: the card may not be the k-th of them
	g.named("s.runno", "sentence", run(0), "never|no $num cards in a row $rundir", "never|no $num consecutive cards $rundir",
		"never|no $num $rundiradj cards in a row", "never|no $num consecutive $rundiradj cards", "never|no $num cards $rundir in a row",
		"never|no $num $rundir", "[you] {cannot|can not|may not|must not} play $num cards in a row $rundir",
		"[you] {cannot|can not|may not|must not} play $num $rundiradj cards in a row")
	// no more than k cards going up: not k+1
	g.named("s.runmax", "sentence", run(1), "{no|never|not} more than $num cards in a row $rundir", "at most $num cards in a row $rundir",
		"{no|never|not} more than $num $rundiradj cards in a row", "at most $num $rundiradj cards in a row",
		"{no|never|not} more than $num consecutive $rundiradj cards", "{no|never|not} more than $num cards $rundir in a row")
	// going up k times is k+1 cards
	g.named("s.risesno", "sentence", run(1), "never go $updown $num times in a row", "[the cards] {cannot|can not|may not|must not|never} go $updown $num times in a row",
		"[you] {cannot|can not|may not|must not} go $updown $num times in a row")

	// after k cards of the same field in a row (k = 2 or 3)
	sameAfter := func(v []any) any {
		f, k := fieldNum(v)
		if k < 2 || k > 3 {
			return nil
		}
		refs := backRefs(k + 1)[1:]
		ps := []*pred{atom(thereK(k))}
		for j := len(refs) - 1; j > 0; j-- {
			ps = append(ps, atom(fmt.Sprintf("%s.%s == %s.%s", refs[j], f, refs[j-1], f)))
		}
		return &branch{cond: and(ps...), subj: "prev", then: v[len(v)-1].(*pred)}
	}
	g.named("br.aftersame", "branch", sameAfter,
		"after $num cards of the same $field [in a row] [,|:] [you] [must] $sentence",
		"after $num consecutive cards of the same $field [,|:] [you] [must] $sentence",
		"when|once|if $num cards of the same $field {have been|are|were} played [in a row] [,] [then] $sentence",
		"after $num cards in a row of the same $field [,|:] [you] [must] $sentence")
	// after k cards of a kind in a row
	kindAfter := func(v []any) any {
		k, f := v[0].(int), v[1].(feature)
		if k < 2 || k > 3 || hasIf(f("prev")) {
			return nil
		}
		refs := backRefs(k + 1)[1:]
		ps := []*pred{atom(thereK(k))}
		for j := len(refs) - 1; j >= 0; j-- {
			ps = append(ps, unguard(f(refs[j]), refs[j]))
		}
		return &branch{cond: and(ps...), subj: "prev", then: v[2].(*pred)}
	}
	g.named("br.afterkind", "branch", kindAfter,
		"after $num $nps in a row [,|:] [you] [must] $sentence", "after $num consecutive $nps [,|:] [you] [must] $sentence",
		"when|once|if $num $nps {have been|are|were} played in a row [,] [then] $sentence")
}
