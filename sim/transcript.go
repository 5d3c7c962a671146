package sim

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Transcript is a hand written down (docs/files.md, "Transcripts"), to be
// refereed by Replay.
type Transcript struct {
	// File: the file it was read from ("" when not known), named in errors.
	File     string
	Preset   string
	Options  Options
	Rule     string // the rule's expression, or
	RuleName string // a rule of a bank
	God      string
	Players  []string
	// Either HandSizes (how many cards each holds) or Hands (the cards).
	HandSizes []int
	Hands     [][]Card
	Opening   []Card
	Moves     []TranscriptMove
	// Lang: the language the transcript says it is written in (lang:; ""
	// when it does not), whose letters its cards are read with.
	Lang  string
	lines map[string]int // the line of each key read
	read  *cardReader    // how its cards were read
}

// TranscriptMove is one item of `moves:`.
type TranscriptMove struct {
	Number int    // 1-based, as the error messages count
	Line   int    // line in the file
	Text   string // the move's line as written
	Player string
	Kind   string // play, seq, noplay, guess, states
	Cards  []Card
	// Guess: the rule stated by a guess line (an expression); Words: the
	// rule a states line gives in words, kept as words (the referee does
	// not read it).
	Guess, Words string
	// Believed: what the mover said they thought the rule was when they
	// made the move (words or an expression, as written; "" when not
	// said): it labels the move a positive or a negative test for people.
	Believed string
	// GodSaid: God's verdict as given (god_said:), one for a play or a
	// "no play", one per card or one for the whole of a sequence; nil: the
	// rule's. Where it differs from the rule, God erred, and the replay
	// follows God.
	GodSaid []Verdict
	Prophet bool     // declares Prophet after the move
	Judged  *Verdict // the Prophet's judgement
	// Pick: the card put on the main line after a wrong "no play" (by God,
	// or by a Prophet who judged it wrong); GodPick: the card God put down
	// after the Prophet's pick proved not valid.
	Pick    *Card
	GodPick *Card
}

// transcriptKeys are the keys of a transcript, in the order docs/files.md
// gives them.
var transcriptKeys = []string{"lang", "preset", "options", "rule", "rule_name", "god", "players", "hand_sizes", "hands", "starter", "moves"}

// MaxTranscriptBytes bounds a transcript: a hand of the longest allowed
// length written down is far smaller.
const MaxTranscriptBytes = 16 << 20

// ParseTranscript reads a transcript. Every error is a *TranscriptError
// naming the line (and the move) where the problem is.
func ParseTranscript(data []byte) (*Transcript, error) {
	return ParseTranscriptFile("", data)
}

// ParseTranscriptFile reads a transcript from the named file: its errors,
// and those of Replay, name the file too. A transcript that does not say
// its language (lang:) writes its cards in English (S H D C).
func ParseTranscriptFile(file string, data []byte) (t *Transcript, err error) {
	return ParseTranscriptIn(file, data, "en")
}

// ParseTranscriptIn reads a transcript for a reader of language lang (en,
// pt, es or ca: a class's language): one that does not say its language
// writes its cards in lang's suit letters or in English's where a letter
// means the same suit in both; a letter whose suit depends on which (C) is
// refused, naming the suit letters the transcript writes.
func ParseTranscriptIn(file string, data []byte, lang string) (t *Transcript, err error) {
	defer func() {
		if p := recover(); p != nil {
			t, err = nil, fmt.Errorf("cannot read the transcript: %v", p)
		}
		err = inFile(file, err)
	}()
	if _, ok := SuitLetters[lang]; !ok {
		lang = "en"
	}
	if len(data) > MaxTranscriptBytes {
		return nil, say("tr.tooLarge", MaxTranscriptBytes>>20)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, yamlSyntaxError(data, err)
	}
	if len(doc.Content) == 0 {
		return nil, say("tr.empty")
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return nil, errAt(top.Line, "tr.notMapping")
	}
	// A first pass notes every suit letter the transcript writes, for the
	// errors that name them; the second reads the cards.
	first := &cardReader{lang: lang, collect: true}
	parseTop(file, top, first)
	return parseTop(file, top, &cardReader{lang: lang, used: first.used})
}

// parseTop reads a transcript's keys, reading its cards with rd.
func parseTop(file string, top *yaml.Node, rd *cardReader) (*Transcript, error) {
	keys := map[string]*yaml.Node{}
	t := &Transcript{File: file, lines: map[string]int{}, read: rd}
	for i := 0; i+1 < len(top.Content); i += 2 {
		k := top.Content[i]
		if !slices.Contains(transcriptKeys, k.Value) {
			return nil, errAt(k.Line, "tr.unknownKey", k.Value, strings.Join(transcriptKeys, ", "))
		}
		if keys[k.Value] != nil {
			return nil, errAt(k.Line, "tr.twice", k.Value, strconv.Itoa(t.lines[k.Value]))
		}
		keys[k.Value], t.lines[k.Value] = top.Content[i+1], k.Line
	}
	if err := t.readHead(keys); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, p := range t.Players {
		seen[p] = true
	}
	if err := t.readHands(keys, seen); err != nil {
		return nil, err
	}
	if err := t.readMoves(keys["moves"], seen); err != nil {
		return nil, err
	}
	return t, nil
}

