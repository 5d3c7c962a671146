package lessons

import (
	"bytes"
	"fmt"
	"math"
	"math/bits"
	"regexp"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/internal/testkit"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

func cards(t *testing.T, s string) []sim.Card {
	t.Helper()
	cs, err := sim.ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// lesson plays and narrates a hand of a bank rule.
func lesson(t *testing.T, rule string, seed uint64, follow int, lineup ...string) *Narration {
	t.Helper()
	r, err := rulebank.Default().Get(rule)
	if err != nil {
		t.Fatal(err)
	}
	opts, _ := sim.Preset("new-eleusis")
	var specs []agents.Spec
	for _, s := range lineup {
		sp, err := agents.ParseSpec(s)
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, sp)
	}
	n, err := PlayLesson(testkit.Kit(), LessonHand{Rule: r, Preset: "new-eleusis", Options: opts, Lineup: specs, Seed: seed, Follow: follow})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Labels on a scripted hand: a seat that told its rule (here "red") is
// judged by that rule — plays, sequences and "no play" alike — and a
// random seat is not labelled at all.
func TestLabelsScripted(t *testing.T) {
	sp, err := testkit.Kit().Space(3000)
	if err != nil {
		t.Fatal(err)
	}
	red, ok := sp.ByExpr(`card.color == "red"`)
	if !ok {
		t.Fatal("no hypothesis red")
	}
	god, err := rulebank.Compile(rulebank.Rule{Name: "red", Expr: `card.color == "red"`})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := testkit.Kit().Truth(god, sp.Len())
	if err != nil {
		t.Fatal(err)
	}
	opts, _ := sim.Preset("new-eleusis")
	pick := cards(t, "9D")[0]
	type step struct {
		player  int
		kind    sim.MoveKind
		cards   string
		verdict sim.Verdict
		want    string
	}
	steps := []step{
		{0, sim.Play, "7H", sim.Yes, "positive"},
		{1, sim.Play, "2S", sim.No, ""},
		{0, sim.Play, "3C", sim.No, "negative"},
		{0, sim.Sequence, "4D 9H", sim.Yes, "positive"},
		{0, sim.Sequence, "8D 2C", sim.No, "negative"},
		// A "no play" shows cards: a negative test when its rule forbids
		// them all, a positive one when it allows one of them.
		{0, sim.NoPlay, "2S 3C", sim.Yes, "negative"},
		{0, sim.NoPlay, "2S 9D", sim.No, "positive"},
		{2, sim.Play, "5D", sim.Yes, ""},
	}
	res := &sim.Result{Opening: cards(t, "5H")}
	for i, s := range steps {
		m := sim.MoveRecord{Turn: i + 1, Player: s.player, Kind: s.kind, Cards: cards(t, s.cards), Verdict: s.verdict, Prophet: -1}
		switch {
		case s.kind == sim.NoPlay && s.verdict == sim.No:
			m.Picked, m.Accepted = &pick, []sim.Card{pick}
		case s.kind != sim.NoPlay && s.verdict == sim.Yes:
			m.Accepted = m.Cards
		}
		res.History = append(res.History, m)
	}
	held := map[int]int{}
	for i, s := range steps {
		if s.player == 0 {
			held[i+1] = red
		}
	}
	n := &Narration{Result: res, Options: opts, Truth: tr, Players: []string{"Ana", "Bia", "Caio"}, Observer: -1,
		Minds: []Mind{{Space: sp, Held: held}, {None: i18n.M("notest.random")}, {Space: sp, Held: map[int]int{8: -1}}}}
	if err := Narrate(n, sp, 0); err != nil {
		t.Fatal(err)
	}
	for i, s := range steps {
		st := n.Steps[i]
		if st.Test != s.want {
			t.Errorf("move %d (%s %s): labelled %q, want %q", i+1, s.kind, s.cards, st.Test, s.want)
		}
		if s.want != "" && (st.Held == nil || st.Held.Expr != `card.color == "red"` || st.Held.Phrase != "the card is red") {
			t.Errorf("move %d: held rule %+v", i+1, st.Held)
		}
	}
	if !strings.Contains(n.Steps[1].NoTest.String(), "at random") || !strings.Contains(n.Steps[7].NoTest.String(), "no idea left") {
		t.Errorf("unlabelled moves say %q and %q", n.Steps[1].NoTest, n.Steps[7].NoTest)
	}
	var md bytes.Buffer
	n.Markdown(&md)
	for _, want := range []string{
		"A **negative test** of its own best rule, “the card is red” (`card.color == \"red\"`): that rule expected that none of the cards shown fits.",
		"A **positive test** of its own best rule, “the card is red” (`card.color == \"red\"`): that rule expected that some card shown fits.",
	} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("the \"no play\" moves are not told as %q:\n%s", want, md.String())
		}
	}
}

