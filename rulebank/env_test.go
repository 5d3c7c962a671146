package rulebank

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/eleusis/eleusis/sim"
	"github.com/expr-lang/expr/vm"
)

// The environments a rule runs in mirror the one it is checked against:
// the same fields, in the same order, under the same names.
func TestRunEnvMirrorsEnv(t *testing.T) {
	for _, pair := range [][2]reflect.Type{{reflect.TypeFor[CardEnv](), reflect.TypeFor[runCard]()}, {reflect.TypeFor[Env](), reflect.TypeFor[runEnv]()}} {
		checked, run := pair[0], pair[1]
		if checked.NumField() != run.NumField() {
			t.Fatalf("%v has %d fields, %v %d", checked, checked.NumField(), run, run.NumField())
		}
		for i := range checked.NumField() {
			a, b := checked.Field(i), run.Field(i)
			if a.Name != b.Name || a.Tag.Get("expr") != b.Tag.Get("expr") {
				t.Errorf("field %d: %v %s %q, %v %s %q", i, checked, a.Name, a.Tag.Get("expr"), run, b.Name, b.Tag.Get("expr"))
			}
		}
	}
	for c := range sim.Card(sim.NumCards) {
		from, to := reflect.ValueOf(cardEnvs[c]), reflect.ValueOf(runCards[c])
		for i := range from.NumField() {
			if got, want := to.Field(i).Interface(), from.Field(i).Interface(); got != want {
				t.Errorf("%s field %s: %v, want %v", c, from.Type().Field(i).Name, got, want)
			}
		}
	}
}

// typedFill is fill for the environment rules are checked against, as
// rules were run before runEnv.
func typedFill(env *Env, line []sim.Card, card sim.Card) {
	n := len(line)
	*env = Env{Card: &cardEnvs[card], Prev: &cardEnvs[line[n-1]], N: n}
	if n >= 2 {
		env.Prev2 = &cardEnvs[line[n-2]]
	}
	if n >= 3 {
		env.Prev3 = &cardEnvs[line[n-3]]
	}
	for _, c := range line {
		env.Line = append(env.Line, &cardEnvs[c])
	}
}

// A rule gives the same verdict, or fails with the same words, in the
// environment it runs in as in the one it is checked against: every rule
// of the default bank and the ways of reading a card the language has,
// on random lines.
func TestRulesRunAsTheyAreChecked(t *testing.T) {
	srcs := []string{
		`card.rank > prev.rank and card.suit != prev.suit and card.color == prev.color and card.face != prev.face and card.even == prev.odd`,
		`prev2 == nil or prev3 == nil ? true : prev3.rank + prev2.rank + prev.rank + card.rank > 20`,
		`prev3.rank < card.rank`, // fails while the line is short
		`last(filter(line, .face)).suit == card.suit`,
		`first(line).color != card.color and line[0].rank <= card.rank and line[-1] == prev`,
		`card == prev or prev == line[n - 1]`,
		`sum(map(line, .rank)) % 13 < card.rank and count(line, .even) * 2 >= n`,
		`max(map(line, .rank)) - min(map(line, .rank)) < card.rank`,
		`len(uniq(map(line, .suit))) == 4 or card.suit not in map(line[max(0, n - 3):], .suit)`,
		`let s = sortBy(line, .rank); s[0].rank <= card.rank`,
		`string(card.rank) + card.suit != toJSON(prev)`,
		`all(line, .rank != card.rank) and none(line, {# == card}) and one(line, .face) ? true : any(line, .odd)`,
		`(findLast(line, .color == "red")?.rank ?? 0) < card.rank`,
		`line[n].rank > 1`, // out of range: an error
		`groupBy(line, .suit)[card.suit] == nil`,
		`abs(card.rank - prev.rank) in 1..3 and (n % 5 == 0 ? card.face : true)`,
	}
	for _, r := range Default().Rules {
		srcs = append(srcs, r.Rule.Expr)
	}
	rng := rand.New(rand.NewPCG(3, 5))
	for _, src := range srcs {
		c, err := Compile(Rule{Name: "r", Expr: src})
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		j := c.NewJudge()
		var typed Env
		var m vm.VM
		for range 300 {
			line := make([]sim.Card, 1+rng.IntN(12))
			for i := range line {
				line[i] = sim.Card(rng.IntN(sim.NumCards))
			}
			card := sim.Card(rng.IntN(sim.NumCards))
			got, gotErr := j.eval(line, card)
			typedFill(&typed, line, card)
			out, wantErr := m.Run(c.program, &typed)
			want, _ := out.(bool)
			if got != want || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
				t.Errorf("%s on %s after %s: %v %v, checked against Env %v %v", src, card, sim.CardsString(line), got, gotErr, want, wantErr)
			}
		}
	}
}
