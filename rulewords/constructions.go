package rulewords

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// The constructions of rules, one list for every language. A construction
// is a production of the grammar: its nonterminal, its action (what the
// words mean), and the words it is read from — in English beside the
// action (words_*.go), in Portuguese, Spanish and Valencian under its name
// in the language's phrase file (read:), in every language where it is
// only slots and brackets (all), and, where SayIn writes it, the phrase it
// writes (say, its slots' nonterminals in slots). So a construction is
// written once and read in four languages.
type construction struct {
	name, nt string
	act      func(v []any) any
	en       []string // English patterns
	all      []string // patterns of every language: slots and brackets
	say      string   // the phrase SayIn writes for it, read back
	slots    map[string]string
	// wrap: the phrase is said inside another ("not.vp": "não {vp}");
	// prefix: words before it ("$ref" for a verb phrase read as a clause)
	wrap, prefix string
}

// registry collects the constructions, in the order they are defined.
type registry struct {
	list    []*construction
	byName  map[string]*construction
	special map[string]func(p *reader, i int) []result
	auto    map[string]int
}

var constructions = sync.OnceValue(func() *registry {
	r := &registry{byName: map[string]*construction{}, special: map[string]func(*reader, int) []result{}, auto: map[string]int{}}
	r.buildCard()
	r.buildNamedCards()
	r.buildAdjRanks()
	r.buildRule()
	r.buildSentence()
	r.buildSpecial()
	r.buildBranch()
	r.buildMore()
	r.buildBounds()
	r.buildKinds()
	r.buildByAmounts()
	r.buildPattern()
	r.buildPlace()
	r.buildEnds()
	r.buildPronouns()
	r.buildFresh()
	r.buildSums()
	r.buildTyped()
	r.buildElided()
	r.buildWindow()
	r.buildTongue()
	r.buildShared()
	r.buildMode()
	r.buildVerbs()
	r.buildVerbDirs()
	r.buildFollow()
	r.buildTermRule()
	return r
})

// def adds a construction read from English patterns, named (the
// phrase files may use its name) or, with name "", after its nonterminal.
func (r *registry) def(nt, name string, act func(v []any) any, pats ...string) *construction {
	if name == "" {
		r.auto[nt]++
		name = fmt.Sprintf("%s#%d", nt, r.auto[nt])
	}
	return r.add(&construction{name: name, nt: nt, act: act, en: pats})
}

// named adds a construction with a name the phrase files may use, read
// from English patterns.
func (r *registry) named(name, nt string, act func(v []any) any, pats ...string) *construction {
	return r.add(&construction{name: name, nt: nt, act: act, en: pats})
}

// every adds a construction every language reads alike: slots and
// brackets only.
func (r *registry) every(nt string, act func(v []any) any, pats ...string) {
	r.auto[nt]++
	r.add(&construction{name: fmt.Sprintf("%s#all%d", nt, r.auto[nt]), nt: nt, act: act, all: pats})
}

func (r *registry) add(c *construction) *construction {
	if o := r.byName[c.name]; o != nil {
		panic("rulewords: two constructions named " + c.name)
	}
	r.byName[c.name] = c
	r.list = append(r.list, c)
	return c
}

// spoken adds to the construction name (creating it when English has
// none) the phrase SayIn writes for it, read back in every language that
// has that phrase.
func (r *registry) spoken(name string, c construction) {
	o := r.byName[name]
	if o == nil {
		c.name = name
		r.add(&c)
		return
	}
	if o.nt != c.nt {
		panic(fmt.Sprintf("rulewords: construction %s is a %s and a %s", name, o.nt, c.nt))
	}
	o.say, o.slots, o.wrap, o.prefix = c.say, c.slots, c.wrap, c.prefix
}

// grammar is the tongue's grammar of rules, built once.
func (t *tongue) grammar() (*grammar, error) {
	t.once.Do(func() { t.g, t.gErr = t.buildGrammar() })
	return t.g, t.gErr
}

var slotRE = strings.NewReplacer("{", " {", "}", "} ")

