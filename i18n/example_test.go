package i18n_test

import (
	"fmt"

	"github.com/eleusis/eleusis/i18n"
)

// A printer for the reader's language: the switch's cookie if there is
// one, else the browser's Accept-Language.
func ExamplePrinter_T() {
	lang := i18n.Match("", "ca-ES-valencia,ca;q=0.9,es;q=0.8")
	p := i18n.NewPrinter(lang)
	fmt.Println(i18n.Name(lang))
	fmt.Println(p.T("table.cards", 1))
	fmt.Println(p.T("table.cards", 2))
	fmt.Println(p.T("status.turn", "Ana"))
	pt := i18n.NewPrinter(i18n.Match("", "pt-BR"))
	fmt.Println(pt.T("move.noPlay", "Rui", "8♥ 9♠"))
	fmt.Println(pt.T("table.deck", 1040))
	// Output:
	// Valencià
	// 1 carta
	// 2 cartes
	// Torn d'Ana.
	// Rui declara “não tenho cartas” e mostra 8♥ 9♠
	// 1.040 no monte
}
