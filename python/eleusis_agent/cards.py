"""Cards as the harness writes them: rank then suit letter ("10H", "QS", "AS")."""

from __future__ import annotations

from dataclasses import dataclass

SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
LETTERS = {name: letter for letter, name in SUITS.items()}
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(r): r for r in range(2, 11)}}
RANK_NAMES = {r: name for name, r in RANKS.items()}


@dataclass(frozen=True, slots=True)
class Card:
    """A card with the fields a rule reads (docs/rule-language.md)."""

    rank: int  # 1 (Ace) … 10, 11 (Jack), 12 (Queen), 13 (King)
    suit: str  # "spades", "hearts", "diamonds" or "clubs"

    @property
    def color(self) -> str:
        return "red" if self.suit in ("hearts", "diamonds") else "black"

    @property
    def face(self) -> bool:
        return self.rank > 10

    @property
    def even(self) -> bool:
        return self.rank % 2 == 0

    @property
    def odd(self) -> bool:
        return self.rank % 2 == 1

    def __str__(self) -> str:
        return RANK_NAMES[self.rank] + LETTERS[self.suit]

    @staticmethod
    def parse(text: str) -> "Card":
        """Reads "10H", "QS", "AS"; raises ValueError otherwise."""
        card = _BY_TEXT.get(text)
        if card is None:
            raise ValueError(f"not a card: {text!r} (write the rank A 2 … 10 J Q K, then S H D or C)")
        return card


_BY_TEXT = {f"{name}{letter}": Card(rank, suit) for name, rank in RANKS.items() for letter, suit in SUITS.items()}

DECK = sorted(_BY_TEXT.values(), key=lambda c: (list(SUITS.values()).index(c.suit), c.rank))


def parse_cards(texts: list[str] | None) -> list[Card]:
    return [Card.parse(t) for t in texts or []]
