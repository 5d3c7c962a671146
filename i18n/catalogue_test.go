package i18n

import (
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/text/language"
)

// Every catalogue has every key of English (Load already refuses a key
// English lacks and placeholders that differ).
func TestEveryCatalogueHasEveryKey(t *testing.T) {
	c := Default()
	if len(c.Keys()) < 100 {
		t.Fatalf("the English catalogue has %d keys", len(c.Keys()))
	}
	for _, l := range Languages {
		if m := c.Missing(l); len(m) > 0 {
			t.Errorf("%s lacks %d keys: %s", Name(l), len(m), strings.Join(m, ", "))
		}
	}
}

// A message another language leaves as English's is English left on its
// pages, unless it holds no English word (a number, a symbol, a name).
func TestNoMessageLeftInEnglish(t *testing.T) {
	c := Default()
	en := c.files[language.English]
	for _, l := range Languages[1:] {
		for _, key := range c.Keys() {
			ref, e := en.entries[key], c.files[l].entries[key]
			for i, m := range e.cases() {
				if i < len(ref.cases()) && m == ref.cases()[i] {
					if left := c.Untranslated(l, m); len(left) > 0 {
						t.Errorf("%s:%d: %s is English's %q", c.files[l].name, e.line, key, m)
					}
				}
			}
		}
	}
}

func TestPlural(t *testing.T) {
	for _, tc := range []struct {
		lang language.Tag
		key  string
		args []any
		want string
	}{
		{language.English, "table.cards", []any{1}, "1 card"},
		{language.English, "table.cards", []any{2}, "2 cards"},
		{language.English, "table.cards", []any{0}, "0 cards"},
		{language.Portuguese, "table.cards", []any{1}, "1 carta"},
		{language.Portuguese, "table.cards", []any{2}, "2 cartas"},
		{language.Portuguese, "table.cards", []any{0}, "0 cartas"}, // CLDR's pt "one" holds 0; the catalogue's =0 mends it
		{language.Spanish, "table.cards", []any{1}, "1 carta"},
		{language.Spanish, "table.cards", []any{0}, "0 cartas"},
		{language.Catalan, "table.cards", []any{1}, "1 carta"},
		{language.Catalan, "table.cards", []any{2}, "2 cartes"},
		{language.Catalan, "table.cards", []any{12}, "12 cartes"},
		{language.Portuguese, "table.cards", []any{1500}, "1.500 cartas"},
		{language.English, "table.cards", []any{1500}, "1,500 cards"},
		// The forms count the second argument.
		{language.English, "reveal.hand", []any{"Ana went out", 1}, "The hand: Ana went out, after 1 move."},
		{language.Portuguese, "reveal.hand", []any{"Ana bateu", 7}, "A mão: Ana bateu, depois de 7 jogadas."},
		{language.Catalan, "reveal.hand", []any{"x", 1}, "La mà: x, després d'una jugada."},
		{language.Catalan, "reveal.hand", []any{"x", 2}, "La mà: x, després de 2 jugades."},
		{language.Spanish, "notebook.possible", []any{1}, "Aún es posible 1 regla."},
		{language.Spanish, "notebook.possible", []any{3}, "Aún son posibles 3 reglas."},
		// A reordered argument said twice.
		{language.Portuguese, "seat.curtain", []any{"Rui"}, "Passe a tela para <b>Rui</b> — Rui, clique aqui para ver as suas cartas"},
	} {
		if got := NewPrinter(tc.lang).T(tc.key, tc.args...); got != tc.want {
			t.Errorf("%s %s %v = %q, want %q", tc.lang, tc.key, tc.args, got, tc.want)
		}
	}
}

func TestUnknownKeyIsVisible(t *testing.T) {
	if got := NewPrinter(language.Portuguese).T("no.such.key"); got != `[no message "no.such.key"]` {
		t.Errorf("an unknown key says %q", got)
	}
}