// scalar reads a key's text value ("" when the key is absent).
func scalar(keys map[string]*yaml.Node, key string) (string, error) {
	n := keys[key]
	if n == nil {
		return "", nil
	}
	if n.Kind != yaml.ScalarNode {
		return "", errAt(n.Line, "tr.oneValue", key)
	}
	return n.Value, nil
}

// readHead reads the language, preset, options, rule, God and players.
func (t *Transcript) readHead(keys map[string]*yaml.Node) error {
	var err error
	for _, f := range []struct {
		key string
		to  *string
	}{{"lang", &t.Lang}, {"preset", &t.Preset}, {"rule", &t.Rule}, {"rule_name", &t.RuleName}, {"god", &t.God}} {
		if *f.to, err = scalar(keys, f.key); err != nil {
			return err
		}
	}
	if t.Lang != "" {
		t.Lang = strings.ToLower(strings.TrimSpace(t.Lang))
		if _, ok := SuitLetters[t.Lang]; !ok {
			return errAt(t.lines["lang"], "tr.lang", t.Lang, strings.Join(transcriptLangs, ", "))
		}
		t.read.lang, t.read.said = t.Lang, true
	}
	if t.Preset == "" {
		t.Preset = "new-eleusis"
	}
	if t.Options, err = Preset(t.Preset); err != nil {
		return errWrap(t.lines["preset"], err)
	}
	if n := keys["options"]; n != nil {
		if n.Kind != yaml.MappingNode {
			return errAt(n.Line, "tr.optionsMapping")
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			// One option at a time, its key without a line: the error's
			// line is the transcript error's.
			k := *n.Content[i]
			k.Line = 0
			single := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{&k, n.Content[i+1]}}
			if err := t.Options.Decode(single); err != nil {
				return errWrap(n.Content[i].Line, err)
			}
		}
	}
	switch {
	case t.Rule == "" && t.RuleName == "":
		return errAt(0, "tr.noRule")
	case t.Rule != "" && t.RuleName != "":
		return errAt(t.lines["rule_name"], "tr.bothRules")
	}
	n := keys["players"]
	if n == nil {
		return errAt(0, "tr.noPlayers")
	}
	if err := n.Decode(&t.Players); err != nil || len(t.Players) == 0 {
		return errAt(n.Line, "tr.playersList")
	}
	seen := map[string]bool{}
	for _, p := range t.Players {
		if f := strings.Fields(p); seen[p] || len(f) != 1 || f[0] != p {
			return errAt(n.Line, "tr.playerName", p)
		}
		seen[p] = true
	}
	return nil
}

// readHands reads hand_sizes: or hands:, and the starter.
func (t *Transcript) readHands(keys map[string]*yaml.Node, seen map[string]bool) error {
	sizes, hands := keys["hand_sizes"], keys["hands"]
	if (sizes == nil) == (hands == nil) {
		line := 0
		if sizes != nil {
			line = t.lines["hands"]
		}
		return errAt(line, "tr.handsOne")
	}
	by, key := sizes, "hand_sizes"
	if hands != nil {
		by, key = hands, "hands"
	}
	if by.Kind != yaml.MappingNode {
		return errAt(by.Line, "tr.handsMapping", key)
	}
	vals := map[string]*yaml.Node{}
	for i := 0; i+1 < len(by.Content); i += 2 {
		k := by.Content[i]
		if !seen[k.Value] {
			return errAt(k.Line, "tr.notPlayer", key, k.Value)
		}
		vals[k.Value] = by.Content[i+1]
	}
	for _, p := range t.Players {
		node, ok := vals[p]
		if !ok {
			return errAt(by.Line, "tr.nothingFor", key, p)
		}
		if sizes != nil {
			var n int
			if err := node.Decode(&n); err != nil {
				return errAt(node.Line, "tr.notNumber", p, node.Value)
			}
			t.HandSizes = append(t.HandSizes, n)
			continue
		}
		text := node.Value
		if node.Kind == yaml.SequenceNode {
			var list []string
			if err := node.Decode(&list); err != nil {
				return typeError(node, "hands of "+p, err)
			}
			text = strings.Join(list, " ")
		}
		cs, err := t.read.cards(text)
		if err != nil {
			return errAt(node.Line, "tr.handsOf", p, msgOf(err))
		}
		t.Hands = append(t.Hands, cs)
	}
	starter, err := scalar(keys, "starter")
	if err != nil {
		return err
	}
	if t.Opening, err = t.read.cards(starter); err != nil || len(t.Opening) == 0 {
		return errAt(t.lines["starter"], "tr.starter", starter, msgOf(orMissing(err)))
	}
	return nil
}

// readMoves reads moves:, a list whose items are lines ("Ana play 8H") or
// mappings ({move: Ana play 8H, believed: red cards}).
func (t *Transcript) readMoves(n *yaml.Node, seen map[string]bool) error {
	if n == nil {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		return errAt(n.Line, "tr.movesList")
	}
	for i, item := range n.Content {
		m, err := readMove(item, seen, t.read)
		m.Number, m.Line = i+1, item.Line
		if err != nil {
			return &TranscriptError{Line: item.Line, Move: i + 1, Text: m.Text, Err: err}
		}
		t.Moves = append(t.Moves, m)
	}
	return nil
}

// line is the line of a key of the transcript (0 when not known).
func (t *Transcript) line(key string) int { return t.lines[key] }

func orMissing(err error) error {
	if err == nil {
		return say("tr.missing")
	}
	return err
}
