package rulebank

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"

	"github.com/eleusis/eleusis/sim"
)

// DeadEnd is a main line reachable by legal play after which no card left in
// the deck is legal: every "no play" is then right and the hand degenerates
// (docs/rule-language.md). Structural: no card of the 52 is legal at all;
// otherwise the legal cards are all used up (e.g. "only aces" once every ace
// is down).
type DeadEnd struct {
	Line       []sim.Card `json:"line"`
	Structural bool       `json:"structural"`
	// Decks: the copies of each card the walk played through, for a dead
	// end of cards used up (what runs out of two decks may not of three).
	Decks int `json:"decks,omitempty"`
	// Legal: for a dead end of cards used up, the cards the rule admits
	// there, every copy already on the line.
	Legal []sim.Card `json:"legal,omitempty"`
}

// Report is what `rules check` says of a rule.
type Report struct {
	Rule     string `json:"rule"`
	LookBack string `json:"look_back"` // the names read, e.g. "card,prev"
	Depth    int    `json:"depth"`     // 0..3, -1 for line/n
	Table    bool   `json:"truth_table"`
	Starters int    `json:"starters"` // identities the starter predicate admits
	// Acceptance: the mean share of the 52 identities the rule admits, over
	// the states that random legal play visits (up to the horizon). An
	// identity whose every copy is on the line counts when the rule admits
	// it: the rate measures the rule, not what is left of the deck.
	Acceptance float64 `json:"acceptance"`
	// Windows: reachable states counted exactly (0 when not enumerated).
	Windows int      `json:"windows,omitempty"`
	DeadEnd *DeadEnd `json:"dead_end,omitempty"`
	// DeadEndSearch: "exact" (every reachable window of the 52 identities was
	// examined for structural dead ends; the deck's limits by the walks) or
	// "walks" (random legal play only, up to the horizon).
	DeadEndSearch string `json:"dead_end_search"`
	Error         string `json:"error,omitempty"`
}

// Search says how the report's dead end, or its absence, was found:
// "exact" for a structural dead end of the search over every reachable
// window, "walks" for one random legal play found (every dead end of cards
// used up: the deck's limits are only walked); where none was found,
// "exact + walks" when the structural search was exact, else "walks".
func (r Report) Search() string {
	switch {
	case r.DeadEnd != nil && r.DeadEnd.Structural:
		return r.DeadEndSearch
	case r.DeadEnd != nil:
		return "walks"
	case r.DeadEndSearch == "exact":
		return "exact + walks"
	}
	return r.DeadEndSearch
}

// DeadEndWhat says in words what happens at the report's dead end ("" when
// there is none): no card legal — and, when the rule admitted no card in
// any state the check visited, that it admits none at all — or every legal
// card used up, with the decks that ran out.
func (r Report) DeadEndWhat() string {
	d := r.DeadEnd
	switch {
	case d == nil:
		return ""
	case d.Structural && r.Acceptance == 0:
		return "no card is legal: the rule admitted no card in any state the check visited"
	case d.Structural:
		return "no card is legal"
	case d.Decks == 1:
		return "every legal card of the one deck is used up"
	case d.Decks < 1: // a report from before the decks were recorded
		return "every legal card is used up"
	}
	return fmt.Sprintf("every legal card of the %d decks is used up", d.Decks)
}

// AnalyseConfig bounds the analysis.
type AnalyseConfig struct {
	Decks int // cards per identity in the deck (2 or 3)
	Walks int // random legal walks
	// Horizon is the longest main line the walks build: dead ends further
	// away than a hand ever gets are not dead ends of the game. 40 main-line
	// cards is a long hand (sudden death comes at 30 table cards).
	Horizon int
	Seed    uint64 // the walks' seed
}

// DefaultAnalyse is what `rules check` uses.
var DefaultAnalyse = AnalyseConfig{Decks: 2, Walks: 60, Horizon: 40, Seed: 1}

// Validate reports bounds an analysis cannot run with.
func (cfg AnalyseConfig) Validate() error {
	var errs []string
	if cfg.Decks < 1 || cfg.Decks > 8 {
		errs = append(errs, fmt.Sprintf("decks = %d: use 1 to 8", cfg.Decks))
	}
	if cfg.Walks < 0 || cfg.Walks > 1_000_000 {
		errs = append(errs, fmt.Sprintf("walks = %d: use 0 to 1,000,000", cfg.Walks))
	}
	if cfg.Horizon < 1 || cfg.Horizon > maxLine {
		errs = append(errs, fmt.Sprintf("horizon = %d: use 1 to %d main-line cards", cfg.Horizon, maxLine))
	}
	if len(errs) > 0 {
		return fmt.Errorf("analysis: %s", strings.Join(errs, "; "))
	}
	return nil
}

