package sim

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// HandConfig sets up one hand.
type HandConfig struct {
	Options Options
	Judge   Judge
	// Players sit clockwise starting left of God; Players[i] plays seat i.
	// A replay may leave them nil and drive the hand with Apply.
	Players []Player
	// Seed fixes the shuffle and God's choices.
	Seed uint64

	// A given start instead of a shuffled one (all optional): the opening
	// cards (the starter, or the 3 + 2 cards of chain3), and either each
	// seat's cards (Deal) or only how many each seat holds (HandSizes).
	//
	// With Players, the rest is dealt from the shuffled deck: a played hand
	// from a chosen start. Without Players (a replayed transcript, driven by
	// Apply) or with HandSizes, the deck is hidden: cards drawn from it are
	// face-down (Unknown) until the player shows them.
	Opening   []Card
	Deal      [][]Card
	HandSizes []int
	// Names of the seats, for error messages ("seat 3" when not given).
	Names []string
}

// Hand is the state of one hand of Eleusis. It is not safe for concurrent
// use; every goroutine plays its own hands.
type Hand struct {
	opts    Options
	judge   Judge
	players []Player
	rng     *rand.Rand
	pcg     *rand.PCG // rng's source, saved and restored by snapshot

	hands      [][]Card
	deck       []Card
	hidden     bool // replay: the deck's order is unknown, draws are Unknown
	main       []Card
	errors     []ErrorGroup
	eliminated []bool
	withdrawn  []bool // seats whose player failed and left the hand (Withdraw)
	opening    []Card

	current      int
	turns        int
	tableCount   int // cards ever laid on the table (main line + errors), monotonic
	errorsPlaced int // cards ever laid in the error columns, monotonic
	total        int // cards in play, for conservation

	// The Prophet (docs/rules.md, "The Prophet").
	prophet      int // seat, or -1
	wasProphet   []bool
	fell         []bool
	markerMain   int // main-line length when the Prophet rose
	markerTable  int // table cards when the Prophet rose (A = 2 × this)
	markerErrors int // errorsPlaced when the Prophet rose

	history   []MoveRecord
	scratch   []Card // check's copy of a hand
	lineBuf   []Card // judgeCards' main line with a run's first cards
	lastMover int    // who made the last move
	lastRight bool   // and whether it was right (a guess may follow)
	ended     bool
	end       EndReason
	outSeat   int // who went out, -1
	guesser   int // who guessed right, -1
	deckOut   bool

	view  View
	names []string
}

// Rename gives seat p another name in the engine's messages (a student
// who typed their own name after the hand was dealt).
func (h *Hand) Rename(p int, name string) {
	if p < 0 || p >= len(h.hands) {
		return
	}
	names := make([]string, len(h.hands))
	copy(names, h.names)
	names[p] = name
	h.names = names
}

// who names seat p in messages.
func (h *Hand) who(p int) string {
	if p >= 0 && p < len(h.names) {
		return h.names[p]
	}
	return fmt.Sprintf("seat %d", p+1)
}