// buildGrammar is every construction in the tongue's words: its English
// patterns (English), the patterns of every language, the phrase SayIn
// writes and the phrase file's other ways of reading it; and the special
// readers (numbers, lists, coordination, sentences in a row).
func (t *tongue) buildGrammar() (*grammar, error) {
	reg := constructions()
	g := &grammar{t: t, prods: map[string][]*production{}, special: map[string]func(*reader, int) []result{},
		and: t.phrases["and"], or: t.phrases["or"], but: t.oneWord("but"), articles: t.articles}
	for name, f := range reg.special {
		g.special[name] = f
	}
	for name := range t.read {
		if reg.byName[name] == nil {
			return nil, fmt.Errorf("%s: read: no production %q", t.file, name)
		}
	}
	type seqs struct {
		c      *construction
		seqs   [][]string
		inFile []bool // the pattern is the phrase file's
	}
	var all []*seqs
	// The words of the patterns' runs, each tokenized once: a pattern's
	// optional words expand to thousands of sequences sharing their runs
	// (tokenizing each again was a second of every process's start).
	tokenized := map[string][]string{}
	for _, c := range reg.list {
		sq := &seqs{c: c}
		add := func(pats []string, tokens, inFile bool) {
			for _, p := range pats {
				for _, seq := range expand(strings.Fields(p)) {
					if tokens {
						seq = t.patternTokens(seq, tokenized)
					}
					if len(seq) > 0 {
						sq.seqs = append(sq.seqs, seq)
						sq.inFile = append(sq.inFile, inFile)
					}
				}
			}
		}
		if t.lang == "en" {
			add(c.en, true, false)
		} else if _, own := t.read[c.name]; !own {
			// English's patterns of slots and brackets are every
			// language's ("$ref $vps", "( $rule )"), unless the language
			// gives its own
			for _, p := range c.en {
				if structural(p) {
					add([]string{p}, false, false)
				}
			}
		}
		add(c.all, false, false)
		if c.say != "" {
			says := []string{c.say}
			if c.nt == "vp" && t.has(c.say+".many") {
				// a verb phrase said of several cards too ("… que têm o
				// mesmo naipe que a carta")
				says = append(says, c.say+".many")
			}
			for _, key := range says {
				if !t.has(key) {
					continue
				}
				p, err := t.sayPattern(c, key)
				if err != nil {
					return nil, err
				}
				if c.nt == "tatom" && strings.HasPrefix(p, "$term ") {
					continue // "{a} modulo {b}": an operator, read with the numbers (arithOps)
				}
				add([]string{p}, true, true)
			}
		}
		add(t.read[c.name], true, true)
		all = append(all, sq)
	}
	// A pattern whose slot the language has no words for reads nothing:
	// dropped, until every slot left is read (a slip in a phrase file is
	// an error).
	for changed := true; changed; {
		changed = false
		read := map[string]bool{}
		for name := range reg.special {
			read[name] = true
		}
		for _, sq := range all {
			if len(sq.seqs) > 0 {
				read[sq.c.nt] = true
			}
		}
		for _, sq := range all {
			for k := 0; k < len(sq.seqs); k++ {
				for _, w := range sq.seqs[k] {
					if slot, ok := strings.CutPrefix(w, "$"); ok && !read[slot] {
						if sq.inFile[k] {
							return nil, fmt.Errorf("%s: %s: the pattern %q has the slot %s, which is nothing the grammar reads", t.file, sq.c.name, strings.Join(sq.seqs[k], " "), w)
						}
						sq.seqs = slices.Delete(sq.seqs, k, k+1)
						sq.inFile = slices.Delete(sq.inFile, k, k+1)
						k--
						changed = true
						break
					}
				}
			}
		}
	}
	for _, sq := range all {
		if len(sq.seqs) > 0 {
			g.add(sq.c.nt, sq.c.act, dedupeSeqs(sq.seqs))
		}
	}
	g.ops = t.arithOps()
	return g, nil
}