// Analyse measures a rule: look-back, acceptance rate and dead ends. A rule
// that fails at run time, or bounds that cannot make an analysis
// (AnalyseConfig.Validate), give a report with Error set.
func Analyse(c *Compiled, cfg AnalyseConfig) Report {
	r := Report{Rule: c.Rule.Name, LookBack: c.Reads.String(), Depth: c.Reads.Depth(), Table: c.Table(), DeadEndSearch: "walks"}
	if err := cfg.Validate(); err != nil {
		r.Error = err.Error()
		return r
	}
	j := c.NewJudge()
	st, err := j.starters()
	if err != nil {
		r.Error = err.Error()
		return r
	}
	r.Starters = bits.OnesCount64(st)
	if st == 0 {
		r.Error = "the starter predicate admits no card"
		return r
	}
	// A rule of look-back 1 or 2 has few enough windows to examine them all.
	memo := map[int]uint64{}
	if d := r.Depth; d >= 0 && d <= 2 {
		sp, err := explore(j, max(d, 1), st, 200000, identity, nil)
		if err != nil {
			r.Error = err.Error()
			return r
		}
		r.Windows, r.DeadEndSearch = len(sp.windows), "exact"
		for i, w := range sp.windows {
			memo[windowKey(w.cards)] = sp.masks[i]
			if sp.masks[i] == 0 && r.DeadEnd == nil {
				r.DeadEnd = &DeadEnd{Line: sp.line(i), Structural: true}
			}
		}
	}
	sum, samples, err := walk(j, c.Reads.Depth(), st, cfg, memo, &r)
	if err != nil {
		r.Error = err.Error()
		return r
	}
	if samples > 0 {
		r.Acceptance = sum / float64(samples)
	}
	return r
}

// walk plays random legal lines through a finite deck (cfg.Decks copies of
// each identity) until no remaining card is legal or the deck is used up,
// sampling the acceptance rate and recording the shortest dead end found.
func walk(j *Judge, depth int, starters uint64, cfg AnalyseConfig, memo map[int]uint64, r *Report) (float64, int, error) {
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x77616c6b))
	var sum float64
	samples := 0
	line := make([]sim.Card, 0, cfg.Horizon)
	count := make([]int, sim.NumCards)
	for w := 0; w < cfg.Walks; w++ {
		for c := range count {
			count[c] = cfg.Decks
		}
		line = line[:0]
		first := pick(rng, starters, count)
		line = append(line, first)
		count[first]--
		for len(line) < min(cfg.Horizon, cfg.Decks*sim.NumCards) {
			m, err := cachedMask(j, depth, line, memo)
			if err != nil {
				return 0, 0, err
			}
			sum += float64(bits.OnesCount64(m)) / sim.NumCards
			samples++
			var left uint64
			for rest := m; rest != 0; rest &= rest - 1 {
				if c := bits.TrailingZeros64(rest); count[c] > 0 {
					left |= 1 << c
				}
			}
			if left == 0 {
				if r.DeadEnd == nil || len(line) < len(r.DeadEnd.Line) {
					r.DeadEnd = &DeadEnd{Line: append([]sim.Card{}, line...), Structural: m == 0}
					if m != 0 {
						r.DeadEnd.Decks = cfg.Decks
						r.DeadEnd.Legal = cardsOf(m)
					}
				}
				break
			}
			c := pick(rng, left, count)
			line = append(line, c)
			count[c]--
		}
	}
	return sum, samples, nil
}

// cardsOf are the identities in set, in the deck's order.
func cardsOf(set uint64) []sim.Card {
	var cs []sim.Card
	for rest := set; rest != 0; rest &= rest - 1 {
		cs = append(cs, sim.Card(bits.TrailingZeros64(rest)))
	}
	return cs
}

func cachedMask(j *Judge, depth int, line []sim.Card, memo map[int]uint64) (uint64, error) {
	if depth < 0 {
		return j.Legal(line)
	}
	w := line[max(0, len(line)-max(depth, 1)):]
	k := windowKey(w)
	if m, ok := memo[k]; ok {
		return m, nil
	}
	m, err := j.Legal(w)
	if err == nil {
		memo[k] = m
	}
	return m, err
}

// pick draws one physical card uniformly among the identities in set, each
// weighted by the copies left.
func pick(rng *rand.Rand, set uint64, count []int) sim.Card {
	total := 0
	for rest := set; rest != 0; rest &= rest - 1 {
		total += count[bits.TrailingZeros64(rest)]
	}
	if total == 0 { // starters with no copies left cannot happen at the start
		return sim.Card(bits.TrailingZeros64(set))
	}
	x := rng.IntN(total)
	for rest := set; rest != 0; rest &= rest - 1 {
		c := bits.TrailingZeros64(rest)
		if x < count[c] {
			return sim.Card(c)
		}
		x -= count[c]
	}
	panic("unreachable")
}
