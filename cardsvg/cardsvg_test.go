package cardsvg_test

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/cardsvg"
	"github.com/eleusis/eleusis/sim"
)

// Every card is well-formed XML, labelled in words, in its suit's ink, with
// as many pips as its rank (the corner suits and the face cards' two
// excepted).
func TestEveryCard(t *testing.T) {
	for c := sim.Card(0); c < sim.NumCards; c++ {
		svg := cardsvg.Card(c, cardsvg.Options{Width: 80})
		wellFormed(t, c.String(), svg)
		if !strings.Contains(svg, `aria-label="`+cardsvg.Name(c)+`"`) || !strings.Contains(svg, `data-card="`+c.String()+`"`) {
			t.Errorf("%s: no label", c)
		}
		if !strings.Contains(svg, `fill="`+cardsvg.Color(c)+`"`) {
			t.Errorf("%s: not drawn in %s", c, cardsvg.Color(c))
		}
		pips := strings.Count(svg, `class="pip"`) - 2 // the corners
		want := map[bool]int{true: 2, false: c.Rank()}[c.Face()]
		if pips != want {
			t.Errorf("%s: %d pips, want %d", c, pips, want)
		}
	}
}

func TestNamesAndColours(t *testing.T) {
	cases := []struct {
		card, name string
		red        bool
	}{
		{"AS", "ace of spades", false}, {"10H", "10 of hearts", true}, {"QD", "queen of diamonds", true},
		{"7C", "7 of clubs", false}, {"KH", "king of hearts", true},
	}
	for _, tc := range cases {
		c, err := sim.ParseCard(tc.card)
		if err != nil {
			t.Fatal(err)
		}
		if got := cardsvg.Name(c); got != tc.name {
			t.Errorf("Name(%s) = %q, want %q", tc.card, got, tc.name)
		}
		if got := cardsvg.Color(c) == "#c0162c"; got != tc.red {
			t.Errorf("Color(%s) red = %v", tc.card, got)
		}
	}
	if got := cardsvg.Name(sim.Unknown); got != "a face-down card" {
		t.Errorf("Name(Unknown) = %q", got)
	}
}

func TestBackAndOptions(t *testing.T) {
	back := cardsvg.Back(cardsvg.Options{})
	wellFormed(t, "back", back)
	if cardsvg.Card(sim.Unknown, cardsvg.Options{}) != back {
		t.Error("a face-down card is not drawn as the back")
	}
	if !strings.Contains(back, `width="100" height="140"`) {
		t.Error("the default size is not 100 × 140")
	}
	svg := cardsvg.Card(0, cardsvg.Options{Width: 62.5, Class: `new "x"`})
	if !strings.Contains(svg, `class="card new &#34;x&#34;"`) || !strings.Contains(svg, `width="62.5" height="87.5"`) {
		t.Errorf("options not applied: %.120s", svg)
	}
	if strings.Contains(svg, " id=") {
		t.Error("a card has an id: two cards on one page would clash")
	}
}

func wellFormed(t *testing.T, what, svg string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(svg))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("%s: not well-formed XML: %v", what, err)
		}
	}
}

// A card drawn for a page: one <svg> element, 80 pixels wide, labelled for
// screen readers.
func ExampleCard() {
	c, _ := sim.ParseCard("8H")
	svg := cardsvg.Card(c, cardsvg.Options{Width: 80})
	fmt.Println(svg[:strings.Index(svg, "<title>")])
	fmt.Println(strings.Count(svg, `class="pip"`)-2, "pips")
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" class="card" width="80" height="112" viewBox="0 0 250 350" role="img" aria-label="8 of hearts" data-card="8H">
	// 8 pips
}

// The table as players lay it, for a printed page: the main line, then the
// back of a card still in someone's hand.
func ExampleBack() {
	line, _ := sim.ParseCards("3H 9S QD")
	var page strings.Builder
	for _, c := range line {
		page.WriteString(cardsvg.Card(c, cardsvg.Options{Width: 60}))
	}
	page.WriteString(cardsvg.Back(cardsvg.Options{Width: 60}))
	fmt.Println(strings.Count(page.String(), "<svg "), "cards")
	// Output: 4 cards
}
