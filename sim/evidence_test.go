package sim

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// describe writes evidence compactly: findings as [line|card ok …]=holds
// (ok: accepted, !: refused), choices as card<line|among>, then the main
// line.
func describe(e Evidence) string {
	var parts []string
	for _, f := range e.Findings {
		var ls []string
		for _, l := range f.Lits {
			mark := ""
			if l.Refused {
				mark = "!"
			}
			ls = append(ls, fmt.Sprintf("%s|%s%s", CardsString(l.Line), mark, l.Card))
		}
		parts = append(parts, fmt.Sprintf("[%s]=%v", strings.Join(ls, " "), f.Holds))
	}
	for _, c := range e.Choices {
		among := "deck"
		if c.Among != nil {
			among = CardsString(c.Among)
		}
		parts = append(parts, fmt.Sprintf("%s<%s|%s>", c.Card, CardsString(c.Line), among))
	}
	return strings.Join(parts, "; ") + " => " + CardsString(e.MainLine)
}

func TestDecodeMove(t *testing.T) {
	all, prefix := mustPreset(t, "new-eleusis"), mustPreset(t, "new-eleusis-es")
	cs := func(s string) []Card { return mustCards(t, s) }
	c := func(s string) *Card { return &cs(s)[0] }
	line := cs("KH 2C")
	cases := []struct {
		name string
		rec  MoveRecord
		o    *Options
		want string
	}{
		{"right card", MoveRecord{Kind: Play, Cards: cs("9S"), Verdict: Yes, Accepted: cs("9S")}, &all,
			"[KH 2C|9S]=true => KH 2C 9S"},
		{"wrong card", MoveRecord{Kind: Play, Cards: cs("3D"), Verdict: No}, &all,
			"[KH 2C|3D]=false => KH 2C"},
		{"right sequence", MoveRecord{Kind: Sequence, Cards: cs("9S 3D"), Verdict: Yes, Accepted: cs("9S 3D")}, &all,
			"[KH 2C|9S KH 2C 9S|3D]=true => KH 2C 9S 3D"},
		{"wrong sequence, all or nothing", MoveRecord{Kind: Sequence, Cards: cs("9S 8D 3C"), Verdict: No}, &all,
			"[KH 2C|9S KH 2C 9S|8D KH 2C 9S 8D|3C]=false => KH 2C"},
		{"wrong sequence, prefix", MoveRecord{Kind: Sequence, Cards: cs("9S 8D 3C"), Verdict: No, Accepted: cs("9S")}, &prefix,
			"[KH 2C|9S]=true; [KH 2C 9S|8D]=false => KH 2C 9S"},
		{"wrong sequence, prefix, first card wrong", MoveRecord{Kind: Sequence, Cards: cs("3D 9S"), Verdict: No}, &prefix,
			"[KH 2C|3D]=false => KH 2C"},
		{"right no play", MoveRecord{Kind: NoPlay, Cards: cs("2D 3D"), Verdict: Yes}, &all,
			"[KH 2C|!2D KH 2C|!3D]=true => KH 2C"},
		{"wrong no play, God picks", MoveRecord{Kind: NoPlay, Cards: cs("2D 9H JS"), Verdict: No, Accepted: cs("JS"), Picked: c("JS")}, &all,
			"[KH 2C|!2D KH 2C|!9H KH 2C|!JS]=false; JS<KH 2C|2D 9H JS> => KH 2C JS"},
		{"wrong no play under a Prophet who called it right: God picks", MoveRecord{Kind: NoPlay, Cards: cs("2D 9H"), Verdict: No, Accepted: cs("9H"), Picked: c("9H"), Prophet: 1, Spared: true}, &all,
			"[KH 2C|!2D KH 2C|!9H]=false; 9H<KH 2C|2D 9H> => KH 2C 9H"},
		{"the Prophet picks a valid card", MoveRecord{Kind: NoPlay, Cards: cs("2D 9H"), Verdict: No, Accepted: cs("9H"), Picked: c("9H"), ProphetPick: c("9H"), Prophet: 1}, &all,
			"[KH 2C|!2D KH 2C|!9H]=false; [KH 2C|9H]=true => KH 2C 9H"},
		{"the Prophet's wrong pick, then God's", MoveRecord{Kind: NoPlay, Cards: cs("2D 9H JS"), Verdict: No, Accepted: cs("JS"), Picked: c("JS"), ProphetPick: c("2D"), Prophet: 1}, &all,
			"[KH 2C|!2D KH 2C|!9H KH 2C|!JS]=false; [KH 2C|2D]=false; JS<KH 2C|2D 9H JS> => KH 2C JS"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := slices.Clone(line)
			if got := describe(DecodeMove(&tc.rec, line, tc.o)); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			if !slices.Equal(line, before) {
				t.Errorf("the caller's line changed")
			}
		})
	}
}