// structural: a pattern of slots and punctuation only.
func structural(p string) bool {
	for _, w := range strings.Fields(p) {
		if !strings.HasPrefix(w, "$") && !strings.ContainsAny(w, ",;:()…") {
			return false
		}
	}
	return true
}

func dedupeSeqs(seqs [][]string) [][]string {
	var out [][]string
	seen := map[string]bool{}
	for _, s := range seqs {
		k := strings.Join(s, "\x00")
		if !seen[k] {
			seen[k] = true
			out = append(out, s)
		}
	}
	return out
}

// sayPattern is the phrase key SayIn writes for c as a pattern of the
// grammar: its slots as c's nonterminals.
func (t *tongue) sayPattern(c *construction, key string) (string, error) {
	text := t.phrases[key]
	if c.wrap != "" {
		text = t.say(c.wrap, "vp", text)
	}
	words := strings.Fields(slotRE.Replace(strings.TrimSpace(c.prefix + " " + text)))
	for i, w := range words {
		if strings.HasPrefix(w, "{") && strings.HasSuffix(w, "}") {
			nt := c.slots[w[1:len(w)-1]]
			if nt == "" {
				return "", fmt.Errorf("%s:%d: %s: the slot %s cannot be read", t.file, t.lines[key], key, w)
			}
			words[i] = "$" + nt
		}
	}
	return strings.Join(words, " "), nil
}

// patternTokens is one sequence of a pattern as the grammar's words:
// tokenized as a text is (words), the slots kept; tokenized holds the
// runs of words already tokenized (words is a function of the text).
func (t *tongue) patternTokens(seq []string, tokens map[string][]string) []string {
	var out []string
	var run []string
	flush := func() {
		if len(run) > 0 {
			text := strings.Join(run, " ")
			ws, ok := tokens[text]
			if !ok {
				ws = t.words(text)
				tokens[text] = ws
			}
			out = append(out, ws...)
			run = nil
		}
	}
	for _, w := range seq {
		if strings.HasPrefix(w, "$") {
			flush()
			out = append(out, w)
			continue
		}
		run = append(run, w)
	}
	flush()
	return out
}

// hasSlot reports whether a sequence holds a slot.
func hasSlot(seq []string) bool {
	return slices.ContainsFunc(seq, func(w string) bool { return strings.HasPrefix(w, "$") })
}

// expand lists the word sequences of a pattern, the canonical one first:
// "x|y" is a choice of one word, "[x]" or "[x|y]" an optional one, and
// a choice of several words is grouped, "[a não ser que|a menos que]"
// optional, "{que|do que}" not.
func expand(ws []string) [][]string {
	out := [][]string{nil}
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		var alts [][]string
		open, close := "", ""
		switch {
		case strings.HasPrefix(w, "["):
			open, close = "[", "]"
		case strings.HasPrefix(w, "{") && !strings.HasSuffix(w, "}") || strings.HasPrefix(w, "{") && strings.Contains(w, "|"):
			open, close = "{", "}"
		}
		if open != "" {
			group := []string{w}
			for !strings.HasSuffix(group[len(group)-1], close) && i+1 < len(ws) {
				i++
				group = append(group, ws[i])
			}
			inner := strings.TrimSuffix(strings.TrimPrefix(strings.Join(group, " "), open), close)
			for _, a := range strings.Split(inner, "|") {
				alts = append(alts, strings.Fields(a))
			}
			if open == "[" {
				alts = append(alts, nil)
			}
		} else {
			for _, a := range strings.Split(w, "|") {
				alts = append(alts, []string{a})
			}
		}
		var next [][]string
		for _, seq := range out {
			for _, a := range alts {
				next = append(next, append(append([]string(nil), seq...), a...))
			}
		}
		out = next
	}
	return out
}

// oneWord is the phrase key as the one word a text is read as ("però" is
// read "pero"), or the phrase as written.
func (t *tongue) oneWord(key string) string {
	if ws := t.words(t.phrases[key]); len(ws) == 1 {
		return ws[0]
	}
	return t.phrases[key]
}
