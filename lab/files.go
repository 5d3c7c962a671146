package lab

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// WriteFileAtomic writes a file through a temporary file in the same folder
// and a rename, so that a reader never sees half a file. The file is
// created with mode 0644 less the umask (readable by colleagues, as files
// written by other tools are).
func WriteFileAtomic(path string, data []byte) error {
	return writeFileAtomic(path, data, 0o644)
}

// writeFileAtomic is WriteFileAtomic with the file's mode (less the
// umask).
func writeFileAtomic(path string, data []byte, perm os.FileMode) error {
	tmp, err := createTemp(path, perm)
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// createTemp opens a new hidden file beside path, .NAME.RANDOM, with mode
// perm less the umask (os.CreateTemp would make it 0600).
func createTemp(path string, perm os.FileMode) (*os.File, error) {
	for range 100 {
		var b [6]byte
		rand.Read(b[:])
		name := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+"."+hex.EncodeToString(b[:]))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, fmt.Errorf("cannot create a temporary file beside %s", path)
}

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
