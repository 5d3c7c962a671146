"""What the history says about the rule: one decoding of the moves into facts."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .protocol import MoveRecord, View


@dataclass(frozen=True, slots=True)
class Observation:
    """God judged `card` after the main line `line`: accepted or not."""

    line: tuple[Card, ...]
    card: Card
    accepted: bool


def observations(view: View) -> list[Observation]:
    """Every verdict of the hand as facts about single cards.

    A card played alone, or shown in a right "no play", was judged after the
    line as it stood; the cards of an accepted sequence one after another. A
    rejected sequence says which card was wrong only when sequences are
    judged card by card (sequence_judging "prefix"); "all_or_nothing" says
    only that one of them was.
    """
    line = list(view.opening)
    out: list[Observation] = []
    prefix = view.options.sequence_judging == "prefix"
    for r in view.history:
        for c in r.accepted:
            out.append(Observation(tuple(line), c, True))
            line.append(c)
        out.extend(_rejected(r, line, prefix))
    return out


def _rejected(r: MoveRecord, line: list[Card], prefix: bool) -> list[Observation]:
    """The cards r shows were not valid, judged after line (which already
    holds the cards r put on the main line)."""
    if r.verdict != "no" and r.kind != "noplay":
        return []
    if r.kind == "play":
        return [Observation(tuple(line), r.cards[0], False)]
    if r.kind == "seq" and prefix and len(r.accepted) < len(r.cards):
        return [Observation(tuple(line), r.cards[len(r.accepted)], False)]
    if r.kind == "noplay" and r.verdict == "yes":
        return [Observation(tuple(line), c, False) for c in r.cards]
    return []
