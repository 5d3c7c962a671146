package rulewords

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Places and the cards before: a card's place on the main line ("every
// third card", "odd positions"; the starter is the 1st card, so the card
// with n cards before it is the (n+1)-th), the last cards as a set ("both
// of the last two", "either of the last two", "each of the last 3
// cards"), what the last cards hold ("a value already in the last 3
// cards"), runs ("no more than 2 hearts in a row") and totals ("the total
// on the table", "the total of the last two").

// A set of the last cards stands in a clause as a card named "@all3" or
// "@any2" (each, or one of, the last 3 or 2 cards; "@each3" is "@all3"
// said without "each", read only beside the card played: setAlone), and
// eachOf expands it once the rule is read.

func (g *registry) buildPlace() {
	// places: a condition on n
	every := func(v []any) any {
		k := v[0].(int)
		if k < 2 || k > 13 {
			return nil
		}
		return atom(fmt.Sprintf("n %% %d == %d", k, k-1))
	}
	g.named("place.every", "place", every, "every $ordinal card|one|position|place", "each $ordinal card|one", "every $num cards",
		"all $ordinal cards")
	g.named("place.other", "place", func([]any) any { return atom("n % 2 == 1") }, "every other card|one|position|place",
		"every second card|one", "even positions|places|ones|turns|spots", "the even positions|places|ones|turns|spots",
		"even numbered positions|places", "every even position|place")
	g.named("place.odd", "place", func([]any) any { return atom("n % 2 == 0") }, "odd positions|places|ones|turns|spots",
		"the odd positions|places|ones|turns|spots", "odd numbered positions|places", "every odd position|place")
	g.named("place.first", "place", func([]any) any { return atom("n == 1") }, "the first card after the starter", "the card after the starter",
		"the first card played after the starter")
	g.named("place.list", "place", func(v []any) any { return v[0] }, "the $ordlist cards|places|positions", "$ordlist cards|places|positions")
	g.special["ordinal"] = ordinalNum

	// branches by place
	br := func(c *pred, then *pred) any { return &branch{cond: c, then: then} }
	g.named("br.place", "branch", func(v []any) any { return br(v[0].(*pred), v[1].(feature)("card")) },
		"$place [card] is|are $features", "$place [card] $vps", "[the] cards at|in|on $place [are] $features",
		"at|in|on $place [,] $features", "[the] card at|in|on $place is $features")
	g.named("br.placenot", "branch", func(v []any) any { return br(v[0].(*pred), not(v[1].(feature)("card"))) },
		"$place [card] is|are not $features", "$place [card] is|are never $features", "no $nps at|in|on $place")
	g.named("br.placepost", "branch", func(v []any) any {
		if v[0].(*pred).only {
			return nil // "hearts only in odd positions" is s.onlyin
		}
		return br(v[1].(*pred), v[0].(*pred))
	}, "$simple at|in|on $place", "$simple for $place", "$simple [,] $place")
	// "hearts only in odd positions": hearts nowhere else
	g.named("s.onlyin", "sentence", func(v []any) any { return ifThen(v[0].(feature)("card"), v[1].(*pred), yes) },
		"$nps only at|in|on $place", "$nps can|may only be played at|in|on $place", "$nps can|may only go at|in|on $place")
	g.named("br.placesentence", "branch", func(v []any) any { return br(v[0].(*pred), v[1].(*pred)) },
		"at|in|on $place [,] [you] [must] $sentence")
	// the rest: what the branch before says, not ("and the rest aren't")
	g.named("br.restnot", "branch", func(v []any) any { return &branch{otherwise: true, negate: true} },
		"the rest is|are not", "the rest cannot", "the rest not", "the others is|are not", "the others cannot", "the others not",
		"all the others is|are not", "all the others cannot", "all others is|are not", "all others cannot", "the ones in between is|are not",
		"the ones in between cannot", "the rest never", "the others never", "the rest no", "the others no", "not the rest",
		"everything else is not", "any other card is not", "all other cards are not", "all other cards cannot", "nowhere else",
		"not elsewhere", "not anywhere else", "the rest|others , not|no", "the other cards , not", "the others can not|cannot be", "the rest can not|cannot be")
	g.named("br.restnone", "branch", func(v []any) any { return &branch{otherwise: true, then: not(v[0].(feature)("card"))} },
		"no $nps anywhere else", "no $nps elsewhere", "no $nps at|in|on other places|positions", "no $nps otherwise", "there are|is no $nps {anywhere else|elsewhere}", "there are|is no $nps at|in|on other places|positions", "and no $nps anywhere else")

	// the last cards as a set
	set := func(q string) func(v []any) any {
		return func(v []any) any {
			k := 2
			if len(v) > 0 {
				k = v[0].(int)
			}
			if k < 2 || k > 12 {
				return nil
			}
			return fmt.Sprintf("@%s%d", q, k)
		}
	}
	g.named("ref.both", "ref", set("all"), "both of the last two [cards]", "both of the last 2 [cards]", "both the last two [cards]",
		"both last cards", "the last two cards both")
	g.named("ref.eachk", "ref", set("all"), "{each|all|every one} of the last $num [cards]", "all the last $num cards", "any card of the last $num cards",
		"the last $num cards each")
	// "a different suit from the last two [cards]": the last cards as a
	// set without "each" or "both" are each of them, but only as what the
	// card played is compared with (setAlone): "the last three cards are
	// red" says they are there (q.all.last)
	g.named("ref.lastk", "ref", set("each"), "the last $num [cards]", "the previous $num [cards]", "the $num last cards", "the last $num cards played")
	g.named("ref.either", "ref", set("any"), "either of the last two [cards]", "either of the last 2 [cards]", "one of the last two [cards]",
		"one of the last 2 [cards]", "either one of the last two|2 [cards]", "either [one] of the previous two|2 [cards]",
		"either [one] of the two|2 previous|last cards", "one of the two|2 previous|last cards", "one of the previous two|2 [cards]")
	g.named("ref.onek", "ref", set("any"), "one of the last $num [cards]", "any of the last $num [cards]", "some card of the last $num cards",
		"at least one of the last $num [cards]", "one|any of the previous $num [cards]", "one|any of the $num previous|last cards",
		"any one of the last|previous $num [cards]")
	// "the most recent face card"
	g.named("ref.recent", "ref", func(v []any) any { return fmt.Sprintf("last(filter(line, %s))", v[0].(feature)("#").expr()) },
		"the most recent $np", "the last $npnoun played", "the latest $np", "the last $npnoun on the main line")
	g.named("br.before", "branch", func(v []any) any {
		return &branch{cond: atom(fmt.Sprintf("none(line, %s)", v[0].(feature)("#").expr())), then: v[1].(*pred)}
	}, "before any $np {shows up|appears|is played|comes} [,] $sentence", "before the first $np [,] $sentence", "until a $np {is played|shows up|appears} [,] $sentence", "if no $np has been played [yet] [,] $sentence", "while there is no $np [,] $sentence", "if there is|are no $np|$nps [yet] [,] $sentence", "if there is|are no $np|$nps played [yet] [,] $sentence", "while no $np has been played [,] $sentence", "until the first $np [,] $sentence", "as long as no $np has been played [,] $sentence")
	g.named("f.betweenlast2", "feature", func([]any) any {
		return fe(func(r string) *pred {
			return or(atom("prev2 == nil"), atom(fmt.Sprintf("%s.rank >= min(prev.rank, prev2.rank) and %s.rank <= max(prev.rank, prev2.rank)", r, r)))
		})
	}, "between the last two [cards]", "between the last 2 [cards]", "between the previous two [cards]", "between the last two cards played",
		"between the last two [cards] inclusive", "between the values of the last two cards", "in between the last two [cards]",
		"between the last two ranks|values", "between the ranks|values of the last two [cards]")
	g.named("f.betweenlast2x", "feature", func([]any) any {
		return fe(func(r string) *pred {
			return or(atom("prev2 == nil"), atom(fmt.Sprintf("%s.rank > min(prev.rank, prev2.rank) and %s.rank < max(prev.rank, prev2.rank)", r, r)))
		})
	}, "strictly between the last two [cards]", "between the last two [cards] exclusive")

	// what the last cards hold
	in := func(q string) func(v []any) any {
		return func(v []any) any {
			f, coll := string(v[0].(fieldName)), v[1].(string)
			return fe(func(r string) *pred { return atom(fmt.Sprintf("%s(%s, .%s == %s.%s)", q, coll, f, r, f)) })
		}
	}
	g.named("f.fieldin", "feature", in("any"), "with a $field [that is] [already] in|on|among $coll", "whose $field is [already] in|on|among $coll",
		"of a $field [that is] [already] in|on|among $coll", "with a $field that has [already] been played in|on $coll",
		"with a $field that has [already] {appeared|shown|shown up} in|on $coll", "a $field that has [already] been played in|on|among $coll", "a $field already played in|on $coll", "a $field [that is] already in|on|among $coll", "a $field that was [already] in|among|on $coll")
	g.named("f.fieldnotin", "feature", in("none"), "with a $field [that is] not [yet] in|on|among $coll", "whose $field is not [yet] in|on|among $coll",
		"of a $field [that is] not [yet] in|on|among $coll", "with a $field that has not been played in|on $coll",
		"with a $field that has not {appeared|shown|shown up} in|on $coll", "of a $field not [yet] seen|played in|on $coll", "a $field that was|is not in|among|on $coll", "a $field not in|among $coll", "a $field that has not been played in|on|among $coll", "a $field not played in|on $coll", "a $field not seen in|on $coll",
		"[with] a $field [that is] missing|absent from $coll", "whose $field is missing|absent from $coll",
		"no $field [that is|was] [already] in|on|among $coll", "no $field [that has] [already] been played in|on|among $coll", "no $field already played in|on|among $coll",
		"a $field not already in|on|among $coll")
	g.named("c.fieldnotin", "clause", func(v []any) any {
		f, coll := string(v[0].(fieldName)), v[1].(string)
		return atom(fmt.Sprintf("none(%s, .%s == card.%s)", coll, f, f))
	}, "the $field is one that has not {shown|shown up|appeared|been played|been seen} in|on $coll",
		"the $field is not [one] [that is] [already] in|on|among $coll", "the $field has not {shown|shown up|appeared|been played|been seen} in|on $coll",
		"the $field is one that is not [already] in|on $coll", "[you] {cannot|can not|must not|may not} match the $field of any of $coll", "the card does not match|share the $field of any of $coll", "[the card] must not match the $field of any of $coll", "the $field must not match any of $coll",
		"the [card 's] $field {is|must be} missing|absent from $coll", "the [card 's] $field must not {be|appear} in|among|on $coll",
		"the [card 's] $field {does|must} not appear in|among|on $coll")
	g.named("c.fieldin", "clause", func(v []any) any {
		f, coll := string(v[0].(fieldName)), v[1].(string)
		return atom(fmt.Sprintf("any(%s, .%s == card.%s)", coll, f, f))
	}, "the $field is one that has [already] {shown|shown up|appeared|been played|been seen} in|on $coll",
		"the $field is [one] [that is] already in|on|among $coll")
	g.named("coll.lastk", "coll", func(v []any) any { return fmt.Sprintf("line[max(0, n - %d):]", v[0]) },
		"the last $num [cards]", "the $num last cards", "the previous $num cards", "the last $num cards played")

	// runs
	g.named("s.maxrun", "sentence", func(v []any) any {
		k, f := v[0].(int), v[1].(feature)
		if k < 1 || k > 3 {
			return nil
		}
		refs := []string{"card", "prev", "prev2", "prev3"}[:k+1]
		ps := []*pred{}
		if k >= 2 {
			ps = append(ps, atom(refs[k]+" != nil"))
		}
		for _, r := range refs {
			ps = append(ps, f(r))
		}
		return not(and(ps...))
	}, "no more than $num $nps in a row", "at most $num $nps in a row", "never more than $num $nps in a row", "max $num $nps in a row",
		"not more than $num $nps in a row", "only $num $nps in a row at most", "up to $num $nps in a row")

	// totals
	sum := func(coll string) func([]any) any {
		return func([]any) any { return term{fmt.Sprintf("sum(map(%s, .rank))", coll), nil, false} }
	}
	g.named("t.total", "tatom", sum("line"), "the total [so far]", "the running total [so far]", "the total of the line", "the total of the main line",
		"the running total of the line|cards", "the total on|of the table", "the total of all [the] cards [played] [so far]", "the total of the cards [played] [so far]",
		"the sum of all [the] cards [played] [so far]", "the sum on|of the table", "the sum of the line", "the sum so far", "the sum of the cards [played] [so far]",
		"the sum of the main line", "the total value of the line", "the total of all the values", "the total of all [the] cards on|in the {line|table|main line}", "the total on the line|table", "the sum of all [the] cards on|in the {line|table|main line}", "the sum on the line", "the line total", "the total of everything played", "the total of the line so far", "the line [so far]", "the table [so far]", "the main line so far", "the whole line")
	// with one card on the main line, "the total of the last two" is that
	// card's, or the rule waits for the second (two readings)
	g.named("t.totallast2", "tatom", func([]any) any {
		return alts{term{"sum(map(line[max(0, n - 2):], .rank))", nil, false}, term{"(prev.rank + " + untilThere + ".rank)", []string{"prev"}, false}}
	}, "the total of the last two [cards]", "the sum of the last two [cards]", "the total of the last 2 [cards]", "the sum of the last 2 [cards]",
		"total of the last two", "the last two [cards] added [together|up]", "the last two [cards] summed", "the last two [cards] together")
	g.named("t.distlast2", "tatom", func([]any) any { return term{"abs(prev.rank - " + untilThere + ".rank)", []string{"prev"}, false} },
		"the difference between the last two [cards]", "the difference of the last two [cards]", "the gap between the last two [cards]",
		"the distance between the last two [cards]")
	// the average of the last k cards while fewer than k are on the main
	// line is the average of those there, or the rule waits for the k-th
	// (two readings)
	g.named("t.average", "tatom", func(v []any) any {
		coll := "line"
		if len(v) > 0 {
			coll = v[0].(string)
		}
		if m := lastKRE.FindStringSubmatch(coll); m != nil {
			return alts{term{fmt.Sprintf("sum(map(%s, .rank)) / min(n, %s)", coll, m[1]), nil, true},
				term{fmt.Sprintf("sum(map(line[max(0, n - %s):], .rank)) / %s", waitFor(m[1]), m[1]), nil, true}}
		}
		return term{fmt.Sprintf("sum(map(%s, .rank)) / len(%s)", coll, coll), nil, true}
	}, "the average of $coll", "the average [value] of the whole line", "the average [value] of the line", "the average [value] of the cards played",
		"the average [value] of all the cards [played] [so far]", "the average so far", "the mean of $coll")
	g.named("t.nplayed", "tatom", func([]any) any { return term{"n", nil, false} }, "the number of cards already played", "the number of cards on the table",
		"how many cards have been played", "the count of cards played")
	g.named("c.more", "clause", func(v []any) any {
		a, b, coll := v[0].(feature), v[1].(feature), "line"
		if len(v) > 2 {
			coll = v[2].(string)
		}
		return atom(fmt.Sprintf("count(%s, %s) > count(%s, %s)", coll, a("#").expr(), coll, b("#").expr()))
	}, "there are|is more $nps than $nps [so far]", "there are|is more $nps than $nps on|in $coll", "more $nps than $nps have been played",
		"$nps outnumber $nps")
	g.named("c.countmore", "clause", func(v []any) any {
		k, f, coll := v[0].(int), v[1].(feature), "line"
		if len(v) > 2 {
			coll = v[2].(string)
		}
		return atom(fmt.Sprintf("count(%s, %s) > %d", coll, f("#").expr(), k))
	}, "there are|is more than $num $nps [so far]", "there are|is more than $num $nps on|in $coll", "more than $num $nps have been played")
	g.named("c.fewer", "clause", func(v []any) any {
		a, b, coll := v[0].(feature), v[1].(feature), "line"
		if len(v) > 2 {
			coll = v[2].(string)
		}
		return atom(fmt.Sprintf("count(%s, %s) < count(%s, %s)", coll, a("#").expr(), coll, b("#").expr()))
	}, "there are|is fewer|less $nps than $nps [so far]", "there are|is fewer|less $nps than $nps on|in $coll")
}

