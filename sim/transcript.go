package sim

import (
	"fmt"
	"strings"
	"unicode"

	"go.yaml.in/yaml/v3"
)

// Transcript is a hand written down (docs/files.md, "Transcripts"), to be
// refereed by Replay.
type Transcript struct {
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
}

// TranscriptMove is one line of `moves:`.
type TranscriptMove struct {
	Number  int    // 1-based, as the error messages count
	Line    int    // line in the file
	Text    string // the line as written
	Player  string
	Kind    string // play, seq, noplay, guess
	Cards   []Card
	Guess   string
	Prophet bool     // declares Prophet after the move
	Judged  *Verdict // the Prophet's judgement
	// Pick: the card put on the main line after a wrong "no play" (by God,
	// or by a Prophet who judged it wrong); GodPick: the card God put down
	// after the Prophet's pick proved not valid.
	Pick    *Card
	GodPick *Card
}

type rawTranscript struct {
	Preset    string               `yaml:"preset"`
	Options   yaml.Node            `yaml:"options"`
	Rule      string               `yaml:"rule"`
	RuleName  string               `yaml:"rule_name"`
	God       string               `yaml:"god"`
	Players   []string             `yaml:"players"`
	HandSizes map[string]int       `yaml:"hand_sizes"`
	Hands     map[string]yaml.Node `yaml:"hands"`
	Starter   string               `yaml:"starter"`
	Moves     []yaml.Node          `yaml:"moves"`
}

// MaxTranscriptBytes bounds a transcript: a hand of the longest allowed
// length written down is far smaller.
const MaxTranscriptBytes = 16 << 20

// ParseTranscript reads a transcript. Errors name the file's line.
func ParseTranscript(data []byte) (t *Transcript, err error) {
	defer func() {
		if p := recover(); p != nil {
			t, err = nil, fmt.Errorf("cannot read the transcript: %v", p)
		}
	}()
	if len(data) > MaxTranscriptBytes {
		return nil, fmt.Errorf("the transcript is larger than %d MiB", MaxTranscriptBytes>>20)
	}
	var raw rawTranscript
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	dec.KnownFields(true)
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	t = &Transcript{Preset: raw.Preset, Rule: raw.Rule, RuleName: raw.RuleName, God: raw.God, Players: raw.Players}
	if t.Preset == "" {
		t.Preset = "new-eleusis"
	}
	if t.Options, err = Preset(t.Preset); err != nil {
		return nil, err
	}
	if raw.Options.Kind != 0 {
		if err := t.Options.Decode(&raw.Options); err != nil {
			return nil, err
		}
	}
	switch {
	case t.Rule == "" && t.RuleName == "":
		return nil, fmt.Errorf("the transcript names no rule (rule: or rule_name:)")
	case t.Rule != "" && t.RuleName != "":
		return nil, fmt.Errorf("give rule: or rule_name:, not both")
	case len(t.Players) == 0:
		return nil, fmt.Errorf("the transcript has no players")
	}
	seen := map[string]bool{}
	for _, p := range t.Players {
		if f := strings.Fields(p); seen[p] || len(f) != 1 || f[0] != p {
			return nil, fmt.Errorf("player name %q: names are single words, each once", p)
		}
		seen[p] = true
	}
	if (raw.HandSizes == nil) == (raw.Hands == nil) {
		return nil, fmt.Errorf("give hand_sizes: or hands:, exactly one of them")
	}
	for name := range raw.HandSizes {
		if !seen[name] {
			return nil, fmt.Errorf("hand_sizes: %q is not a player", name)
		}
	}
	for name, n := range raw.Hands {
		if !seen[name] {
			return nil, fmt.Errorf("line %d: hands: %q is not a player", n.Line, name)
		}
	}
	for _, p := range t.Players {
		if raw.HandSizes != nil {
			n, ok := raw.HandSizes[p]
			if !ok {
				return nil, fmt.Errorf("hand_sizes: no size for %s", p)
			}
			t.HandSizes = append(t.HandSizes, n)
			continue
		}
		node, ok := raw.Hands[p]
		if !ok {
			return nil, fmt.Errorf("hands: no cards for %s", p)
		}
		var text string
		if node.Kind == yaml.SequenceNode {
			var list []string
			if err := node.Decode(&list); err != nil {
				return nil, fmt.Errorf("line %d: hands of %s: %v", node.Line, p, err)
			}
			text = strings.Join(list, " ")
		} else {
			text = node.Value
		}
		cs, err := ParseCards(text)
		if err != nil {
			return nil, fmt.Errorf("line %d: hands of %s: %v", node.Line, p, err)
		}
		t.Hands = append(t.Hands, cs)
	}
	if t.Opening, err = ParseCards(raw.Starter); err != nil || len(t.Opening) == 0 {
		return nil, fmt.Errorf("starter %q: %v", raw.Starter, orMissing(err))
	}
	for i, n := range raw.Moves {
		m, err := parseMove(n.Value, seen)
		if err != nil || n.Kind != yaml.ScalarNode {
			return nil, fmt.Errorf("line %d: move %d %q: %v", n.Line, i+1, n.Value, orMissing(err))
		}
		m.Number, m.Line, m.Text = i+1, n.Line, n.Value
		t.Moves = append(t.Moves, m)
	}
	return t, nil
}

