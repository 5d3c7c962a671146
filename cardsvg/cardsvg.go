// Package cardsvg draws playing cards as SVG: the rank and suit in two
// corners, the pips of a number card laid out as on a printed deck, a framed
// letter for the Jack, Queen and King, red hearts and diamonds, black spades
// and clubs, and a face-down back.
//
// Each drawing is one self-contained <svg> element (no ids, no external
// fonts or images), so it can be inlined any number of times in an HTML page,
// saved as a .svg file or printed. The web table (eleusis serve) and the
// printable lesson packs draw their cards with it.
package cardsvg

import (
	"fmt"
	"html"
	"strings"

	"github.com/eleusis/eleusis/sim"
)

// Options say how a card is drawn. The zero value draws a card 100 CSS pixels
// wide.
type Options struct {
	// Width in CSS pixels (or user units in a printed page); the height is
	// 1.4 × the width, the proportions of a poker card (2.5 × 3.5 in). 0
	// means 100.
	Width float64
	// Class is added to the <svg> element's class attribute ("card" is
	// always there), for style sheets.
	Class string
}

// The card is drawn in a 250 × 350 box (a poker card in hundredths of an
// inch) and scaled to Options.Width.
const (
	boxW, boxH = 250, 350
	red        = "#c0162c"
	black      = "#1b1b1b"
)

// Names of ranks and suits for people (aria-label and title).
var (
	rankWords = [14]string{"", "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"}
	rankMarks = [14]string{"", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}
)

// Name is the card in words: "8 of hearts", "queen of spades"; a face-down
// card is "a face-down card".
func Name(c sim.Card) string {
	if !c.Valid() {
		return "a face-down card"
	}
	return rankWords[c.Rank()] + " of " + c.Suit().String()
}

// Color is the ink a card is printed in: red for hearts and diamonds, black
// for spades and clubs.
func Color(c sim.Card) string {
	if c.Red() {
		return red
	}
	return black
}

// Card draws card c face up. A card that is not one of the 52 (sim.Unknown,
// a face-down card of a replayed hand) is drawn as Back draws it.
func Card(c sim.Card, o Options) string {
	if !c.Valid() {
		return Back(o)
	}
	var b strings.Builder
	open(&b, o, Name(c), c.String())
	ink := Color(c)
	fmt.Fprintf(&b, `<rect x="2" y="2" width="246" height="346" rx="16" fill="#fffdf8" stroke="#8a8a8a" stroke-width="3"/>`)
	fmt.Fprintf(&b, `<g fill="%s">`, ink)
	corner(&b, c)
	b.WriteString(`<g transform="rotate(180 125 175)">`)
	corner(&b, c)
	b.WriteString(`</g>`)
	switch r := c.Rank(); {
	case r == 1:
		pip(&b, c.Suit(), 125, 175, 1.1, false)
	case r <= 10:
		scale := 0.46
		if r >= 9 {
			scale = 0.4 // four rows: smaller pips, as on a printed deck
		}
		for _, p := range pipLayout[r] {
			pip(&b, c.Suit(), p.x, p.y, scale, p.y > 175)
		}
	default:
		face(&b, c, ink)
	}
	b.WriteString(`</g></svg>`)
	return b.String()
}

// Back draws a face-down card: a blue back with a lattice of diamonds.
func Back(o Options) string {
	var b strings.Builder
	open(&b, o, "a face-down card", "??")
	b.WriteString(`<rect x="2" y="2" width="246" height="346" rx="16" fill="#fffdf8" stroke="#8a8a8a" stroke-width="3"/>`)
	b.WriteString(`<rect x="16" y="16" width="218" height="318" rx="8" fill="#1f3b73"/>`)
	// A lattice of small diamonds inside the inner frame, drawn one by one
	// so that the element needs no <pattern> id.
	b.WriteString(`<g fill="none" stroke="#9fb4e0" stroke-width="2">`)
	for y := 34; y <= 316; y += 28 {
		for x := 34; x <= 216; x += 26 {
			if (x/26+y/28)%2 == 0 {
				fmt.Fprintf(&b, `<path d="M%d %dl10 12l-10 12l-10-12z"/>`, x, y-12)
			}
		}
	}
	b.WriteString(`</g><rect x="28" y="28" width="194" height="294" rx="6" fill="none" stroke="#e6c86e" stroke-width="3"/></svg>`)
	return b.String()
}