// ordinalNum reads an ordinal: "3rd", "third".
func ordinalNum(p *reader, i int) []result {
	if i >= len(p.toks) {
		return nil
	}
	if k, ok := p.g.t.ordinalValue(p.toks[i]); ok {
		return []result{{i + 1, k}}
	}
	return nil
}

// untilThere is the card before the last one in a number that means
// nothing until it is there: the rule asks nothing while it is missing.
const untilThere = "prev2@"

// lastKRE is the run of the last k cards of the main line.
var lastKRE = regexp.MustCompile(`^line\[max\(0, n - (\d+)\):\]$`)

// waitFor is the number k in a number that means nothing until k cards
// are on the main line ("the average of the last 3"): the rule asks
// nothing while there are fewer.
func waitFor(k string) string { return k + "@wait" }

var waitRE = regexp.MustCompile(`(\d+)@wait`)

// waiting is a rule that reads untilThere or waitFor, asking nothing
// until the cards are there.
func waiting(p *pred) *pred {
	if ms := waitRE.FindAllStringSubmatch(p.expr(), -1); ms != nil {
		k := 0
		for _, m := range ms {
			k = max(k, atoi(m[1]))
		}
		var walk func(p *pred) *pred
		walk = func(p *pred) *pred {
			if p.op == "atom" {
				return atom(waitRE.ReplaceAllString(p.text, "$1"))
			}
			out := &pred{op: p.op, text: p.text}
			for _, q := range p.kids {
				out.kids = append(out.kids, walk(q))
			}
			return out
		}
		return waiting(ifThen(atom(fmt.Sprintf("n < %d", k)), yes, walk(p)))
	}
	if !strings.Contains(p.expr(), untilThere) {
		return p
	}
	var walk func(p *pred) *pred
	walk = func(p *pred) *pred {
		if p.op == "atom" {
			return atom(strings.ReplaceAll(p.text, untilThere, "prev2"))
		}
		out := &pred{op: p.op, text: p.text}
		for _, k := range p.kids {
			out.kids = append(out.kids, walk(k))
		}
		return out
	}
	return ifThen(atom("prev2 == nil"), yes, walk(p))
}

