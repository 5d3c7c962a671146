package render

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/eleusis/eleusis/internal/atomicfile"
)

// extensions of the summary files, by format.
var extensions = map[string]string{"table": "txt", "markdown": "md", "csv": "csv", "json": "json"}

// WriteAll writes a summary to dir: base.txt and base.md (the tables for
// people), base.json (data), and one CSV per data table, base.csv for the
// first and base-NAME.csv for each other (Table.Name), so that every CSV is
// one tidy table. Each file is written atomically.
func WriteAll(dir, base string, data any, tables []Table) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range Formats {
		if f == "csv" {
			continue
		}
		var buf bytes.Buffer
		if err := RenderWith(&buf, RenderOptions{Format: f, Wide: true}, data, tables...); err != nil {
			return fmt.Errorf("%s as %s: %w", base, f, err)
		}
		if err := atomicfile.WriteFile(filepath.Join(dir, base+"."+extensions[f]), buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	names := CSVFiles(base, tables)
	for i, t := range csvTables(tables) {
		name := names[i]
		var buf bytes.Buffer
		if err := writeCSV(&buf, t); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := atomicfile.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// CSVFiles names the CSV files WriteAll writes for tables.
func CSVFiles(base string, tables []Table) []string {
	var out []string
	for i, t := range csvTables(tables) {
		if i == 0 {
			out = append(out, base+".csv")
		} else {
			out = append(out, base+"-"+t.fileName(i)+".csv")
		}
	}
	return out
}
