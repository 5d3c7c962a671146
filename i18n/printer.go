package i18n

import (
	"fmt"
	"html"
	"html/template"
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

// Printer says the catalogue's messages in one language.
type Printer struct {
	tag language.Tag
	p   *message.Printer
	c   *Catalogue
}

// NewPrinter is a printer of the program's catalogues in a language of
// Languages (another falls back to English).
func NewPrinter(tag language.Tag) *Printer { return builtin.Printer(tag) }

// Printer is a printer of this catalogue in tag's language.
func (c *Catalogue) Printer(tag language.Tag) *Printer {
	if _, ok := c.files[tag]; !ok {
		tag = language.English
	}
	return &Printer{tag: tag, p: message.NewPrinter(tag, message.Catalog(c.builder)), c: c}
}

// Tag is the printer's language.
func (p *Printer) Tag() language.Tag { return p.tag }

// Lang is the language's code: en, pt, es or ca (for html lang= and links).
func (p *Printer) Lang() string { return p.tag.String() }

// T says a key with its arguments: numbers in the language's form, the
// plural form the number asks for. An unknown key is a mistake of the
// caller's, said as such on the page rather than hidden.
func (p *Printer) T(key string, args ...any) string {
	if !p.c.Has(key) {
		return fmt.Sprintf("[no message %q]", key)
	}
	s := p.p.Sprintf(key, p.said(args)...)
	if p.tag == language.Catalan {
		s = elideDe(s) // "de Ana" is written "d'Ana"
	}
	return s
}

// HTML says a key whose message holds markup (<b>, <em>): the catalogue's
// own markup stands, its string arguments are escaped.
func (p *Printer) HTML(key string, args ...any) template.HTML {
	esc := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case string:
			esc[i] = html.EscapeString(v)
		case template.HTML:
			esc[i] = string(v)
		case Msg, List:
			esc[i] = html.EscapeString(p.said([]any{v})[0].(string))
		default:
			esc[i] = a
		}
	}
	return template.HTML(p.T(key, esc...))
}

// Named is a thing's name in the language (the key kind.id, as
// preset.express), or id itself when the catalogue has none.
func (p *Printer) Named(kind, id string) string {
	if !p.c.Has(kind + "." + id) {
		return id
	}
	return p.T(kind + "." + id)
}

// CardName is a card in words for people (a screen reader, a list): rank
// 1 to 13 and suit as sim names them ("hearts"): "Queen of hearts",
// "Dama de copas".
func (p *Printer) CardName(rank int, suit string) string {
	return p.T("card.name", p.T("card.rank."+strconv.Itoa(rank)), p.T("card.suit."+suit))
}

// Number writes a number in the language's form (1,234.5 or 1.234,5).
func (p *Printer) Number(x any) string { return p.p.Sprint(number.Decimal(x)) }

// Decimal writes x with exactly digits decimals in the language's form
// (0.25 or 0,25).
func (p *Printer) Decimal(x float64, digits int) string {
	return p.p.Sprint(number.Decimal(x, number.Scale(digits)))
}

// Date writes a day in the language's long form: "1 December 2026",
// "1 de dezembro de 2026".
func (p *Printer) Date(t time.Time) string {
	month := p.T("date.month." + strconv.Itoa(int(t.Month())))
	return p.T("date.long", t.Day(), month, strconv.Itoa(t.Year()))
}

// Parse reads a language's code as a --lang flag gives it (en, pt, es, ca;
// pt-BR or ca-ES-valencia are read as pt and ca).
func Parse(code string) (language.Tag, error) {
	t, err := language.Parse(strings.TrimSpace(code))
	if err == nil {
		base, _ := t.Base()
		for _, l := range Languages {
			if lb, _ := l.Base(); lb == base {
				return l, nil
			}
		}
	}
	return language.English, fmt.Errorf("no catalogue for the language %q: choose one of %s", code, strings.Join(Codes(), ", "))
}

// Codes are the languages' codes, English first.
func Codes() []string {
	out := make([]string, len(Languages))
	for i, l := range Languages {
		out[i] = l.String()
	}
	return out
}

// Name is a language's name in itself: English, Português, Español, Valencià.
func Name(tag language.Tag) string {
	if builtin == nil {
		return tag.String()
	}
	if f, ok := builtin.files[tag]; ok {
		if e, ok := f.entries["lang.name"]; ok {
			return e.text
		}
	}
	return tag.String()
}

var matcher = language.NewMatcher(Languages)

// Match is the language for a reader: the one chosen (a cookie's or a
// flag's code) when it is one of ours, else the best match of the
// browser's Accept-Language header, else English.
func Match(chosen, acceptLanguage string) language.Tag {
	if chosen != "" {
		if t, err := Parse(chosen); err == nil {
			return t
		}
	}
	want, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(want) == 0 {
		return language.English
	}
	_, i, conf := matcher.Match(want...)
	if conf == language.No {
		return language.English
	}
	return Languages[i]
}
