package sim

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// TranscriptOf writes a played hand down as a transcript (docs/files.md) that
// Replay referees back to the same result: the same end, scores, cards left,
// main line and error columns, and every move with the same verdict,
// penalty, cards drawn and picked, Prophet judgements and falls, and
// guesses. head gives what the result does not hold: the preset and
// options, the rule (Rule, its expression, or RuleName, its name in a bank),
// God's name and the seats' names.
//
// Names are made fit for a transcript: white space inside a name becomes
// "-", an empty name becomes P1, P2, …, a repeated one gets "-2", "-3", and
// bytes that are not UTF-8 become U+FFFD.
// Hands are written as sizes (hand_sizes:): a result does not say which
// cards were dealt.
func TranscriptOf(r *Result, head Transcript) (*Transcript, error) {
	t := &Transcript{Preset: head.Preset, Options: head.Options, Rule: head.Rule, RuleName: head.RuleName, God: head.God}
	if t.Preset == "" {
		t.Preset = "new-eleusis"
	}
	if _, err := Preset(t.Preset); err != nil {
		return nil, err
	}
	if (t.Rule == "") == (t.RuleName == "") {
		return nil, fmt.Errorf("a transcript names its rule by expression or by name: give exactly one")
	}
	if !utf8.ValidString(t.Rule + t.RuleName) {
		return nil, fmt.Errorf("the rule is not valid UTF-8 text")
	}
	t.God = strings.ToValidUTF8(t.God, "\uFFFD")
	if strings.TrimSpace(t.God) == "" {
		t.God = "God"
	}
	if len(r.Players) == 0 {
		return nil, fmt.Errorf("the result has no players")
	}
	if len(head.Players) != 0 && len(head.Players) != len(r.Players) {
		return nil, fmt.Errorf("%d names for %d seats", len(head.Players), len(r.Players))
	}
	t.Players = seatNames(head.Players, len(r.Players))
	var err error
	if t.HandSizes, err = dealtSizes(r); err != nil {
		return nil, err
	}
	t.Opening = slices.Clone(r.Opening)
	for i := range r.History {
		rec := &r.History[i]
		if rec.Player < 0 || rec.Player >= len(t.Players) {
			return nil, fmt.Errorf("move %d: no seat %d", i+1, rec.Player+1)
		}
		m := TranscriptMove{Player: t.Players[rec.Player], Kind: string(rec.Kind), Cards: rec.Cards,
			Prophet: rec.DeclaredProphet, Judged: rec.ProphetSaid}
		switch {
		case rec.ProphetPick != nil:
			m.Pick = rec.ProphetPick
			if rec.Picked != nil && *rec.Picked != *rec.ProphetPick {
				m.GodPick = rec.Picked
			}
		case rec.Picked != nil:
			m.Pick = rec.Picked
		}
		t.Moves = append(t.Moves, m)
		if rec.Guess != "" {
			g := TranscriptMove{Player: m.Player, Kind: "guess", Guess: rec.Guess}
			if rec.GuessInWords {
				g.Kind, g.Guess, g.Words = "states", "", rec.Guess
			}
			if rec.GuessInWords || rec.GuessGodErred { // God's answer, which the rule would not give
				g.GodSaid = []Verdict{No}
				if rec.GuessRight {
					g.GodSaid[0] = Yes
				}
			}
			t.Moves = append(t.Moves, g)
		}
	}
	for i := range t.Moves {
		t.Moves[i].Number = i + 1
		t.Moves[i].Text = t.Moves[i].String()
	}
	return t, nil
}

// seatNames makes n names fit for a transcript: single words, each once.
func seatNames(names []string, n int) []string {
	out := make([]string, n)
	seen := map[string]bool{}
	for i := range out {
		name := ""
		if i < len(names) {
			name = strings.Join(strings.Fields(strings.ToValidUTF8(names[i], "\uFFFD")), "-")
		}
		if name == "" {
			name = fmt.Sprintf("P%d", i+1)
		}
		base := name
		for k := 2; seen[name]; k++ {
			name = base + "-" + strconv.Itoa(k)
		}
		seen[name] = true
		out[i] = name
	}
	return out
}