// NewHand shuffles, deals and lays the opening. It fails on impossible
// options, or when the rule admits no opening card at all.
func NewHand(cfg HandConfig) (*Hand, error) {
	n := len(cfg.Players)
	if n == 0 {
		n = max(len(cfg.Deal), len(cfg.HandSizes))
	}
	switch {
	case cfg.Deal != nil && cfg.HandSizes != nil:
		return nil, fmt.Errorf("give each seat's cards (Deal) or their number (HandSizes), not both")
	case cfg.Deal != nil && len(cfg.Deal) != n:
		return nil, fmt.Errorf("cards for %d seats, but %d players", len(cfg.Deal), n)
	case cfg.HandSizes != nil && len(cfg.HandSizes) != n:
		return nil, fmt.Errorf("hand sizes for %d seats, but %d players", len(cfg.HandSizes), n)
	case cfg.HandSizes != nil && len(cfg.Players) > 0:
		return nil, fmt.Errorf("players must see their cards: give Deal, not HandSizes")
	case cfg.Opening == nil && len(cfg.Players) == 0 && (cfg.Deal != nil || cfg.HandSizes != nil):
		return nil, fmt.Errorf("a replayed hand needs its opening (the starter)")
	}
	o := cfg.Options
	if err := o.Validate(n); err != nil {
		return nil, err
	}
	if cfg.Judge == nil {
		return nil, fmt.Errorf("no rule: a hand needs God's Judge")
	}
	if oa, ok := cfg.Judge.(OpeningAware); ok {
		oa.OpensWithAnyCard(o.Starter == AlwaysValid)
	}
	h := &Hand{
		opts: o, judge: cfg.Judge, players: cfg.Players,
		pcg:        rand.NewPCG(cfg.Seed, 0x656c657573697321), // "eleusis!"
		hands:      make([][]Card, n),
		eliminated: make([]bool, n),
		withdrawn:  make([]bool, n),
		wasProphet: make([]bool, n),
		fell:       make([]bool, n),
		prophet:    -1, outSeat: -1, guesser: -1,
		total: o.Decks * NumCards,
		names: cfg.Names,
	}
	h.rng = rand.New(h.pcg)
	// Room for a typical hand up front: growing these is most of a hand's
	// allocation.
	h.history = make([]MoveRecord, 0, 48)
	h.main = make([]Card, 0, 48)
	h.errors = make([]ErrorGroup, 0, 32)
	h.deck = make([]Card, 0, h.total)
	for d := 0; d < o.Decks; d++ {
		for c := Card(0); c < NumCards; c++ {
			h.deck = append(h.deck, c)
		}
	}
	h.rng.Shuffle(len(h.deck), func(i, j int) { h.deck[i], h.deck[j] = h.deck[j], h.deck[i] })
	if err := h.setup(cfg); err != nil {
		return nil, err
	}
	h.current = h.firstPlayer()
	h.view.Options = &h.opts
	h.view.HandSizes = make([]int, n)
	return h, nil
}

// setup lays the opening and deals: by the starter policy from the
// shuffled deck, or as cfg gives them.
func (h *Hand) setup(cfg HandConfig) error {
	chain := h.opts.Starter == Chain3
	switch {
	case cfg.Opening != nil:
		if err := h.takeOpening(cfg.Opening); err != nil {
			return err
		}
	case chain:
		// God lays the chain before dealing (eleusis-express-es).
		if err := h.layOpening(); err != nil {
			return err
		}
	}
	if err := h.dealHands(cfg); err != nil {
		return err
	}
	if cfg.Opening == nil && !chain {
		if err := h.layOpening(); err != nil {
			return err
		}
	}
	if len(cfg.Players) == 0 || cfg.HandSizes != nil {
		h.hidden = true
		for i := range h.deck {
			h.deck[i] = Unknown
		}
	}
	return nil
}

// dealHands gives each seat its cards: those of cfg.Deal, HandSizes
// face-down cards, or hand_size cards dealt round by round.
func (h *Hand) dealHands(cfg HandConfig) error {
	switch {
	case cfg.Deal != nil:
		for p := range h.hands {
			for _, c := range cfg.Deal[p] {
				if err := h.takeCard(c, fmt.Sprintf("hand of %s", h.who(p))); err != nil {
					return err
				}
			}
			h.hands[p] = slices.Clone(cfg.Deal[p])
		}
	case cfg.HandSizes != nil:
		for p := range h.hands {
			k := cfg.HandSizes[p]
			if k < 0 || k > len(h.deck) {
				return fmt.Errorf("hand size %d of %s: the deck has %d cards left", k, h.who(p), len(h.deck))
			}
			h.deck = h.deck[:len(h.deck)-k]
			h.hands[p] = slices.Repeat([]Card{Unknown}, k)
		}
	default:
		if need := len(h.hands) * h.opts.HandSize; need > len(h.deck) {
			return fmt.Errorf("%d players × %d cards: the deck has %d cards left", len(h.hands), h.opts.HandSize, len(h.deck))
		}
		for i := 0; i < h.opts.HandSize; i++ {
			for p := range h.hands {
				h.hands[p] = append(h.hands[p], h.draw())
			}
		}
	}
	return nil
}

