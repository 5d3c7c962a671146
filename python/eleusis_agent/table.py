"""What the history says about the rule: the facts the harness read.

The harness decodes every move (and the opening) into single judgements
itself (sim.DecodeOpening, sim.DecodeMove and Evidence.Facts in the Go
code) and sends them with the move records (`facts`) and in new_hand (the
opening's): there is one reading of a verdict as evidence, and this module
only puts the facts on their main lines.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .protocol import View


@dataclass(frozen=True, slots=True)
class Observation:
    """God judged `card` after the main line `line`: accepted or not."""

    line: tuple[Card, ...]
    card: Card
    accepted: bool


def observations(view: View) -> list[Observation]:
    """Every single judgement the hand has settled, in order.

    A card played alone, or the cards of an accepted sequence one after
    another; a rejected sequence only when sequences are judged card by card
    (sequence_judging "prefix": the right cards before the first wrong one,
    and that one), since judged all or nothing it says only that one of its
    cards was wrong; the cards shown in a right "no play" (none was valid),
    the single card of a wrong one (it was valid), the card God or the
    Prophet then put on the main line (accepted), a Prophet's pick God
    refused; the chain3 opening's cards. Each fact's line is a beginning of
    the main line (it only grows).
    """
    ml = view.main_line
    out = [Observation(tuple(ml[: f.at]), f.card, f.accepted) for f in view.opening_facts]
    for r in view.history:
        out += [Observation(tuple(ml[: f.at]), f.card, f.accepted) for f in r.facts]
    return out
