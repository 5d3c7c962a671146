package sim

import (
	"fmt"
	"strings"
	"unicode"

	"go.yaml.in/yaml/v3"
)

// readMove reads one item of moves:: a line, or a mapping with the line
// under move: and what the mover believed under believed:.
func readMove(n *yaml.Node, players map[string]bool) (TranscriptMove, error) {
	var text, believed string
	switch n.Kind {
	case yaml.ScalarNode:
		text = n.Value
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if v.Kind != yaml.ScalarNode {
				return TranscriptMove{}, fmt.Errorf("%s: give one line of text", k.Value)
			}
			switch k.Value {
			case "move":
				text = v.Value
			case "believed":
				believed = strings.TrimSpace(v.Value)
			default:
				hint := ""
				if strings.Contains(k.Value, " ") { // "- Ana guess a ? b : c" read as a mapping
					hint = `; a move line holding ": " must be quoted: - 'Ana guess prev.color == "red" ? card.rank > 5 : true'`
				}
				return TranscriptMove{}, fmt.Errorf("unknown key %q in a move (known: move, believed)%s", k.Value, hint)
			}
		}
		if text == "" {
			return TranscriptMove{}, fmt.Errorf("a move written as a mapping needs move: (e.g. {move: Ana play 8H, believed: red cards})")
		}
	default:
		return TranscriptMove{}, fmt.Errorf("write one line, PLAYER MOVE CARDS… (e.g. - Ana play 8H)")
	}
	m, err := parseMove(text, players)
	m.Text, m.Believed = text, believed
	if err == nil && believed != "" && (m.Kind == "guess" || m.Kind == "states") {
		err = fmt.Errorf("believed: goes with a play, a sequence or a \"no play\" (a %s line states the rule itself)", m.Kind)
	}
	return m, err
}

// parseMove reads "NAME KIND ARGS… [prophet] [judged:yes|no] [pick:CARD]
// [godpick:CARD] [god_said:VERDICTS]"; for guess and states the rest of
// the line is the rule.
func parseMove(s string, players map[string]bool) (TranscriptMove, error) {
	f := strings.Fields(s)
	if len(f) < 2 {
		return TranscriptMove{}, fmt.Errorf("write PLAYER MOVE CARDS… (e.g. Ana play 8H)")
	}
	m := TranscriptMove{Player: f[0], Kind: f[1]}
	if !players[m.Player] {
		return m, fmt.Errorf("%q is not one of the players", m.Player)
	}
	switch m.Kind {
	case "guess", "states":
		rule, said, err := statedRule(afterFields(s, 2))
		m.GodSaid = said
		switch {
		case err != nil:
			return m, err
		case rule == "" && m.Kind == "guess":
			return m, fmt.Errorf("a guess needs a rule after the word guess")
		case rule == "":
			return m, fmt.Errorf("states needs the rule, in words, after the word states")
		case m.Kind == "guess":
			m.Guess = rule
		default:
			m.Words = rule
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
		case strings.HasPrefix(w, "god_said:"):
			said, err := godSaid(w)
			if err != nil {
				return m, err
			}
			m.GodSaid = said
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
		return m, fmt.Errorf("unknown move %q (play, seq, noplay, guess or states)", m.Kind)
	}
	if k := len(m.GodSaid); k > 1 && (m.Kind != "seq" || k != len(m.Cards)) {
		return m, fmt.Errorf("god_said: gives %d verdicts; one for a play or a \"no play\", one per card or one in all for a sequence", k)
	}
	return m, nil
}

// godSaid reads a god_said: word: yes or no, or for a sequence one per
// card (yes,yes,no).
func godSaid(w string) ([]Verdict, error) {
	var said []Verdict
	for _, v := range strings.Split(strings.TrimPrefix(w, "god_said:"), ",") {
		if v := Verdict(v); v != Yes && v != No {
			return nil, fmt.Errorf("god_said: is yes or no (for a sequence, one per card: yes,yes,no), not %q", v)
		}
		said = append(said, Verdict(v))
	}
	return said, nil
}

// statedRule splits the rest of a guess or states line into the rule and
// God's answer, a last word god_said:yes or god_said:no.
func statedRule(rest string) (string, []Verdict, error) {
	i := strings.LastIndexFunc(rest, unicode.IsSpace)
	last := rest[i+1:]
	if !strings.HasPrefix(last, "god_said:") {
		return rest, nil, nil
	}
	said, err := godSaid(last)
	if err == nil && len(said) != 1 {
		err = fmt.Errorf("god_said: after a stated rule is one answer, yes or no")
	}
	return strings.TrimSpace(rest[:max(i, 0)]), said, err
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