// takeCard takes a given card out of the deck.
func (h *Hand) takeCard(c Card, what string) error {
	if !c.Valid() {
		return fmt.Errorf("%s: %s is not a card", what, c)
	}
	i := slices.Index(h.deck, c)
	if i < 0 {
		return fmt.Errorf("%s: %s is more copies than %d deck(s) hold", what, c, h.opts.Decks)
	}
	h.deck = slices.Delete(h.deck, i, i+1)
	return nil
}

// layOpening lays the starter by the starter policy.
func (h *Hand) layOpening() error {
	switch h.opts.Starter {
	case AlwaysValid:
		h.placeMain(h.draw())
		h.opening = []Card{h.main[0]}
		return nil
	case RedrawUntilValid, Chain3:
		// God turns the top card; an unsuitable one goes back, the deck is
		// reshuffled and God draws again (new-eleusis-pt).
		admitted := false
		for _, c := range h.deck {
			ok, err := h.judge.Starter(c)
			if err != nil {
				return fmt.Errorf("starter predicate on %s: %w", c, err)
			}
			admitted = admitted || ok
		}
		if !admitted {
			return fmt.Errorf("the starter predicate admits no card of the deck")
		}
		for {
			c := h.draw()
			ok, _ := h.judge.Starter(c)
			if ok {
				h.placeMain(c)
				break
			}
			h.deck = append(h.deck, c)
			h.shuffleDeck()
		}
	}
	if h.opts.Starter == Chain3 {
		// Two more cards that follow the rule, then two that do not, under the
		// last (eleusis-express-es). God takes the first fitting cards from the
		// shuffled deck.
		for i := 0; i < 2; i++ {
			if err := h.takeFromDeck(true); err != nil {
				return err
			}
		}
		wrong := ErrorGroup{Under: len(h.main) - 1}
		for i := 0; i < 2; i++ {
			idx, err := h.findInDeck(false)
			if err != nil {
				return err
			}
			wrong.Cards = append(wrong.Cards, h.deck[idx])
			h.deck = slices.Delete(h.deck, idx, idx+1)
		}
		for _, c := range wrong.Cards {
			h.errors = append(h.errors, ErrorGroup{Under: wrong.Under, Cards: []Card{c}})
		}
		h.tableCount += 2
		h.errorsPlaced += 2
	}
	h.opening = append(append([]Card{}, h.main...), h.errorCards()...)
	return nil
}

func (h *Hand) takeFromDeck(valid bool) error {
	idx, err := h.findInDeck(valid)
	if err != nil {
		return err
	}
	c := h.deck[idx]
	h.deck = slices.Delete(h.deck, idx, idx+1)
	h.placeMain(c)
	return nil
}

// findInDeck finds, from the top, the first card the rule accepts (valid) or
// refuses (!valid) after the main line.
func (h *Hand) findInDeck(valid bool) (int, error) {
	for i := len(h.deck) - 1; i >= 0; i-- {
		ok, err := h.judge.Accepts(h.main, h.deck[i])
		if err != nil {
			return 0, fmt.Errorf("opening chain after %s: %w", CardsString(h.main), err)
		}
		if ok == valid {
			return i, nil
		}
	}
	what := "follows"
	if !valid {
		what = "breaks"
	}
	return 0, fmt.Errorf("opening chain after %s: no card of the deck %s the rule", CardsString(h.main), what)
}

