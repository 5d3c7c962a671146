package web

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/sim"
)

// Every preset has its "how to play" panel, in its own words and with its
// own numbers.
func TestHowToPlayEveryPreset(t *testing.T) {
	s, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tags := regexp.MustCompile(`<[^>]+>`)
	seen := map[string]string{}
	for _, name := range sim.PresetNames() {
		o, _ := sim.Preset(name)
		var b strings.Builder
		en, _ := i18n.Parse("en")
		if err := s.tmpl.ExecuteTemplate(&b, "howto", &page{L: i18n.NewPrinter(en), P: &Public{Preset: name, Options: o}}); err != nil {
			t.Fatal(err)
		}
		for _, code := range i18n.Codes() {
			tag, _ := i18n.Parse(code)
			var other strings.Builder
			if err := s.tmpl.ExecuteTemplate(&other, "howto", &page{L: i18n.NewPrinter(tag), P: &Public{Preset: name, Options: o}}); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(other.String(), "[no message") || strings.Contains(other.String(), "%!") {
				t.Errorf("%s in %s: %s", name, code, other.String())
			}
		}
		text := strings.Join(strings.Fields(tags.ReplaceAllString(b.String(), " ")), " ")
		want := []string{"God (the computer) has a secret rule", "“no play”",
			fmt.Sprintf("you draw %d card", o.PenaltyWrongCard), fmt.Sprintf("you draw %d.", o.PenaltyWrongNoPlay)}
		if strings.Contains(text, "Eleusis ("+name+")") {
			t.Errorf("%s has no words of its own", name)
		}
		if o.Guessing {
			want = append(want, "Say the rule")
		}
		if o.MaxSequence > 1 {
			want = append(want, fmt.Sprintf("a sequence of 2 to %d cards", o.MaxSequence))
		} else if strings.Contains(text, "sequence") {
			t.Errorf("%s allows no sequences, and its panel speaks of them: %s", name, text)
		}
		if o.SuddenDeathAt > 0 {
			want = append(want, fmt.Sprintf("once %d cards lie on the table", o.SuddenDeathAt))
		}
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: the panel does not say %q:\n%s", name, w, text)
			}
		}
		for other, was := range seen {
			if was == text {
				t.Errorf("%s and %s have the same panel", name, other)
			}
		}
		seen[name] = text
	}
}
