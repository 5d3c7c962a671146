package handwords_test

import (
	"testing"

	"golang.org/x/text/language"

	"github.com/eleusis/eleusis/handwords"
	"github.com/eleusis/eleusis/i18n"
)

// Percentages in each language: whole ones as they are; one that would
// round to 0% or 100% without being either, to its first significant
// digit (a number an article can stand before: "un 0,3 %"); beyond four
// decimals, as a bound.
func TestPercentIn(t *testing.T) {
	for _, c := range []struct {
		p      float64
		en, es string
	}{
		{0, "0%", "0 %"},
		{0.27, "27%", "27 %"},
		{1, "100%", "100 %"},
		{0.003, "0.3%", "0,3 %"},
		{0.001, "0.1%", "0,1 %"},
		{0.0004, "0.04%", "0,04 %"},
		{0.99961, "99.96%", "99,96 %"},
		{0.996, "99.6%", "99,6 %"},
		{0.00000001, "<0.01%", "menos del 0,01 %"},
		{0.9999999, ">99.99%", "más del 99,99 %"},
	} {
		for _, l := range []struct {
			tag  language.Tag
			want string
		}{{language.English, c.en}, {language.Spanish, c.es}} {
			if got := handwords.PctIn(i18n.NewPrinter(l.tag), c.p); got != l.want {
				t.Errorf("%v in %s: %q, want %q", c.p, l.tag, got, l.want)
			}
		}
	}
}
