package render

// Summed is a run summed up, ready to print and to write: what `eleusis
// rank` and `eleusis bench` print and write into --out.
type Summed struct {
	// Base names the files: BASE.txt, BASE.md, BASE.json, BASE.csv and
	// BASE-NAME.csv (WriteAll).
	Base string
	// Data is what --format json prints and BASE.json holds.
	Data   any
	Tables []Table
	// Plots draws the summary's plots into a folder (nil: it has none).
	Plots func(dir string) error
	// Fail, when not nil, is why the summary, printed and written, does not
	// stand as a result (a strategy that did not play its own game): the
	// command exits with it.
	Fail error
}

// Write writes the summary's files (WriteAll) and plots into dir.
func (s *Summed) Write(dir string) error {
	if err := WriteAll(dir, s.Base, s.Data, s.Tables); err != nil {
		return err
	}
	if s.Plots == nil {
		return nil
	}
	return s.Plots(dir)
}
