package hypotheses

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/rulewords"
	"github.com/eleusis/eleusis/sim"
)

// Every hypothesis of the default space gets a phrase: English words
// only, none of the rule language's syntax, and no two hypotheses (two
// different behaviours) with the same phrase.
func TestPhraseEveryHypothesis(t *testing.T) {
	sp := Default()
	seen := make(map[string]int, sp.Len())
	for id, h := range sp.Hyps {
		if h.Expr == "" {
			continue
		}
		p := sp.Phrase(id)
		if p == "" || strings.TrimSpace(p) != p || strings.Contains(p, "  ") {
			t.Fatalf("%s: phrase %q", h.Expr, p)
		}
		for _, code := range []string{"card.", "prev.", "prev2", "==", "!=", "%", "?", `"`, "{", "[", "nil", "true", "rank"} {
			if strings.Contains(p, code) && !(code == "rank" && strings.Contains(p, " rank")) {
				t.Fatalf("%s: phrase %q holds %q", h.Expr, p, code)
			}
		}
		if other, dup := seen[p]; dup {
			t.Fatalf("%q says both %s and %s", p, sp.Hyps[other].Expr, h.Expr)
		}
		seen[p] = id
	}
}

// A smaller space is a prefix of the default one (Prefix): its hypotheses
// keep their words.
func TestPhrasePrefix(t *testing.T) {
	sp := Default()
	p, err := sp.Prefix(5000)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for id, h := range p.Hyps {
		if h.Expr != "" {
			n++
			if p.Phrase(id) != sp.Phrase(id) {
				t.Fatalf("%s: %q in the prefix, %q in the space", h.Expr, p.Phrase(id), sp.Phrase(id))
			}
		}
	}
	if n != 5000 {
		t.Fatalf("%d hypotheses in a prefix of 5000", n)
	}
}

// A phrase reads one way only, and it is the hypothesis: rulewords.Read
// gives it back as rules that all behave as the hypothesis does, on random
// main lines, in every family (a sample of each).
func TestPhraseReadsBack(t *testing.T) {
	sp := Default()
	rng := rand.New(rand.NewPCG(3, 5))
	byFam := map[Family][]int{}
	for id, h := range sp.Hyps {
		if h.Expr != "" {
			byFam[h.Family] = append(byFam[h.Family], id)
		}
	}
	checked := 0
	for f := range numFamilies {
		for range 20 {
			id := byFam[f][rng.IntN(len(byFam[f]))]
			h := sp.Hyps[id]
			p := sp.Phrase(id)
			readings, err := rulewords.Read(p)
			if err != nil || len(readings) == 0 {
				t.Errorf("%s: %q does not read back: %v", h.Expr, p, err)
				continue
			}
			for _, r := range readings {
				j := compile(t, r.Expr).NewJudge()
				for range 200 {
					line := randomLine(rng)
					c := sim.Card(rng.IntN(52))
					got, err := j.Accepts(line, c)
					if err != nil {
						t.Fatalf("%s read from %q: %v", r.Expr, p, err)
					}
					if want := sp.accepts(id, stateOf(line), uint8(c)); got != want {
						t.Fatalf("%q (%s) read back as %s, which says %v after %s to %s", p, h.Expr, r.Expr, got, sim.CardsString(line), c)
					}
				}
			}
			checked++
		}
	}
	t.Logf("%d phrases read back", checked)
}
