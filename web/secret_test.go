package web

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// anaHand is the hand Ana's seat shows her (before she moves, the dealt
// one), sorted.
func anaHand(t *testing.T, ts *testServer, seat string) []sim.Card {
	t.Helper()
	status, body := ts.get(t, seat+"state.json")
	if status != http.StatusOK {
		t.Fatalf("state.json: %d", status)
	}
	var st struct {
		Seat *SeatState `json:"seat"`
	}
	if err := json.Unmarshal([]byte(body), &st); err != nil {
		t.Fatal(err)
	}
	return slices.Sorted(slices.Values(st.Seat.Hand))
}

// dealt is seat's hand in a hand the engine deals from seed, as the server
// deals a table of the options and players.
func dealt(t *testing.T, o sim.Options, players int, seed uint64, seat int) []sim.Card {
	t.Helper()
	judge := rulebank.Default().Rules[0].NewJudge()
	ps := make([]sim.Player, players)
	for i := range ps {
		ps[i] = sim.NewRandomPlayer(1)
	}
	h, err := sim.NewHand(sim.HandConfig{Options: o, Judge: judge, Players: ps, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return slices.Sorted(slices.Values(h.View(seat).Hand))
}

// search is the student's attack: every seed of a range, dealt as the
// engine deals (its shuffle and deal, copied here for speed, as she would:
// the test's control checks the copy against the engine), until one gives
// the first seat's hand.
func search(o sim.Options, players int, hand []sim.Card, from, to uint64) (uint64, bool) {
	deck := make([]sim.Card, o.Decks*sim.NumCards)
	mine := make([]sim.Card, o.HandSize)
	for s := from; s < to; s++ {
		for i := range deck {
			deck[i] = sim.Card(i % sim.NumCards)
		}
		rng := rand.New(rand.NewPCG(s, 0x656c657573697321)) // "eleusis!", as sim.NewHand
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		for i := range mine { // dealt round the table from the top (the end)
			mine[i] = deck[len(deck)-1-i*players]
		}
		slices.Sort(mine)
		if slices.Equal(mine, hand) {
			return s, true
		}
	}
	return 0, false
}

// A student who knows how the server deals and sees her own hand cannot
// find the deal: tables used to be dealt from a seed below 10⁶ (and God's
// rule drawn from it), and trying every one found the one that gives her
// hand (issue 30). The search below finds a deal made that old way; it
// finds none of a table's, neither of a table opened at random nor of one
// whose teacher typed a small seed.
func TestStudentCannotSearchTheDeal(t *testing.T) {
	if testing.Short() {
		t.Skip("deals a million hands (seconds): run without -short")
	}
	ts := newTestServer(t, "")
	o, _ := sim.Preset("new-eleusis")
	seats := []string{"person:Ana", "bot:random", "bot:random", "bot:random"}

	// The search works: it finds a deal from an old table's seed.
	old := dealt(t, o, len(seats), 271828, 0)
	if s, ok := search(o, len(seats), old, 0, 1_000_000); !ok || s != 271828 {
		t.Fatalf("the search missed the old deal: %d, %v", s, ok)
	}

	random := form("new-eleusis", "random", "", seats...)
	random.Del("seed")
	random.Set("band", "easy")
	_, _, seat := ts.withAna(t, random)
	if s, ok := search(o, len(seats), anaHand(t, ts, seat), 0, 1_000_000); ok {
		t.Errorf("seed %d deals Ana's hand of a table opened at random", s)
	}

	typed := form("new-eleusis", "random", "", seats...) // seed 7
	_, _, seat = ts.withAna(t, typed)
	hand := anaHand(t, ts, seat)
	if s, ok := search(o, len(seats), hand, 0, 10_000); ok {
		t.Errorf("seed %d deals Ana's hand of a table whose teacher typed seed 7", s)
	}
	// On this server the typed seed deals the same cards again.
	_, _, seat = ts.withAna(t, typed)
	if again := anaHand(t, ts, seat); !slices.Equal(again, hand) {
		t.Errorf("seed 7 typed again dealt Ana %v, then %v", hand, again)
	}
}

// God's rule drawn from the bank is drawn apart from the deal: tables with
// the same typed seed (the same deal) get different rules.
func TestRuleDrawIsApartFromTheDeal(t *testing.T) {
	ts := newTestServer(t, "")
	rules := map[string]bool{}
	for range 12 {
		code := ts.openTable(t, form("new-eleusis", "random", "", "person:Ana", "bot:random", "bot:random", "bot:random"))
		rules[ts.table(code).setup.Rule.Name] = true
	}
	if len(rules) < 2 {
		t.Errorf("12 tables dealt from seed 7 all drew %v", rules)
	}
}

// The deal's secret is kept where only the server reads it: table.json and
// deal.key, mode 0600, in a data folder of mode 0700; no page shows it.
func TestDealSecretKept(t *testing.T) {
	ts := newTestServer(t, "")
	code, tb, seat := ts.withAna(t, form("new-eleusis", "random", "", "person:Ana", "bot:random", "bot:random", "bot:random"))
	if len(tb.setup.Deal) != 64 {
		t.Fatalf("the deal secret is %q", tb.setup.Deal)
	}
	for _, p := range []string{filepath.Join(ts.dir, "tables", code, "table.json"), filepath.Join(ts.dir, dealKeyFile)} {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm()&0o077 != 0 {
			t.Errorf("%s has mode %v", p, st.Mode().Perm())
		}
	}
	key, _ := os.ReadFile(filepath.Join(ts.dir, dealKeyFile))
	for _, path := range []string{"/", "/join?code=" + code, seat, seat + "view", seat + "state.json", "/board/" + code + "/", "/board/" + code + "/view",
		ts.TeacherPath(), ts.TeacherPath() + "t/" + code + "/", ts.TeacherPath() + "t/" + code + "/view"} {
		_, body := ts.get(t, path)
		for _, secret := range []string{tb.setup.Deal, string(key[:64])} {
			if containsFold(body, secret) {
				t.Errorf("%s shows a secret", path)
			}
		}
	}
}

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}