// Labels on played hands are the movers' own: counted as the strategies
// count their own tests (the first card of each play against their best
// rule), they agree with the strategies' own counts; the random seat is
// never labelled; under "not spades", where a hand nearly always holds a
// card of either kind, the positive tester's plays are positive tests and
// the negative tester's negative ones (but for a hand without such a card).
func TestLabelsPlayed(t *testing.T) {
	lineup := []string{"positive-tester(size=3000)", "random", "negative-tester(size=3000)", "bounded-human"}
	r, _ := rulebank.Default().Get("not-spades")
	opts, _ := sim.Preset("new-eleusis")
	var specs []agents.Spec
	for _, s := range lineup {
		sp, _ := agents.ParseSpec(s)
		specs = append(specs, sp)
	}
	for _, seed := range []uint64{1, 2, 3} {
		n := lesson(t, "not-spades", seed, 0, lineup...)
		out, err := testkit.Kit().Play(agents.HandSetup{Rule: r, Options: opts, Lineup: specs, Seed: seed, Measure: true})
		if err != nil {
			t.Fatal(err)
		}
		var pos, neg [4]int
		for _, st := range n.Steps {
			m := st.Move
			switch {
			case m.Player == 1:
				if st.Test != "" || st.Held != nil {
					t.Fatalf("seed %d move %d: a random play is labelled %q", seed, m.Turn, st.Test)
				}
				continue
			case m.Kind == sim.NoPlay:
				continue
			case st.Held == nil:
				neg[m.Player]++ // an empty belief: the strategies count it negative
				continue
			}
			mind := n.Minds[m.Player]
			// The followed seat's own belief and the mind that labels its
			// moves are one belief, rebuilt twice: they must agree.
			if m.Player == n.Observer && (st.Held.ID != st.Top[0].ID || math.Abs(st.Held.Prob-st.Top[0].Prob) > 1e-12) {
				t.Fatalf("seed %d move %d: the mover held %s (%v), the followed belief says %s (%v)", seed, m.Turn, st.Held.Expr, st.Held.Prob, st.Top[0].Expr, st.Top[0].Prob)
			}
			if mind.Space.Accepts(st.Held.ID, st.Line, m.Cards[0]) {
				pos[m.Player]++
			} else {
				neg[m.Player]++
			}
			if m.Kind == sim.Play && st.Test != map[bool]string{true: "positive", false: "negative"}[mind.Space.Accepts(st.Held.ID, st.Line, m.Cards[0])] {
				t.Fatalf("seed %d move %d: label %q", seed, m.Turn, st.Test)
			}
		}
		for _, seat := range []int{0, 2} {
			ms := out.Measures[seat]
			if pos[seat] != ms.PositiveTests || neg[seat] != ms.NegativeTests {
				t.Errorf("seed %d seat %d: labels %d positive, %d negative; the strategy counted %d and %d",
					seed, seat+1, pos[seat], neg[seat], ms.PositiveTests, ms.NegativeTests)
			}
		}
		t.Logf("seed %d: positive tester %d positive, %d negative; negative tester %d positive, %d negative", seed, pos[0], neg[0], pos[2], neg[2])
		// The negative tester's one positive test is its first move: its best
		// rule was "any card", which forbids nothing.
		if neg[0] != 0 || pos[2] > 1 {
			t.Errorf("seed %d: positive tester %d/%d, negative tester %d/%d (positive/negative)", seed, pos[0], neg[0], pos[2], neg[2])
		}
		human := 0
		for _, st := range n.Steps {
			if st.Move.Player == 3 && st.Held != nil {
				human++
			}
		}
		if human == 0 {
			t.Errorf("seed %d: the bounded human's ideas were never told", seed)
		}
	}
}