func atoi(s string) int { k, _ := strconv.Atoi(s); return k }

var setRE = regexp.MustCompile(`@(all|any|each)(\d+)`)

// eachOf expands the sets of the last cards of a rule read: a clause
// about "@all3" holds for each of the last 3 cards (one that is missing
// asks nothing), one about "@any2" for one of them (a missing one is
// none).
func eachOf(p *pred) *pred {
	if p.op != "atom" {
		out := &pred{op: p.op, text: p.text}
		for _, k := range p.kids {
			out.kids = append(out.kids, eachOf(k))
		}
		return out
	}
	m := setRE.FindStringSubmatch(p.text)
	if m == nil {
		return p
	}
	q, k := m[1], 0
	k, _ = strconv.Atoi(m[2])
	if k <= 3 {
		var ps []*pred
		for i, r := range []string{"prev", "prev2", "prev3"}[:k] {
			a := eachOf(atom(strings.ReplaceAll(p.text, m[0], r)))
			switch {
			case i == 0:
			case q != "any":
				a = or(atom(r+" == nil"), a)
			default:
				a = and(atom(r+" != nil"), a)
			}
			ps = append(ps, a)
		}
		if q != "any" {
			return and(ps...)
		}
		return or(ps...)
	}
	fn := map[string]string{"all": "all", "each": "all", "any": "any"}[q]
	inner := strings.ReplaceAll(p.text, m[0], "#")
	return atom(fmt.Sprintf("%s(line[max(0, n - %d):], %s)", fn, k, inner))
}
