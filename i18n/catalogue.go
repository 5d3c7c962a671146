package i18n

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message/catalog"
)

//go:embed locales/*.yaml
var locales embed.FS

// Languages are the catalogues' languages, English (the reference and the
// default) first.
var Languages = []language.Tag{language.English, language.Portuguese, language.Spanish, language.Catalan}

// entry is one message of a catalogue as the translator wrote it.
type entry struct {
	line  int
	text  string            // a plain message, or
	forms map[string]string // plural forms by selector (one, other, =0, …)
	order []string          // the selectors as written
	arg   int               // the argument the forms count (1-based)
}

// cases are the entry's messages: the text, or every plural form.
func (e *entry) cases() []string {
	if e.forms == nil {
		return []string{e.text}
	}
	var out []string
	for _, sel := range e.order {
		out = append(out, e.forms[sel])
	}
	return out
}

// file is one catalogue: its language's messages by key.
type file struct {
	name    string
	tag     language.Tag
	entries map[string]*entry
	keys    []string // in the file's order
}

// Catalogue is every language's messages, ready for printers.
type Catalogue struct {
	builder *catalog.Builder
	files   map[language.Tag]*file
	// missing are keys a language lacks (said in English there).
	missing map[language.Tag][]string
}

var pluralForms = []string{"zero", "one", "two", "few", "many", "other"}

// parseFile reads one catalogue; errors name the file and line.
func parseFile(name string, data []byte, tag language.Tag) (*file, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %s", name, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	f := &file{name: name, tag: tag, entries: map[string]*entry{}}
	if len(doc.Content) == 0 {
		return f, nil
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s:%d: a catalogue is a map of keys to messages", name, top.Line)
	}
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		at := fmt.Sprintf("%s:%d", name, k.Line)
		if k.Kind != yaml.ScalarNode || k.Value == "" {
			return nil, fmt.Errorf("%s: a key is a word like join.title", at)
		}
		if prev, dup := f.entries[k.Value]; dup {
			return nil, fmt.Errorf("%s: %s is given twice (first on line %d)", at, k.Value, prev.line)
		}
		e := &entry{line: k.Line, arg: 1}
		switch v.Kind {
		case yaml.ScalarNode:
			e.text = v.Value
		case yaml.MappingNode:
			if err := e.parseForms(name, k.Value, v); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("%s: %s: a message is a string, or a map of plural forms (one: …, other: …)", at, k.Value)
		}
		f.entries[k.Value] = e
		f.keys = append(f.keys, k.Value)
	}
	return f, nil
}

// parseForms reads a message's plural forms and the argument they count.
func (e *entry) parseForms(name, key string, v *yaml.Node) error {
	e.forms = map[string]string{}
	for j := 0; j+1 < len(v.Content); j += 2 {
		sel, msg := v.Content[j], v.Content[j+1]
		where := fmt.Sprintf("%s:%d: %s", name, sel.Line, key)
		if msg.Kind != yaml.ScalarNode {
			return fmt.Errorf("%s: the form %s is a string", where, sel.Value)
		}
		if sel.Value == "arg" {
			n, err := strconv.Atoi(msg.Value)
			if err != nil || n < 1 {
				return fmt.Errorf("%s: arg is the number of the argument the forms count (1 for the first), not %q", where, msg.Value)
			}
			e.arg = n
			continue
		}
		if !slices.Contains(pluralForms, sel.Value) {
			if n, err := strconv.Atoi(strings.TrimPrefix(sel.Value, "=")); err != nil || !strings.HasPrefix(sel.Value, "=") || n < 0 {
				return fmt.Errorf("%s: %q is not a plural form (%s, or =N for an exact number)", where, sel.Value, strings.Join(pluralForms, ", "))
			}
		}
		if _, dup := e.forms[sel.Value]; dup {
			return fmt.Errorf("%s: the form %s is given twice", where, sel.Value)
		}
		e.forms[sel.Value] = msg.Value
		e.order = append(e.order, sel.Value)
	}
	if _, ok := e.forms["other"]; !ok {
		return fmt.Errorf("%s:%d: %s: plural forms need other (the form for any number the others do not name)", name, v.Line, key)
	}
	return nil
}

