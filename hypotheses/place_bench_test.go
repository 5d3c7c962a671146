package hypotheses

import (
	"testing"
)

// BenchmarkPlace places one rule as `space --rules R` does (PlaceConfig
// Ahead: the searches may use the idle core), for a rule of each path: in
// the index, reached by the narrow search, by the wider one, a rule of
// the line checked on God's bounded walks, and one no search reaches. The
// rule is compiled afresh each time, so that nothing cached from one
// placement serves the next (God's walks are cached per compiled rule).
// The unreached rule must stay out of the language: the one before it,
// abs(2 * card.rank - prev.rank - prev2.rank) >= 6, was reached once the
// look-back pool could say "within k of the average of the last two".
//
//	go test ./hypotheses -run XXX -bench Place -benchtime 3x
func BenchmarkPlace(b *testing.B) {
	sp := Default()
	cfg := DefaultPlace
	cfg.Ahead = true
	for _, bc := range []struct{ path, rule string }{
		{"index", `card.suit == prev.suit`},
		{"narrow", `prev.suit == "spades" ? card.rank > prev.rank or prev.rank == 13 : card.rank <= prev.rank`},
		{"wide", `prev2 == nil ? true : abs(card.rank - prev2.rank) >= abs(prev.rank - prev2.rank)`},
		{"line", `n % prev.rank == 0 ? card.face : not card.face`},
		{"unreached", `prev2 == nil ? true : (card.rank * prev.rank + prev2.rank) % 7 < 3`},
	} {
		b.Run(bc.path, func(b *testing.B) {
			for b.Loop() {
				p, err := sp.Place(compile(b, bc.rule), false, cfg)
				if err != nil {
					b.Fatal(err)
				}
				if p.Reached == (bc.path == "unreached") {
					b.Fatalf("%s: %+v", bc.rule, p)
				}
			}
		})
	}
}
