package render_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/eleusis/eleusis/render"
)

func TestSummedWrite(t *testing.T) {
	dir := t.TempDir()
	plotted := ""
	s := &render.Summed{Base: "rank", Data: map[string]int{"rules": 1},
		Tables: []render.Table{{Cols: []render.Column{{Name: "rule"}}, Cells: [][]render.Cell{{render.Str("same-suit")}}}},
		Plots:  func(d string) error { plotted = d; return nil }}
	if err := s.Write(dir); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"rank.csv", "rank.json", "rank.md", "rank.txt"}; !slices.Equal(names, want) || plotted != dir {
		t.Errorf("wrote %v, plots into %q; want %v and plots into %q", names, plotted, want, dir)
	}
	s.Plots = func(string) error { return errors.New("no room") }
	if err := s.Write(filepath.Join(dir, "again")); err == nil || err.Error() != "no room" {
		t.Errorf("a failed plot: %v", err)
	}
}
