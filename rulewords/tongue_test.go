package rulewords_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/rulewords"
)

// Rules worked out by hand in each language: agreement (a carta é
// vermelha; la carta es roja; la carta és roja, parella), the game's
// words, contractions (da, do, al, del, pel) and euphony (roja e impar).
func TestSayInByHand(t *testing.T) {
	cases := []struct{ expr, pt, es, ca string }{
		{`card.color == "red"`, "a carta é vermelha", "la carta es roja", "la carta és roja"},
		{`card.color == "black" and card.odd`, "a carta é preta e ímpar", "la carta es negra e impar", "la carta és negra i imparella"},
		{`not card.face`, "a carta não é uma figura", "la carta no es una figura", "la carta no és una figura"},
		{`card.suit == prev.suit or card.rank == prev.rank`,
			"a carta tem o mesmo naipe que a última carta ou tem o mesmo valor que a última carta",
			"la carta tiene el mismo palo que la última carta o tiene el mismo valor que la última carta",
			"la carta té el mateix pal que l'última carta o té el mateix valor que l'última carta"},
		{`prev.color == "black" ? card.rank >= 7 : card.rank <= 6`,
			"se a última carta é preta: a carta vale pelo menos 7; caso contrário: a carta vale no máximo 6",
			"si la última carta es negra: la carta vale al menos 7; en caso contrario: la carta vale como máximo 6",
			"si l'última carta és negra: la carta val almenys 7; en cas contrari: la carta val com a màxim 6"},
		{`card.rank == 12 or card.rank == 11`, "a carta é uma dama ou um valete", "la carta es una reina o una jota",
			"la carta és una reina o un valet"},
		{`card.rank in [1, 11, 13]`, "a carta é um ás, um valete ou um rei", "la carta es un as, una jota o un rey",
			"la carta és un as, un valet o un rei"},
		{`not (card.rank in [1, 8])`, "a carta não é nem um ás, nem um 8", "la carta no es ni un as, ni un 8",
			"la carta no és ni un as, ni un 8"},
		{`card.rank in [7, 8]`, "a carta é um 7 ou um 8", "la carta es un 7 o un 8", "la carta és un 7 o un 8"},
		{`card.color == "black" and card.face != prev.face`,
			"a carta é preta e (a carta é uma figura se e somente se a última carta não é uma figura)",
			"la carta es negra y (la carta es una figura si y solo si la última carta no es una figura)",
			"la carta és negra i (la carta és una figura si i només si l'última carta no és una figura)"},
		{`not (card.color == "red" and card.even)`, "a carta não é vermelha ou não é par", "la carta no es roja o no es par",
			"la carta no és roja o no és parella"},
		{`card.rank >= 3 and card.rank <= 9`, "a carta vale de 3 a 9", "la carta vale de 3 a 9", "la carta val de 3 a 9"},
		// The grammar's as-last: the suit of the most recent ace.
		{`card.suit in map(filter(line, .rank == 1)[-1:], .suit)`,
			"alguma carta da fila principal é um ás e a última carta da fila principal que é um ás tem o mesmo naipe que a carta",
			"alguna carta de la línea principal es un as y la última carta de la línea principal que es un as tiene el mismo palo que la carta",
			"alguna carta de la fila principal és un as i l'última carta de la fila principal que és un as té el mateix pal que la carta"},
		// The grammar's as-last free until the first: all of a list of one
		// card or none.
		{`all(filter(line, .rank >= 5)[-1:], .suit == card.suit)`,
			"nenhuma carta da fila principal vale pelo menos 5 ou a última carta da fila principal que vale pelo menos 5 tem o mesmo naipe que a carta",
			"ninguna carta de la línea principal vale al menos 5 o la última carta de la línea principal que vale al menos 5 tiene el mismo palo que la carta",
			"cap carta de la fila principal no val almenys 5 o l'última carta de la fila principal que val almenys 5 té el mateix pal que la carta"},
		// The grammar's balance, the card's own with it.
		{`sum(map(line, .color == "black" ? .rank : -.rank)) + (card.color == "black" ? card.rank : -card.rank) >= 0`,
			"o saldo da fila principal (os valores das cartas que são pretas somados, os das outras subtraídos) mais (o valor da carta se a carta é preta; caso contrário, menos o valor da carta) é pelo menos 0",
			"el saldo de la línea principal (los valores de las cartas que son negras sumados, los de las demás restados) más (el valor de la carta si la carta es negra; en caso contrario, menos el valor de la carta) es al menos 0",
			"el saldo de la fila principal (els valors de les cartes que són negres sumats, els de les altres restats) més (el valor de la carta si la carta és negra; en cas contrari, menys el valor de la carta) és almenys 0"},
		{`sum(map(line[max(0, n - 3):], .face ? .rank : 0 - .rank)) > 5`,
			"o saldo das últimas 3 cartas da fila principal (os valores das cartas que são figuras somados, os das outras subtraídos) é maior que 5",
			"el saldo de las últimas 3 cartas de la línea principal (los valores de las cartas que son figuras sumados, los de las demás restados) es mayor que 5",
			"el saldo de les últimes 3 cartes de la fila principal (els valors de les cartes que són figures sumats, els de les altres restats) és major que 5"},
		// The line's average, multiplied out as the grammar writes it.
		{`sum(map(line, .rank)) > 7 * n`,
			"a média dos valores das cartas da fila principal é maior que 7",
			"la media de los valores de las cartas de la línea principal es mayor que 7",
			"la mitjana dels valors de les cartes de la fila principal és major que 7"},
		{`card.rank <= sum(map(line[max(0, n - 3):], .rank)) / min(n, 3)`,
			"o valor da carta é no máximo a média dos valores das últimas 3 cartas da fila principal",
			"el valor de la carta es como máximo la media de los valores de las últimas 3 cartas de la línea principal",
			"el valor de la carta és com a màxim la mitjana dels valors de les últimes 3 cartes de la fila principal"},
		// Not an average: the last three's sum over the whole line's count.
		{`card.rank < sum(map(line[max(0, n - 3):], .rank)) / n`,
			"o valor da carta é menor que a soma dos valores das últimas 3 cartas da fila principal dividido pelo número de cartas da fila principal",
			"el valor de la carta es menor que la suma de los valores de las últimas 3 cartas de la línea principal dividido entre el número de cartas de la línea principal",
			"el valor de la carta és menor que la suma dels valors de les últimes 3 cartes de la fila principal dividit entre el número de cartes de la fila principal"},
		// The highest and the lowest of a run (the grammar's extreme).
		{`card.rank <= max(map(line[max(0, n - 4):], .rank)) + 2`,
			"o valor da carta é no máximo (o maior valor das últimas 4 cartas da fila principal) mais 2",
			"el valor de la carta es como máximo (el mayor valor de las últimas 4 cartas de la línea principal) más 2",
			"el valor de la carta és com a màxim (el valor més alt de les últimes 4 cartes de la fila principal) més 2"},
		{`card.rank < min(map(line, .rank))`,
			"o valor da carta é menor que o menor valor das cartas da fila principal",
			"el valor de la carta es menor que el menor valor de las cartas de la línea principal",
			"el valor de la carta és menor que el valor més baix de les cartes de la fila principal"},
		{`prev2 == nil or card.rank > prev2.rank`,
			"não há penúltima carta ou a carta vale mais que a penúltima carta",
			"no hay penúltima carta o la carta vale más que la penúltima carta",
			"no hi ha penúltima carta o la carta val més que la penúltima carta"},
		{`card.rank == (prev.rank + 0) % 13 + 1`,
			"a carta vale 1 valor a mais que a última carta, contando em roda (depois do rei vem o ás)",
			"la carta vale 1 valor más que la última carta, contando en círculo (después del rey viene el as)",
			"la carta val 1 valor més que l'última carta, comptant en roda (després del rei ve l'as)"},
		// the reader's form of one up counting round, without "+ 0"
		{`card.rank == prev.rank % 13 + 1`,
			"a carta vale 1 valor a mais que a última carta, contando em roda (depois do rei vem o ás)",
			"la carta vale 1 valor más que la última carta, contando en círculo (después del rey viene el as)",
			"la carta val 1 valor més que l'última carta, comptant en roda (després del rei ve l'as)"},
		{`{"spades": "diamonds", "diamonds": "clubs", "clubs": "hearts", "hearts": "spades"}[prev.suit] == card.suit`,
			"a carta é do naipe que segue o da última carta no ciclo espadas → ouros → paus → copas → espadas",
			"la carta es del palo que sigue al de la última carta en el ciclo picas → diamantes → tréboles → corazones → picas",
			"la carta és del pal que seguix al de l'última carta en el cicle piques → diamants → trèvols → cors → piques"},
		{`n % 4 == 3 ? card.color == "red" : card.color == "black"`,
			"se a carta é a 4.ª, 8.ª, 12.ª … carta da fila principal: a carta é vermelha; caso contrário: a carta é preta",
			"si la carta es la 4.ª, 8.ª, 12.ª … carta de la línea principal: la carta es roja; en caso contrario: la carta es negra",
			"si la carta és la 4a, 8a, 12a … carta de la fila principal: la carta és roja; en cas contrari: la carta és negra"},
		{`none(line[max(0, n - 4):], .rank == card.rank)`,
			"nenhuma das últimas 4 cartas da fila principal tem o mesmo valor que a carta",
			"ninguna de las últimas 4 cartas de la línea principal tiene el mismo valor que la carta",
			"cap de les últimes 4 cartes de la fila principal no té el mateix valor que la carta"},
		{`count(line, .color == "red") > count(line, .color == "black")`,
			"o número de cartas da fila principal que são vermelhas é maior que o número de cartas da fila principal que são pretas",
			"el número de cartas de la línea principal que son rojas es mayor que el número de cartas de la línea principal que son negras",
			"el número de cartes de la fila principal que són roges és major que el número de cartes de la fila principal que són negres"},
		{`none(line, .face) or last(filter(line, .face)).color == card.color`,
			"nenhuma carta da fila principal é uma figura ou a última carta da fila principal que é uma figura tem a mesma cor que a carta",
			"ninguna carta de la línea principal es una figura o la última carta de la línea principal que es una figura tiene el mismo color que la carta",
			"cap carta de la fila principal no és una figura o l'última carta de la fila principal que és una figura té el mateix color que la carta"},
		{`(card.suit == "hearts" or card.suit == "clubs") and prev.color == "red"`,
			"(a carta é de copas ou de paus) e a última carta é vermelha",
			"(la carta es de corazones o de tréboles) y la última carta es roja",
			"(la carta és de cors o de trèvols) i l'última carta és roja"},
		{`abs(card.rank - prev.rank) <= 2`,
			"a carta está a no máximo 2 valores de distância da última carta",
			"la carta dista como máximo 2 valores de la última carta",
			"la carta dista com a màxim 2 valors de l'última carta"},
		{`prev2 == nil or prev.rank > prev2.rank % card.rank`,
			"não há penúltima carta ou o valor da última carta é maior que o resto do valor da penúltima carta dividido pelo valor da carta",
			"no hay penúltima carta o el valor de la última carta es mayor que el resto del valor de la penúltima carta dividido entre el valor de la carta",
			"no hi ha penúltima carta o el valor de l'última carta és major que el residu del valor de la penúltima carta dividit entre el valor de la carta"},
		{`card.rank % 3 != 0`, "a carta não vale um múltiplo de 3", "la carta no vale un múltiplo de 3", "la carta no val un múltiple de 3"},
		{`true`, "qualquer carta", "cualquier carta", "qualsevol carta"},
		{`(card.face == prev.face) ? card.even : card.odd`,
			"se (a carta é uma figura se e somente se a última carta é uma figura): a carta é par; caso contrário: a carta é ímpar",
			"si (la carta es una figura si y solo si la última carta es una figura): la carta es par; en caso contrario: la carta es impar",
			"si (la carta és una figura si i només si l'última carta és una figura): la carta és parella; en cas contrari: la carta és imparella"},
	}
	for _, tc := range cases {
		for _, l := range []struct{ lang, want string }{{"pt", tc.pt}, {"es", tc.es}, {"ca", tc.ca}} {
			got, err := rulewords.SayIn(l.lang, tc.expr)
			if err != nil || got != l.want {
				t.Errorf("SayIn(%s, %s)\n got %q (%v)\nwant %q", l.lang, tc.expr, got, err, l.want)
			}
		}
	}
}

