package docs

import (
	"bytes"
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/bench"
	"github.com/eleusis/eleusis/design"
	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/lessons"
	"github.com/eleusis/eleusis/rank"
	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
	"github.com/eleusis/eleusis/stats"
)

// Every field of run.json and hands.jsonl is described in results.md.
func TestResultFieldsDocumented(t *testing.T) {
	text := read(t, "results.md")
	for _, typ := range []reflect.Type{reflect.TypeFor[lab.RunMeta](), reflect.TypeFor[lab.Plan](), reflect.TypeFor[lab.RuleDef](),
		reflect.TypeFor[lab.Program](), reflect.TypeFor[lab.HandRecord](), reflect.TypeFor[hypotheses.Measures](),
		reflect.TypeFor[sim.MoveRecord](), reflect.TypeFor[rank.Ranking](), reflect.TypeFor[rank.RuleSummary](),
		reflect.TypeFor[rank.Correlation](), reflect.TypeFor[stats.KMStep](), reflect.TypeFor[bench.Leaderboard](),
		reflect.TypeFor[bench.StrategyRow](), reflect.TypeFor[bench.PairRow](), reflect.TypeFor[bench.UsageRow](), reflect.TypeFor[agents.Usage](), reflect.TypeFor[stats.Calibration](),
		reflect.TypeFor[stats.CalibrationBin]()} {
		for _, f := range jsonFields(typ) {
			if !strings.Contains(text, "`"+f+"`") {
				t.Errorf("results.md does not describe the field %s of %s", f, typ.Name())
			}
		}
	}
}

// csvColumns reads the column tables of results.md: for each CSV file
// named (in back quotes) in a heading or the paragraph before a table whose
// first header is "column", the documented columns and their types.
func csvColumns(t *testing.T) map[string][][2]string {
	t.Helper()
	out := map[string][][2]string{}
	file := regexp.MustCompile("`([a-z-]+\\.csv)`")
	name := regexp.MustCompile("`([a-z0-9_]+)`")
	var current []string
	var inTable bool
	for _, line := range strings.Split(read(t, "results.md"), "\n") {
		switch {
		case strings.HasPrefix(line, "| column |"):
			inTable = true
		case inTable && strings.HasPrefix(line, "|---"):
		case inTable && strings.HasPrefix(line, "|"):
			cells := strings.Split(line, "|")
			typ := strings.TrimSpace(cells[2])
			for _, m := range name.FindAllStringSubmatch(cells[1], -1) {
				for _, f := range current {
					out[f] = append(out[f], [2]string{m[1], typ})
				}
			}
		default:
			if inTable {
				inTable, current = false, nil
			}
			if fs := file.FindAllStringSubmatch(line, -1); len(fs) > 0 {
				current = nil
				for _, f := range fs {
					current = append(current, f[1])
				}
			}
		}
	}
	return out
}

// checkCSV reads a CSV file written by the lab: one table (every row as
// wide as the header), its columns those results.md documents for the
// file, in order, each value of its documented type.
func checkCSV(t *testing.T, path string, schema map[string][][2]string) {
	t.Helper()
	base := filepath.Base(path)
	cols, ok := schema[base]
	if !ok {
		t.Errorf("results.md documents no columns of %s", base)
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Errorf("%s: not one table: %v", base, err)
		return
	}
	var want []string
	for _, c := range cols {
		want = append(want, c[0])
	}
	if got := recs[0]; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("%s: columns\n%s\nresults.md documents\n%s", base, strings.Join(got, ","), strings.Join(want, ","))
		return
	}
	if len(recs) < 2 && base != "rank-problems.csv" {
		t.Errorf("%s: no rows", base)
	}
	for i, row := range recs[1:] {
		for j, v := range row {
			if v == "" {
				continue // missing
			}
			if err := ofType(v, cols[j][1]); err != nil {
				t.Errorf("%s line %d, %s: %v", base, i+2, cols[j][0], err)
			}
		}
	}
}

func ofType(v, typ string) error {
	switch typ {
	case "integer":
		_, err := strconv.Atoi(v)
		return err
	case "number":
		_, err := strconv.ParseFloat(v, 64)
		return err
	case "share":
		x, err := strconv.ParseFloat(v, 64)
		if err == nil && (x < 0 || x > 1) {
			return strconv.ErrRange
		}
		return err
	case "boolean":
		_, err := strconv.ParseBool(v)
		if v != "true" && v != "false" {
			return strconv.ErrSyntax
		}
		return err
	case "card":
		_, err := sim.ParseCard(v)
		return err
	}
	return nil // text
}

