package lessons

import (
	"testing"

	"golang.org/x/text/language"

	"github.com/eleusis/eleusis/i18n"
)

// Seats' articles joined with prepositions, and a sentence that opens
// with one written with a capital — only a whole sentence.
func TestTidy(t *testing.T) {
	for _, c := range []struct {
		lang     language.Tag
		in, want string
	}{
		{language.Portuguese, "Seguimos as crenças de o Jogador 1 (bayes-eig): o que considera possível.", "Seguimos as crenças do Jogador 1 (bayes-eig): o que considera possível."},
		{language.Portuguese, "o Jogador 2 joga uma carta.", "O Jogador 2 joga uma carta."},
		{language.Portuguese, "o Jogador 2, pela sua própria crença", "o Jogador 2, pela sua própria crença"},
		{language.Portuguese, "para o cientista ideal", "para o cientista ideal"},
		{language.Spanish, "las creencias de el Jugador 1; dijo a el Jugador 2", "las creencias del Jugador 1; dijo al Jugador 2"},
		{language.Catalan, "per a el científic que seguim. el Jugador 1 s'ha quedat sense cartes.", "per al científic que seguim. El Jugador 1 s'ha quedat sense cartes."},
		{language.Catalan, "les creences d'el Jugador 1", "les creences del Jugador 1"},
		{language.English, "of Seat 1. Seat 2 plays.", "of Seat 1. Seat 2 plays."},
	} {
		if got := tidy(i18n.NewPrinter(c.lang), c.in); got != c.want {
			t.Errorf("%s: %q, want %q", c.lang, got, c.want)
		}
	}
}