func TestHTMLEscapesArguments(t *testing.T) {
	got := string(NewPrinter(language.English).HTML("seat.judge", "<script>x</script> 8♥"))
	if want := "As Prophet, judge: <b>&lt;script&gt;x&lt;/script&gt; 8♥</b>. Is it right?"; got != want {
		t.Errorf("HTML = %q, want %q", got, want)
	}
}

func TestNumbersAndDates(t *testing.T) {
	day := time.Date(2026, time.December, 1, 20, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		lang         language.Tag
		number, date string
	}{
		{language.English, "1,234,567.5", "1 December 2026"},
		{language.Portuguese, "1.234.567,5", "1 de dezembro de 2026"},
		{language.Spanish, "1.234.567,5", "1 de diciembre de 2026"},
		{language.Catalan, "1.234.567,5", "1 de desembre de 2026"},
	} {
		p := NewPrinter(tc.lang)
		if got := p.Number(1234567.5); got != tc.number {
			t.Errorf("%s: Number = %q, want %q", tc.lang, got, tc.number)
		}
		if got := p.Date(day); got != tc.date {
			t.Errorf("%s: Date = %q, want %q", tc.lang, got, tc.date)
		}
	}
}

func TestMatch(t *testing.T) {
	for _, tc := range []struct{ chosen, accept, want string }{
		{"", "pt-BR,pt;q=0.9,en;q=0.8", "pt"},
		{"", "pt-PT", "pt"},
		{"", "es-419,es;q=0.9", "es"},
		{"", "ca-ES-valencia,ca;q=0.9,es;q=0.8", "ca"},
		{"", "de-DE,de;q=0.9", "en"},
		{"", "de-DE,es;q=0.5", "es"},
		{"", "", "en"},
		{"", "not a header;;", "en"},
		{"ca", "pt-BR", "ca"},   // the switch's cookie wins
		{"klingon", "es", "es"}, // a cookie that is no language is ignored
		{"pt-BR", "", "pt"},
	} {
		if got := Match(tc.chosen, tc.accept).String(); got != tc.want {
			t.Errorf("Match(%q, %q) = %s, want %s", tc.chosen, tc.accept, got, tc.want)
		}
	}
}

func TestParse(t *testing.T) {
	for code, want := range map[string]string{"pt": "pt", "es": "es", "ca": "ca", "en": "en", "PT-br": "pt", "ca-ES-valencia": "ca"} {
		got, err := Parse(code)
		if err != nil || got.String() != want {
			t.Errorf("Parse(%q) = %s, %v", code, got, err)
		}
	}
	_, err := Parse("fr")
	if err == nil || !strings.Contains(err.Error(), "en, pt, es, ca") {
		t.Errorf("Parse(fr): %v", err)
	}
}

