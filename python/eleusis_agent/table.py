"""What the history says about the rule: one decoding of the moves into facts.

The same decoding as the harness's (sim.DecodeOpening, sim.DecodeMove and
Evidence.Facts in the Go code); a Go test checks that both give the same
facts over whole hands of every preset.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .protocol import MoveRecord, Options, View


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
    the single card of a wrong one, and the card God or the Prophet then put
    on the main line; the chain3 opening's cards.
    """
    line, out = _opening(view.opening, view.options)
    for r in view.history:
        line = _move(r, line, view.options, out)
    return out


def _opening(opening: list[Card], o: Options) -> tuple[list[Card], list[Observation]]:
    if not opening:
        return [], []
    if o.starter != "chain3" or len(opening) != 5:
        return opening[:1], []
    line = opening[:3]
    out = [Observation(tuple(line), c, False) for c in opening[3:]]  # God's answers first,
    out += [Observation(tuple(line[:i]), line[i], True) for i in (1, 2)]  # then God's choices
    return line, out


def _move(r: MoveRecord, line: list[Card], o: Options, out: list[Observation]) -> list[Card]:
    """Appends r's facts to out and returns the main line after r."""
    if r.kind == "noplay":
        shown = list(r.cards)
        if r.verdict == "yes" or len(shown) == 1:  # no shown card was valid, or the only one was
            out += [Observation(tuple(line), c, r.verdict != "yes") for c in shown]
        if r.picked is not None:
            if r.prophet_pick is not None and r.prophet_pick != r.picked:  # the Prophet's pick was refused
                out.append(Observation(tuple(line), r.prophet_pick, False))
            out.append(Observation(tuple(line), r.picked, True))
        return line + list(r.accepted)
    k = min(len(r.accepted), len(r.cards))
    ext = line + list(r.cards)
    n = len(line)
    if r.verdict == "yes":
        out += [Observation(tuple(ext[: n + i]), c, True) for i, c in enumerate(r.cards)]
    elif r.kind == "seq" and o.sequence_judging == "prefix":
        k = min(k, len(r.cards) - 1)
        out += [Observation(tuple(ext[: n + i]), c, True) for i, c in enumerate(r.cards[:k])]
        out.append(Observation(tuple(ext[: n + k]), r.cards[k], False))
    elif len(r.cards) == 1:
        out.append(Observation(tuple(line), r.cards[0], False))
    return ext[: n + k]
