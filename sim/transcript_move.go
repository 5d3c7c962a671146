package sim

import (
	"strings"
	"unicode"

	"go.yaml.in/yaml/v3"
)

// readMove reads one item of moves:: a line, or a mapping with the line
// under move: and what the mover believed under believed:.
func readMove(n *yaml.Node, players map[string]bool, rd *cardReader) (TranscriptMove, error) {
	var text, believed string
	switch n.Kind {
	case yaml.ScalarNode:
		text = n.Value
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if v.Kind != yaml.ScalarNode {
				return TranscriptMove{}, say("tr.oneLine", k.Value)
			}
			switch k.Value {
			case "move":
				text = v.Value
			case "believed":
				believed = strings.TrimSpace(v.Value)
			default:
				if strings.Contains(k.Value, " ") { // "- Ana guess a ? b : c" read as a mapping
					return TranscriptMove{}, say("tr.moveKeyQuote", k.Value)
				}
				return TranscriptMove{}, say("tr.moveKey", k.Value)
			}
		}
		if text == "" {
			return TranscriptMove{}, say("tr.needsMove")
		}
	default:
		return TranscriptMove{}, say("tr.oneLineMove")
	}
	m, err := parseMove(text, players, rd)
	m.Text, m.Believed = text, believed
	if err == nil && believed != "" && (m.Kind == "guess" || m.Kind == "states") {
		err = say("tr.believedWhere", m.Kind)
	}
	return m, err
}

// parseMove reads "NAME KIND ARGS… [prophet] [judged:yes|no] [pick:CARD]
// [godpick:CARD] [god_said:VERDICTS]"; for guess and states the rest of
// the line is the rule. Cards are read by rd (in the transcript's
// language).
func parseMove(s string, players map[string]bool, rd *cardReader) (TranscriptMove, error) {
	f := strings.Fields(s)
	if len(f) < 2 {
		return TranscriptMove{}, say("tr.writeMove")
	}
	m := TranscriptMove{Player: f[0], Kind: f[1]}
	if !players[m.Player] {
		return m, say("tr.notOnePlayer", m.Player)
	}
	switch m.Kind {
	case "guess", "states":
		rule, said, err := statedRule(afterFields(s, 2))
		m.GodSaid = said
		switch {
		case err != nil:
			return m, err
		case rule == "" && m.Kind == "guess":
			return m, say("tr.guessNeeds")
		case rule == "":
			return m, say("tr.statesNeeds")
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
				return m, say("tr.judged", v)
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
			c, err := rd.card(card)
			if err != nil {
				return m, err
			}
			if word == "pick" {
				m.Pick = &c
			} else {
				m.GodPick = &c
			}
		default:
			c, err := rd.card(w)
			if err != nil {
				return m, err
			}
			m.Cards = append(m.Cards, c)
		}
	}
	switch m.Kind {
	case "play", "seq", "noplay":
	default:
		return m, say("tr.unknownMove", m.Kind)
	}
	if k := len(m.GodSaid); k > 1 && (m.Kind != "seq" || k != len(m.Cards)) {
		return m, say("tr.godSaidCount", k)
	}
	return m, nil
}

// godSaid reads a god_said: word: yes or no, or for a sequence one per
// card (yes,yes,no).
func godSaid(w string) ([]Verdict, error) {
	var said []Verdict
	for _, v := range strings.Split(strings.TrimPrefix(w, "god_said:"), ",") {
		if v := Verdict(v); v != Yes && v != No {
			return nil, say("tr.godSaid", v)
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
		err = say("tr.godSaidOne")
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
