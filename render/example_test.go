package render_test

import (
	"os"

	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/stats"
)

// A typed table of two rules, as Markdown and as CSV: the interval column
// is "est [lo, hi]" for people and three columns in the data file; a
// column with the same value on every row becomes a note under the table
// for people and stays a column in the data.
func ExampleRender() {
	t := render.Table{Title: "Found", Cols: []render.Column{
		{Name: "rule", Kind: render.Text},
		{Name: "hands", Kind: render.Int},
		{Name: "found", Kind: render.CI, Prec: 2},
	}, Cells: [][]render.Cell{
		{render.Str("same-suit"), render.IntCell(12), render.CICell(stats.Wilson(9, 12))},
		{render.Str("only-red"), render.IntCell(12), render.CICell(stats.Wilson(3, 12))},
	}}
	for _, f := range []string{"markdown", "csv"} {
		if err := render.Render(os.Stdout, f, nil, t); err != nil {
			panic(err)
		}
	}
	// Output:
	// ### Found
	//
	// |   rule    |       found       |
	// |:----------|:------------------|
	// | same-suit | 0.75 [0.47, 0.91] |
	// | only-red  | 0.25 [0.09, 0.53] |
	//
	// Every row: hands 12.
	// rule,hands,found_est,found_lo,found_hi
	// same-suit,12,0.75,0.4676946650664344,0.9110583316059453
	// only-red,12,0.25,0.08894166839405476,0.5323053349335656
}
