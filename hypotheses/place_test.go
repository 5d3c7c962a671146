package hypotheses

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/eleusis/eleusis/godrule"
	"github.com/eleusis/eleusis/grammar"
	"github.com/eleusis/eleusis/internal/longtest"
	"github.com/eleusis/eleusis/rulebank"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestDefaultBankPlaces places every rule of the default bank that the
// index does not hold, and holds the places to testdata/places.golden (the
// table of space --bank: each rule reached at that length, or not reached):
// a change in the language or the synthesizer that moves a rule shows here
// (go test ./hypotheses -run TestDefaultBankPlaces -update to accept).
func TestDefaultBankPlaces(t *testing.T) {
	if testing.Short() {
		t.Skip("placing the rules outside the index takes minutes")
	}
	// Without the long tests, two rules placed in seconds stand for the
	// others (the wide search's rules take most of a minute).
	quick := map[string]bool{"no-rank-repeat-in-five": true, "spade-up-else-down": true}
	all := longtest.On() || *update
	sp := Default()
	// With the long tests the searches run ahead (PlaceConfig.Ahead, as
	// space places one rule): the golden holds them to the places the
	// searches give one after another.
	cfg := DefaultPlace
	cfg.Ahead = longtest.On()
	var got strings.Builder
	for _, c := range rulebank.Default().Rules {
		if _, named := outsideDefault[c.Rule.Name]; !named || !all && !quick[c.Rule.Name] {
			continue // in the index: TestDefaultBankCoverage
		}
		p, err := sp.Place(c, false, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if p.Index {
			t.Errorf("%s is in the index: TestDefaultBankCoverage names it outside", p.Rule)
		}
		if p.Reached {
			fmt.Fprintf(&got, "%s\t%d bits\t%s\n", p.Rule, p.Length, p.Expr)
			// The hypothesis is the rule: rulebank.Compare said so; check
			// that its expression is a rule the referee reads.
			if _, err := rulebank.Compile(rulebank.Rule{Name: "h", Expr: p.Expr}); err != nil {
				t.Errorf("%s: the hypothesis does not compile: %v", p.Rule, err)
			}
		} else {
			fmt.Fprintf(&got, "%s\tnot reached\n", p.Rule)
			if p.Reason == "" {
				t.Errorf("%s: not reached, and no reason", p.Rule)
			}
		}
	}
	golden := filepath.Join("testdata", "places.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !all {
		var lines []string
		for _, l := range strings.SplitAfter(string(want), "\n") {
			if name, _, _ := strings.Cut(l, "\t"); quick[name] {
				lines = append(lines, l)
			}
		}
		want = []byte(strings.Join(lines, ""))
	}
	if got.String() != string(want) {
		t.Errorf("the places moved (go test ./hypotheses -run TestDefaultBankPlaces -update to accept):\ngot:\n%swant:\n%s", got.String(), want)
	}
}

// A rule in the index is placed there, at the index's length; a rule out
// of the synthesizer's reach gets a reason in words.
func TestPlaceIndexAndReason(t *testing.T) {
	if testing.Short() {
		t.Skip("a synthesizer search: seconds; runs without -short")
	}
	sp := small()
	p, err := sp.Place(compile(t, `card.suit == prev.suit`), false, testPlace)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Reached || !p.Index || p.Expr != "card.suit == prev.suit" || p.Length != 3 {
		t.Errorf("same suit: %+v", p)
	}
	// Each suit in turn by the ranks played so far: past a budget this
	// small.
	tiny := DefaultPlace
	tiny.Synth = grammar.SynthConfig{PoolBits: 4, TermBits: 4, MaxBits: 10, Slack: 1, Max: 8, Keep: 1, MaxClasses: 2000, MaxSolves: 40}
	tiny.Wide = grammar.SynthConfig{} // no wider search
	tiny.Rounds, tiny.Budget = 2, time.Minute
	p, err = sp.Place(compile(t, `card.suit == ["spades", "hearts", "diamonds", "clubs"][sum(map(line, .rank)) % 4]`), false, tiny)
	if err != nil {
		t.Fatal(err)
	}
	if p.Reached || !strings.HasPrefix(p.Reason, "no rule of at most 10 bits") {
		t.Errorf("a rule past the budget: %+v", p)
	}
}

// A placement's own bounded check (the hypothesis's tree on rulebank's
// walks) gives rulebank.Compare's answer: for every pair of a God's rule
// that reads n or the line and an index hypothesis that reads them too,
// equal or not, and the same first counterexample's line when not.
func TestPlaceEquivalenceAgreesWithCompare(t *testing.T) {
	sp := small()
	g := newGrammar()
	gods := []string{
		`n % 2 == 0 ? card.color == "red" : card.color == "black"`,
		`count(line, .color == "red") % 2 == 0 ? card.color == "red" : card.color == "black"`,
		`card.rank >= sum(map(line, .rank)) / n`,
		`n % 3 == 0 ? card.face : not card.face`,
	}
	per := 30 // pairs a God's rule (expr's side of the check is slow)
	if testing.Short() {
		per = 3
	}
	checked, equal := 0, 0
	for _, god := range gods {
		rule := compile(t, god)
		// God's own hypothesis, when the index holds it: the pair is equal.
		if tr, err := sp.Classify(rule, godrule.Config{Walks: 2, Horizon: 20, Seed: 1}); err == nil && tr.Expressible {
			id, _ := sp.ByExpr(tr.Expr)
			tree := g.tree(sp.Hyps[id].cand)
			got, err := equivalent(rule, compile(t, tree.Expr()), grammar.Compile(tree), false)
			if err != nil || !got.Equal {
				t.Errorf("%s against its own hypothesis %s: %v, %v", god, tr.Expr, got, err)
			}
			equal++
		}
		pairs := 0
		for _, h := range sp.Hyps {
			if pairs == per {
				break
			}
			if h.Expr == "" || !strings.Contains(h.Expr, "n %") && !strings.Contains(h.Expr, "line") {
				continue
			}
			tree := g.tree(h.cand)
			hyp := compile(t, tree.Expr())
			want, err := rulebank.Compare(rule, hyp, false)
			if err != nil {
				continue // undecided: nothing to agree with
			}
			got, err := equivalent(rule, hyp, grammar.Compile(tree), false)
			if err != nil {
				t.Fatalf("%s against %s: %v", god, h.Expr, err)
			}
			if got.Equal != want.Equal || !slices.Equal(got.Line, want.Line) {
				t.Errorf("%s against %s: placement says %v, Compare %v", god, h.Expr, got, want)
			}
			checked++
			pairs++
		}
	}
	if checked < 3*len(gods) || equal == 0 {
		t.Fatalf("only %d pairs compared, %d of them equal", checked, equal)
	}
}

// A rule whose candidate gives God's verdict on every line drawn, but
// whose equivalence check could not decide, is not placed, and its reason
// says so, with the candidate and the check's error: not "nothing fits".
func TestPlaceReasonOfAnUndecidedCheck(t *testing.T) {
	hyp := &grammar.Node{P: grammar.PIsRank, Slot: grammar.SlotCard, Op: grammar.Ge, K: 7}
	pl := &placing{cfg: DefaultPlace, bestAgree: -1,
		undecided: &grammar.Found{Node: hyp, Bits: hyp.Bits()}, undecidedErr: fmt.Errorf("%w: too much work", rulebank.ErrUndecided)}
	why := pl.reason()
	for _, want := range []string{hyp.Expr(), fmt.Sprintf("(%d bits)", hyp.Bits()), "could not be decided", "too much work"} {
		if !strings.Contains(why, want) {
			t.Errorf("the reason %q does not say %q", why, want)
		}
	}
	pl.undecided = nil
	if why := pl.reason(); !strings.HasPrefix(why, "no rule of at most") {
		t.Errorf("with nothing undecided and nothing near: %q", why)
	}
}

// A rule the narrow search places long, for want of the wider search's
// terms, is placed where the wider search finds it shorter: Dou Dizhu's
// "beat the last card, the three low and the two high; after a two
// anything" is 42 bits of remainders to the narrow search, 17 with the
// two-high order of the look-back pool.
func TestPlaceLongLooksWider(t *testing.T) {
	if testing.Short() {
		t.Skip("two searches: seconds; runs without -short")
	}
	sp := small()
	p, err := sp.Place(compile(t, `(card.rank + 10) % 13 + 1 > (prev.rank + 10) % 13 + 1 or prev.rank == 2`), false, testPlace)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Reached || p.Length > 30 {
		t.Errorf("Dou Dizhu's order placed at %d bits (%s), want at most 30", p.Length, p.Expr)
	}
}

// A game's own order of strength within a suit — "follow suit with a
// card that beats the last one in Sueca's order: the ace, the seven, the
// king, the jack, the queen, six down to two; the eight, nine and ten
// lowest" — is past the bound of the first two searches (the order
// alone names one of 13! orders of the ranks): the far search places it.
// (Tute's and Briscola's order is among the countings: the wide search
// places it at 15 bits.)
func TestPlaceFarFindsAnOrderWithinASuit(t *testing.T) {
	if !longtest.On() {
		t.Skip("three searches: tens of seconds; runs with " + longtest.Env)
	}
	p, err := small().Place(compile(t, `let o = [0, 10, 1, 2, 3, 4, 5, 9, 0, 0, 0, 7, 6, 8]; card.suit != prev.suit or o[card.rank] > o[prev.rank]`), false, testPlace)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Reached || p.Length <= DefaultPlace.Wide.MaxBits || p.Length > DefaultPlace.Far.MaxBits {
		t.Errorf("placed: %v at %d bits (%s), want past %d bits and at most %d", p.Reached, p.Length, p.Expr, DefaultPlace.Wide.MaxBits, DefaultPlace.Far.MaxBits)
	}
}

// A rule that refuses rarely — "never four in a row going up one at a
// time" refuses only after three such cards — leaves few refused cards
// on God's lines: the first sample is topped up from the lines where he
// refuses, or "anything goes" fits it and the rounds go by one
// counterexample at a time. A rule that refuses often keeps its sample.
func TestFirstSampleSeeksRareRefusals(t *testing.T) {
	refused := func(pl *placing) (n int) {
		for _, y := range pl.yes {
			if !y {
				n++
			}
		}
		return n
	}
	rare := compile(t, `prev3 == nil or not (prev3.rank + 1 == prev2.rank and prev2.rank + 1 == prev.rank and prev.rank + 1 == card.rank)`)
	ch, err := godrule.NewChart(rare, DefaultPlace.Truth, OpeningKey)
	if err != nil {
		t.Fatal(err)
	}
	lines := ch.Walks()
	pl := newPlacing(rare, false, DefaultPlace, lines)
	if got, want := refused(pl), DefaultPlace.Points/refusalShare; got < want {
		t.Errorf("%d of the first sample's %d cards refused, want at least %d", got, len(pl.pts), want)
	}
	// Drawn evenly, as before the top-up, the sample holds almost none:
	// the lines with a refusal are few.
	some := 0
	for _, lv := range lines {
		if lv.Legal != allCards {
			some++
		}
	}
	if some*20 > len(lines) {
		t.Errorf("%d of %d lines refuse a card: the rule is not rare enough to test the top-up", some, len(lines))
	}

	often := compile(t, `card.color != prev.color`)
	ch, err = godrule.NewChart(often, DefaultPlace.Truth, OpeningKey)
	if err != nil {
		t.Fatal(err)
	}
	pl = newPlacing(often, false, DefaultPlace, ch.Walks())
	if len(pl.pts) != DefaultPlace.Points || refused(pl) < DefaultPlace.Points/refusalShare {
		t.Errorf("a rule refusing half the pack: %d points, %d refused; want %d, as drawn", len(pl.pts), refused(pl), DefaultPlace.Points)
	}
}

// The rare rule is placed at its own length, in a few rounds.
func TestPlaceRareRefusals(t *testing.T) {
	if !longtest.On() {
		t.Skip("two searches: seconds; runs with " + longtest.Env)
	}
	placedWithin(t, "never four going up one by one", `prev3 == nil or not (prev3.rank + 1 == prev2.rank and prev2.rank + 1 == prev.rank and prev.rank + 1 == card.rank)`, 8)
}

// "A card may follow its own suit three times along the line, no more"
// counts an event of the line's history (grammar's PEvents): placed at
// its length, where before the events it was placed nowhere within the
// 120 s guard.
func TestPlaceCountsTheLinesEvents(t *testing.T) {
	if !longtest.On() {
		t.Skip("two searches: seconds; runs with " + longtest.Env)
	}
	placedWithin(t, "three times a suit's follower", `card.suit != prev.suit or count(1..(n - 1), line[#].suit == line[# - 1].suit) < 3`, 12)
}

// "Match the last card by suit or by rank; after a jack, match the card
// before the jack instead" is a compound with an exception: the narrow
// search's rounds find the compound, the next sample holds what it misses
// after a jack, and the next round mends it with the condition (grammar's
// repairs). Before the repairs it was placed nowhere.
func TestPlaceMendsANearRuleWithAnException(t *testing.T) {
	if !longtest.On() {
		t.Skip("a placement of several rounds: seconds; runs with " + longtest.Env)
	}
	rule := `prev.rank == 11 and n >= 2 ? card.suit == prev2.suit or card.rank == prev2.rank : card.suit == prev.suit or card.rank == prev.rank`
	placedWithin(t, "after a jack, the card before it", rule, 44)
}

// "A face card, or a card that makes the last four add up to a multiple
// of five" joins an atom to a comparison of an 8-bit term (the sum of the
// card and the last three): below the top of the search the wide search
// compares terms of up to PairBits-2 bits, so at PairBits 9 the sum was
// never compared there and the rule was placed nowhere.
func TestPlaceWideComparesALongTermBelowTheTop(t *testing.T) {
	if !longtest.On() {
		t.Skip("two searches: seconds; runs with " + longtest.Env)
	}
	placedWithin(t, "a face card or four making a multiple of five", `card.face or (card.rank + sum(line[-3:], .rank)) % 5 == 0`, 16)
}

// Betweenness with a condition, as the forty-second fresh set wrote it,
// placed nowhere before: "between the last two, unless they are within
// two of each other" joins the atom "between two ranks" of prev and prev2
// (14 bits with its terms) under the nil guard, past the main pool, in the
// look-back pool (before: 36 bits, a count of the last two above the
// card); a surveyor's "strictly between the lowest and the highest of the
// last three, unless they span 3 or less" reads the spread of the last
// three (the highest less the lowest).
func TestPlaceBetweenTheLastCards(t *testing.T) {
	if !longtest.On() {
		t.Skip("two searches each: seconds; runs with " + longtest.Env)
	}
	for _, c := range []struct {
		name, rule string
		bits       int
	}{
		{"between the last two unless close", `prev2 == nil or abs(prev.rank - prev2.rank) <= 2 or (card.rank > min(prev.rank, prev2.rank) and card.rank < max(prev.rank, prev2.rank))`, 24},
		{"between the last three's extremes unless they span 3", `prev3 == nil or (let r = [prev3.rank, prev2.rank, prev.rank]; max(r) - min(r) <= 3 or (card.rank > min(r) and card.rank < max(r)))`, 44},
	} {
		placedWithin(t, c.name, c.rule, c.bits)
	}
}

// Two ideas of the forty-third and forty-fourth fresh sets, placed nowhere
// before: "if the last five are all different, repeat one of them" counts
// the different ranks of a stretch of the line (grammar's PDistinct; "at
// least three suits among the last three and the card" counts the card
// in); "not the twin of any of the last four" (the same rank in the same
// colour) and "a card sharing suit, rank, or colour and parity with one of
// the last three" compare an earlier card with the card on two attributes
// at once (grammar's ElShares).
func TestPlaceComparesAStretchOfTheLine(t *testing.T) {
	if !longtest.On() {
		t.Skip("two searches each: seconds; runs with " + longtest.Env)
	}
	for _, c := range []struct {
		name, rule string
		bits       int
	}{
		{"repeat one after five different", `len(uniq(map(line[max(0, n - 5):], .rank))) == 5 ? card.rank in map(line[max(0, n - 5):], .rank) : true`, 14},
		{"three suits among the last three and the card", `n < 3 or len(uniq(concat(map(line[max(0, n - 3):], .suit), [card.suit]))) >= 3`, 15},
		{"not the twin of the last four", `none(line[-4:], .color == card.color and .rank == card.rank)`, 14},
		{"a family resemblance with the last three", `any([prev, prev2, prev3], # != nil and (.suit == card.suit or .rank == card.rank or (.color == card.color and .even == card.even)))`, 32},
	} {
		placedWithin(t, c.name, c.rule, c.bits)
	}
}

// "Once the first queen is down, every card is her colour or a face card"
// (the forty-fourth fresh set's) reads the earliest card of a kind, not the
// most recent (grammar's asFirst): placed nowhere before.
func TestPlaceReadsTheFirstCardOfAKind(t *testing.T) {
	if !longtest.On() {
		t.Skip("a search: seconds; runs with " + longtest.Env)
	}
	placedWithin(t, "the first queen's colour", `let q = filter(line, .rank == 12); len(q) == 0 or card.color == q[0].color or card.face`, 16)
}

// "When the card carries the running total past a multiple of 12 (landing
// on it is fine), it must be a face card" (the forty-fifth fresh set's,
// and the forty-third's "a ten carried" iff red) reads the total before and
// after the card (grammar's PCross): placed nowhere before. The chime's
// condition comes as an exception's (c ? x : y): its "any card otherwise"
// is an implication (12 bits), not "not card.face or card.face" (20).
func TestPlaceCarriesTheRunningTotal(t *testing.T) {
	if !longtest.On() {
		t.Skip("two searches: seconds; runs with " + longtest.Env)
	}
	placedWithin(t, "a chime past twelve", `let s = sum(line, .rank); (s + card.rank) % 12 != 0 and int((s + card.rank) / 12) > int(s / 12) ? card.face : true`, 14)
	placedWithin(t, "a ten carried iff red", `(sum(line, .rank) % 10 + card.rank >= 10) == (card.color == "red")`, 14)
}

// One more than a value among the last four, counting round, or the last
// card's suit (a bookbinder's sewing order, the forty-eighth fresh set):
// the look-back pool counts the cards one under the card.
func TestPlaceCountsTheCardsOneUnderTheCard(t *testing.T) {
	if !longtest.On() {
		t.Skip("a placement: seconds; runs with " + longtest.Env)
	}
	placedWithin(t, "one over a card of the last four, counting round", `card.suit == prev.suit or any(line[-4:], .rank % 13 + 1 == card.rank)`, 17)
}

// placedWithin places rule in the small space as space does and fails t
// unless it is reached within bits; what names the rule in the failure.
func placedWithin(t *testing.T, what, rule string, bits int) {
	t.Helper()
	p, err := small().Place(compile(t, rule), false, testPlace)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Reached || p.Length > bits {
		t.Errorf("%s: placed %v at %d bits (%s) in %d rounds, want at most %d bits (%s)", what, p.Reached, p.Length, p.Expr, p.Rounds, bits, p.Reason)
	}
}

// The trace (space --trace) tells each round's rules and what God's lines
// said of them, and ends with the place it returns.
func TestPlaceTrace(t *testing.T) {
	if testing.Short() {
		t.Skip("a placement by synthesis takes seconds")
	}
	rule, err := rulebank.Default().Get("spade-up-else-down")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	cfg := DefaultPlace
	cfg.Trace = func(r, line string) {
		if r != rule.Rule.Name {
			t.Errorf("a trace line of %s: %s", r, line)
		}
		lines = append(lines, line)
	}
	p, err := Default().Place(rule, false, cfg)
	if err != nil || !p.Reached || p.Index {
		t.Fatalf("%+v, %v: want a place by synthesis", p, err)
	}
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "narrow search, round 1: ") {
		t.Fatalf("the trace does not start with the first round:\n%s", strings.Join(lines, "\n"))
	}
	if last, want := lines[len(lines)-1], fmt.Sprintf("placed: %d bits", p.Length); last != want {
		t.Errorf("the trace ends %q, want %q", last, want)
	}
	right := fmt.Sprintf("%2d bits  %s: God's verdict on every reachable state", p.Length, p.Expr)
	if !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, right) }) {
		t.Errorf("no line says %q:\n%s", right, strings.Join(lines, "\n"))
	}
	// A round after the first was earned by a rule God refuted.
	if missed := slices.ContainsFunc(lines, func(l string) bool {
		return strings.Contains(l, "; the first miss: after ") || strings.Contains(l, "a state they missed")
	}); p.Rounds > 1 && !missed {
		t.Errorf("%d rounds, but no miss in the trace:\n%s", p.Rounds, strings.Join(lines, "\n"))
	}
}

