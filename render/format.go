package render

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/eleusis/eleusis/stats"
)

// Formats every summary command accepts with --format.
var Formats = []string{"table", "markdown", "csv", "json"}

// CheckFormat reports an unknown --format.
func CheckFormat(f string) error {
	if slices.Contains(Formats, f) {
		return nil
	}
	return fmt.Errorf("unknown format %q (use %s)", f, strings.Join(Formats, ", "))
}

// Kind is the type of a column's cells.
type Kind int

const (
	// Text cells are strings.
	Text Kind = iota
	// Int cells are whole numbers.
	Int
	// Float cells are numbers, shown with the column's Prec decimals.
	Float
	// Bool cells are true or false.
	Bool
	// CI cells are an estimate with its 95% interval: three CSV columns,
	// NAME_est, NAME_lo and NAME_hi; "est [lo, hi]" in text formats.
	CI
)

// Column describes one column of a typed table.
type Column struct {
	// Name is the CSV header: lower case with underscores, the name a
	// data frame gets (docs/results.md lists them).
	Name string
	// Head is the short header of the terminal and Markdown tables
	// (Name when empty).
	Head string
	Kind Kind
	// Prec: decimals of Float and CI cells in text formats (CSV and JSON
	// keep full precision).
	Prec int
	// Wide: shown in the terminal only with --wide (always in files).
	Wide bool
	// Whole: a text column never cut to fit (a rule's name, a short
	// code).
	Whole bool
}

// Cell is one typed value; the zero Cell is missing (an empty CSV cell,
// "—" in text formats).
type Cell struct {
	kind   Kind
	set    bool
	s      string
	x      float64
	lo, hi float64
}

// Str is a text cell ("" is missing).
func Str(s string) Cell { return Cell{kind: Text, set: s != "", s: s} }

// IntCell is a whole number.
func IntCell(n int) Cell { return Cell{kind: Int, set: true, x: float64(n)} }

// FloatCell is a number; NaN and ±Inf are missing.
func FloatCell(x float64) Cell {
	return Cell{kind: Float, set: !math.IsNaN(x) && !math.IsInf(x, 0), x: x}
}

// BoolCell is true or false.
func BoolCell(b bool) Cell {
	c := Cell{kind: Bool, set: true}
	if b {
		c.x = 1
	}
	return c
}

// CICell is an estimate with its interval; a NaN estimate is missing, NaN
// bounds are missing bounds.
func CICell(iv stats.Interval) Cell {
	return Cell{kind: CI, set: !math.IsNaN(iv.Est), x: iv.Est, lo: iv.Lo, hi: iv.Hi}
}

// Table is a titled table. A typed table has Cols and Cells; a text table
// (Headers and Rows) is shown as it is.
type Table struct {
	// Name: the table's CSV file is BASE-NAME.csv when it is not the first
	// CSV table of its summary (WriteAll).
	Name string
	// Only: where the table goes, when not everywhere: TextOnly (the
	// terminal and Markdown: a view for people, e.g. the rules ordered by
	// another measure) or CSVOnly (data files and --format csv: e.g. every
	// measure of every rule in one tidy table).
	Only    Only
	Title   string
	Headers []string
	Rows    [][]string
	Cols    []Column
	Cells   [][]Cell
}

// Only says in which formats a table is written.
type Only int

const (
	// Everywhere: every format (the zero value).
	Everywhere Only = iota
	// TextOnly: the terminal table and Markdown.
	TextOnly
	// CSVOnly: CSV.
	CSVOnly
)

// csvTables are the tables written as CSV, in order.
func csvTables(tables []Table) []Table {
	var out []Table
	for _, t := range tables {
		if t.Only != TextOnly {
			out = append(out, t)
		}
	}
	return out
}

func (t *Table) fileName(i int) string {
	if t.Name != "" {
		return t.Name
	}
	return fmt.Sprintf("table%d", i+1)
}

