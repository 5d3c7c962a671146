package hypotheses

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/eleusis/eleusis/godrule"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// playOpen plays moves cards under rule on a record, as a scientist tests:
// about half the cards tried are ones the rule accepts.
func playOpen(t testing.TB, r *Record, rule *rulebank.Compiled, rng *rand.Rand, moves int) {
	t.Helper()
	j := rule.NewJudge()
	r.Start([]sim.Card{sim.Card(rng.IntN(sim.NumCards))}, nil)
	for turn := 1; turn <= moves; turn++ {
		line := r.Line()
		legal, err := j.Legal(line)
		if err != nil {
			t.Fatal(err)
		}
		c := sim.Card(rng.IntN(sim.NumCards))
		if legal != 0 && rng.IntN(2) == 0 {
			for legal>>c&1 == 0 {
				c = sim.Card(rng.IntN(sim.NumCards))
			}
		}
		m := &sim.MoveRecord{Turn: turn, Kind: sim.Play, Cards: []sim.Card{c}, Verdict: sim.No, Prophet: -1}
		if legal>>c&1 == 1 {
			m.Verdict, m.Accepted = sim.Yes, []sim.Card{c}
		}
		r.Apply(m, nil)
	}
}

// alwaysOpen synthesizes as soon as it can and as often as it may.
var alwaysOpen = func() OpenConfig {
	c := DefaultOpen
	c.Trigger, c.MinFacts, c.Every, c.MaxSyntheses = math.Inf(1), 6, 4, 8
	return c
}()

// TestOpenBeliefMatchesBruteForce holds the open belief — a small index
// and the synthesized hypotheses beside it — to the posterior computed by
// hand over every hypothesis: prior 2^−L (the index's levels), likelihood 1
// or 0 (ε = 0). Every predictive probability, the probability of the
// verdicts, MAP and Top must agree.
func TestOpenBeliefMatchesBruteForce(t *testing.T) {
	sp, err := Build(Config{Size: 2000})
	if err != nil {
		t.Fatal(err)
	}
	rule := compile(t, `(sum(map(line, .rank)) + card.rank) % 3 != 0`)
	rng := rand.New(rand.NewPCG(4, 4))
	b := sp.NewBelief(0)
	b.Exact()
	b.Open(alwaysOpen, nil)
	r := NewRecord(b)
	playOpen(t, r, rule, rng, 40)
	if b.OpenCount() == 0 {
		t.Fatal("nothing synthesized")
	}
	// Brute force: every index hypothesis and every open one, judged on
	// the hand's findings from scratch.
	var ids []int
	var ws []float64
	for id, h := range sp.Hyps {
		if h.Expr != "" {
			ids, ws = append(ids, id), append(ws, math.Exp2(float64(sp.minLevel-h.Level)))
		}
	}
	for i, h := range b.open.hyps {
		ids, ws = append(ids, b.openID(i)), append(ws, math.Exp2(float64(sp.minLevel-h.bits)))
	}
	for _, f := range b.open.findings {
		for k, id := range ids {
			if ws[k] == 0 {
				continue
			}
			holds := true
			for _, l := range f.lits {
				line := l.line
				if b.Accepts(id, line, sim.Card(l.c)) == l.neg {
					holds = false
				}
			}
			if holds != f.truth {
				ws[k] = 0
			}
		}
	}
	total := 0.0
	for _, w := range ws {
		total += w
	}
	if math.Abs(total-b.Total())/total > 1e-9 {
		t.Fatalf("total mass %v, brute force %v", b.Total(), total)
	}
	cards := make([]sim.Card, sim.NumCards)
	for c := range cards {
		cards[c] = sim.Card(c)
	}
	got := make([]float64, len(cards))
	r.Predict(cards, got)
	for c := range cards {
		var acc float64
		for k, id := range ids {
			if ws[k] > 0 && b.Accepts(id, r.Line(), sim.Card(c)) {
				acc += ws[k]
			}
		}
		if math.Abs(got[c]-acc/total) > 1e-9 {
			t.Fatalf("P(%s) = %v, brute force %v", sim.Card(c), got[c], acc/total)
		}
	}
	best, bw := -1, 0.0
	for k, id := range ids {
		if ws[k] > bw {
			best, bw = id, ws[k]
		}
	}
	if id, p := r.MAP(); b.Hyp(id).Expr != b.Hyp(best).Expr && math.Abs(p-bw/total) > 1e-9 {
		t.Errorf("MAP %s (%v), brute force %s (%v)", b.Hyp(id).Expr, p, b.Hyp(best).Expr, bw/total)
	}
	t.Logf("%d index hypotheses and %d synthesized, %d live; MAP %s", len(ids)-len(b.open.hyps), len(b.open.hyps), r.Count(), b.Hyp(best).Expr)
}

// lineOf recovers the main line a finding's scene was prepared from: a
// prefix of the hand's line (every finding of these hands is judged after
// one).
// TestOpenBeliefIdentifiesRulesOutsideTheIndex plays hands under rules no
// index family can hold — a running total, a position mod 5, the line's
// average — with the scientists' default space: the open belief's best
// rule must be God's on every state of the hand (Identified), where the
// closed belief empties or settles on a wrong rule.
func TestOpenBeliefIdentifiesRulesOutsideTheIndex(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the default space")
	}
	sp := Default()
	for i, expr := range []string{
		`(sum(map(line, .rank)) + card.rank) % 3 != 0`,
		`n % 5 == 0 ? card.face : not card.face`,
		`card.rank >= sum(map(line, .rank)) / n`,
	} {
		rule := compile(t, expr)
		tr, err := sp.Classify(rule, godrule.DefaultConfig)
		if err != nil {
			t.Fatal(err)
		}
		if tr.Expressible {
			t.Fatalf("%s is in the index: pick a rule outside it", expr)
		}
		for _, open := range []bool{false, true} {
			b := sp.NewBelief(0)
			if open {
				b.Open(DefaultOpen, nil)
			}
			r := NewRecord(b)
			r.Discovery = NewDiscovery(tr)
			playOpen(t, r, rule, rand.New(rand.NewPCG(uint64(i), 1)), 60)
			m := r.Discovery.Measures(r)
			t.Logf("%s, open %v: identified %v, MAP %s (%.2f), %d live (%d synthesized)", expr, open, m.Identified, m.MAP, m.MAPProb, r.Count(), b.OpenCount())
			if open && !m.Identified {
				t.Errorf("%s: the open belief settles on %s", expr, m.MAP)
			}
			if !open && m.Identified {
				t.Errorf("%s: the closed belief identified it: the rule is not outside", expr)
			}
			b.Release()
		}
	}
}
