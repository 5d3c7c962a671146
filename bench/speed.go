package bench

import (
	"fmt"

	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/render"
)

// SpeedTable is the table of `bench --perf`: the lab's speed measurement
// (lab.MeasureSpeed) on rule, each figure of at least hands hands.
func SpeedTable(rule string, hands int, rows []lab.Speed) render.Table {
	workers := 0
	if len(rows) > 0 {
		workers = rows[0].Workers
	}
	t := render.Table{Title: fmt.Sprintf("Speed: hands per second, 4 players of each strategy, rule %s, new-eleusis (each figure: at least 1 s and %d hands)", rule, hands),
		Cols: []render.Column{{Name: "strategy", Whole: true}, {Name: "hands_per_s_1_worker", Head: "1 worker", Kind: render.Float},
			{Name: "hands_per_s_all_workers", Head: fmt.Sprintf("%d workers", workers), Kind: render.Float},
			{Name: "hands_per_s_per_core", Head: "per core", Kind: render.Float}, {Name: "scaling", Kind: render.Float, Prec: 2},
			{Name: "hands_per_s_per_core_with_discovery", Head: "per core with discovery", Kind: render.Float},
			{Name: "index_mib", Head: "index MiB", Kind: render.Float, Prec: 1}}}
	for _, r := range rows {
		index := render.FloatCell(r.IndexMiB)
		if r.IndexMiB == 0 {
			index = render.Cell{} // no hypothesis space
		}
		t.Cells = append(t.Cells, []render.Cell{render.Str(r.Strategy), render.FloatCell(r.OneWorker), render.FloatCell(r.AllWorkers),
			render.FloatCell(r.PerCore), render.FloatCell(r.Scaling), render.FloatCell(r.Measured), index})
	}
	return t
}
