package sim

import (
	"fmt"
	"strings"
)

// Suit is one of the four French suits, in the order of docs/rule-language.md.
type Suit uint8

// The suits. Hearts and diamonds are red; spades and clubs are black.
const (
	Spades Suit = iota
	Hearts
	Diamonds
	Clubs
)

var suitNames = [4]string{"spades", "hearts", "diamonds", "clubs"}
var suitLetters = [4]string{"S", "H", "D", "C"}
var suitSymbols = [4]string{"♠", "♥", "♦", "♣"}

// String is the suit's name in the rule language ("spades", …).
func (s Suit) String() string {
	if s > Clubs {
		return fmt.Sprintf("Suit(%d)", uint8(s))
	}
	return suitNames[s]
}

// Red reports whether the suit is hearts or diamonds.
func (s Suit) Red() bool { return s == Hearts || s == Diamonds }

// Card is a card identity: one of the 52 faces of a French deck. With two or
// three decks the same identity occurs two or three times. The value is
// suit*13 + rank-1, so a Card indexes 52-entry tables directly.
type Card uint8

// Unknown is a face-down card whose identity the referee does not know (a card
// dealt in a replayed transcript that gives only hand sizes).
const Unknown Card = 255

// NumCards is the number of card identities.
const NumCards = 52

// NewCard makes the card of rank 1 (Ace) … 13 (King) and suit s.
func NewCard(rank int, s Suit) Card {
	if rank < 1 || rank > 13 || s > Clubs {
		panic(fmt.Sprintf("sim: no card of rank %d and suit %d", rank, s))
	}
	return Card(uint8(s)*13 + uint8(rank-1))
}

// Rank is 1 (Ace) … 10, 11 (Jack), 12 (Queen), 13 (King).
func (c Card) Rank() int { return int(c%13) + 1 }

// Suit is the card's suit.
func (c Card) Suit() Suit { return Suit(c / 13) }

// Red reports whether the card is a heart or a diamond.
func (c Card) Red() bool { return c.Suit().Red() }

// Color is "red" or "black", as in the rule language.
func (c Card) Color() string {
	if c.Red() {
		return "red"
	}
	return "black"
}

// Face reports whether the card is a Jack, Queen or King.
func (c Card) Face() bool { return c.Rank() > 10 }

// Even reports whether the rank is even.
func (c Card) Even() bool { return c.Rank()%2 == 0 }

// Valid reports whether c is one of the 52 identities.
func (c Card) Valid() bool { return c < NumCards }

var rankNames = [14]string{"", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}

// String writes the card as docs/files.md does: rank then suit letter ("10H", "QS").
func (c Card) String() string {
	if c == Unknown {
		return "??"
	}
	if !c.Valid() {
		return fmt.Sprintf("Card(%d)", uint8(c))
	}
	return rankNames[c.Rank()] + suitLetters[c.Suit()]
}

// Pretty writes the card with its suit symbol ("10♥"), for people.
func (c Card) Pretty() string {
	if !c.Valid() {
		return c.String()
	}
	return rankNames[c.Rank()] + suitSymbols[c.Suit()]
}

// ParseCard reads a card written rank then suit: A 2 … 10 J Q K (also 1, 11,
// 12, 13 and T for ten) and S H D C or ♠ ♥ ♦ ♣ (either case).
func ParseCard(s string) (Card, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	if t == "" {
		return 0, say("sim.emptyCard")
	}
	var suit Suit = 255
	for i := 0; i < 4; i++ {
		if strings.HasSuffix(t, suitSymbols[i]) {
			suit, t = Suit(i), strings.TrimSuffix(t, suitSymbols[i])
			break
		}
		if strings.HasSuffix(t, suitLetters[i]) {
			suit, t = Suit(i), strings.TrimSuffix(t, suitLetters[i])
			break
		}
	}
	if suit == 255 {
		return 0, say("sim.noSuit", s)
	}
	rank := 0
	switch t {
	case "A", "1":
		rank = 1
	case "J", "11":
		rank = 11
	case "Q", "12":
		rank = 12
	case "K", "13":
		rank = 13
	case "T", "10":
		rank = 10
	default:
		if len(t) == 1 && t[0] >= '2' && t[0] <= '9' {
			rank = int(t[0] - '0')
		}
	}
	if rank == 0 {
		return 0, say("sim.unknownRank", s, t)
	}
	return NewCard(rank, suit), nil
}

// ParseCards reads cards separated by spaces or commas.
func ParseCards(s string) ([]Card, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	out := make([]Card, 0, len(fields))
	for _, f := range fields {
		c, err := ParseCard(f)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// CardsString joins cards with spaces.
func CardsString(cs []Card) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}

// MarshalText writes the card as String does, so JSON holds "8H", not 34.
func (c Card) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a card as ParseCard does ("??" is a face-down card).
func (c *Card) UnmarshalText(b []byte) error {
	if string(b) == "??" {
		*c = Unknown
		return nil
	}
	x, err := ParseCard(string(b))
	*c = x
	return err
}
