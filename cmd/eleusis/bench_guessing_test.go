package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/eleusis/eleusis/bench"
)

// Under the solo guessing protocol a scientist that states its rule once
// it holds it at even odds beats its rash twin, which states every new
// favourite at once: the rash one may find the rule as often and sooner,
// but pays for its wrong statements (5 points each), and the pairs table
// says so deal by deal.
func TestBenchSoloGuessingRewardsJudgement(t *testing.T) {
	measured := "bayes-eig(size=3000,guess=0.5,name=measured)"
	rash := "bayes-eig(size=3000,guess=0,name=rash)"
	dir := t.TempDir()
	if _, err := run(t, "bench", "--preset", "solo-guessing", "--strategies", measured+";"+rash, "--rules", "black-high-red-low,same-suit,alternate-parity,only-red",
		"--hands", "10", "--seed", "3", "--workers", "2", "--out", dir); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "bench.json"))
	if err != nil {
		t.Fatal(err)
	}
	lb := readLeaderboard(t, b)
	rows := map[string]*bench.GuessRow{}
	for _, r := range lb.Strategies {
		rows[r.Strategy] = r.Guessing
	}
	m, r := rows["measured"], rows["rash"]
	if m == nil || r == nil || m.Hands != 40 || r.Hands != 40 {
		t.Fatalf("guessing rows: %+v", lb.Strategies)
	}
	if !(m.Score.Est > r.Score.Est) || !(r.Wrong.Est > 2*m.Wrong.Est) {
		t.Errorf("measured %+v\nrash %+v", m, r)
	}
	if len(lb.Pairs) != 1 {
		t.Fatalf("pairs %+v", lb.Pairs)
	}
	pr := lb.Pairs[0]
	diff := pr.ScoreDiff.Est
	if pr.A == "rash" {
		diff = -diff
	}
	if pr.Scored != 40 || !(diff > 0) || !(pr.ScoreTHolm < 0.05) || pr.Guessed != 40 {
		t.Errorf("the pair: %+v", pr)
	}
	for _, f := range []string{"bench-guessing.csv", "guessing.png"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
}