// takeOpening lays a given opening, checking it against the starter
// policy: a starter the starter predicate admits (redraw_until_valid,
// chain3), and for chain3 two cards that follow the rule and two under
// the last that break it.
func (h *Hand) takeOpening(opening []Card) error {
	want := 1
	if h.opts.Starter == Chain3 {
		want = 5
	}
	if len(opening) != want {
		return fmt.Errorf("starter: the %s opening is %d card(s), not %d", h.opts.Starter, want, len(opening))
	}
	for _, c := range opening {
		if err := h.takeCard(c, "starter"); err != nil {
			return err
		}
	}
	if h.opts.Starter == RedrawUntilValid || h.opts.Starter == Chain3 {
		ok, err := h.judge.Starter(opening[0])
		if err != nil {
			return fmt.Errorf("starter %s: %w", opening[0], err)
		}
		if !ok {
			return fmt.Errorf("starter %s: the rule's starter predicate refuses it, and with %s God would have drawn again", opening[0], h.opts.Starter)
		}
	}
	h.placeMain(opening[0])
	if want == 5 {
		for i, c := range opening[1:3] {
			ok, err := h.judge.Accepts(h.main, c)
			if err != nil {
				return fmt.Errorf("starter: chain card %d (%s) after %s: %w", i+2, c, CardsString(h.main), err)
			}
			if !ok {
				return fmt.Errorf("starter: chain card %d (%s) does not follow the rule", i+2, c)
			}
			h.placeMain(c)
		}
		for _, c := range opening[3:] {
			ok, err := h.judge.Accepts(h.main, c)
			if err != nil {
				return fmt.Errorf("starter: %s under the chain %s: %w", c, CardsString(h.main), err)
			}
			if ok {
				return fmt.Errorf("starter: %s under the chain must break the rule", c)
			}
			h.errors = append(h.errors, ErrorGroup{Under: len(h.main) - 1, Cards: []Card{c}})
			h.tableCount++
			h.errorsPlaced++
		}
	}
	h.opening = slices.Clone(opening)
	return nil
}

// firstPlayer applies the first-player policy.
func (h *Hand) firstPlayer() int {
	if h.opts.FirstPlayer == CountByStarter {
		// Count the starter's value clockwise from God, skipping God: seat
		// (value − 1) mod players (new-eleusis-pt: a 3 makes player 3 first).
		return (h.main[0].Rank() - 1) % len(h.hands)
	}
	return 0
}

func (h *Hand) shuffleDeck() {
	h.rng.Shuffle(len(h.deck), func(i, j int) { h.deck[i], h.deck[j] = h.deck[j], h.deck[i] })
}

// draw takes the top card of the deck; the caller checks it is not empty.
func (h *Hand) draw() Card {
	c := h.deck[len(h.deck)-1]
	h.deck = h.deck[:len(h.deck)-1]
	return c
}

func (h *Hand) placeMain(c Card) {
	h.main = append(h.main, c)
	h.tableCount++
}

func (h *Hand) placeErrors(cs []Card) {
	// cs is a move's record of cards, never changed afterwards: shared.
	h.errors = append(h.errors, ErrorGroup{Under: len(h.main) - 1, Cards: cs[:len(cs):len(cs)]})
	h.tableCount += len(cs)
	h.errorsPlaced += len(cs)
}

// toDeck puts cards back into the deck (a right "no play"); a hidden deck
// forgets what they were.
func (h *Hand) toDeck(cs []Card) {
	for _, c := range cs {
		if h.hidden {
			c = Unknown
		}
		h.deck = append(h.deck, c)
	}
}

func (h *Hand) errorCards() []Card {
	var out []Card
	for _, g := range h.errors {
		out = append(out, g.Cards...)
	}
	return out
}

// deal gives seat p up to k cards. When the deck runs out, the error columns
// become the new deck, or (end_on_empty_deck) the hand ends after this move.
func (h *Hand) deal(p, k int, rec *MoveRecord) int {
	dealt := 0
	for ; dealt < k; dealt++ {
		if len(h.deck) == 0 {
			if h.opts.EndOnEmptyDeck || len(h.errors) == 0 {
				h.deckOut = true
				break
			}
			h.toDeck(h.errorCards())
			h.errors = h.errors[:0]
			h.shuffleDeck()
			rec.Reshuffled = true
		}
		h.hands[p] = append(h.hands[p], h.draw())
	}
	return dealt
}