// Every CSV file rank and bench write is one table whose columns are those
// results.md documents, in order, each value of its documented type.
func TestRankAndBenchCSVDocumented(t *testing.T) {
	runner := &lab.Lab{Bank: rulebank.Default(), Kit: agents.NewKit()}
	dir := t.TempDir()
	p := &lab.Plan{Seed: 3, Rules: []string{"same-suit", "black-high-red-low"}, Presets: []string{"new-eleusis"},
		Lineups: [][]string{{"bayes-eig(size=3000)", "positive-tester(size=3000)", "random", "bounded-human(k=5)"}}, Hands: 3}
	ranker := rank.NewRanker(p, runner.Bank, runner.Kit)
	if _, err := runner.Run(context.Background(), p, lab.RunOptions{Out: dir + "/rank", Each: func(h *lab.HandRecord) error { ranker.Add(h); return nil }}); err != nil {
		t.Fatal(err)
	}
	rk, err := ranker.Ranking()
	if err != nil {
		t.Fatal(err)
	}
	if err := render.WriteAll(dir+"/rank", "rank", rk, rk.Tables()); err != nil {
		t.Fatal(err)
	}
	q := &lab.Plan{Seed: 3, Rules: []string{"same-suit"}, Presets: []string{"new-eleusis"}, Hands: 2}
	if err := q.SeatBench([]string{"bayes-eig(size=3000)", "random"}, lab.Designs, 3); err != nil {
		t.Fatal(err)
	}
	bencher := bench.NewBencher(q)
	if _, err := runner.Run(context.Background(), q, lab.RunOptions{Each: func(h *lab.HandRecord) error { bencher.Add(h); return nil }}); err != nil {
		t.Fatal(err)
	}
	lb := bencher.Leaderboard()
	if err := render.WriteAll(dir+"/bench", "bench", lb, lb.Tables()); err != nil {
		t.Fatal(err)
	}
	schema := csvColumns(t)
	files := append(render.CSVFiles("rank", rk.Tables()), render.CSVFiles("bench", lb.Tables())...)
	if got := strings.Join(files, " "); got != "rank.csv rank-correlations.csv rank-problems.csv bench.csv bench-pairs.csv bench-calibration.csv" {
		t.Errorf("the CSV files are %s", got)
	}
	for _, f := range files {
		sub := "rank"
		if strings.HasPrefix(f, "bench") {
			sub = "bench"
		}
		checkCSV(t, filepath.Join(dir, sub, f), schema)
	}
	// Under the solo guessing protocol bench also writes bench-guessing.csv.
	g := &lab.Plan{Seed: 3, Rules: []string{"same-suit"}, Presets: []string{"solo-guessing"}, Hands: 2}
	if err := g.SeatBench([]string{"bayes-eig(size=3000,guess=0.3)", "random"}, []lab.Design{lab.Solo}, 1); err != nil {
		t.Fatal(err)
	}
	bencher = bench.NewBencher(g)
	if _, err := runner.Run(context.Background(), g, lab.RunOptions{Each: func(h *lab.HandRecord) error { bencher.Add(h); return nil }}); err != nil {
		t.Fatal(err)
	}
	lb = bencher.Leaderboard()
	if err := render.WriteAll(dir+"/guessing", "bench", lb, lb.Tables()); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(render.CSVFiles("bench", lb.Tables()), " "); got != "bench.csv bench-pairs.csv bench-guessing.csv bench-calibration.csv" {
		t.Errorf("the CSV files under solo-guessing are %s", got)
	}
	checkCSV(t, filepath.Join(dir, "guessing", "bench-guessing.csv"), schema)
}

// The lesson's table.csv is as results.md says.
func TestLessonCSVDocumented(t *testing.T) {
	res := &sim.Result{Opening: mustCards(t, "KH"), MainLine: mustCards(t, "KH 5S 9D"), Errors: []sim.ErrorGroup{{Under: 0, Cards: mustCards(t, "4C")}},
		History: []sim.MoveRecord{
			{Turn: 1, Player: 0, Kind: sim.Play, Cards: mustCards(t, "4C"), Verdict: sim.No},
			{Turn: 2, Player: 1, Kind: sim.Sequence, Cards: mustCards(t, "5S 9D"), Verdict: sim.Yes, Accepted: mustCards(t, "5S 9D")},
		}}
	data, err := lessons.TableCSV(res, &sim.Options{}, []string{"Ana", "Bia"})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "table.csv")
	os.WriteFile(path, data, 0o644)
	checkCSV(t, path, csvColumns(t))
}

func mustCards(t *testing.T, s string) []sim.Card {
	t.Helper()
	cs, err := sim.ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// Every CSV file and JSON field `design` writes is as results.md says.
func TestDesignFilesDocumented(t *testing.T) {
	dir := t.TempDir()
	cfg := design.DefaultConfig
	cfg.Budget, cfg.Candidates, cfg.Generations, cfg.Top, cfg.Baselines = 240, 4, 1, 1, 1
	cfg.Parents = []string{"same-suit", "only-red", "opposite-colour"}
	cfg.Lineup = []string{"random", "random", "random", "random"}
	cfg.Out = dir
	res, err := design.Run(context.Background(), rulebank.Default(), agents.NewKit(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := res.Write(dir); err != nil {
		t.Fatal(err)
	}
	schema := csvColumns(t)
	files := render.CSVFiles("design", res.Tables())
	if got := strings.Join(files, " "); got != "design.csv design-search.csv design-pools.csv design-rounds.csv design-candidates.csv" {
		t.Errorf("the CSV files are %s", got)
	}
	for _, f := range files {
		checkCSV(t, filepath.Join(dir, f), schema)
	}
	text := read(t, "results.md")
	for _, typ := range []reflect.Type{reflect.TypeFor[design.SearchLog](), reflect.TypeFor[design.LoggedRound](), reflect.TypeFor[design.Config](),
		reflect.TypeFor[design.Objective](), reflect.TypeFor[design.Checker](), reflect.TypeFor[design.Result](), reflect.TypeFor[design.PoolStats](),
		reflect.TypeFor[design.Candidate](), reflect.TypeFor[design.Proposal](), reflect.TypeFor[design.RaceResult](), reflect.TypeFor[design.Round](),
		reflect.TypeFor[design.RoundResult](), reflect.TypeFor[design.Point](), reflect.TypeFor[design.Final](), reflect.TypeFor[design.Finalist](),
		reflect.TypeFor[design.Paired]()} {
		for _, f := range jsonFields(typ) {
			if !strings.Contains(text, "`"+f+"`") {
				t.Errorf("results.md does not describe the field %s of %s", f, typ.Name())
			}
		}
	}
}