// RenderOptions choose how Render lays out tables.
type RenderOptions struct {
	Format string
	// Wide keeps every column and long cells (files are written wide);
	// otherwise the table and Markdown formats hide Wide columns, drop
	// columns whose every row is the same (named under the table), and
	// cut long cells so that the table fits in Width columns.
	Wide  bool
	Width int
}

// DefaultWidth is the terminal width tables are fitted to.
const DefaultWidth = 120

// Longest cell of a text table even with --wide: a 120 MB description is
// cut, not laid out.
const wideCell = 1000

// Render writes tables in a format, fitted to a 120-column terminal; json
// writes data instead (the same content, with full precision and
// structure); csv writes the first CSV table only (one table per CSV).
func Render(w io.Writer, format string, data any, tables ...Table) error {
	return RenderWith(w, RenderOptions{Format: format}, data, tables...)
}

// RenderWith is Render with options.
func RenderWith(w io.Writer, o RenderOptions, data any, tables ...Table) error {
	switch o.Format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(data)
	case "csv":
		if cs := csvTables(tables); len(cs) > 0 {
			return writeCSV(w, cs[0])
		}
		return nil
	case "table", "markdown":
		first := true
		for _, t := range tables {
			if t.Only == CSVOnly {
				continue
			}
			if !first {
				fmt.Fprintln(w)
			}
			first = false
			if err := renderText(w, o, t); err != nil {
				return err
			}
		}
		return nil
	}
	return CheckFormat(o.Format)
}

// writeCSV writes one table as CSV: typed tables with their column names
// (a CI column as NAME_est, NAME_lo, NAME_hi), numbers at full precision,
// empty cells for missing values, booleans as true/false.
func writeCSV(w io.Writer, t Table) error {
	cw := csv.NewWriter(w)
	if t.Cols == nil {
		if err := cw.Write(t.Headers); err != nil {
			return err
		}
		if err := cw.WriteAll(t.Rows); err != nil {
			return err
		}
		cw.Flush()
		return cw.Error()
	}
	var head []string
	for _, c := range t.Cols {
		if c.Kind == CI {
			head = append(head, c.Name+"_est", c.Name+"_lo", c.Name+"_hi")
		} else {
			head = append(head, c.Name)
		}
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	row := make([]string, 0, len(head))
	for r, cells := range t.Cells {
		if len(cells) != len(t.Cols) {
			return fmt.Errorf("table %q row %d has %d cells for %d columns", t.Title, r+1, len(cells), len(t.Cols))
		}
		row = row[:0]
		for _, c := range cells {
			if c.kind == CI {
				row = append(row, csvNum(c.x, c.set), csvNum(c.lo, c.set), csvNum(c.hi, c.set))
				continue
			}
			row = append(row, c.csv())
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func csvNum(x float64, set bool) string {
	if !set || math.IsNaN(x) || math.IsInf(x, 0) {
		return ""
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

func (c Cell) csv() string {
	if !c.set {
		return ""
	}
	switch c.kind {
	case Int:
		return strconv.FormatInt(int64(c.x), 10)
	case Float:
		return csvNum(c.x, true)
	case Bool:
		return strconv.FormatBool(c.x == 1)
	}
	return c.s
}

// text is the cell as the terminal shows it.
func (c Cell) text(prec int) string {
	if !c.set {
		if c.kind == Text || c.kind == Bool {
			return ""
		}
		return "—"
	}
	f := func(x float64) string {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return "—"
		}
		s := strconv.FormatFloat(x, 'f', prec, 64)
		if strings.Trim(s, "-0.") == "" {
			s = strings.TrimPrefix(s, "-") // -0.004 shows as 0.00, not -0.00
		}
		return s
	}
	switch c.kind {
	case Int:
		return strconv.FormatInt(int64(c.x), 10)
	case Float:
		return f(c.x)
	case Bool:
		if c.x == 1 {
			return "yes"
		}
		return "no"
	case CI:
		if math.IsNaN(c.lo) && math.IsNaN(c.hi) {
			return f(c.x)
		}
		return fmt.Sprintf("%s [%s, %s]", f(c.x), f(c.lo), f(c.hi))
	}
	return c.s
}
