package rulewords

import (
	"embed"
	"fmt"
	"slices"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

// The words of rules in other languages: each is a file of phrases
// (locales/*.yaml) a translator edits without reading Go, one phrase a
// key, with slots ({ref}, {x}, {a} …) the sayer fills in (tongue_say.go).

//go:embed locales/*.yaml
var localeFiles embed.FS

// tongue is one language's phrases.
type tongue struct {
	lang    string
	file    string
	phrases map[string]string
	lines   map[string]int
	// contract: words that are written as one where they meet ("de a"
	// → "da"), longest first.
	contract [][2][]string
	// euphony: a word written otherwise before certain sounds (Spanish
	// "y" → "e" before "i", "o" → "u" before "o").
	euphony []euphony
	// read: the patterns ReadIn reads, by production (read_tongue.go),
	// besides the phrase SayIn writes; articles a list item may have.
	read     map[string][]string
	articles []string
	// respell: words read as others ("has to" is "must", "q" is "que"),
	// in texts and patterns alike, longest first; filler: words that say
	// nothing of the rule ("please"), dropped from texts, fillerStart
	// those dropped at the start of a sentence only ("ok so:") and
	// fillerEnd at its end only ("each time": "each time a king is
	// played" says something)
	respell                        [][2][]string
	filler, fillerStart, fillerEnd [][]string
	// arith: more words for the operators of numbers than its phrases'
	// ("com → +": "a soma das duas últimas com a tua")
	arith [][2]string
	// numbers: the words for 0, 1, 2 …; ordinals: for 1st, 2nd …;
	// ordinalEnds: the endings of an ordinal written with a number
	numbers, ordinals, ordinalEnds []string
	// pronounObject: the words after which a pronoun ("it", "ela") is a
	// card named before it, the object of a comparison ("than it")
	pronounObject               []string
	respellOnce, fillerOnce     sync.Once
	respellToks                 [][2][]string
	fillerToks, fillerStartToks [][]string
	fillerEndToks               [][]string
	once                        sync.Once
	g                           *grammar
	gErr                        error
}

type euphony struct {
	Word   string   `yaml:"word"`
	As     string   `yaml:"as"`
	Before []string `yaml:"before"`
	Except []string `yaml:"except"`
}

// englishTongue is English (locales/en.yaml; most of its grammar's words
// are beside the constructions, in words_*.go).
func englishTongue() *tongue {
	t, err := tongueFor("en")
	if err != nil {
		panic(err) // the embedded file: its test reads it
	}
	return t
}

// Languages are the languages SayIn speaks besides English ("en"), in
// the order of their files.
func Languages() []string {
	ts, err := tongues()
	if err != nil {
		return nil
	}
	var out []string
	for _, t := range ts {
		if t.lang != "en" {
			out = append(out, t.lang)
		}
	}
	return out
}

var tongues = sync.OnceValues(func() ([]*tongue, error) {
	entries, err := localeFiles.ReadDir("locales")
	if err != nil {
		return nil, err
	}
	var out []*tongue
	for _, e := range entries {
		name := "locales/" + e.Name()
		data, err := localeFiles.ReadFile(name)
		if err != nil {
			return nil, err
		}
		t, err := parseTongue(name, data)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
})

// tongueFor is the phrases of lang ("pt", "pt-BR", "ca-ES-valencia").
func tongueFor(lang string) (*tongue, error) {
	ts, err := tongues()
	if err != nil {
		return nil, fmt.Errorf("rulewords: the phrase files: %w", err)
	}
	if english(lang) {
		lang = "en"
	}
	base := strings.ToLower(lang)
	if i := strings.IndexAny(base, "-_"); i >= 0 {
		base = base[:i]
	}
	for _, t := range ts {
		if t.lang == base {
			return t, nil
		}
	}
	names := append([]string{"en"}, Languages()...)
	return nil, fmt.Errorf("no words of rules in the language %q: choose one of %s", lang, strings.Join(names, ", "))
}

// parseTongue reads one phrase file; a slip is an error naming the file
// and the line.
func parseTongue(name string, data []byte) (*tongue, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s: not a list of key: \"phrase\" lines", name)
	}
	base := strings.TrimSuffix(name[strings.LastIndex(name, "/")+1:], ".yaml")
	t := &tongue{lang: base, file: name, phrases: map[string]string{}, lines: map[string]int{}}
	m := doc.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		switch k.Value {
		case "contract":
			var rules []string
			if err := v.Decode(&rules); err != nil {
				return nil, fmt.Errorf("%s:%d: contract: %w", name, v.Line, err)
			}
			for _, r := range rules {
				from, to, ok := strings.Cut(r, "→")
				if !ok || strings.TrimSpace(from) == "" {
					return nil, fmt.Errorf("%s:%d: contract %q is not \"words → written\"", name, v.Line, r)
				}
				t.contract = append(t.contract, [2][]string{strings.Fields(from), strings.Fields(to)})
			}
			slices.SortStableFunc(t.contract, func(a, b [2][]string) int { return len(b[0]) - len(a[0]) })
			continue
		case "euphony":
			if err := v.Decode(&t.euphony); err != nil {
				return nil, fmt.Errorf("%s:%d: euphony: %w", name, v.Line, err)
			}
			continue
		case "articles":
			if err := v.Decode(&t.articles); err != nil {
				return nil, fmt.Errorf("%s:%d: articles: %w", name, v.Line, err)
			}
			continue
		case "pronoun.object":
			if err := v.Decode(&t.pronounObject); err != nil {
				return nil, fmt.Errorf("%s:%d: %s: %w", name, v.Line, k.Value, err)
			}
			continue
		case "numbers", "ordinals", "ordinal.ends":
			var ws []string
			if err := v.Decode(&ws); err != nil {
				return nil, fmt.Errorf("%s:%d: %s: %w", name, v.Line, k.Value, err)
			}
			for i := range ws {
				ws[i] = fold(strings.ToLower(ws[i]))
			}
			switch k.Value {
			case "numbers":
				// "uno|una": two words for one number
				t.numbers = ws
			case "ordinals":
				t.ordinals = ws
			default:
				t.ordinalEnds = ws
			}
			continue
		case "arith":
			var rules []string
			if err := v.Decode(&rules); err != nil {
				return nil, fmt.Errorf("%s:%d: arith: %w", name, v.Line, err)
			}
			for _, r := range rules {
				from, to, ok := strings.Cut(r, "→")
				op := strings.TrimSpace(to)
				if !ok || strings.TrimSpace(from) == "" || !slices.Contains([]string{"+", "-", "*", "/", "%"}, op) {
					return nil, fmt.Errorf("%s:%d: arith %q is not \"words → + - * / or %%\"", name, v.Line, r)
				}
				t.arith = append(t.arith, [2]string{strings.TrimSpace(from), op})
			}
			continue
		case "respell":
			var rules []string
			if err := v.Decode(&rules); err != nil {
				return nil, fmt.Errorf("%s:%d: respell: %w", name, v.Line, err)
			}
			for _, r := range rules {
				from, to, ok := strings.Cut(r, "→")
				if !ok || strings.TrimSpace(from) == "" {
					return nil, fmt.Errorf("%s:%d: respell %q is not \"words → read as\"", name, v.Line, r)
				}
				t.respell = append(t.respell, [2][]string{strings.Fields(from), strings.Fields(to)})
			}
			continue
		case "filler", "filler.start", "filler.end":
			var ws []string
			if err := v.Decode(&ws); err != nil {
				return nil, fmt.Errorf("%s:%d: %s: %w", name, v.Line, k.Value, err)
			}
			for _, w := range ws {
				switch k.Value {
				case "filler":
					t.filler = append(t.filler, strings.Fields(w))
				case "filler.start":
					t.fillerStart = append(t.fillerStart, strings.Fields(w))
				default:
					t.fillerEnd = append(t.fillerEnd, strings.Fields(w))
				}
			}
			continue
		case "read":
			if err := v.Decode(&t.read); err != nil {
				return nil, fmt.Errorf("%s:%d: read: %w", name, v.Line, err)
			}
			reg := constructions()
			for j := 0; j+1 < len(v.Content); j += 2 {
				if reg.byName[v.Content[j].Value] == nil {
					return nil, fmt.Errorf("%s:%d: read: no production %q", name, v.Content[j].Line, v.Content[j].Value)
				}
			}
			continue
		}
		if v.Kind != yaml.ScalarNode {
			return nil, fmt.Errorf("%s:%d: %s is not one phrase", name, k.Line, k.Value)
		}
		if _, dup := t.phrases[k.Value]; dup {
			return nil, fmt.Errorf("%s:%d: %s twice", name, k.Line, k.Value)
		}
		t.phrases[k.Value] = v.Value
		t.lines[k.Value] = k.Line
	}
	return t, nil
}

