package render

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mattn/go-runewidth"
	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

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
