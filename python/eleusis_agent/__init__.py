"""Outside agents for eleusis, in pure Python (standard library only).

    from eleusis_agent import Agent, Move, run

    class FirstCard(Agent):
        def move(self, view):
            return Move.play(view.hand[0])

    run(FirstCard)

Run it as `eleusis bench --strategies "random,exec:python3 my_agent.py"`, or
`exec(persistent=true):python3 my_agent.py` for one process per seat and
worker. The protocol is documented in docs/agent-protocol.md.
"""

from .cards import DECK, Card, parse_cards
from .protocol import (
    PROTOCOL,
    Agent,
    Belief,
    ErrorGroup,
    Fact,
    HandInfo,
    Move,
    MoveRecord,
    Options,
    PlayerResult,
    Result,
    Session,
    View,
    run,
)
from .table import Observation, observations

__all__ = [
    "PROTOCOL", "Agent", "Belief", "Card", "DECK", "ErrorGroup", "Fact", "HandInfo", "Move", "MoveRecord",
    "Observation", "Options", "PlayerResult", "Result", "Session", "View", "observations", "parse_cards", "run",
]