// English is Say; a regional tag is its language; a language without a
// phrase file is refused by name.
func TestSayInLanguages(t *testing.T) {
	if got := rulewords.Languages(); !slices.Equal(got, []string{"ca", "es", "pt"}) {
		t.Errorf("Languages() = %q", got)
	}
	e := `card.color == "red"`
	en, _ := rulewords.Say(e)
	for _, lang := range []string{"", "en", "en-GB"} {
		if got, err := rulewords.SayIn(lang, e); err != nil || got != en {
			t.Errorf("SayIn(%q) = %q, %v; want Say's %q", lang, got, err, en)
		}
	}
	for lang, want := range map[string]string{"pt-BR": "a carta é vermelha", "ca-ES-valencia": "la carta és roja", "ES": "la carta es roja"} {
		if got, err := rulewords.SayIn(lang, e); err != nil || got != want {
			t.Errorf("SayIn(%q) = %q, %v; want %q", lang, got, err, want)
		}
	}
	if _, err := rulewords.SayIn("fr", e); err == nil || !strings.Contains(err.Error(), `"fr"`) || !strings.Contains(err.Error(), "pt") {
		t.Errorf("SayIn(fr): %v", err)
	}
	if _, err := rulewords.SayIn("pt", "card.color =="); err == nil {
		t.Error("SayIn of a broken expression: no error")
	}
	if _, err := rulewords.SayIn("pt", "card.weight > 3"); err == nil || !strings.Contains(err.Error(), "no words for") {
		t.Errorf("SayIn of a field no rule has: %v", err)
	}
	// Not a balance: each card of the line adds or takes away the rank of
	// the card judged, not its own.
	if w, err := rulewords.SayIn("en", `sum(map(line, .color == "red" ? card.rank : -card.rank)) > 0`); err == nil {
		t.Errorf("a sum of the card's rank said as %q", w)
	}
}

