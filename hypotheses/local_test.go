package hypotheses

import (
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/eleusis/eleusis/godrule"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// tiny is a space small enough to check every hypothesis by brute force.
var tiny = sync.OnceValue(func() *Space {
	sp, err := Build(Config{Size: 3_000})
	if err != nil {
		panic(err)
	}
	return sp
})

func localOf(t testing.TB, sp *Space, expr, starter, opening string) (*Truth, *Local) {
	t.Helper()
	c, err := rulebank.Compile(rulebank.Rule{Name: "r", Expr: expr, Starter: starter})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := sp.Classify(c, godrule.DefaultConfig)
	if err != nil {
		t.Fatal(err)
	}
	l, err := tr.Local(cards(t, opening))
	if err != nil {
		t.Fatal(err)
	}
	return tr, l
}

func hypID(t testing.TB, sp *Space, expr string) int {
	t.Helper()
	id, ok := sp.ByExpr(expr)
	if !ok {
		t.Fatalf("%s is not written that way in the space", expr)
	}
	return id
}

// Cases worked out by hand: which rivals a hand can and cannot separate
// from God's rule.
func TestLocalClassByHand(t *testing.T) {
	sp := small()
	cases := []struct {
		name, expr, starter, opening string
		in, out                      []string // hypotheses inside and outside the local class
		outGlobal                    []string // inside locally, outside the class over every starter
	}{
		{"only red from a red starter", `card.color == "red"`, `card.color == "red"`, "5H",
			[]string{`card.color == "red"`, `card.color == prev.color`},
			[]string{`card.suit == prev.suit`, `card.color != prev.color`}, nil},
		{"same colour from a black starter", `card.color == prev.color`, "", "KS",
			[]string{`card.color == "black"`, `card.color == prev.color`},
			[]string{`card.color == "red"`, `card.suit == "spades"`},
			[]string{`card.color == "black"`}},
		{"alternate colours from a red starter", `card.color != prev.color`, "", "2D",
			[]string{`card.color != prev.color`, `n % 2 == 0 ? card.color == "red" : card.color == "black"`},
			[]string{`card.color == "black"`},
			[]string{`n % 2 == 0 ? card.color == "red" : card.color == "black"`}},
		{"same suit from a heart", `card.suit == prev.suit`, "", "9H",
			[]string{`card.suit == "hearts"`, `card.suit == prev.suit`},
			[]string{`card.color == "red"`, `card.color == prev.color`},
			[]string{`card.suit == "hearts"`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tr, l := localOf(t, sp, tc.expr, tc.starter, tc.opening)
			if !l.Exact {
				t.Fatalf("a rule of look-back ≤ 1 is charted exactly")
			}
			for _, e := range tc.in {
				if !l.Class.Has(hypID(t, sp, e)) {
					t.Errorf("%s should be in the local class", e)
				}
			}
			for _, e := range tc.out {
				if l.Class.Has(hypID(t, sp, e)) {
					t.Errorf("%s should not be in the local class", e)
				}
			}
			for _, e := range tc.outGlobal {
				if tr.Class.Has(hypID(t, sp, e)) {
					t.Errorf("%s should not be in the class over every starter", e)
				}
			}
		})
	}
}

// The local class equals, hypothesis by hypothesis, the set of hypotheses
// that agree with God on every reachable line found by brute force.
func TestLocalClassBruteForce(t *testing.T) {
	if testing.Short() {
		t.Skip("brute force over every line: seconds; runs without -short")
	}
	sp := tiny()
	cases := []struct{ expr, starter, opening string }{
		{`card.color == "red"`, "", "5S"},
		{`card.rank > prev.rank or card.suit == prev.suit`, "", "QH"},
		{`prev.color == "black" ? card.rank >= 7 : card.rank <= 6`, "", "3C"},
		{`card.color != prev.color`, "", "AD"},
		{`card.suit == prev.suit`, "", "7C"},
		{`prev2 != nil and prev2.color == "red" and prev.color == "red" ? card.color == "black" : true`, "", "4H"},
		{`prev2 == nil or card.suit != prev2.suit`, "", "4H 9S"},
	}
	for _, tc := range cases {
		t.Run(tc.expr, func(t *testing.T) {
			tr, l := localOf(t, sp, tc.expr, tc.starter, tc.opening)
			lines, verdicts := naiveStates(t, tr.chart.Rule, cards(t, tc.opening))
			want := 0
			for id, h := range sp.Hyps {
				if h.Expr == "" {
					continue
				}
				agrees := true
				for k, line := range lines {
					for card := sim.Card(0); card < 52 && agrees; card++ {
						agrees = sp.Accepts(id, line, card) == (verdicts[k]>>card&1 == 1)
					}
					if !agrees {
						break
					}
				}
				if agrees {
					want++
				}
				if agrees != l.Class.Has(id) {
					t.Fatalf("%s: brute force says %v, the local class %v", h.Expr, agrees, l.Class.Has(id))
				}
			}
			if want != l.Class.Len() {
				t.Fatalf("class of %d, brute force %d", l.Class.Len(), want)
			}
			t.Logf("%d lines, %d pairs, class of %d", len(lines), l.States, want)
		})
	}
}

// A sampled local class (a rule reading n) holds God's rule's own
// rewritings and only hypotheses that agree on every sampled state.
func TestLocalClassSampled(t *testing.T) {
	sp := small()
	_, l := localOf(t, sp, `n % 2 == 1 ? card.suit == prev.suit : card.suit != prev.suit`, "", "8D")
	if l.Exact {
		t.Fatal("a rule reading n is sampled, and says so")
	}
	id := hypID(t, sp, `n % 2 == 0 ? card.suit != prev.suit : card.suit == prev.suit`)
	if !l.Class.Has(id) {
		t.Fatalf("the rule's own form is not in its sampled local class")
	}
	if l.Class.Has(hypID(t, sp, `card.suit == prev.suit`)) {
		t.Fatalf("same suit cannot fit suits in pairs")
	}
}

// Confidence: the posterior mass of the best rule's local class equals the
// sum of the probabilities of the hypotheses that agree with it on every
// state, counted one by one.
func TestConfidenceBruteForce(t *testing.T) {
	if testing.Short() {
		t.Skip("brute force over every state: seconds; runs without -short")
	}
	sp := tiny()
	c, _ := rulebank.Compile(rulebank.Rule{Name: "r", Expr: `card.color != prev.color`})
	tr, err := sp.Classify(c, godrule.DefaultConfig)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, eps := range []float64{0, 0.05} {
		rec := NewRecord(sp.NewBelief(eps))
		rec.Exact()
		rec.Discovery = NewDiscovery(tr)
		rec.Discovery.Calibrate = true
		opening := cards(t, "JH")
		rec.Start(opening, nil)
		playRandom(c.NewJudge(), opening, 6, rng, rec)
		best, _ := rec.MAP()
		l := rec.Discovery.Local
		agree := l.Agreeing(best)
		want := 0.0
		lines, _ := naiveStates(t, c, opening)
		for id, h := range sp.Hyps {
			if h.Expr == "" {
				continue
			}
			same := true
			for _, ln := range lines {
				for card := sim.Card(0); card < 52 && same; card++ {
					same = sp.Accepts(id, ln, card) == sp.Accepts(best, ln, card)
				}
				if !same {
					break
				}
			}
			if same != agree.Has(id) {
				t.Fatalf("eps %v: %s agrees with the best rule %v by brute force, %v by the class", eps, h.Expr, same, agree.Has(id))
			}
			if same {
				want += rec.Prob(id)
			}
		}
		got := rec.ProbAgreeing(agree)
		if d := got - want; d > 1e-9 || d < -1e-9 {
			t.Fatalf("eps %v: confidence %v, brute force %v", eps, got, want)
		}
		m := rec.Discovery.Measures(rec)
		if m.Confidence != got || m.Identified != l.Class.Has(best) {
			t.Fatalf("measures disagree: %+v", m)
		}
	}
}

// A prefix of the default space is the space Build makes of that size: the
// same hypotheses with the same priors, and beliefs on the two agree.
func TestPrefixIsBuild(t *testing.T) {
	built, err := Default().Prefix(20_000)
	if err != nil {
		t.Fatal(err)
	}
	alone := small()
	type hyp struct {
		fam                  Family
		length, level, rules int
	}
	index := func(sp *Space) map[string]hyp {
		m := map[string]hyp{}
		for _, h := range sp.Hyps {
			if h.Expr != "" {
				m[h.Expr] = hyp{h.Family, h.Length, h.Level, h.Rules}
			}
		}
		return m
	}
	a, b := index(built), index(alone)
	if len(a) != 20_000 || len(b) != 20_000 || built.Len() != 20_000 {
		t.Fatalf("%d and %d hypotheses", len(a), len(b))
	}
	for e, h := range b {
		if a[e] != h {
			t.Fatalf("%s: prefix %+v, built alone %+v", e, a[e], h)
		}
	}
	if built.Stats.Collapsed != alone.Stats.Collapsed {
		t.Errorf("collapsed %d vs %d", built.Stats.Collapsed, alone.Stats.Collapsed)
	}
	// The same verdicts give the same posterior.
	rng := rand.New(rand.NewPCG(9, 9))
	j := compile(t, `card.suit == prev.suit or card.rank > prev.rank`).NewJudge()
	ra, rb := NewRecord(built.NewBelief(0)), NewRecord(alone.NewBelief(0))
	ra.Exact()
	rb.Exact()
	line := cards(t, "7H")
	ra.Start(line, nil)
	rb.Start(line, nil)
	playRandom(j, line, 12, rng, ra, rb)
	ia, pa := ra.MAP()
	ib, pb := rb.MAP()
	if built.Hyps[ia].Expr != alone.Hyps[ib].Expr || math.Abs(pa-pb) > 1e-12 || ra.Count() != rb.Count() {
		t.Fatalf("MAP %s (%v, %d left) vs %s (%v, %d left)", built.Hyps[ia].Expr, pa, ra.Count(), alone.Hyps[ib].Expr, pb, rb.Count())
	}
}

// playRandom plays n random single cards after opening, judged by j, and
// tells every record the verdicts.
func playRandom(j *rulebank.Judge, opening []sim.Card, n int, rng *rand.Rand, recs ...*Record) {
	line := append([]sim.Card{}, opening...)
	for turn := 1; turn <= n; turn++ {
		card := sim.Card(rng.IntN(52))
		ok, _ := j.Accepts(line, card)
		mr := sim.MoveRecord{Turn: turn, Kind: sim.Play, Cards: []sim.Card{card}, Verdict: sim.No, Prophet: -1}
		if ok {
			mr.Verdict, mr.Accepted = sim.Yes, []sim.Card{card}
			line = append(line, card)
		}
		for _, r := range recs {
			r.Apply(&mr, nil)
		}
	}
}

// Hands opened by any card (always_valid) reach states the starter
// predicate would keep out: "alternate colours" is "red on even positions"
// only when every hand opens red.
func TestClassFromAnyStarter(t *testing.T) {
	sp := small()
	c, err := rulebank.Compile(rulebank.Rule{Name: "r", Expr: `n % 2 == 0 ? card.color == "red" : card.color == "black"`, Starter: `card.color == "red"`})
	if err != nil {
		t.Fatal(err)
	}
	alt := hypID(t, sp, `card.color != prev.color`)
	for _, any := range []bool{false, true} {
		cfg := godrule.DefaultConfig
		cfg.AnyStarter = any
		tr, err := sp.Classify(c, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if tr.Class.Has(alt) == any {
			t.Errorf("any starter %v: alternate colours in the class: %v", any, tr.Class.Has(alt))
		}
	}
}
