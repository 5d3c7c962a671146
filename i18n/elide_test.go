package i18n

import (
	"testing"
	"time"

	"golang.org/x/text/language"
)

// Valencian's "de" before a vowel sound, for any name or word put into a
// message: elided before a vowel or an h and a vowel, kept before an i or
// u that is a consonant and before a consonant, never inside quotes.
func TestElideDe(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Torn de Ana.", "Torn d'Ana."},
		{"el lloc de Èric està ocupat", "el lloc d'Èric està ocupat"},
		{"la creença de Irene (Ona)", "la creença d'Irene (Ona)"},
		{"la regla de Úrsula i de Óscar", "la regla d'Úrsula i d'Óscar"},
		{"la regla de Hèctor, de Hug i de Helena", "la regla d'Hèctor, d'Hug i d'Helena"},
		{"De Ona a Caio", "D'Ona a Caio"},
		{"(de Ana)", "(d'Ana)"},
		{"la creença de un científic ideal", "la creença d'un científic ideal"},
		{"1 de abril de 2026", "1 d'abril de 2026"},
		{"després de 11 jugades, 3 de 1", "després d'11 jugades, 3 d'1"},
		// a consonant, an i or u that sounds as one, numbers that do not begin with a vowel
		{"Torn de Caio.", "Torn de Caio."},
		{"la regla de Iolanda, de Ioana i de Uàlter", "la regla de Iolanda, de Ioana i de Uàlter"},
		{"de hiena, de Huelva, de huit", "de hiena, de Huelva, de huit"},
		{"de Iu i de Uixó", "d'Iu i d'Uixó"},
		{"després de 10 jugades, de 8, de 110, de 12", "després de 10 jugades, de 8, de 110, de 12"},
		{"de la fila, de «Ana»", "de la fila, de «Ana»"},
		// a word that ends in "de", and a person's own words in quotes
		{"onde Ana, torde Ana", "onde Ana, torde Ana"},
		{"diu «la carta de abans, de Ana»: de Ana", "diu «la carta de abans, de Ana»: d'Ana"},
		{`cap taula té el codi "de Ana" de Ana`, `cap taula té el codi "de Ana" d'Ana`},
		// the word inside markup
		{"la regla de <strong>Ana</strong>, de **Èric**, de <b><i>Hug</i></b>", "la regla d'<strong>Ana</strong>, d'**Èric**, d'<b><i>Hug</i></b>"},
		{"de <strong>Caio</strong>, de </b>Ana, de <", "de <strong>Caio</strong>, de </b>Ana, de <"},
		{"de ", "de "},
		{"de", "de"},
		{"", ""},
	} {
		if got := elideDe(c.in); got != c.want {
			t.Errorf("elideDe(%q) = %q, want %q", c.in, got, c.want)
		}
		if again := elideDe(c.want); again != c.want {
			t.Errorf("elideDe(%q) = %q: not written once and for all", c.want, again)
		}
	}
}

// The printer elides in Valencian, in every message a name goes into
// after "de", and only in Valencian.
func TestPrinterElides(t *testing.T) {
	ca, es := NewPrinter(language.Catalan), NewPrinter(language.Spanish)
	for _, name := range []string{"Ana", "Èric", "Hèctor", "Irene", "Oriol", "Úrsula"} {
		if got, want := ca.T("status.turn", name), "Torn d'"+name+"."; got != want {
			t.Errorf("ca: %q, want %q", got, want)
		}
	}
	if got := ca.T("status.turn", "Caio"); got != "Torn de Caio." {
		t.Errorf("ca: %q", got)
	}
	if got := es.T("status.turn", "Ana"); got != "Turno de Ana." {
		t.Errorf("es: %q", got)
	}
	if got := ca.T("notebook.belief", "Ana", "bayes-eig"); got != "la creença d'Ana (bayes-eig)" {
		t.Errorf("ca: %q", got)
	}
	if got := ca.HTML("notebook.belief", "Ana", "<b>"); got != "la creença d'Ana (&lt;b&gt;)" {
		t.Errorf("ca HTML: %q", got)
	}
	if got := ca.Date(time.Date(2026, time.April, 1, 0, 0, 0, 0, time.UTC)); got != "1 d'abril de 2026" {
		t.Errorf("ca date: %q", got)
	}
	if got := ca.Date(time.Date(2026, time.December, 2, 0, 0, 0, 0, time.UTC)); got != "2 de desembre de 2026" {
		t.Errorf("ca date: %q", got)
	}
	// a message said inside another: elided where the name lands
	if got := ca.Say(M("status.turn", M("status.turn", "Ana"))); got != "Torn de Torn d'Ana.." {
		t.Errorf("ca nested: %q", got)
	}
}