// say is phrase key with its slots filled: say("higher", "ref", "a
// última carta").
func (t *tongue) say(key string, slots ...string) string {
	p, ok := t.phrases[key]
	if !ok {
		panic(sayError{fmt.Sprintf("the phrase %q (%s has none)", key, t.file)})
	}
	for i := 0; i+1 < len(slots); i += 2 {
		p = strings.ReplaceAll(p, "{"+slots[i]+"}", slots[i+1])
	}
	return p
}

func (t *tongue) has(key string) bool { _, ok := t.phrases[key]; return ok }

// finish writes the words as the language writes them: contractions and
// euphony, then the spaces closed before punctuation.
func (t *tongue) finish(s string) string {
	ws := strings.Fields(s)
	var out []string
	for i := 0; i < len(ws); {
		done := false
		for _, c := range t.contract {
			if i+len(c[0]) <= len(ws) && slices.Equal(ws[i:i+len(c[0])], c[0]) {
				out = append(out, c[1]...)
				i += len(c[0])
				done = true
				break
			}
		}
		if !done {
			out = append(out, ws[i])
			i++
		}
	}
	for i := 0; i+1 < len(out); i++ {
		for _, e := range t.euphony {
			if out[i] == e.Word && soundsLike(out[i+1], e.Before, e.Except) {
				out[i] = e.As
			}
		}
	}
	return strings.Join(out, " ")
}

// soundsLike: the word (past an opening bracket) begins with one of
// prefixes and none of except.
func soundsLike(w string, prefixes, except []string) bool {
	w = strings.ToLower(strings.TrimLeft(w, "(«\""))
	for _, x := range except {
		if strings.HasPrefix(w, x) {
			return false
		}
	}
	for _, p := range prefixes {
		if strings.HasPrefix(w, p) {
			return true
		}
	}
	return false
}