func TestDecodeOpening(t *testing.T) {
	chain, ne := mustPreset(t, "express-divermazo"), mustPreset(t, "new-eleusis")
	for _, tc := range []struct {
		opening string
		o       *Options
		want    string
	}{
		{"3H", &ne, " => 3H"},
		{"5S 7H 9C 2C 4S", &chain, "[5S 7H 9C|2C]=false; [5S 7H 9C|4S]=false; 7H<5S|deck>; 9C<5S 7H|deck> => 5S 7H 9C"},
		{"5S 7H 9C 2C 4S", nil, " => 5S"},
	} {
		if got := describe(DecodeOpening(mustCards(t, tc.opening), tc.o)); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.opening, got, tc.want)
		}
	}
	facts := DecodeOpening(mustCards(t, "5S 7H 9C 2C 4S"), &chain).Facts()
	var got []string
	for _, f := range facts {
		got = append(got, fmt.Sprintf("%s|%s=%v", CardsString(f.Line), f.Card, f.Accepted))
	}
	if want := "5S 7H 9C|2C=false 5S 7H 9C|4S=false 5S|7H=true 5S 7H|9C=true"; strings.Join(got, " ") != want {
		t.Errorf("facts %s, want %s", strings.Join(got, " "), want)
	}
}

// Every decoded fact of every simulated hand is true of God's rule, God's
// choices are among the cards offered, and the main lines follow the hand.
func TestEvidenceIsTrue(t *testing.T) {
	for _, c := range roundTripCases() {
		_, o, ok := c.options()
		if !ok {
			continue
		}
		rule := goRules[c.rule]
		for k := range 3 {
			r := playedHand(t, o, guessJudge{rule, "RIGHT"}, o.MinPlayers+k%2, uint64(k+7))
			holds := func(l Literal) bool { return rule(l.Line, l.Card) != l.Refused }
			check := func(e Evidence, what string) {
				for _, f := range e.Findings {
					all := true
					for _, l := range f.Lits {
						all = all && holds(l)
					}
					if all != f.Holds {
						t.Fatalf("%s %s: finding %v says %v, the rule says %v", c.preset, what, f.Lits, f.Holds, all)
					}
				}
				for _, ch := range e.Choices {
					if !rule(ch.Line, ch.Card) || ch.Among != nil && !slices.Contains(ch.Among, ch.Card) {
						t.Fatalf("%s %s: God's choice %s after %s among %v", c.preset, what, ch.Card, CardsString(ch.Line), ch.Among)
					}
				}
				for _, f := range e.Facts() {
					if rule(f.Line, f.Card) != f.Accepted {
						t.Fatalf("%s %s: fact %s after %s = %v", c.preset, what, f.Card, CardsString(f.Line), f.Accepted)
					}
				}
			}
			e := DecodeOpening(r.Opening, &o)
			check(e, "opening")
			line := e.MainLine
			for i := range r.History {
				e := DecodeMove(&r.History[i], line, &o)
				check(e, fmt.Sprintf("move %d", i+1))
				line = e.MainLine
			}
			if !slices.Equal(line, r.MainLine) {
				t.Fatalf("%s: decoded main line %s, the hand's %s", c.preset, CardsString(line), CardsString(r.MainLine))
			}
		}
	}
}
