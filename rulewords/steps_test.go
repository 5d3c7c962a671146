package rulewords

import (
	"fmt"
	"strings"
	"testing"
)

// primes is "2, 3, 5, …" (k numbers), joined as SayIn joins a list.
func primes(k int) string {
	var ps []string
	for n := 2; len(ps) < k; n++ {
		prime := true
		for d := 2; d*d <= n; d++ {
			prime = prime && n%d != 0
		}
		if prime {
			ps = append(ps, fmt.Sprint(n))
		}
	}
	return strings.Join(ps, ", ")
}

// longLists are the space's longest texts: a list of 39 numbers beside
// another clause, in every language.
func longLists(t testing.TB, k int) map[string]string {
	out := map[string]string{}
	e := "((card.rank + prev.rank) in [" + primes(k) + `]) ? (card.color == "red") : (card.suit == prev.suit)`
	for _, lang := range append([]string{"en"}, Languages()...) {
		w, err := SayIn(lang, e)
		if err != nil {
			t.Fatal(err)
		}
		out[lang] = w
	}
	return out
}

// steps is the work of reading text in lang, and whether it reads.
func steps(t testing.TB, lang, text string) (int, bool) {
	tg := englishTongue()
	if !english(lang) {
		var err error
		if tg, err = tongueFor(lang); err != nil {
			t.Fatal(err)
		}
	}
	g, err := tg.grammar()
	if err != nil {
		t.Fatal(err)
	}
	toks, from := tg.readTokensFrom(text)
	p := &reader{g: g, toks: toks, from: from, memo: map[memoKey][]result{}, busy: map[memoKey]bool{}, watch: -1}
	for _, r := range p.parse("rule", 0) {
		if r.end == len(toks) {
			return p.steps, true
		}
	}
	return p.steps, false
}

// A list of numbers costs the same work a number wherever it stands (a
// sentence is tried after each of its commas, every pattern's shared
// words once), far below maxSteps: 39 numbers took 7 million steps when
// every pattern was matched on its own.
func TestLongListsTakeFewSteps(t *testing.T) {
	short, long := longLists(t, 10), longLists(t, 39)
	for lang, text := range long {
		s10, ok10 := steps(t, lang, short[lang])
		s39, ok39 := steps(t, lang, text)
		if !ok10 || !ok39 {
			t.Errorf("%s: %q does not read", lang, text)
			continue
		}
		if s39 > maxSteps/10 {
			t.Errorf("%s: %d steps for 39 numbers, want at most %d", lang, s39, maxSteps/10)
		}
		// 29 numbers more cost at most 29 times what one number costs
		// beside the first ten (no work that grows with the list's length
		// a number)
		if per := (s39 - s10) / 29; per > 2*s10/10 {
			t.Errorf("%s: %d steps a number after the first 10 (%d for 10)", lang, per, s10)
		}
	}
}

// Reading the space's longest texts (a list of 39 numbers beside another
// clause): about 0.3 s a text when every pattern was matched on its own.
func BenchmarkReadLongList(b *testing.B) {
	for _, lang := range []string{"en", "pt"} {
		text := longLists(b, 39)[lang]
		b.Run(lang, func(b *testing.B) {
			ReadIn(lang, "red") // the grammar, built once
			for b.Loop() {
				if _, err := ReadIn(lang, text); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
