package i18n

import (
	"os"
	"strings"
	"testing"
)

// The glossary of docs/languages.md says the catalogues' words: each
// row's key, said in each language, is the row's cell.
func TestGlossaryInDocs(t *testing.T) {
	b, err := os.ReadFile("../docs/languages.md")
	if err != nil {
		t.Fatal(err)
	}
	var cols []string
	rows := 0
	for i, line := range strings.Split(string(b), "\n") {
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) > 2 && cells[0] == "term" && cells[1] == "key" {
			cols = cells
			continue
		}
		if cols == nil || !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "|--") {
			if cols != nil && rows > 0 && !strings.HasPrefix(line, "|") {
				break
			}
			continue
		}
		if len(cells) != len(cols) {
			t.Fatalf("docs/languages.md:%d: %d cells, the header has %d", i+1, len(cells), len(cols))
		}
		key := strings.Trim(cells[1], "`")
		for j, name := range cols[2:] {
			var p *Printer
			for _, l := range Languages {
				if Name(l) == name {
					p = NewPrinter(l)
				}
			}
			if p == nil {
				t.Fatalf("docs/languages.md: the column %q is no catalogue's language", name)
			}
			if got := p.T(key); got != cells[2+j] {
				t.Errorf("docs/languages.md:%d: %s in %s is %q, the glossary says %q", i+1, key, name, got, cells[2+j])
			}
		}
		rows++
	}
	if rows < 5 {
		t.Errorf("docs/languages.md: %d glossary rows found", rows)
	}
}
