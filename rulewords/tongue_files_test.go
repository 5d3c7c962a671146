package rulewords

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

var slot = regexp.MustCompile(`\{[a-z]+\}`)

// Every phrase file has every phrase of the others, with the same slots,
// and a file that cannot be read is refused with its name and line.
func TestPhraseFiles(t *testing.T) {
	ts, err := tongues()
	if err != nil {
		t.Fatal(err)
	}
	if len(ts) != 4 {
		t.Fatalf("%d phrase files", len(ts))
	}
	ts = slices.DeleteFunc(slices.Clone(ts), func(tg *tongue) bool { return tg.lang == "en" })
	ref := ts[0]
	for _, tg := range ts {
		for _, pair := range [][2]*tongue{{ref, tg}, {tg, ref}} {
			a, b := pair[0], pair[1]
			for k, p := range a.phrases {
				q, ok := b.phrases[k]
				if !ok {
					t.Errorf("%s:%d: %s, which %s lacks", a.file, a.lines[k], k, b.file)
					continue
				}
				sa, sb := slot.FindAllString(p, -1), slot.FindAllString(q, -1)
				slices.Sort(sa)
				slices.Sort(sb)
				if !slices.Equal(sa, sb) {
					t.Errorf("%s:%d: %s has the slots %v where %s has %v", b.file, b.lines[k], k, sb, a.file, sa)
				}
			}
		}
		for k := range ref.read {
			if _, ok := tg.read[k]; !ok {
				t.Errorf("%s: read: %s, which %s has", tg.file, k, ref.file)
			}
		}
		if len(tg.articles) == 0 || len(tg.read) != len(ref.read) {
			t.Errorf("%s: %d articles, %d ways of reading (%s: %d)", tg.file, len(tg.articles), len(tg.read), ref.file, len(ref.read))
		}
		if _, err := tg.grammar(); err != nil {
			t.Errorf("%s: %v", tg.file, err)
		}
		if len(tg.contract) == 0 {
			t.Errorf("%s: no contractions", tg.file)
		}
	}
	for _, c := range []struct{ data, want string }{
		{"and: \"e\"\nor: [\n", "locales/xx.yaml: yaml: line 2"},
		{"and: \"e\"\nand: \"y\"\n", "locales/xx.yaml:2: and twice"},
		{"and:\n  - e\n", "locales/xx.yaml:1: and is not one phrase"},
		{"contract:\n  - \"de a da\"\n", `locales/xx.yaml:2: contract "de a da" is not "words → written"`},
		{"read:\n  f.colour: [\"x\"]\n", `locales/xx.yaml:2: read: no production "f.colour"`},
	} {
		_, err := parseTongue("locales/xx.yaml", []byte(c.data))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.data, err, c.want)
		}
	}
}

// Contractions and euphony as the languages write them.
func TestFinish(t *testing.T) {
	for _, c := range []struct{ lang, in, want string }{
		{"pt", "o valor de a carta é igual a o valor de o rei", "o valor da carta é igual ao valor do rei"},
		{"pt", "onde a carta", "onde a carta"},
		{"es", "roja y impar y hielo", "roja e impar y hielo"},
		{"es", "un 7 o un 8 o 8 o (otro", "un 7 o un 8 u 8 u (otro"},
		{"ca", "el valor de el rei multiplicat per el valor de eixa carta", "el valor del rei multiplicat pel valor d'eixa carta"},
	} {
		tg, err := tongueFor(c.lang)
		if err != nil {
			t.Fatal(err)
		}
		if got := tg.finish(c.in); got != c.want {
			t.Errorf("%s: finish(%q) = %q, want %q", c.lang, c.in, got, c.want)
		}
	}
}
