package design

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/eleusis/eleusis/internal/atomicfile"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/rulebank"
)

// searchFile is the search's provenance in its folder (docs/results.md):
// what was searched for, by which build, how, and the rounds played.
const searchFile = "search.json"

// SearchLog is search.json.
type SearchLog struct {
	Command string      `json:"command"` // "design"
	Config  Config      `json:"config"`
	Program lab.Program `json:"program"`
	// Args: the command line, program name first.
	Args    []string  `json:"args,omitempty"`
	Started time.Time `json:"started"`
	Workers int       `json:"workers"`
	// Parents: the bank's rules the search started from, as played, and
	// their hash (lab.BankHash).
	Parents  []lab.RuleDef `json:"parents"`
	BankHash string        `json:"bank_sha256"`
	// Rounds: each round's seed, candidates and folder (its own run.json
	// and hands.jsonl: `eleusis rerun` replays it).
	Rounds    []LoggedRound `json:"rounds"`
	FinalSeed uint64        `json:"final_seed,omitempty"`
	Finished  bool          `json:"finished"`

	path string
}

// LoggedRound is a round as search.json records it.
type LoggedRound struct {
	Generation int    `json:"generation"`
	Round      int    `json:"round"`
	Seed       uint64 `json:"seed"`
	Candidates int    `json:"candidates"`
	Hands      int    `json:"hands_each"`
	Folder     string `json:"folder,omitempty"`
}

// The files and folders a search writes into its folder, removed by a
// search that replaces another (--force); other files are left alone.
var (
	searchOutputs = []string{searchFile, "bank.yaml", "search.png", "search.svg"}
	searchBases   = []string{"design"}
)

// openSearch prepares the search's folder: a new search refuses a folder
// holding another search (unless Force: then its files go) and writes
// search.json; a resumed one checks that search.json describes the same
// search, naming the first difference. Without a folder nothing is
// written.
func openSearch(cfg *Config, base *rulebank.Bank, parents []*Candidate) (*SearchLog, error) {
	log := &SearchLog{Command: "design", Config: *cfg, Program: lab.ThisProgram(), Args: cfg.Args,
		Started: time.Now().UTC().Truncate(time.Second), Workers: cfg.Workers}
	for _, c := range parents {
		log.Parents = append(log.Parents, lab.RuleDef{Name: c.Name, Expr: c.Expr, Starter: c.Starter})
	}
	log.BankHash = lab.BankHash(log.Parents)
	if cfg.Out == "" {
		return log, nil
	}
	log.path = filepath.Join(cfg.Out, searchFile)
	if err := os.MkdirAll(cfg.Out, 0o755); err != nil {
		return nil, err
	}
	held := exists(log.path)
	switch {
	case cfg.Resume && !held:
		return nil, fmt.Errorf("resume: %s holds no search (no %s)", cfg.Out, searchFile)
	case cfg.Resume:
		b, err := os.ReadFile(log.path)
		if err != nil {
			return nil, err
		}
		var old SearchLog
		if err := json.Unmarshal(b, &old); err != nil {
			return nil, fmt.Errorf("resume: %s: %w", log.path, err)
		}
		if d := firstDifference(old.Config, log.Config, "config"); d != "" {
			return nil, fmt.Errorf("resume: %s describes another search: %s", log.path, d)
		}
		if old.BankHash != log.BankHash {
			return nil, fmt.Errorf("resume: %s started from other rules of the bank (their hash differs): give the same --bank and --rules", log.path)
		}
		log.Started = old.Started
		return log, nil
	case held && !cfg.Force:
		return nil, fmt.Errorf("%s holds another search: continue it with --resume, choose another folder, or give --force to replace it", cfg.Out)
	case held:
		if err := clearSearch(cfg.Out); err != nil {
			return nil, err
		}
	}
	return log, log.write()
}

// clearSearch removes a search's files and its run folders (g1, g2, …,
// final).
func clearSearch(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := e.Name()
		ext := filepath.Ext(name)
		stem := strings.TrimSuffix(name, ext)
		ours := slices.Contains(searchOutputs, name)
		for _, b := range searchBases {
			ours = ours || (!e.IsDir() && (stem == b || strings.HasPrefix(stem, b+"-")))
		}
		if e.IsDir() {
			ours = name == "final" || (len(name) > 1 && name[0] == 'g' && strings.Trim(name[1:], "0123456789") == "")
		}
		if ours {
			if err := os.RemoveAll(filepath.Join(dir, name)); err != nil {
				return err
			}
		}
	}
	return nil
}

// record adds a finished race's rounds.
func (l *SearchLog) record(rr *RaceResult) {
	for _, r := range rr.Rounds {
		lr := LoggedRound{Generation: r.Generation, Round: r.Index, Seed: r.Seed, Candidates: len(r.Candidates), Hands: r.Hands}
		if l.path != "" {
			lr.Folder = fmt.Sprintf("g%d/round-%02d", r.Generation, r.Index)
		}
		l.Rounds = append(l.Rounds, lr)
	}
}

func (l *SearchLog) write() error {
	if l.path == "" {
		return nil
	}
	b, err := json.MarshalIndent(l, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(l.path, append(b, '\n'), 0o644)
}

// firstDifference compares two values as JSON objects and names the first
// key (in order) whose values differ: "config.budget is 100 in search.json,
// 200 in this command"; "" when they are the same.
func firstDifference(a, b any, prefix string) string {
	var ma, mb map[string]any
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	json.Unmarshal(ja, &ma)
	json.Unmarshal(jb, &mb)
	keys := slices.Sorted(maps.Keys(ma))
	for k := range mb {
		if _, ok := ma[k]; !ok {
			keys = append(keys, k)
		}
	}
	for _, k := range keys {
		x, _ := json.Marshal(ma[k])
		y, _ := json.Marshal(mb[k])
		if string(x) != string(y) {
			return fmt.Sprintf("%s.%s is %s in %s, %s in this command", prefix, k, x, searchFile, y)
		}
	}
	return ""
}