// open writes the <svg> element's start tag with its size, label and class.
func open(b *strings.Builder, o Options, label, code string) {
	w := o.Width
	if w <= 0 {
		w = 100
	}
	class := "card"
	if o.Class != "" {
		class += " " + o.Class
	}
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" class="%s" width="%s" height="%s" viewBox="0 0 %d %d" role="img" aria-label="%s" data-card="%s"><title>%s</title>`,
		html.EscapeString(class), num(w), num(w*boxH/boxW), boxW, boxH, label, code, label)
}

// num writes a length without needless decimals.
func num(x float64) string {
	s := fmt.Sprintf("%.2f", x)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}

// corner is the rank and a small suit in the top left corner.
func corner(b *strings.Builder, c sim.Card) {
	mark := rankMarks[c.Rank()]
	spacing := ""
	if len(mark) == 2 {
		spacing = ` letter-spacing="-4"`
	}
	fmt.Fprintf(b, `<text x="30" y="58" font-family="Georgia,'DejaVu Serif',serif" font-size="46" font-weight="bold" text-anchor="middle"%s>%s</text>`, spacing, mark)
	pip(b, c.Suit(), 30, 88, 0.26, false)
}

type point struct{ x, y float64 }

// The pips of the number cards, as on a printed deck: three columns, and
// pips below the middle upside down.
var pipLayout = func() map[int][]point {
	const l, m, r = 78, 125, 172
	const top, bottom = 70, 280
	a, b := 140.0, 210.0 // the inner rows of the 9 and 10
	return map[int][]point{
		2:  {{m, top}, {m, bottom}},
		3:  {{m, top}, {m, 175}, {m, bottom}},
		4:  {{l, top}, {r, top}, {l, bottom}, {r, bottom}},
		5:  {{l, top}, {r, top}, {m, 175}, {l, bottom}, {r, bottom}},
		6:  {{l, top}, {r, top}, {l, 175}, {r, 175}, {l, bottom}, {r, bottom}},
		7:  {{l, top}, {r, top}, {m, 123}, {l, 175}, {r, 175}, {l, bottom}, {r, bottom}},
		8:  {{l, top}, {r, top}, {m, 123}, {l, 175}, {r, 175}, {m, 227}, {l, bottom}, {r, bottom}},
		9:  {{l, top}, {r, top}, {l, a}, {r, a}, {m, 175}, {l, b}, {r, b}, {l, bottom}, {r, bottom}},
		10: {{l, top}, {r, top}, {m, 105}, {l, a}, {r, a}, {l, b}, {r, b}, {m, 245}, {l, bottom}, {r, bottom}},
	}
}()

// suitShapes are the four suits drawn in a 100 × 100 box centred on (50, 50).
var suitShapes = [4]string{
	sim.Spades:   `<path d="M50 4C64 24 96 40 94 64C92 82 70 86 56 72C58 84 62 92 70 98H30C38 92 42 84 44 72C30 86 8 82 6 64C4 40 36 24 50 4Z"/>`,
	sim.Hearts:   `<path d="M50 94C30 76 4 58 4 32C4 14 18 4 31 4C41 4 47 10 50 18C53 10 59 4 69 4C82 4 96 14 96 32C96 58 70 76 50 94Z"/>`,
	sim.Diamonds: `<path d="M50 2L86 50L50 98L14 50Z"/>`,
	sim.Clubs:    `<circle cx="50" cy="27" r="22"/><circle cx="26" cy="60" r="22"/><circle cx="74" cy="60" r="22"/><path d="M44 50H56C56 76 60 90 70 98H30C40 90 44 76 44 50Z"/>`,
}

// pip draws suit s centred on (x, y), scale × 100 units wide, upside down
// when flip.
func pip(b *strings.Builder, s sim.Suit, x, y, scale float64, flip bool) {
	rot := ""
	if flip {
		rot = " rotate(180)"
	}
	fmt.Fprintf(b, `<g class="pip" transform="translate(%s %s)%s scale(%s) translate(-50 -50)">%s</g>`, num(x), num(y), rot, num(scale), suitShapes[s])
}

// face draws a Jack, Queen or King: a framed panel with the letter large
// and a suit at two corners of the frame.
func face(b *strings.Builder, c sim.Card, ink string) {
	tint := "#f3f1ea"
	if c.Red() {
		tint = "#fbeaea"
	}
	fmt.Fprintf(b, `<rect x="58" y="50" width="134" height="250" rx="6" fill="%s" stroke="%s" stroke-width="3"/>`, tint, ink)
	fmt.Fprintf(b, `<text x="125" y="214" font-family="Georgia,'DejaVu Serif',serif" font-size="120" font-weight="bold" text-anchor="middle">%s</text>`, rankMarks[c.Rank()])
	pip(b, c.Suit(), 84, 80, 0.36, false)
	pip(b, c.Suit(), 166, 270, 0.36, true)
}