// Load reads the catalogues in dir of fsys, one file a language (en.yaml,
// pt.yaml, …), checks each against English (no key English lacks, the
// same placeholders) and builds them. A key another language lacks is
// said in English there (Missing lists them).
func Load(fsys fs.FS, dir string) (*Catalogue, error) {
	c := &Catalogue{builder: catalog.NewBuilder(catalog.Fallback(language.English)), files: map[language.Tag]*file{}, missing: map[language.Tag][]string{}}
	for _, tag := range Languages {
		name := path.Join(dir, tag.String()+".yaml")
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("the %s catalogue: %w", Name(tag), err)
		}
		f, err := parseFile(name, data, tag)
		if err != nil {
			return nil, err
		}
		c.files[tag] = f
	}
	en := c.files[language.English]
	for _, tag := range Languages {
		f := c.files[tag]
		if tag != language.English {
			if err := f.checkAgainst(en); err != nil {
				return nil, err
			}
		}
		for _, key := range en.keys {
			e, ok := f.entries[key]
			if !ok {
				c.missing[tag] = append(c.missing[tag], key)
				e = en.entries[key]
			}
			if err := c.set(tag, key, e); err != nil {
				return nil, fmt.Errorf("%s:%d: %s: %v", f.name, e.line, key, err)
			}
		}
	}
	return c, nil
}

// checkAgainst: every key of f is English's, with English's placeholders.
func (f *file) checkAgainst(en *file) error {
	for _, key := range f.keys {
		e := f.entries[key]
		ref, ok := en.entries[key]
		if !ok {
			return fmt.Errorf("%s:%d: %s is not a key of %s (misspelt, or gone from English?)", f.name, e.line, key, en.name)
		}
		want, got := placeholders(ref.cases()), placeholders(e.cases())
		if !slices.Equal(want, got) {
			return fmt.Errorf("%s:%d: %s has the placeholders %s where %s has %s", f.name, e.line, key, show(got), en.name, show(want))
		}
		if e.forms != nil && ref.forms != nil && e.arg != ref.arg {
			return fmt.Errorf("%s:%d: %s counts argument %d where %s counts %d", f.name, e.line, key, e.arg, en.name, ref.arg)
		}
	}
	return nil
}

func show(ps []string) string {
	if len(ps) == 0 {
		return "none"
	}
	return strings.Join(ps, " ")
}

func (c *Catalogue) set(tag language.Tag, key string, e *entry) error {
	if e.forms == nil {
		return c.builder.SetString(tag, key, explicit(e.text))
	}
	cases := make([]any, 0, 2*len(e.order))
	for _, sel := range e.order {
		cases = append(cases, sel, explicit(e.forms[sel]))
	}
	return c.builder.Set(tag, key, plural.Selectf(e.arg, "%d", cases...))
}

// Missing are the keys of English that tag's catalogue lacks.
func (c *Catalogue) Missing(tag language.Tag) []string { return c.missing[tag] }

// Keys are the catalogue's keys, in the English file's order.
func (c *Catalogue) Keys() []string { return slices.Clone(c.files[language.English].keys) }

// Has tells whether a key is in the catalogue.
func (c *Catalogue) Has(key string) bool {
	_, ok := c.files[language.English].entries[key]
	return ok
}

// texts are every message of a language, every plural form included.
func (c *Catalogue) texts(tag language.Tag) []string {
	var out []string
	for _, key := range c.files[language.English].keys {
		if strings.HasPrefix(key, codeQuoting) {
			continue
		}
		e, ok := c.files[tag].entries[key]
		if ok {
			out = append(out, e.cases()...)
		}
	}
	return out
}

// codeQuoting is the prefix of the keys whose messages quote code — a
// transcript's errors show its keywords (Ana play 8H, god_said:yes) —:
// their words are not a language's, and Untranslated leaves them out.
const codeQuoting = "tr."

var builtin *Catalogue

func init() {
	var err error
	if builtin, err = Load(locales, "locales"); err != nil {
		// The catalogues are part of the binary: a broken one is a
		// mistake of ours that the package's tests catch.
		panic("i18n: " + err.Error())
	}
}

// Default is the catalogues embedded in the program.
func Default() *Catalogue { return builtin }
