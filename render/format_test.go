package render

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/stats"
	"github.com/mattn/go-runewidth"
)

func TestRender(t *testing.T) {
	tb := Table{Title: "T", Headers: []string{"a", "b"}, Rows: [][]string{{"1", "x,y"}, {"2", "z"}}}
	cases := map[string]string{
		"csv":      "a,b\n1,\"x,y\"\n2,z\n",
		"json":     "{\n  \"k\": 1\n}\n",
		"markdown": "### T\n\n| a |  b  |\n|:--|:----|\n| 1 | x,y |\n| 2 | z   |\n",
	}
	for format, want := range cases {
		var b bytes.Buffer
		if err := Render(&b, format, map[string]int{"k": 1}, tb); err != nil {
			t.Fatal(err)
		}
		if b.String() != want {
			t.Errorf("%s:\n%q\nwant\n%q", format, b.String(), want)
		}
	}
	var b bytes.Buffer
	if err := Render(&b, "table", nil, tb); err != nil || !strings.Contains(b.String(), "│ 1 │ x,y │") {
		t.Errorf("table: %v\n%s", err, b.String())
	}
	if err := Render(&b, "xml", nil, tb); err == nil {
		t.Error("unknown format must be an error")
	}
}

// Typed cells: CSV at full precision with empty missing cells, intervals
// as three columns and booleans true/false; text formats rounded, "—" for
// missing values.
func TestTypedTable(t *testing.T) {
	tb := Table{Title: "T", Cols: []Column{{Name: "rule", Whole: true}, {Name: "n", Kind: Int}, {Name: "found", Head: "found (95% CI)", Kind: CI, Prec: 2},
		{Name: "mean", Kind: Float, Prec: 1}, {Name: "sweet", Kind: Bool}, {Name: "note"}},
		Cells: [][]Cell{
			{Str("a"), IntCell(4), CICell(stats.Wilson(1, 4)), FloatCell(1.0 / 3), BoolCell(true), Str("x, y")},
			{Str("b"), IntCell(0), CICell(stats.Wilson(0, 0)), FloatCell(math.NaN()), BoolCell(false), {}},
		}}
	var b bytes.Buffer
	if err := Render(&b, "csv", nil, tb); err != nil {
		t.Fatal(err)
	}
	want := "rule,n,found_est,found_lo,found_hi,mean,sweet,note\n" +
		"a,4,0.25,0.0455872608097006,0.699358157417598,0.3333333333333333,true,\"x, y\"\n" +
		"b,0,,,,,false,\n"
	if b.String() != want {
		t.Errorf("csv:\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	if err := Render(&b, "markdown", nil, tb); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"| a    | 4 | 0.25 [0.05, 0.70] | 0.3  | yes   | x, y |", "| b    | 0 | —                 | —    | no    |      |"} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("markdown lacks %q:\n%s", s, b.String())
		}
	}
}

// Tables fit the width: Wide columns hidden, constant columns named under
// the table, empty ones dropped, long text cut with an ellipsis (never a
// Whole column or a number), headers wrapped; --wide keeps everything but
// still cuts a huge cell.
func TestFit(t *testing.T) {
	long := strings.Repeat("word ", 60)
	tb := Table{Cols: []Column{{Name: "rule", Whole: true}, {Name: "preset"}, {Name: "score", Kind: Float, Prec: 1},
		{Name: "expr", Head: "the rule's expression"}, {Name: "source", Wide: true}, {Name: "error"}},
		Cells: [][]Cell{
			{Str("black-high-red-low-and-more"), Str("new-eleusis"), FloatCell(12345.678), Str(long), Str("seed"), {}},
			{Str("same-suit"), Str("new-eleusis"), FloatCell(1), Str("card.suit == prev.suit"), Str("seed"), {}},
		}}
	var b bytes.Buffer
	if err := RenderWith(&b, RenderOptions{Format: "table", Width: 60}, nil, tb); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if w := runewidth.StringWidth(l); w > 60 && !strings.HasPrefix(l, "Every row") {
			t.Errorf("a line of %d columns:\n%s", w, out)
		}
	}
	for _, s := range []string{"black-high-red-low-and-more", "12345.7", "word word", "…", "Every row: preset new-eleusis.", "│    the rule's    │", "│    expression    │"} {
		if !strings.Contains(out, s) {
			t.Errorf("the fitted table lacks %q:\n%s", s, out)
		}
	}
	for _, s := range []string{"source", "error", "seed"} {
		if strings.Contains(out, s) {
			t.Errorf("the fitted table shows %q:\n%s", s, out)
		}
	}
	b.Reset()
	tb.Cells[0][3] = Str(strings.Repeat("x", 50_000_000))
	if err := RenderWith(&b, RenderOptions{Format: "markdown", Wide: true}, nil, tb); err != nil {
		t.Fatal(err)
	}
	if b.Len() > 5000 || !strings.Contains(b.String(), "source") || !strings.Contains(b.String(), "| seed ") {
		t.Errorf("--wide: %d bytes\n%.2000s", b.Len(), b.String())
	}
}

// A text-only table goes to the terminal and Markdown, a CSV-only table to
// CSV files: one tidy CSV per data table, named after the table.
func TestWriteAllOnly(t *testing.T) {
	data := Table{Only: CSVOnly, Cols: []Column{{Name: "rule"}, {Name: "score", Kind: Float}}, Cells: [][]Cell{{Str("a"), FloatCell(1.5)}}}
	view := Table{Only: TextOnly, Title: "By score", Cols: []Column{{Name: "rule"}}, Cells: [][]Cell{{Str("a")}}}
	pairs := Table{Name: "pairs", Title: "Pairs", Cols: []Column{{Name: "a"}, {Name: "b"}}, Cells: [][]Cell{{Str("x"), Str("y")}}}
	dir := t.TempDir()
	tables := []Table{data, view, pairs}
	if err := WriteAll(dir, "s", map[string]int{}, tables); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(CSVFiles("s", tables), " "); got != "s.csv s-pairs.csv" {
		t.Errorf("CSV files %s", got)
	}
	for f, want := range map[string]string{"s.csv": "rule,score\na,1.5\n", "s-pairs.csv": "a,b\nx,y\n"} {
		if b, _ := os.ReadFile(filepath.Join(dir, f)); string(b) != want {
			t.Errorf("%s: %q", f, b)
		}
	}
	md, _ := os.ReadFile(filepath.Join(dir, "s.md"))
	if !strings.Contains(string(md), "### By score") || !strings.Contains(string(md), "### Pairs") || strings.Contains(string(md), "score |") {
		t.Errorf("s.md:\n%s", md)
	}
}
