package rank

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/bench"
	"github.com/eleusis/eleusis/internal/testkit"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/stats"
)

// Plots of runs whose hands all failed, or of nothing, are drawn (saying
// so), never a panic; every file is written.
func TestPlotsOfNothing(t *testing.T) {
	nan := stats.Interval{Est: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	failed := RuleSummary{Rule: "broken", Preset: "new-eleusis", Errors: 3, Misidentified: stats.Wilson(0, 0), GodScore: nan, Difficulty: stats.Num(math.NaN())}
	for name, rk := range map[string]*Ranking{
		"no rules":   {Plan: tinyPlan()},
		"all failed": {Plan: tinyPlan(), Rules: []RuleSummary{failed, failed}},
	} {
		dir := t.TempDir()
		if err := RankPlots(dir, rk); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if err := bench.LeaderboardPlot(dir, &bench.Leaderboard{Plan: tinyPlan()}); err != nil {
			t.Errorf("%s: leaderboard: %v", name, err)
		}
		for _, f := range []string{"difficulty", "discovery", "god-scores", "learning", "leaderboard", "reliability"} {
			for _, ext := range []string{".png", ".svg"} {
				st, err := os.Stat(filepath.Join(dir, f+ext))
				if err != nil || st.Size() == 0 {
					t.Errorf("%s: %s%s missing: %v", name, f, ext, err)
				} else if st.Mode().Perm() != 0o644&^testkit.Umask() {
					t.Errorf("%s: %s%s mode %v", name, f, ext, st.Mode())
				}
			}
		}
	}
}

// A move axis is labelled at whole moves, 1-2-5 steps, no decimals.
func TestMoveTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   string
	}{
		{0, 26, "0 5 10 15 20 25"},
		{1, 36, "10 20 30"},
		{0, 3, "0 1 2 3"},
		{0, 1, "0 1"},
		{0, 400, "0 100 200 300 400"},
	} {
		var labels []string
		minors := 0
		for _, tk := range (render.MoveTicks{}).Ticks(c.lo, c.hi) {
			if tk.Label == "" {
				minors++
				continue
			}
			labels = append(labels, tk.Label)
		}
		if got := strings.Join(labels, " "); got != c.want {
			t.Errorf("ticks on [%g, %g]: labels %q, want %q", c.lo, c.hi, got, c.want)
		}
		if c.hi-c.lo >= 10 && minors == 0 {
			t.Errorf("ticks on [%g, %g]: no minor ticks", c.lo, c.hi)
		}
	}
}

// tinyPlan: random players, no discovery measures: a few milliseconds.
func tinyPlan() *lab.Plan {
	return &lab.Plan{Seed: 7, Rules: []string{"same-suit", "black-high-red-low"}, Presets: []string{"new-eleusis"},
		Lineups: [][]string{{"random", "random", "random", "random"}}, Hands: 4, NoDiscovery: true}
}

// Tables and plots name a line-up's strategies by their name= labels.
func TestLineupNoteUsesNames(t *testing.T) {
	p := &lab.Plan{Hands: 2, Presets: []string{"new-eleusis"}, Lineups: [][]string{{"exec(name=mine):python3 /a/very/long/path/agent.py --flag", "random"}}}
	if got, want := lineupNote(p), "line-up: mine, random"; got != want {
		t.Errorf("lineupNote = %q, want %q", got, want)
	}
	if c := planCaption(p); !strings.Contains(c, "line-up: mine, random") || strings.Contains(c, "python3") {
		t.Errorf("the caption %q", c)
	}
	p.Lineups = append(p.Lineups, []string{"bayes-eig(name=b)", "random"})
	if got, want := lineupNote(p), "2 line-ups: mine, random | b, random"; got != want {
		t.Errorf("lineupNote = %q, want %q", got, want)
	}
}