// dealtSizes works out how many cards each seat was dealt from the cards
// left and what every move took from the hand and gave to it.
func dealtSizes(r *Result) ([]int, error) {
	sizes := make([]int, len(r.Players))
	for _, p := range r.Players {
		if p.Seat < 0 || p.Seat >= len(sizes) {
			return nil, fmt.Errorf("the result has no seat %d", p.Seat+1)
		}
		sizes[p.Seat] = p.Cards
	}
	for i := len(r.History) - 1; i >= 0; i-- {
		m := &r.History[i]
		if m.Player < 0 || m.Player >= len(sizes) {
			return nil, fmt.Errorf("move %d: no seat %d", i+1, m.Player+1)
		}
		gone := len(m.Cards) // a play, a sequence, a right "no play"
		if m.Kind == NoPlay && m.Verdict == No {
			gone = len(m.Accepted) // the card put down from the shown hand
		}
		sizes[m.Player] += gone - m.Drawn - m.Refund
		if m.ProphetPenalty > 0 && m.Prophet >= 0 && m.Prophet < len(sizes) {
			sizes[m.Prophet] -= m.ProphetPenalty
		}
	}
	for s, n := range sizes {
		if n < 0 {
			return nil, fmt.Errorf("the moves do not add up: seat %d would have been dealt %d cards", s+1, n)
		}
	}
	return sizes, nil
}

// String writes the move as a line of `moves:`.
func (m TranscriptMove) String() string {
	switch m.Kind {
	case "guess", "states":
		s := m.Player + " " + m.Kind + " " + m.Guess + m.Words
		if len(m.GodSaid) == 1 {
			s += " god_said:" + string(m.GodSaid[0])
		}
		return s
	}
	var b strings.Builder
	b.WriteString(m.Player + " " + m.Kind)
	for _, c := range m.Cards {
		b.WriteString(" " + c.String())
	}
	if m.Pick != nil {
		b.WriteString(" pick:" + m.Pick.String())
	}
	if m.GodPick != nil {
		b.WriteString(" godpick:" + m.GodPick.String())
	}
	if m.Judged != nil {
		b.WriteString(" judged:" + string(*m.Judged))
	}
	if len(m.GodSaid) > 0 {
		said := make([]string, len(m.GodSaid))
		for i, v := range m.GodSaid {
			said[i] = string(v)
		}
		b.WriteString(" god_said:" + strings.Join(said, ","))
	}
	if m.Prophet {
		b.WriteString(" prophet")
	}
	return b.String()
}

// Marshal writes the transcript as YAML (docs/files.md): the preset, the options
// that differ from it, the rule, the names, the hands, the opening and one
// line per move. Every text is quoted by the YAML library as it needs, so
// any name or guess reads back unchanged.
func (t *Transcript) Marshal() ([]byte, error) {
	base, err := Preset(t.Preset)
	if err != nil {
		return nil, err
	}
	str := func(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }
	doc := &yaml.Node{Kind: yaml.MappingNode}
	add := func(key string, v *yaml.Node) { doc.Content = append(doc.Content, str(key), v) }
	add("preset", str(t.Preset))
	if opts := optionsDiff(base, t.Options); len(opts.Content) > 0 {
		add("options", opts)
	}
	if t.Rule != "" {
		add("rule", str(t.Rule))
	} else {
		add("rule_name", str(t.RuleName))
	}
	add("god", str(t.God))
	players := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, p := range t.Players {
		players.Content = append(players.Content, str(p))
	}
	add("players", players)
	hands := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
	if t.Hands != nil {
		hands.Style = 0
		for i, p := range t.Players {
			hands.Content = append(hands.Content, str(p), str(CardsString(t.Hands[i])))
		}
		add("hands", hands)
	} else {
		for i, p := range t.Players {
			hands.Content = append(hands.Content, str(p), &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(t.HandSizes[i])})
		}
		add("hand_sizes", hands)
	}
	add("starter", str(CardsString(t.Opening)))
	moves := &yaml.Node{Kind: yaml.SequenceNode}
	for _, m := range t.Moves {
		line := str(m.String())
		if m.Believed != "" { // the mapping form: the line and the belief
			line = &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{str("move"), line, str("believed"), str(m.Believed)}}
		}
		moves.Content = append(moves.Content, line)
	}
	if len(moves.Content) == 0 {
		moves.Style = yaml.FlowStyle
	}
	add("moves", moves)
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// optionsDiff is the options of o that differ from base, by name, sorted.
func optionsDiff(base, o Options) *yaml.Node {
	out := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
	bm, om := base.Map(), o.Map()
	for _, name := range OptionNames() {
		if fmt.Sprint(bm[name]) == fmt.Sprint(om[name]) {
			continue
		}
		var v yaml.Node
		if err := v.Encode(om[name]); err != nil {
			continue // Map gave it: it encodes
		}
		out.Content = append(out.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: name}, &v)
	}
	return out
}

// WriteTranscript writes a played hand as a transcript (TranscriptOf, then
// Marshal).
func WriteTranscript(w io.Writer, r *Result, head Transcript) error {
	t, err := TranscriptOf(r, head)
	if err != nil {
		return err
	}
	data, err := t.Marshal()
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}
