package reports

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mattn/go-runewidth"
	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
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
func CICell(iv Interval) Cell {
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

// textTable is a table as text cells, before fitting.
type textTable struct {
	heads []string
	text  []bool // a text column (may be cut), not a number
	rows  [][]string
}

func (t *Table) asText() textTable {
	if t.Cols == nil {
		// A text table: its cells are not typed, so none is cut to fit
		// (a rule's name would be); only its headers wrap.
		tt := textTable{heads: t.Headers, rows: t.Rows, text: make([]bool, len(t.Headers))}
		return tt
	}
	tt := textTable{}
	for _, c := range t.Cols {
		tt.heads = append(tt.heads, cmpOr(c.Head, c.Name))
		tt.text = append(tt.text, c.Kind == Text && !c.Whole)
	}
	for _, cells := range t.Cells {
		row := make([]string, len(cells))
		for i, c := range cells {
			row[i] = c.text(t.Cols[i].Prec)
		}
		tt.rows = append(tt.rows, row)
	}
	return tt
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// keep removes the columns whose keep[i] is false.
func (tt *textTable) keep(keep []bool) {
	pick := func(xs []string) []string {
		var out []string
		for i, x := range xs {
			if keep[i] {
				out = append(out, x)
			}
		}
		return out
	}
	var text []bool
	for i, x := range tt.text {
		if keep[i] {
			text = append(text, x)
		}
	}
	tt.heads, tt.text = pick(tt.heads), text
	for r := range tt.rows {
		tt.rows[r] = pick(tt.rows[r])
	}
}

// fit prepares a table for a terminal: Wide columns hidden, constant
// columns dropped (returned as "head value" notes), and the widest text
// cells cut with an ellipsis until the table fits in width.
func (t *Table) fit(o RenderOptions) (tt textTable, notes []string) {
	tt = t.asText()
	rows := make([][]string, len(tt.rows))
	for r, row := range tt.rows {
		rows[r] = slices.Clone(row)
	}
	tt.rows = rows
	limit := wideCell
	if !o.Wide {
		limit = cmpInt(o.Width, DefaultWidth)
	}
	for _, row := range tt.rows {
		for i, s := range row {
			row[i] = cutCell(s, limit, o.Wide)
		}
	}
	if o.Wide {
		return tt, nil
	}
	keep := make([]bool, len(tt.heads))
	for i := range keep {
		keep[i] = t.Cols == nil || !t.Cols[i].Wide
		if keep[i] && len(tt.rows) > 0 && constant(tt.rows, i) {
			switch v := tt.rows[0][i]; {
			case v == "":
				keep[i] = false // empty in every row: nothing to show
			case len(tt.rows) > 1:
				keep[i] = false
				notes = append(notes, tt.heads[i]+" "+v)
			}
		}
	}
	tt.keep(keep)
	tt.shrink(cmpInt(o.Width, DefaultWidth), o.Format == "table")
	return tt, notes
}

// shrink narrows the table to width columns, as a box table (each column
// takes its width + 3, plus 1): the widest column that can give room is
// narrowed, down to the next widest (so that the cut spreads) or to what
// the excess asks. Text cells are cut with an ellipsis down to 12 columns
// (then 8 if that is not enough); numbers never; a header wraps at spaces
// and hyphens when wrap is set (a box table; Markdown headers are one line).
func (tt *textTable) shrink(width int, wrap bool) {
	n := len(tt.heads)
	heads := slices.Clone(tt.heads) // as given, before any wrapping
	cells, widths, floor := make([]int, n), make([]int, n), make([]int, n)
	for i, h := range tt.heads {
		for _, row := range tt.rows {
			cells[i] = max(cells[i], runewidth.StringWidth(row[i]))
		}
		widths[i] = max(cells[i], runewidth.StringWidth(h))
	}
	for _, minCut := range []int{12, 8} {
		for i, h := range tt.heads {
			head := runewidth.StringWidth(h)
			if wrap {
				head = longestWord(h)
			}
			if tt.text[i] {
				floor[i] = min(widths[i], max(minCut, head))
			} else {
				floor[i] = max(cells[i], head)
			}
		}
		for {
			total := 1
			for _, w := range widths {
				total += w + 3 // "│ " cell " "
			}
			widest, next := -1, 0
			for i, w := range widths {
				if w <= floor[i] {
					continue
				}
				if widest < 0 || w > widths[widest] {
					if widest >= 0 {
						next = max(next, widths[widest])
					}
					widest = i
				} else {
					next = max(next, w)
				}
			}
			if total <= width || widest < 0 {
				break
			}
			nw := max(floor[widest], next, widths[widest]-(total-width))
			if nw == widths[widest] {
				nw-- // two columns of the same width: narrow one a little
			}
			widths[widest] = nw
			if runewidth.StringWidth(heads[widest]) > nw {
				tt.heads[widest] = wrapHead(heads[widest], nw)
			}
			for _, row := range tt.rows {
				row[widest] = runewidth.Truncate(row[widest], nw, "…")
			}
		}
	}
}

// longestWord is the width of the longest piece of a header between the
// places it may wrap (after a space or a hyphen).
func longestWord(h string) int {
	w := 0
	for _, p := range headPieces(h) {
		w = max(w, runewidth.StringWidth(strings.TrimRight(p, " ")))
	}
	return w
}

// headPieces splits a header after each space and hyphen.
func headPieces(h string) []string {
	var out []string
	start := 0
	for i, r := range h {
		if r == ' ' || r == '-' {
			out = append(out, h[start:i+1])
			start = i + 1
		}
	}
	return append(out, h[start:])
}

// wrapHead puts a header on lines of at most w columns, breaking after
// spaces and hyphens; a piece longer than w is cut.
func wrapHead(h string, w int) string {
	var lines []string
	line := ""
	for _, p := range headPieces(h) {
		if line != "" && runewidth.StringWidth(strings.TrimRight(line+p, " ")) > w {
			lines = append(lines, strings.TrimRight(line, " "))
			line = ""
		}
		line += p
	}
	lines = append(lines, strings.TrimRight(line, " "))
	for i, l := range lines {
		lines[i] = runewidth.Truncate(l, w, "…")
	}
	return strings.Join(lines, "\n")
}

func cmpInt(a, b int) int {
	if a > 0 {
		return a
	}
	return b
}

func constant(rows [][]string, i int) bool {
	for _, row := range rows[1:] {
		if row[i] != rows[0][i] {
			return false
		}
	}
	return true
}

// cutCell makes a cell one line of at most limit columns: in narrow
// tables the first line, in wide ones every line joined by " ↵ ".
func cutCell(s string, limit int, wide bool) string {
	if len(s) > 4*limit {
		s = s[:4*limit] // a huge cell is cut before it is measured
	}
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		if wide {
			s = strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", " ↵ ")
		} else {
			s = s[:i] + " …"
		}
	}
	return runewidth.Truncate(s, limit, "…")
}

func renderText(w io.Writer, o RenderOptions, t Table) error {
	tt, notes := t.fit(o)
	md := o.Format == "markdown"
	if t.Title != "" {
		if md {
			fmt.Fprintf(w, "### %s\n\n", t.Title)
		} else if o.Wide {
			fmt.Fprintf(w, "%s\n", t.Title)
		} else {
			fmt.Fprintf(w, "%s\n", wrapWords(t.Title, cmpInt(o.Width, DefaultWidth)))
		}
	}
	opts := []tablewriter.Option{tablewriter.WithHeaderAutoFormat(tw.Off), tablewriter.WithHeaderAutoWrap(tw.WrapNone), tablewriter.WithRowAutoWrap(tw.WrapNone)}
	if md {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
		esc := func(xs []string) []string {
			out := make([]string, len(xs))
			for i, x := range xs {
				out[i] = strings.ReplaceAll(x, "|", `\|`)
			}
			return out
		}
		tt.heads = esc(tt.heads)
		for r := range tt.rows {
			tt.rows[r] = esc(tt.rows[r])
		}
	}
	tb := tablewriter.NewTable(w, opts...)
	tb.Header(toAny(tt.heads)...)
	for _, r := range tt.rows {
		if err := tb.Append(toAny(r)...); err != nil {
			return err
		}
	}
	if err := tb.Render(); err != nil {
		return err
	}
	if len(notes) > 0 {
		if md {
			fmt.Fprintln(w)
		}
		note := fmt.Sprintf("Every row: %s.", strings.Join(notes, "; "))
		if !md && !o.Wide {
			note = wrapWords(note, cmpInt(o.Width, DefaultWidth))
		}
		fmt.Fprintln(w, note)
	}
	return nil
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// wrapWords breaks text into lines of at most width columns, at spaces.
func wrapWords(text string, width int) string {
	var b strings.Builder
	line := 0
	for i, word := range strings.Fields(text) {
		w := runewidth.StringWidth(word)
		if i > 0 {
			if line+1+w > width {
				b.WriteByte('\n')
				line = 0
			} else {
				b.WriteByte(' ')
				line++
			}
		}
		b.WriteString(word)
		line += w
	}
	return b.String()
}
