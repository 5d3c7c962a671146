package docs

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The repository's README is a front door, not the manual: at most about
// 300 lines, and every page of this folder is tested (listed in documents)
// and reachable from both indexes (the README's and this folder's).
func TestFrontDoor(t *testing.T) {
	readme := read(t, "../README.md")
	if n := strings.Count(readme, "\n"); n > 300 {
		t.Errorf("README.md has %d lines: the manual belongs in docs/ (at most ~300 lines)", n)
	}
	index := read(t, "README.md")
	pages, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		if !slices.Contains(documents, p) {
			t.Errorf("%s is not in documents: its examples and links go untested", p)
		}
		if p == "README.md" {
			continue
		}
		if !strings.Contains(readme, "(docs/"+p) {
			t.Errorf("the README's documents do not link %s", p)
		}
		if !strings.Contains(index, "("+p+")") {
			t.Errorf("docs/README.md does not list %s", p)
		}
	}
	for _, d := range documents {
		if _, err := os.Stat(d); err != nil {
			t.Errorf("documents lists %s: %v", d, err)
		}
	}
}