func orMissing(err error) error {
	if err == nil {
		return fmt.Errorf("missing")
	}
	return err
}

// parseMove reads "NAME KIND ARGS… [prophet] [judged:yes|no] [pick:CARD]
// [godpick:CARD]";
// for guess the rest of the line is the guessed rule.
func parseMove(s string, players map[string]bool) (TranscriptMove, error) {
	f := strings.Fields(s)
	if len(f) < 2 {
		return TranscriptMove{}, fmt.Errorf("write PLAYER MOVE CARDS… (e.g. Ana play 8H)")
	}
	m := TranscriptMove{Player: f[0], Kind: f[1]}
	if !players[m.Player] {
		return m, fmt.Errorf("%q is not one of the players", m.Player)
	}
	if m.Kind == "guess" {
		m.Guess = afterFields(s, 2)
		if m.Guess == "" {
			return m, fmt.Errorf("a guess needs a rule after the word guess")
		}
		return m, nil
	}
	for _, w := range f[2:] {
		switch {
		case w == "prophet":
			m.Prophet = true
		case strings.HasPrefix(w, "judged:"):
			v := Verdict(strings.TrimPrefix(w, "judged:"))
			if v != Yes && v != No {
				return m, fmt.Errorf("judged: is yes or no, not %q", v)
			}
			m.Judged = &v
		case strings.HasPrefix(w, "pick:"), strings.HasPrefix(w, "godpick:"):
			word, card, _ := strings.Cut(w, ":")
			c, err := ParseCard(card)
			if err != nil {
				return m, err
			}
			if word == "pick" {
				m.Pick = &c
			} else {
				m.GodPick = &c
			}
		default:
			c, err := ParseCard(w)
			if err != nil {
				return m, err
			}
			m.Cards = append(m.Cards, c)
		}
	}
	switch m.Kind {
	case "play", "seq", "noplay":
	default:
		return m, fmt.Errorf("unknown move %q (play, seq, noplay or guess)", m.Kind)
	}
	return m, nil
}

// afterFields is s without its first k white-space separated fields and
// the space around them: the rest of the line as written.
func afterFields(s string, k int) string {
	for range k {
		s = strings.TrimLeftFunc(s, unicode.IsSpace)
		if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
			s = s[i:]
		} else {
			s = ""
		}
	}
	return strings.TrimSpace(s)
}

// Replay referees a transcript with God's judge: every move is checked and
// judged, and the first move that breaks the rules is an error naming its
// number and the reason. It returns the hand as far as it went.
func Replay(t *Transcript, judge Judge) (*Hand, error) {
	cfg := HandConfig{Options: t.Options, Judge: judge, Opening: t.Opening, Deal: t.Hands, HandSizes: t.HandSizes, Names: t.Players}
	h, err := NewHand(cfg)
	if err != nil {
		return nil, err
	}
	seat := map[string]int{}
	for i, p := range t.Players {
		seat[p] = i
	}
	for _, m := range t.Moves {
		fail := func(err error) error {
			return fmt.Errorf("line %d: move %d (%s): %w", m.Line, m.Number, m.Text, err)
		}
		p := seat[m.Player]
		if m.Kind == "guess" {
			// A guess belongs to the move before it: it may follow even a
			// move after which the hand ended (the deck or the turns ran
			// out), as the table asks for it before the hand ends.
			if _, err := h.Guess(p, m.Guess); err != nil {
				if h.Ended() && !h.mayGuess(p) {
					err = fmt.Errorf("the hand ended before this guess (%s)", h.end)
				}
				return h, fail(err)
			}
			continue
		}
		if h.Ended() {
			return h, fail(fmt.Errorf("the hand ended before this move (%s)", h.end))
		}
		if p != h.Current() {
			return h, fail(fmt.Errorf("it is not %s's turn: %s plays now", m.Player, t.Players[h.Current()]))
		}
		if m.Kind != "noplay" && (m.Pick != nil || m.GodPick != nil) {
			return h, fail(fmt.Errorf("pick: and godpick: go only with noplay"))
		}
		d := Decisions{ProphetSays: m.Judged, Pick: m.Pick, GodPick: m.GodPick, DeclareProphet: m.Prophet}
		if m.Judged != nil && h.Prophet() < 0 {
			return h, fail(fmt.Errorf("judged: given, but no Prophet stands"))
		}
		if _, err := h.Apply(p, Move{Kind: MoveKind(m.Kind), Cards: m.Cards}, d); err != nil {
			return h, fail(err)
		}
		if err := h.CheckConservation(); err != nil {
			return h, fail(err)
		}
	}
	if !h.Ended() {
		h.finish(Unfinished)
	}
	return h, nil
}
