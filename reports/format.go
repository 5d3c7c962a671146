package reports

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Formats every summary command accepts with --format.
var Formats = []string{"table", "markdown", "csv", "json"}

// CheckFormat reports an unknown --format.
func CheckFormat(f string) error {
	for _, x := range Formats {
		if f == x {
			return nil
		}
	}
	return fmt.Errorf("unknown format %q (use %s)", f, strings.Join(Formats, ", "))
}

// Table is a titled table of text cells.
type Table struct {
	Title   string
	Headers []string
	Rows    [][]string
}

// Render writes tables in a format; json writes data instead (the same
// content, with full precision and structure).
func Render(w io.Writer, format string, data any, tables ...Table) error {
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(data)
	case "csv":
		cw := csv.NewWriter(w)
		for i, t := range tables {
			if i > 0 {
				if err := cw.Write(nil); err != nil {
					return err
				}
			}
			if err := cw.Write(t.Headers); err != nil {
				return err
			}
			if err := cw.WriteAll(t.Rows); err != nil {
				return err
			}
		}
		cw.Flush()
		return cw.Error()
	case "table", "markdown":
		for i, t := range tables {
			if i > 0 {
				fmt.Fprintln(w)
			}
			if t.Title != "" {
				if format == "markdown" {
					fmt.Fprintf(w, "### %s\n\n", t.Title)
				} else {
					fmt.Fprintf(w, "%s\n", t.Title)
				}
			}
			opts := []tablewriter.Option{tablewriter.WithHeaderAutoFormat(tw.Off), tablewriter.WithRowAutoWrap(tw.WrapNone)}
			if format == "markdown" {
				opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
			}
			tb := tablewriter.NewTable(w, opts...)
			tb.Header(toAny(t.Headers)...)
			for _, r := range t.Rows {
				if err := tb.Append(toAny(r)...); err != nil {
					return err
				}
			}
			if err := tb.Render(); err != nil {
				return err
			}
		}
		return nil
	}
	return CheckFormat(format)
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