// The manual's table of rules said in Portuguese, Spanish and Valencian
// (docs/rules-in-words.md) is what SayIn says.
func TestSayInManualTable(t *testing.T) {
	data, err := os.ReadFile("../docs/rules-in-words.md")
	if err != nil {
		t.Fatal(err)
	}
	langs := map[string]int{}
	rows := 0
	for i, line := range strings.Split(string(data), "\n") {
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) == 4 && cells[0] == "expression" {
			langs = map[string]int{"pt": slices.Index(cells, "português"), "es": slices.Index(cells, "español"), "ca": slices.Index(cells, "valencià")}
			continue
		}
		if len(langs) == 0 || !strings.HasPrefix(line, "| `") {
			if len(langs) > 0 && rows > 0 && !strings.HasPrefix(line, "|") {
				break
			}
			continue
		}
		expr := strings.Trim(cells[0], "`")
		for lang, col := range langs {
			if got, err := rulewords.SayIn(lang, expr); err != nil || got != cells[col] {
				t.Errorf("rules-in-words.md:%d: %s in %s is %q (%v), the manual says %q", i+1, expr, lang, got, err, cells[col])
			}
		}
		rows++
	}
	if rows < 5 {
		t.Fatalf("%d rows of the manual's table found", rows)
	}
}
