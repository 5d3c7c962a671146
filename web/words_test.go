package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// wordsForm is a start page's form with God's rule typed in words.
func wordsForm(text string) url.Values {
	f := form("express", "words", "", "person:Ana", "bot:random", "bot:random")
	f.Set("rule_words", text)
	return f
}

var (
	readExprRE = regexp.MustCompile(`name="read_expr" value="([^"]*)"`)
	exampleRE  = regexp.MustCompile(`(?s)<div class="example">(.*?)</div>`)
	cardRE     = regexp.MustCompile(`data-card="([^"]*)"`)
)

// cardsIn are the cards drawn in a piece of the page.
func cardsIn(t *testing.T, s string) []sim.Card {
	t.Helper()
	var out []sim.Card
	for _, m := range cardRE.FindAllStringSubmatch(s, -1) {
		c, err := sim.ParseCard(m[1])
		if err != nil {
			t.Fatalf("a card on the page: %q", m[1])
		}
		out = append(out, c)
	}
	return out
}

// A rule typed in words opens no table at once: the page says the rule back
// in words and as an expression, shows main lines with cards that follow
// and cards that do not (each true of the rule read), and the table opens
// when the teacher says "this is my rule".
func TestRuleInWordsIsShownBeforeTheTableOpens(t *testing.T) {
	ts := newTestServer(t, "")
	text := "red cards below 8, black cards above 7"
	f := wordsForm(text)
	status, _, body := ts.post(t, ts.TeacherPath()+"tables", f, false)
	if status != http.StatusOK || !strings.Contains(body, `class="wordspreview"`) {
		t.Fatalf("the rule in words: %d, no preview: %s", status, errorsOn(body))
	}
	if n := len(ts.tableList()); n != 0 {
		t.Fatalf("%d tables opened before the teacher saw the rule", n)
	}
	m := readExprRE.FindAllStringSubmatch(body, -1)
	if len(m) != 1 {
		t.Fatalf("%d readings offered for an unambiguous text", len(m))
	}
	expr := html(m[0][1])
	rule, err := rulebank.Compile(rulebank.Rule{Name: "read", Expr: expr})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html(body), "the card is red and lower than 8") {
		t.Errorf("the rule is not said back in the scientists' words")
	}
	examples := exampleRE.FindAllStringSubmatch(body, -1)
	if len(examples) != examplesShown {
		t.Fatalf("%d examples", len(examples))
	}
	j := rule.NewJudge()
	for _, e := range examples {
		parts := regexp.MustCompile(`class="(follow|break)"`).Split(e[1], -1)
		line, yes, no := cardsIn(t, parts[0]), cardsIn(t, parts[1]), cardsIn(t, parts[2])
		if len(line) == 0 || len(yes)+len(no) == 0 {
			t.Fatalf("an example without cards: %s", e[1])
		}
		for i := 1; i < len(line); i++ {
			if ok, _ := j.Accepts(line[:i], line[i]); !ok {
				t.Errorf("the example's line %v is not legal play", line)
			}
		}
		for _, c := range yes {
			if ok, _ := j.Accepts(line, c); !ok {
				t.Errorf("after %v, %s is shown as following, but the rule refuses it", line, c)
			}
		}
		for _, c := range no {
			if ok, _ := j.Accepts(line, c); ok {
				t.Errorf("after %v, %s is shown as breaking the rule, but the rule accepts it", line, c)
			}
		}
	}

	// A reading the text does not have (the words changed since) shows
	// the rule again instead of opening a table.
	f.Set("read_expr", "card.rank > 3")
	if status, _, body := ts.post(t, ts.TeacherPath()+"tables", f, false); status != http.StatusOK || !strings.Contains(body, `class="wordspreview"`) {
		t.Fatalf("a reading the words do not have: %d", status)
	}

	f.Set("read_expr", expr)
	code := ts.openTable(t, f)
	rc := ts.table(code).setup.Rule
	if rc.Words != text || rc.Expr != expr || !strings.Contains(rc.Said, "lower than 8") || rc.How != "typed in words by the teacher" {
		t.Fatalf("the table's rule: %+v", rc)
	}
	if _, body := ts.get(t, ts.TeacherPath()+"t/"+code+"/"); !strings.Contains(html(body), text) || !strings.Contains(html(body), rc.Said) {
		t.Errorf("the console does not show the rule in the teacher's words and the scientists'")
	}
}

// Words that read as several rules offer each, none chosen; words that do
// not read say where the reading stopped; a reading with a dead end says
// so and cannot be chosen.
func TestRuleInWordsRefusalsAndChoices(t *testing.T) {
	ts := newTestServer(t, "")
	status, _, body := ts.post(t, ts.TeacherPath()+"tables", wordsForm("red cards low, black cards high"), false)
	if m := readExprRE.FindAllStringSubmatch(body, -1); status != http.StatusOK || len(m) < 2 {
		t.Fatalf("an ambiguous text: %d, %d readings", status, len(m))
	}
	if !strings.Contains(body, "different rules") {
		t.Errorf("the page does not say the words read as different rules")
	}
	m := readExprRE.FindAllStringSubmatch(body, -1)
	f := wordsForm("red cards low, black cards high")
	f.Set("read_expr", html(m[1][1]))
	code := ts.openTable(t, f)
	if got := ts.table(code).setup.Rule.Expr; got != html(m[1][1]) {
		t.Errorf("the second reading chosen, the table's rule is %s", got)
	}

	for _, c := range []struct{ text, want string }{
		{"red colours only please", `stuck at "colours" (word 2: red colours)`},
		{"", "type the rule in words"},
	} {
		status, _, body := ts.post(t, ts.TeacherPath()+"tables", wordsForm(c.text), false)
		if status != http.StatusUnprocessableEntity || !strings.Contains(html(errorsOn(body)), c.want) {
			t.Errorf("%q: %d, notes:\n%s\nwant %q", c.text, status, html(errorsOn(body)), c.want)
		}
	}

	status, _, body = ts.post(t, ts.TeacherPath()+"tables", wordsForm("play higher than the last card"), false)
	if status != http.StatusOK || !strings.Contains(html(errorsOn(body)), "has a dead end") || readExprRE.MatchString(body) {
		t.Errorf("a rule with a dead end: %d, notes %s, offered: %v", status, errorsOn(body), readExprRE.MatchString(body))
	}
	f = wordsForm("play higher than the last card")
	f.Set("allow_dead_ends", "on")
	_, _, body = ts.post(t, ts.TeacherPath()+"tables", f, false)
	if !readExprRE.MatchString(body) {
		t.Errorf("a dead end allowed is not offered")
	}
}