// reachable calls visit on every main line God's rule allows from line,
// breadth first, one line per state (the two cards before and n mod 12);
// visit returns false to stop.
func reachable(t *testing.T, rule *rulebank.Compiled, line []sim.Card, visit func(line []sim.Card) bool) {
	t.Helper()
	j := rule.NewJudge()
	key := func(l []sim.Card) [3]int {
		k := [3]int{52, int(l[len(l)-1]), len(l) % 12}
		if len(l) >= 2 {
			k[0] = int(l[len(l)-2])
		}
		return k
	}
	seen := map[[3]int]bool{key(line): true}
	queue := [][]sim.Card{line}
	for i := 0; i < len(queue); i++ {
		if !visit(queue[i]) {
			return
		}
		for c := sim.Card(0); c < 52; c++ {
			ok, err := j.Accepts(queue[i], c)
			if err != nil {
				t.Fatal(err)
			}
			next := append(append([]sim.Card(nil), queue[i]...), c)
			if ok && !seen[key(next)] {
				seen[key(next)] = true
				queue = append(queue, next)
			}
		}
	}
}

// differ reports whether hypotheses a and b judge some card differently
// after line.
func differ(sp *hypotheses.Space, a, b int, line []sim.Card) bool {
	for c := sim.Card(0); c < 52; c++ {
		if sp.Accepts(a, line, c) != sp.Accepts(b, line, c) {
			return true
		}
	}
	return false
}

// neverApart reports, by brute force over the lines God's rule allows,
// whether the two leading rules after a move never part.
func neverApart(t *testing.T, n *Narration, rule *rulebank.Compiled, st *NarratedMove) bool {
	a, b := st.Leaders[0].ID, st.Leaders[1].ID
	parted := false
	reachable(t, rule, st.MainLine, func(l []sim.Card) bool {
		parted = differ(n.Space, a, b, l)
		return !parted
	})
	return !parted
}

// The underdetermination sentence, against brute force: on a same-suit
// hand, where "only <the starter's suit>" and "the same suit as the last
// card" come to lead together and no line the hand can reach tells them
// apart, the narration says so, at that move or before; on a hand whose two
// leading rules could be told apart after every move, it never does. The
// hands are chosen by the brute force, not by the narration.
func TestUnderdetermination(t *testing.T) {
	sameSuit, _ := rulebank.Default().Get("same-suit")
	lineup := []string{"bayes-eig(size=20000)", "positive-tester(size=20000)", "random", "random"}
	found := false
	for seed := uint64(7); seed < 12 && !found; seed++ {
		n := lesson(t, "same-suit", seed, 0, lineup...)
		said := false
		for i := range n.Steps {
			st := &n.Steps[i]
			said = said || hasMoment(st, Underdetermined)
			if len(st.Leaders) < 2 {
				continue
			}
			suit := st.MainLine[0].Suit().String()
			names := st.Leaders[0].Expr + " | " + st.Leaders[1].Expr
			if !strings.Contains(names, `card.suit == prev.suit`) || !strings.Contains(names, `card.suit == "`+suit+`"`) || !neverApart(t, n, sameSuit, st) {
				continue
			}
			found = true
			var md bytes.Buffer
			n.Markdown(&md)
			if !said || !strings.Contains(md.String(), NoCardSentence) {
				t.Errorf("seed %d move %d: %s can never be told apart, and the narration does not say %q", seed, st.Move.Turn, names, NoCardSentence)
			}
			t.Logf("seed %d move %d: %s never part, and the narration says so", seed, st.Move.Turn, names)
			break
		}
	}
	if !found {
		t.Fatal("no same-suit hand (seeds 7 to 11) where only one suit and the same suit lead together")
	}
	colour, _ := rulebank.Default().Get("opposite-colour")
	found = false
	for seed := uint64(1); seed < 40 && !found; seed++ {
		n := lesson(t, "opposite-colour", seed, 0, lineup...)
		separated := true
		for i := range n.Steps {
			if st := &n.Steps[i]; len(st.Leaders) >= 2 && neverApart(t, n, colour, st) {
				separated = false
				break
			}
		}
		if !separated {
			continue
		}
		found = true
		var md bytes.Buffer
		n.Markdown(&md)
		if strings.Contains(md.String(), NoCardSentence) {
			t.Errorf("seed %d: the leading rules could always be told apart, and the narration says %q", seed, NoCardSentence)
		}
	}
	if !found {
		t.Fatal("no opposite-colour hand (seeds 1 to 39) whose leading rules could always be told apart")
	}
}

