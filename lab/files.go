package lab

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The files of a run folder the lab reads and writes.
const (
	runFile    = "run.json"
	handsFile  = "hands.jsonl"
	partFile   = "hands.jsonl.part"
	tracesFile = "traces.jsonl.gz" // the language models' calls (traces.go)
)

// summaryBases are the summaries written into run folders; plotNames the
// plots (each as .png and .svg). A run that replaces another (--force)
// removes them, so that no file of the old run is left beside the new one.
var (
	summaryBases = []string{"rank", "bench"}
	plotNames    = []string{"difficulty", "discovery", "god-scores", "learning", "leaderboard", "reliability"}
)

// holdsRun reports whether dir holds the files of a run.
func holdsRun(dir string) bool {
	for _, f := range []string{runFile, handsFile, partFile} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			return true
		}
	}
	return false
}

// clearRun removes the files a run writes into dir: run.json, the hands,
// the summaries and the plots. Other files are left alone.
func clearRun(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.IsDir() || !isRunOutput(e.Name()) {
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

func isRunOutput(name string) bool {
	switch name {
	case runFile, handsFile, partFile, tracesFile:
		return true
	}
	ext := filepath.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	switch ext {
	case ".txt", ".md", ".csv", ".json":
		for _, b := range summaryBases {
			if stem == b || strings.HasPrefix(stem, b+"-") {
				return true
			}
		}
	case ".png", ".svg":
		for _, p := range plotNames {
			if stem == p {
				return true
			}
		}
	}
	return false
}

// refuseOrClear: a new run into a folder that holds another run is refused
// unless force is set, in which case the old run's files are removed.
func refuseOrClear(dir string, force bool) error {
	if !holdsRun(dir) {
		return nil
	}
	if !force {
		what := "another run"
		if b, err := os.ReadFile(filepath.Join(dir, runFile)); err == nil {
			var m RunMeta
			if json.Unmarshal(b, &m) == nil && m.Command != "" {
				what = fmt.Sprintf("another run (%s, started %s)", m.Command, m.Started.Format("2006-01-02 15:04"))
			}
		}
		return fmt.Errorf("%s holds %s: continue it with --resume, choose another folder, or give --force to replace it", dir, what)
	}
	return clearRun(dir)
}
