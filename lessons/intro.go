package lessons

import (
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/eleusis/eleusis/sim"
)

// The opening of a narration: God's rule, where the hand comes from and
// how its class wrote its cards, whose belief is followed and what it
// calls God's rule, the starter.

// godRule is God's rule in words, with its expression (no full stop). The
// bank's description is English: another language says the rule with the
// scientists' words alone.
func (n *Narration) godRule(f textFormat) string {
	r := Ranked{Expr: n.Expr, Phrase: n.End.GodPhrase}
	if d := classWords(n.Description); d != "" && f.lang().Lang() == "en" {
		if inWords(&r) == "" {
			return f.say("lesson.godRule.desc", f.text(d), f.rule(r))
		}
		return f.say("lesson.godRule.words", f.text(d), f.rule(r))
	}
	return f.rule(r)
}

// seedNote matches a bank description's note on where a rule comes from:
// "(the seed's …)" or "The seed's …: " — words for the bank's readers, not
// for a class.
var seedNote = regexp.MustCompile(`\s*\([^()]*\bseed's\b[^()]*\)|^The seed's [^:]*:\s*`)

// classWords is a bank description as a class reads it: without notes on
// its source, without the final full stop, the first letter a capital.
func classWords(d string) string {
	d = strings.TrimSpace(seedNote.ReplaceAllString(strings.TrimSpace(d), ""))
	d = strings.TrimSuffix(d, ".")
	if d != "" && d[0] >= 'a' && d[0] <= 'z' {
		d = string(d[0]-'a'+'A') + d[1:]
	}
	return d
}

// setting says where the hand comes from.
func (n *Narration) setting(f textFormat) string {
	var players []string
	for i := range n.Players {
		players = append(players, n.seatIn(i, f.lang()))
	}
	from := f.say("lesson.setting.seed", f.text(n.Preset), fmt.Sprint(n.Seed))
	if n.Source != "" {
		from = f.say("lesson.setting.file", f.text(n.Preset), f.text(n.Source))
	}
	s := f.say("lesson.setting.players", from, f.text(strings.Join(players, ", ")))
	if l := n.lettersText(f); l != "" {
		s += " " + l
	}
	return s
}

// lettersText says which suit letters a class's transcript wrote its
// cards with, when they are not all English's ("" otherwise).
func (n *Narration) lettersText(f textFormat) string {
	english := true
	for l, s := range n.Letters {
		english = english && sim.SuitLetters["en"][s] == l
	}
	if english {
		return ""
	}
	var read []string
	for _, l := range slices.Sorted(maps.Keys(n.Letters)) {
		read = append(read, f.text(l+" "+strings.TrimPrefix(sim.NewCard(1, n.Letters[l]).Pretty(), "A")))
	}
	return f.say("lesson.letters", strings.Join(read, ", "))
}

// followText says whose belief the narration follows, and what it calls
// God's rule.
func (n *Narration) followText(f textFormat) string {
	s := n.whoFollowed(f)
	if forms := n.formsText(f); forms != "" {
		s += " " + forms
	}
	return s
}

// formsText says which rules of the followed space the hand cannot tell
// apart from God's — what the pack calls God's rule and whose belief it
// gives ("" when God's rule is not known).
func (n *Narration) formsText(f textFormat) string {
	if n.Truth == nil || n.Space == nil {
		return ""
	}
	ids := n.godClass().IDs()
	switch len(ids) {
	case 0:
		return f.say("lesson.forms.none", n.who(f))
	case 1:
		return f.say("lesson.forms.one", f.rule(n.ranked(int(ids[0]), 0)))
	}
	var names []string
	for _, id := range ids[:min(3, len(ids))] {
		names = append(names, f.phrase(n.ranked(int(id), 0)))
	}
	list := f.say("lesson.list2", strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
	if len(ids) > 3 {
		list = f.say("lesson.forms.more", strings.Join(names, ", "), len(ids)-3)
	}
	return f.say("lesson.forms.many", len(ids), list)
}

// godsShareText gives the belief in God's rule after a move, as hand.md
// and the plot give it.
func (n *Narration) godsShareText(st *NarratedMove, f textFormat) string {
	return f.say("key.godsShare", st.Move.Turn, fpct(f, st.LocalProb))
}

// whoFollowed says whose belief the narration follows.
func (n *Narration) whoFollowed(f textFormat) string {
	switch {
	case n.Observer < 0:
		if n.Eps > 0 {
			return f.say("lesson.follow.idealEps", int(math.Round(100*n.Eps)))
		}
		return f.say("lesson.follow.ideal")
	case n.OwnBelief:
		return f.say("lesson.follow.own", f.text(n.seatRef(n.Observer, f.lang())))
	}
	return f.say("lesson.follow.beside", f.text(n.seatRef(n.Observer, f.lang())))
}

func (n *Narration) openingText(f textFormat) string {
	if n.Options.Starter == sim.Chain3 && len(n.Result.Opening) == 5 {
		return f.say("lesson.opening.chain", f.cards(n.Result.Opening[:3]), f.cards(n.Result.Opening[3:]))
	}
	s := f.say("lesson.opening.starter", f.cards(n.Result.Opening))
	for _, said := range n.Said[0] {
		s += " " + n.saidText(said, f)
	}
	return s
}
