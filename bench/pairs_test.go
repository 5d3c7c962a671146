package bench

import (
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/stats"
)

// R's sleep data (Student 1908), times 10: paired t = −4.0621, df = 9,
// p = 0.002833, mean difference −1.58 (×10); wilcox.test(paired = TRUE):
// V = 0, p = 0.009091 (a zero and a tie: the normal approximation).
var sleep1 = []int{7, -16, -2, -12, -1, 34, 37, 8, 0, 20}
var sleep2 = []int{19, 8, 11, 1, -1, 44, 55, 16, 46, 34}

func near(x, want, tol float64) bool { return math.Abs(x-want) <= tol }

// Pairs in every design on hand-made deals with known answers: a finds
// the rule on deals 0–8 (settled at move 3), b and c only on deal 0
// (settled at 5), b's seat fails deal 9 after 7 moves; the scores are
// Student's sleep data. McNemar: 8 discordant deals all a's, p = 2/2⁸;
// log-rank: a first on 9 deals, b on none, χ² = 9; Holm over a–b, a–c
// (b–c has no discordant deal: NaN) doubles p.
func TestPairsEveryDesign(t *testing.T) {
	for _, d := range lab.Designs {
		t.Run(string(d), func(t *testing.T) {
			p := &lab.Plan{Seed: 1, Rules: []string{"r"}, Presets: []string{"new-eleusis"}, Hands: 10}
			if err := p.SeatBench([]string{"a", "b", "c"}, []lab.Design{d}, 2); err != nil {
				t.Fatal(err)
			}
			var recs []lab.HandRecord
			for li, lu := range p.Lineups {
				for rep := range p.Hands {
					r := lab.HandRecord{Index: li*p.Hands + rep, Rule: "r", Preset: "new-eleusis", Players: lu, Turns: 20}
					seat := rep % len(lu) // the measured seat (mixed: not measured)
					for _, s := range lu {
						score := sleep2[rep]
						if s == "a" {
							score = sleep1[rep]
						}
						r.Scores = append(r.Scores, score)
						found := s == "a" && rep < 9 || rep == 0
						m := &hypotheses.Measures{Own: true, Identified: found, Settled: -1, Confidence: 0.5, Expressible: true}
						if found {
							m.Settled = 3
							if s != "a" {
								m.Settled = 5
							}
						}
						if d != lab.Mixed {
							r.Discovery = append(r.Discovery, m)
						}
					}
					if d != lab.Mixed && lu[seat] == "b" && rep == 9 {
						r = lab.HandRecord{Index: r.Index, Rule: "r", Preset: "new-eleusis", Players: lu, Turns: 7, Error: "seat: it gave up", FailedSeat: &seat}
					}
					recs = append(recs, r)
				}
			}
			lb := Bench(p, recs)
			pair := func(a, b string) PairRow { // a − b, whichever ranks first
				for _, x := range lb.Pairs {
					if x.A == a && x.B == b && x.Design == d {
						return x
					}
					if x.A == b && x.B == a && x.Design == d {
						x.A, x.B, x.AOnly, x.BOnly, x.AFirst, x.BFirst = a, b, x.BOnly, x.AOnly, x.BFirst, x.AFirst
						x.ScoreDiff.Est, x.ScoreDiff.Lo, x.ScoreDiff.Hi = -x.ScoreDiff.Est, -x.ScoreDiff.Hi, -x.ScoreDiff.Lo
						return x
					}
				}
				t.Fatalf("no pair %s %s in %+v", a, b, lb.Pairs)
				return PairRow{}
			}
			ab, ac, bc := pair("a", "b"), pair("a", "c"), pair("b", "c")
			if d != lab.Mixed {
				if ab.AOnly != 8 || ab.BOnly != 0 || !near(float64(ab.IdentifiedP), 2.0/256, 1e-12) || !near(float64(ab.IdentifiedHolm), 4.0/256, 1e-12) ||
					!near(float64(ac.IdentifiedHolm), 4.0/256, 1e-12) ||
					!math.IsNaN(float64(bc.IdentifiedP)) {
					t.Errorf("identified: a–b %+v\na–c %+v\nb–c %+v", ab, ac, bc)
				}
				if ab.AFirst != 9 || ab.BFirst != 0 || !near(float64(ab.SettleP), math.Erfc(3/math.Sqrt2), 1e-12) {
					t.Errorf("settle: a–b %+v", ab)
				}
				b := lb.Strategies[2] // a, c (no failure), b
				if b.Strategy != "b" || b.Failed != 1 || b.Measured != 10 || b.Identified.Est != 0.1 || b.FailedShare.Est != 0.1 {
					t.Errorf("b: %+v", b)
				}
			} else if ab.Identified != 0 || !math.IsNaN(float64(ab.IdentifiedP)) {
				t.Errorf("mixed measures no discovery: %+v", ab)
			}
			if ab.Scored != 10 {
				t.Fatalf("a–b scored on %d deals, want 10", ab.Scored)
			}
			if d == lab.Mixed {
				if !near(ab.ScoreDiff.Est, -15.8, 1e-9) || !near(float64(ab.ScoreTP), 0.002833, 5e-7) || !near(float64(ab.WilcoxonP), 0.009091, 5e-7) || ab.WilcoxonExact {
					t.Errorf("scores: a–b %+v", ab)
				}
			} else if !near(ab.ScoreDiff.Est, (-158+14+20)/10.0, 1e-9) {
				// b's failed deal scores new-eleusis's worst, 0, against a's 20
				// (not 34 against 20 had it played on).
				t.Errorf("scores: a–b %+v", ab)
			}
			// Holm over three pairs: a–c's t p (the smallest) × 3.
			if ac.Scored == 10 && !near(float64(ac.ScoreTHolm), 3*float64(ac.ScoreTP), 1e-12) {
				t.Errorf("Holm: a–c t p %v, adjusted %v", ac.ScoreTP, ac.ScoreTHolm)
			}
			var text strings.Builder
			if err := render.Render(&text, "table", lb, lb.Tables()...); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(text.String(), "Pairs, deal by deal") {
				t.Errorf("no pairs table:\n%s", text.String())
			}
		})
	}
}