// "Never the one suit that strictly leads the counts" (the forty-fifth
// fresh set's) holds the card's suit count against the others' (grammar's
// PStanding), and "each card no further from the starter than the last,
// or of the starter's suit" (the same set's) two distances from the
// starter (PToward): placed nowhere before.
func TestPlaceStandsTheSuitsAndMeasuresFromAMark(t *testing.T) {
	if !longtest.On() {
		t.Skip("three searches: seconds; runs with " + longtest.Env)
	}
	placedWithin(t, "not the glut", `let g = groupBy(line, .suit); len(g[card.suit] ?? []) <= max(map(filter(["spades", "hearts", "diamonds", "clubs"], # != card.suit), len(g[#] ?? [])))`, 12)
	placedWithin(t, "the most played suit, or a face card", `let k = count(line, .suit == card.suit); all(["spades", "hearts", "diamonds", "clubs"], let s = #; count(line, .suit == s) <= k) or card.face`, 15)
	placedWithin(t, "toward the epicentre", `card.suit == line[0].suit or abs(card.rank - line[0].rank) <= abs(prev.rank - line[0].rank)`, 15)
}

// The forty-seventh fresh set's: "no rank twice in the same over of six"
// (the cards of the card's round so far, grammar's PInRound), "at least
// the average so far rounded down, or an ace" (PAvg rounded down) and "the
// rarest suit of the last eight" (PStanding over a long window): placed
// nowhere before.
func TestPlaceReadsTheRoundAndTheRoundedAverage(t *testing.T) {
	if !longtest.On() {
		t.Skip("three searches: seconds; runs with " + longtest.Env)
	}
	placedWithin(t, "no repeat in an over", `let s = n - (n - 1) % 6; none(line[s:], .rank == card.rank)`, 12)
	placedWithin(t, "above the average rounded down", `card.rank == 1 or card.rank >= int(sum(line, .rank) / n)`, 17)
	placedWithin(t, "the rarest suit of the last eight", `let w = line[-8:]; let c = count(w, .suit == card.suit); all(["spades", "hearts", "diamonds", "clubs"], let s = #; c <= count(w, .suit == s))`, 13)
}
