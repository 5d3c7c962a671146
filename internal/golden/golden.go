// Package golden compares what a test wrote with a file kept beside it (a
// golden file): the bytes a format promises its readers, pinned, so that a
// change to how they are written shows as a failing test, not as a silent
// change to every file already written. ELEUSIS_UPDATE_GOLDEN=1 rewrites the
// files instead (then read the diff before committing it).
package golden

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Env is the variable that rewrites the golden files.
const Env = "ELEUSIS_UPDATE_GOLDEN"

// Check compares got with the file at path and fails t at the first line
// that differs; with ELEUSIS_UPDATE_GOLDEN set it writes got there instead.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if os.Getenv(Env) != "" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (%s=1 writes it)", err, Env)
	}
	if d := Diff(want, got); d != "" {
		t.Errorf("%s: %s\n(if the change is meant, %s=1 rewrites the file)", path, d, Env)
	}
}

// Diff describes the first line where got differs from want, or returns ""
// when they are the same bytes.
func Diff(want, got []byte) string {
	if bytes.Equal(want, got) {
		return ""
	}
	wl, gl := bytes.Split(want, []byte("\n")), bytes.Split(got, []byte("\n"))
	for i := range max(len(wl), len(gl)) {
		var w, g []byte
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if !bytes.Equal(w, g) {
			return fmt.Sprintf("line %d differs (%d lines, want %d)\nwant: %s\ngot:  %s", i+1, len(gl), len(wl), clip(w, g), clip(g, w))
		}
	}
	return "the same lines, different bytes"
}

// clip shows a long line around its first difference from other.
func clip(line, other []byte) string {
	i := 0
	for i < len(line) && i < len(other) && line[i] == other[i] {
		i++
	}
	from, to := max(0, i-120), min(len(line), i+120)
	s := string(line[from:to])
	if from > 0 {
		s = "…" + s
	}
	if to < len(line) {
		s += "…"
	}
	return s
}
