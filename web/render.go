package web

import (
	"crypto/rand"
	"fmt"
	"html/template"
	"net/url"
	"slices"
	"strings"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/cardsvg"
	"github.com/eleusis/eleusis/handwords"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/sim"
)

func cryptoRead(b []byte) { rand.Read(b) }

// funcs are the templates' helpers: drawing cards and formatting numbers.
// The templates hold no game logic: what may be done is decided in Go.
var funcs = template.FuncMap{
	// card draws a card face up (cardsvg's markup is built from fixed
	// pieces and the card's own name), named for screen readers in the
	// page's language.
	"card": func(l *i18n.Printer, c sim.Card, width float64, class string) template.HTML {
		svg := cardsvg.Card(c, cardsvg.Options{Width: width, Class: class})
		en, name := template.HTMLEscapeString(cardsvg.Name(c)), template.HTMLEscapeString(l.CardName(c.Rank(), c.Suit().String()))
		svg = strings.Replace(svg, `aria-label="`+en+`"`, `aria-label="`+name+`"`, 1)
		return template.HTML(strings.Replace(svg, "<title>"+en+"</title>", "<title>"+name+"</title>", 1))
	},
	"back": func(l *i18n.Printer, width float64) template.HTML {
		return template.HTML(strings.ReplaceAll(cardsvg.Back(cardsvg.Options{Width: width}), "a face-down card", template.HTMLEscapeString(l.T("card.back"))))
	},
	"group": groupCode,
	// code marks a name of the program (a strategy, an option) as code:
	// the same in every language.
	"code": func(s string) template.HTML {
		return template.HTML("<code>" + template.HTMLEscapeString(s) + "</code>")
	},
	"pretty": handwords.Cards,
	// say is a rule in the scientists' words in the page's language.
	"say":    sayIn,
	"hasMsg": func(key string) bool { return i18n.Default().Has(key) },
	"pct":    handwords.Pct,
	"msg":    sayMsg,
	"sayAll": sayAll,
	// ruleWords is a rule's description in the reader's language: a rule
	// of the default bank, unchanged, in the catalogue's words (bank.NAME);
	// any other in the words it was given.
	"ruleWords": func(l *i18n.Printer, name, words string) string {
		if name != "" && i18n.Default().Has("bank."+name) {
			if r, err := defaultBank().Get(name); err == nil && r.Rule.Description == words {
				return l.T("bank." + name)
			}
		}
		return words
	},
	"add":  func(a, b int) int { return a + b },
	"sub":  func(a, b int) int { return a - b },
	"pace": func(x float64) string { return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.1f", x), "0"), ".") },
}

// ruleName is a name of the rule language, shown beside the box where a
// person states a rule.
type ruleName struct{ Name, Meaning string }

// Meaning is the catalogue's key for the name's meaning.
var ruleNames = []ruleName{
	{"card", "names.card"},
	{"prev, prev2, prev3", "names.prev"},
	{"line", "names.line"},
	{".rank", "names.rank"},
	{".suit", "names.suit"},
	{".color", "names.color"},
	{".face .even .odd", "names.bool"},
	{"== != < > and or not ? :", "names.ops"},
}

// startForm is the start page's form, filled with the teacher's last
// values when a table could not be opened.
type startForm struct {
	Values     url.Values
	Errors     formErrors
	Presets    []string
	Options    []optionRow
	Rules      []ruleOption
	Tags       []string
	Bands      []string
	Seats      []seatRow
	Strategies []strategyDoc
	// Preview: the rule typed in words, read back for the teacher's yes.
	Preview *wordsPreview
}

type optionRow struct {
	Name   string
	Values []string // per preset, in Presets' order
}

type ruleOption struct{ Name, Words, Band, Tags string }

type seatRow struct {
	Index           int
	Kind, Name, Bot string
	Error           any // its problem, an i18n.Msg, or nil
}

type strategyDoc struct{ Name, Doc string }

// Value is a form field as the teacher left it.
func (f *startForm) Value(name string) string { return f.Values.Get(name) }

// Err is a field's problem (an i18n.Msg), or nil.
func (f *startForm) Err(name string) any {
	if m, ok := f.Errors[name]; ok {
		return m
	}
	return nil
}

// newStartForm prepares the form with the bank's rules, every preset's
// options and the strategies; a new form seats one person and two bots.
func (s *Server) newStartForm(values url.Values, fe formErrors) *startForm {
	if values == nil {
		values = url.Values{"preset": {"new-eleusis"}, "rule_mode": {"random"}, "band": {"easy"}, "pace": {pace(s.cfg.DefaultPace)},
			"seat0_kind": {"person"}, "seat1_kind": {"bot"}, "seat1_bot": {"bayes-eig"}, "seat2_kind": {"bot"}, "seat2_bot": {"bounded-human"},
			"seat3_kind": {"bot"}, "seat3_bot": {"random"}}
	}
	f := &startForm{Values: values, Errors: fe, Presets: sim.PresetNames(), Bands: DifficultyBands}
	maps := make([]map[string]any, len(f.Presets))
	for i, n := range f.Presets {
		o, _ := sim.Preset(n)
		maps[i] = o.Map()
	}
	for _, name := range sim.OptionNames() {
		row := optionRow{Name: name}
		for _, m := range maps {
			row.Values = append(row.Values, fmt.Sprint(m[name]))
		}
		f.Options = append(f.Options, row)
	}
	tags := map[string]bool{}
	for _, r := range s.cfg.Bank.Rules {
		f.Rules = append(f.Rules, ruleOption{Name: r.Rule.Name, Words: r.Rule.Description, Band: DifficultyBand(r), Tags: strings.Join(r.Rule.Tags, " ")})
		for _, t := range r.Rule.Tags {
			tags[t] = true
		}
	}
	for t := range tags {
		f.Tags = append(f.Tags, t)
	}
	slices.Sort(f.Tags)
	for i := range MaxSeats {
		row := seatRow{Index: i, Kind: values.Get(fmt.Sprintf("seat%d_kind", i)), Name: values.Get(fmt.Sprintf("seat%d_name", i)),
			Bot: values.Get(fmt.Sprintf("seat%d_bot", i)), Error: (&startForm{Errors: fe}).Err(fmt.Sprintf("seat%d", i))}
		if row.Kind == "" {
			row.Kind = "empty"
		}
		f.Seats = append(f.Seats, row)
	}
	for _, n := range append(agents.Names(), "exec") {
		doc, params := agents.Doc(n)
		if len(params) > 0 {
			doc += " (" + strings.Join(params, ", ") + ")"
		}
		f.Strategies = append(f.Strategies, strategyDoc{n, doc})
	}
	return f
}

func pace(x float64) string { return funcs["pace"].(func(float64) string)(x) }