// The table laid out move by move is the engine's: the same main line, and
// the same error columns (those not reshuffled into the deck), under every
// preset.
func TestTableOf(t *testing.T) {
	lineup := []agents.Spec{}
	for _, s := range []string{"random", "bayes-greedy(size=3000)", "random", "random"} {
		sp, _ := agents.ParseSpec(s)
		lineup = append(lineup, sp)
	}
	rule, _ := rulebank.Default().Get("black-high-red-low")
	hands, errorCards, chains := 0, 0, 0
	for _, preset := range sim.PresetNames() {
		opts, _ := sim.Preset(preset)
		if opts.MinPlayers > 4 || opts.MaxPlayers < 4 {
			continue
		}
		for seed := uint64(1); seed <= 6; seed++ {
			out, err := testkit.Kit().Play(agents.HandSetup{Rule: rule, Options: opts, Lineup: lineup, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			res := out.Result
			placed := TableOf(res, &opts)
			hands++
			if opts.Starter == sim.Chain3 {
				chains++
			}
			var main []sim.Card
			var errs []sim.ErrorGroup
			for _, p := range placed {
				switch {
				case p.Main:
					main = append(main, p.Card)
				case p.Reshuffled == 0:
					errs = append(errs, sim.ErrorGroup{Under: p.Under - 1, Cards: []sim.Card{p.Card}})
					errorCards++
				}
			}
			if sim.CardsString(main) != sim.CardsString(res.MainLine) {
				t.Fatalf("%s seed %d: main line %s, engine %s", preset, seed, sim.CardsString(main), sim.CardsString(res.MainLine))
			}
			if errorsString(errs) != errorsString(res.Errors) {
				t.Fatalf("%s seed %d: errors %s, engine %s", preset, seed, errorsString(errs), errorsString(res.Errors))
			}
		}
	}
	t.Logf("%d hands, %d with a chain3 opening, %d error cards", hands, chains, errorCards)
	if hands == 0 || chains == 0 || errorCards == 0 {
		t.Fatal("the hands do not cover the table's cases")
	}
}

// errorsString writes error columns as "under:cards", the groups under one
// main-line card joined in order (the engine keeps a group per move).
func errorsString(gs []sim.ErrorGroup) string {
	by := map[int][]sim.Card{}
	var order []int
	for _, g := range gs {
		if _, ok := by[g.Under]; !ok {
			order = append(order, g.Under)
		}
		by[g.Under] = append(by[g.Under], g.Cards...)
	}
	var parts []string
	for _, u := range order {
		parts = append(parts, fmt.Sprint(u)+":"+sim.CardsString(by[u]))
	}
	return strings.Join(parts, " ")
}

// Every rule the narration shows has its words beside its expression, and
// the labels and moments are told (over a few hands of the seeds' rule).
func TestNarrationSpeaksPlainly(t *testing.T) {
	expr := regexp.MustCompile("(.{0,2})\\(`[^`]+`\\)")
	want := map[string]bool{"1. “": false, "**The favourite refuted.**": false, "A **positive test**": false, "A **negative test**": false,
		"God's secret rule: If the last card is black, play 7 or higher; if red, play 6 or lower — in the scientists' words, “": false}
	for seed := uint64(1); seed <= 3; seed++ {
		n := lesson(t, "black-high-red-low", seed, 0, "bayes-eig(size=20000)", "positive-tester(size=3000)", "bounded-human", "random")
		var md bytes.Buffer
		n.Markdown(&md)
		for _, m := range expr.FindAllStringSubmatch(md.String(), -1) {
			if !strings.HasSuffix(m[1], "”") && !strings.HasSuffix(m[1], "” ") && !strings.Contains(m[0], n.Expr) {
				t.Fatalf("seed %d: an expression without its words: %q", seed, m[0])
			}
		}
		for w := range want {
			want[w] = want[w] || strings.Contains(md.String(), w)
		}
	}
	for w, ok := range want {
		if !ok {
			t.Errorf("no narration says %q", w)
		}
	}
}

// The README's line-up (transcript --player 2) on a rule outside the space: the followed space (20,000
// rules, without God's) runs empty, and the narration says why, once, and
// at the end.
func TestClosedWorld(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		n := lesson(t, "spade-up-else-down", seed, 1, "random", "positive-tester(size=20000)", "bayes-eig", "bounded-human")
		if !n.End.Empty {
			continue
		}
		closed := 0
		for _, st := range n.Steps {
			if hasMoment(&st, ClosedWorld) {
				closed++
				if st.Left != 0 {
					t.Errorf("move %d: a closed world with %d rules left", st.Move.Turn, st.Left)
				}
			}
		}
		var md bytes.Buffer
		n.Markdown(&md)
		if closed != 1 || strings.Contains(md.String(), "eliminated 0 of 0") || !strings.Contains(md.String(), "the answer teaches it nothing") ||
			!strings.Contains(md.String(), "not among the 20,000 simplest rules") {
			t.Errorf("seed %d: %d closed-world moments; the empty space is not told", seed, closed)
		}
		return
	}
	t.Fatal("no hand (seeds 1 to 12) in which the 20,000 rules ran out")
}

// The end of the hand: a same-suit hand whose best rule is "only <suit>"
// is right on the hand and not everywhere — the witness line shows where,
// and God and the rule do disagree there; suit-cycle's best rule is God's
// everywhere.
func TestVerdict(t *testing.T) {
	rule, _ := rulebank.Default().Get("same-suit")
	j := rule.NewJudge()
	checked := false
	for seed := uint64(7); seed < 12 && !checked; seed++ {
		n := lesson(t, "same-suit", seed, 0, "bayes-eig(size=20000)", "positive-tester(size=20000)", "random", "random")
		v := n.End
		if v.Best == nil || v.RightEverywhere {
			continue
		}
		if !v.RightHere || v.Witness == nil || !strings.Contains(n.verdictText(markdown{}), "It is right on this hand") {
			t.Fatalf("seed %d: verdict %+v", seed, v)
		}
		for set := v.Witness.Cards; set != 0; set &= set - 1 {
			c := sim.Card(bits.TrailingZeros64(set))
			ok, _ := j.Accepts(v.Witness.Line, c)
			if ok == n.Space.Accepts(v.Best.ID, v.Witness.Line, c) {
				t.Fatalf("after %s God and %s agree on %s", sim.CardsString(v.Witness.Line), v.Best.Expr, c)
			}
		}
		checked = true
	}
	if !checked {
		t.Fatal("no same-suit hand (seeds 7 to 11) ends on a rule right only here")
	}
	// A hand that ends on God's rule says so.
	found := false
	for seed := uint64(1); seed <= 8 && !found; seed++ {
		cycle := lesson(t, "suit-cycle-sdch", seed, 0, "bayes-eig(size=20000)", "positive-tester(size=20000)", "random", "random")
		if !cycle.End.RightEverywhere {
			continue
		}
		found = true
		if !strings.Contains(cycle.verdictText(markdown{}), "It is God's rule") {
			t.Errorf("seed %d: suit-cycle verdict %+v", seed, cycle.End)
		}
	}
	if !found {
		t.Error("no suit-cycle hand (seeds 1 to 8) ends on God's rule")
	}
}