// The pairs' text view fits 120 columns, whatever the strategies are
// called: long names become keys (S1, S2…) spelt out in the title; short
// ones stay.
func TestPairsTextFits(t *testing.T) {
	long := []string{"bayes-eig(size=3000,eps=0.01,declare=0.95,guess=0.8,lambda=0.2)", "exec(persistent=true):python3 /home/someone/agents/my_agent.py --model x", "random"}
	for _, names := range [][]string{long, {"careful", "rash", "random"}} {
		var pairs []PairRow
		for i := range names {
			for j := i + 1; j < len(names); j++ {
				pairs = append(pairs, PairRow{Design: lab.Solo, A: names[i], B: names[j], Deals: 40, Identified: 40, AOnly: 3, BOnly: 1, IdentifiedHolm: 0.5,
					Scored: 40, ScoreDiff: stats.Interval{Est: -12.25, Lo: -20.5, Hi: -3.125}, ScoreTHolm: 0.001, WilcoxonHolm: 0.002,
					Guessed: 40, GuessedAOnly: 11, GuessedBOnly: 0, GuessedHolm: 0.00098})
			}
		}
		lb := &Leaderboard{Pairs: pairs}
		_, text := lb.pairTables()
		var b strings.Builder
		if err := render.Render(&b, "table", nil, text); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, line := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(line); n > 120 {
				t.Errorf("a line of %d columns:\n%s", n, out)
			}
		}
		keyed := strings.Contains(out, "│ S1 ")
		if keyed != (names[0] == long[0]) || keyed && !strings.Contains(strings.Join(strings.Fields(out), " "), "S2 = exec(persistent=true):python3") {
			t.Errorf("names %v:\n%s", names, out)
		}
		if !keyed && !strings.Contains(out, "careful") {
			t.Errorf("short names are shown as they are:\n%s", out)
		}
	}
}

// p-values print to two significant digits; one that underflowed says so.
func TestPCell(t *testing.T) {
	for _, c := range []struct {
		p    float64
		want string
	}{{0.0457, "0.046"}, {1, "1"}, {3.2e-26, "3e-26"}, {0, "<1e-300"}} {
		var b strings.Builder
		tb := render.Table{Cols: []render.Column{{Name: "p", Whole: true}}, Cells: [][]render.Cell{{pCell(stats.Num(c.p))}}}
		if err := render.Render(&b, "csv", nil, tb); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(strings.TrimPrefix(b.String(), "p\n")); got != c.want {
			t.Errorf("pCell(%g) = %q, want %q", c.p, got, c.want)
		}
	}
}