// A broken catalogue names its file and line, and says what is wrong.
func TestLoadErrors(t *testing.T) {
	good := "a: \"%d x\"\nb:\n  one: \"%d y\"\n  other: \"%d ys\"\n"
	for _, tc := range []struct{ name, pt, want string }{
		{"syntax", "a: \"%d x\"\nb: [unclosed\n", "locales/pt.yaml:"},
		{"not a map", "- a\n- b\n", "locales/pt.yaml:1: a catalogue is a map"},
		{"twice", "a: \"%d x\"\nb: \"%d y\"\na: \"%d z\"\n", "locales/pt.yaml:3: a is given twice (first on line 1)"},
		{"unknown key", "a: \"%d x\"\nc: \"z\"\n", "locales/pt.yaml:2: c is not a key of locales/en.yaml"},
		{"placeholder", "a: \"%s x\"\n", "locales/pt.yaml:1: a has the placeholders %[1]s where locales/en.yaml has %[1]d"},
		{"placeholder lost", "a: \"x\"\n", "locales/pt.yaml:1: a has the placeholders none where locales/en.yaml has %[1]d"},
		{"plural form", "b:\n  one: \"%d y\"\n  ones: \"%d ys\"\n", "locales/pt.yaml:3: b: \"ones\" is not a plural form"},
		{"no other", "b:\n  one: \"%d y\"\n", "locales/pt.yaml:2: b: plural forms need other"},
		{"arg", "b:\n  arg: two\n  other: \"%d y\"\n", "locales/pt.yaml:2: b: arg is the number of the argument"},
		{"list", "a: [x]\n", "locales/pt.yaml:1: a: a message is a string"},
	} {
		fsys := fstest.MapFS{}
		for _, l := range Languages {
			fsys["locales/"+l.String()+".yaml"] = &fstest.MapFile{Data: []byte(good)}
		}
		fsys["locales/pt.yaml"] = &fstest.MapFile{Data: []byte(tc.pt)}
		_, err := Load(fsys, "locales")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one with %q", tc.name, err, tc.want)
		}
	}
	// A key English has and pt lacks is said in English and listed.
	fsys := fstest.MapFS{}
	for _, l := range Languages {
		fsys["locales/"+l.String()+".yaml"] = &fstest.MapFile{Data: []byte(good)}
	}
	fsys["locales/pt.yaml"] = &fstest.MapFile{Data: []byte("a: \"%d xis\"\n")}
	c, err := Load(fsys, "locales")
	if err != nil {
		t.Fatal(err)
	}
	if m := c.Missing(language.Portuguese); len(m) != 1 || m[0] != "b" {
		t.Errorf("Missing = %v", m)
	}
	if got := c.Printer(language.Portuguese).T("b", 2); got != "2 ys" {
		t.Errorf("a missing key says %q", got)
	}
	if _, err := Load(fstest.MapFS{}, "locales"); err == nil || !strings.Contains(err.Error(), "English catalogue") {
		t.Errorf("no files: %v", err)
	}
}

func TestUntranslated(t *testing.T) {
	c := Default()
	pt := c.Printer(language.Portuguese)
	// A table's code is random letters: 2ZJE-SAME is no English "same".
	page := "<h1>" + pt.T("join.heading", "2ZJE-SAME") + "</h1><p>" + pt.T("join.who") + "</p><button>Ana</button><code>card.color != prev.color</code>"
	if left := c.Untranslated(language.Portuguese, VisibleText(page)); len(left) > 0 {
		t.Errorf("a Portuguese page has English: %v", left)
	}
	page += `<p class="hint">Your seat gets its own link</p><button data-confirm="Say no play?">x</button>`
	left := c.Untranslated(language.Portuguese, VisibleText(page))
	for _, w := range []string{"your", "seat", "gets", "own", "say", "play"} {
		if !strings.Contains(strings.Join(left, " "), w) {
			t.Errorf("English %q is not found in %q (found %v)", w, VisibleText(page), left)
		}
	}
	if left := c.Untranslated(language.English, page); left != nil {
		t.Errorf("English on an English page: %v", left)
	}
}

func TestMsg(t *testing.T) {
	m := M("status.judging", M("move.plays", "Ana", "8♥"))
	if got := NewPrinter(language.Portuguese).Say(m); got != "Deus está julgando: Ana joga 8♥." {
		t.Errorf("pt: %q", got)
	}
	if got := m.String(); got != "God is judging: Ana plays 8♥." {
		t.Errorf("en: %q", got)
	}
	l := List{M("then.draws", 2), M("then.eliminated")}
	if got := NewPrinter(language.Spanish).T("reveal.hand", l, 3); got != "La ronda: roba 2 de penalización; muerte súbita: fuera de la ronda, tras 3 jugadas." {
		t.Errorf("es: %q", got)
	}
	if got := NewPrinter(language.English).HTML("seat.judge", M("move.plays", "<b>", "8♥")); got != "As Prophet, judge: <b>&lt;b&gt; plays 8♥</b>. Is it right?" {
		t.Errorf("HTML: %q", got)
	}
	if (Msg{}).String() != "" || !(Msg{}).IsZero() {
		t.Error("the zero Msg says something")
	}
}
