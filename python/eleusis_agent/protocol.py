"""Protocol version 2 of eleusis outside agents (docs/agent-protocol.md).

The harness writes one JSON object per line to the agent's stdin; the agent
answers every line with one JSON line carrying the request's "id". `run`
does the reading, the bookkeeping (the whole history, from the moves each
request adds) and the writing; an Agent subclass only decides.
"""

from __future__ import annotations

import json
import random
import sys
import traceback
from dataclasses import dataclass, field, fields
from typing import Any, Callable, TextIO

from .cards import Card, parse_cards

PROTOCOL = 2


def _pick(cls, obj: dict) -> dict:
    """The entries of obj that are fields of dataclass cls."""
    names = {f.name for f in fields(cls)}
    return {k: v for k, v in obj.items() if k in names}


@dataclass(slots=True)
class Options:
    """The hand's options (docs/rules.md; `eleusis presets` shows them)."""

    decks: int = 3
    hand_size: int = 14
    starter: str = "redraw_until_valid"
    first_player: str = "count_by_starter"
    max_sequence: int = 4
    sequence_judging: str = "all_or_nothing"
    sequence_penalty: str = "double_count"
    penalty_wrong_card: int = 2
    penalty_wrong_no_play: int = 5
    no_play_out_limit: int = 4
    no_play_refund: int = 4
    sudden_death_at: int = 30
    end_on_empty_deck: bool = False
    max_turns: int = 1000
    rule_sees_errors: bool = False
    prophet: bool = False
    prophet_min_main_line: int = 0
    false_prophet_penalty: int = 0
    prophet_error_points: int = 2
    prophet_sudden_death_after: int = 20
    guessing: bool = False
    guess_any_turn: bool = False
    guess_penalty: int = 0
    score_floor: bool = False  # the turn score is never below 0 (solo-public)
    keep_hand_size: bool = False  # every card played is replaced from the deck (solo-public)
    coop_turns: int = 0
    scoring: str = "max_minus_n"
    out_bonus: int = 4
    score_base: int = 0
    guess_bonus: int = 0
    early_stop_bonus: int = 10
    min_players: int = 4
    max_players: int = 8

    @classmethod
    def from_json(cls, obj: dict) -> "Options":
        return cls(**_pick(cls, obj))


@dataclass(frozen=True, slots=True)
class Fact:
    """A judgement God's answer settled: `card` is accepted (or not) after
    the first `at` cards of the main line. The harness reads every move
    (and the opening) into its facts itself — one decoding for everyone."""

    at: int
    card: Card
    accepted: bool

    @classmethod
    def from_json(cls, obj: dict) -> "Fact":
        return cls(obj["at"], Card.parse(obj["card"]), bool(obj["accepted"]))


def _facts(objs) -> list[Fact]:
    return [Fact.from_json(f) for f in objs or []]


@dataclass(slots=True)
class HandInfo:
    """new_hand: who this agent is in the hand about to start."""

    seat: int  # from 1, left of God
    players: int
    seed: int  # this seat's own seed for the hand (0 ≤ seed < 2**64)
    options: Options
    mode: str  # "per_hand" or "persistent"
    # What God laid before the first move: the starter, or the five cards
    # of chain3 (three on the main line, two under the last).
    opening: list[Card] = field(default_factory=list)
    # The facts the opening settled (chain3: the cards God chose and the
    # two it refused).
    facts: list[Fact] = field(default_factory=list)
    protocol: int = PROTOCOL
    # The rule language's reference (names, card fields, examples); sent in
    # a process's first new_hand and kept by `run` for the later hands.
    rule_language: dict | None = None


@dataclass(slots=True)
class Move:
    """A move: play one card, a sequence ("seq") of cards, or "noplay"."""

    kind: str
    cards: list[Card] = field(default_factory=list)

    @staticmethod
    def play(card: Card) -> "Move":
        return Move("play", [card])

    @staticmethod
    def sequence(cards: list[Card]) -> "Move":
        return Move("seq", list(cards))

    @staticmethod
    def no_play() -> "Move":
        return Move("noplay", [])


@dataclass(slots=True)
class Belief:
    """What the agent believes as it moves (optional, in move answers).

    rule: its best rule in the rule language, with rule_prob its probability;
    accept_prob: its probability that God accepts the move it makes.
    """

    rule: str | None = None
    rule_prob: float | None = None
    accept_prob: float | None = None
    withdraw: bool = False  # take back the rule stated last (without a rule)

    def to_json(self) -> dict:
        d = {k: v for k, v in (("rule", self.rule), ("rule_prob", self.rule_prob), ("accept_prob", self.accept_prob)) if v is not None}
        if self.withdraw:
            d["withdraw"] = True
        return d


@dataclass(slots=True)
class ErrorGroup:
    """Cards in an error column, under main-line card `under` (index from 0)."""

    under: int
    cards: list[Card]


@dataclass(slots=True)
class MoveRecord:
    """One move as the table saw it, with God's verdict (seats from 1)."""

    turn: int
    player: int
    kind: str
    cards: list[Card]
    verdict: str  # "yes" or "no"; for a "no play", "yes" = no card was valid
    accepted: list[Card] = field(default_factory=list)  # cards that went onto the main line
    picked: Card | None = None  # after a wrong "no play", the card put on the main line
    prophet_pick: Card | None = None  # the Prophet's pick, when the Prophet picked
    penalty: int = 0
    drawn: int = 0
    refund: int = 0
    sudden_death: bool = False
    eliminated: bool = False
    went_out: bool = False
    prophet: int | None = None
    prophet_said: str | None = None
    prophet_fell: bool = False
    prophet_penalty: int = 0
    spared: bool = False
    declared_prophet: bool = False
    guess: str = ""
    guess_right: bool = False
    guess_error: str = ""
    guess_in_words: bool = False  # replayed class transcripts only: stated in words, judged by God's answer
    guess_god_erred: bool = False  # replayed class transcripts only: God's answer went against the rule
    reshuffled: bool = False
    facts: list[Fact] = field(default_factory=list)  # what God's answer settled

    @classmethod
    def from_json(cls, obj: dict) -> "MoveRecord":
        d = _pick(cls, obj)
        d["facts"] = _facts(d.get("facts"))
        d["cards"] = parse_cards(d.get("cards"))
        d["accepted"] = parse_cards(d.get("accepted"))
        for k in ("picked", "prophet_pick"):
            if d.get(k) is not None:
                d[k] = Card.parse(d[k])
        return cls(**d)


@dataclass(slots=True)
class View:
    """What the seat sees when it decides (seats from 1)."""

    seat: int
    hand: list[Card]
    main_line: list[Card]
    errors: list[ErrorGroup]
    hand_sizes: list[int]  # entry i is seat i + 1
    eliminated: list[bool]
    current: int
    turn: int  # moves made so far
    prophet: int | None
    prophet_marker: int | None
    sudden_death: bool
    deck_size: int
    history: list[MoveRecord]  # every move so far
    options: Options
    opening: list[Card]  # what God laid before the first move (HandInfo.opening)
    opening_facts: list[Fact] = field(default_factory=list)  # HandInfo.facts

    @classmethod
    def from_json(cls, obj: dict, seat: int, history: list[MoveRecord], options: Options, opening: list[Card],
                  opening_facts: list[Fact] | None = None) -> "View":
        return cls(
            seat=seat,
            hand=parse_cards(obj["hand"]),
            main_line=parse_cards(obj["main_line"]),
            errors=[ErrorGroup(g["under"], parse_cards(g["cards"])) for g in obj["errors"]],
            hand_sizes=obj["hand_sizes"],
            eliminated=obj["eliminated"],
            current=obj["current"],
            turn=obj["turn"],
            prophet=obj["prophet"],
            prophet_marker=obj["prophet_marker"],
            sudden_death=obj["sudden_death"],
            deck_size=obj["deck_size"],
            history=history,
            options=options,
            opening=opening,
            opening_facts=opening_facts or [],
        )


@dataclass(slots=True)
class PlayerResult:
    seat: int
    cards: int
    score: int
    went_out: bool
    eliminated: bool
    prophet: str  # "none", "standing" or "fallen"
    guessed: bool
    guessed_at: int = 0  # the move after which the right guess came
    wrong_guesses: int = 0
    withdrawn: bool = False  # its agent failed and left the hand: it scores the worst its options allow


@dataclass(slots=True)
class Result:
    """The end of a hand."""

    end: str
    turns: int
    god_score: int
    players: list[PlayerResult]
    opening: list[Card]
    main_line: list[Card]
    errors: list[ErrorGroup]
    team: dict | None = None

    @classmethod
    def from_json(cls, obj: dict) -> "Result":
        return cls(
            end=obj["end"],
            turns=obj["turns"],
            god_score=obj["god_score"],
            players=[PlayerResult(**_pick(PlayerResult, p)) for p in obj["players"]],
            opening=parse_cards(obj["opening"]),
            main_line=parse_cards(obj["main_line"]),
            errors=[ErrorGroup(g["under"], parse_cards(g["cards"])) for g in obj["errors"]],
            team=obj.get("team"),
        )


class Agent:
    """A scientist at the table. Subclass it and override what you need.

    `run` makes a new instance at every new_hand, so nothing carries over
    from one hand to the next, in either mode: the same seed then gives the
    same play whichever process plays the hand. `self.rng` is seeded with
    the seat's seed for the hand.
    """

    def __init__(self, hand: HandInfo):
        self.info = hand
        self.rng = random.Random(hand.seed)
        # Notes on the answer being made (a JSON object: tokens, latency,
        # how a reply was read…): `run` sends them as the answer's "meta",
        # which the harness keeps with the move in hands.jsonl, then clears
        # them. At most 32 KiB.
        self.meta: dict | None = None
        # Calls to a model for the answer being made, each a JSON object
        # (the prompt, the whole reply, its reasoning…): `run` sends them as
        # the answer's "trace", which the harness writes whole to the run's
        # trace file, then clears them.
        self.trace: list[dict] = []

    def move(self, view: View) -> Move | tuple[Move, Belief]:
        """The move to make; optionally with what the agent believes."""
        return Move.play(view.hand[0])

    def declare_prophet(self, view: View) -> bool:
        """Asked after each of its moves when the Prophet option is on."""
        return False

    def judge(self, view: View, mover: int, move: Move) -> bool:
        """As Prophet: is seat mover's move right?"""
        return True

    def pick(self, view: View, shown: list[Card]) -> Card:
        """As Prophet, after a wrong "no play": a valid card among shown."""
        return shown[0]

    def guess(self, view: View) -> str:
        """A rule to state, or "" for none: asked after the seat's own right
        move (Express), after any own move (cooperative, guess_any_turn)."""
        return ""

    def heard(self, statement: MoveRecord) -> None:
        """God's verdict on the rule this seat stated after the move
        `statement` (its guess, guess_right and guess_error are filled in,
        and view.history has it): called before the next request is
        answered."""

    def end(self, result: Result | None, history: list[MoveRecord]) -> None:
        """The hand is over (result None: it was stopped by an error, or
        this seat failed and left it)."""


def _card_list(cards: list[Card]) -> list[str]:
    return [str(c) for c in cards]


class Session:
    """One process's side of the protocol: the hand in play and its history."""

    def __init__(self, factory: Callable[[HandInfo], Agent]):
        self.factory = factory
        self.agent: Agent | None = None
        self.info: HandInfo | None = None
        self.history: list[MoveRecord] = []
        self.rule_language: dict | None = None

    def answer(self, req: dict) -> dict:
        """The answer to one request (without its id)."""
        kind = req["type"]
        if kind == "new_hand":
            if req.get("protocol") != PROTOCOL:
                raise ValueError(f"this agent speaks protocol {PROTOCOL}, the harness {req.get('protocol')}")
            if req.get("rule_language") is not None:
                self.rule_language = req["rule_language"]
            # seed_string: the seed in decimal, exact in any language (a
            # JSON number above 2**53 loses digits in JavaScript).
            seed = int(req["seed_string"]) if req.get("seed_string") else req["seed"]
            self.info = HandInfo(
                seat=req["seat"], players=req["players"], seed=seed, options=Options.from_json(req["options"]),
                mode=req["mode"], opening=parse_cards(req.get("opening")), facts=_facts(req.get("facts")),
                protocol=req["protocol"], rule_language=self.rule_language,
            )
            self.history = []
            self.agent = self.factory(self.info)
            return {}
        if self.agent is None or self.info is None:
            raise ValueError(f"a {kind} request outside a hand")
        self.history.extend(MoveRecord.from_json(m) for m in req.get("moves") or [])
        st = req.get("statement")
        if st and 1 <= st.get("turn", 0) <= len(self.history):
            # God's verdict on the rule this seat stated after its move: the
            # move's record gets it, as every other seat's statements have it.
            rec = self.history[st["turn"] - 1]
            rec.guess, rec.guess_right, rec.guess_error = st.get("rule", ""), bool(st.get("right")), st.get("error", "")
            self.agent.heard(rec)
        if kind == "end":
            agent, self.agent = self.agent, None
            result = req.get("result")
            agent.end(Result.from_json(result) if result else None, self.history)
            return {}
        view = View.from_json(req["view"], self.info.seat, self.history, self.info.options, self.info.opening,
                              self.info.facts)
        a = self.agent
        a.meta, a.trace = None, []
        ans = self._ask(a, kind, req, view)
        if a.meta:
            ans["meta"] = a.meta
            a.meta = None
        if a.trace:
            ans["trace"] = a.trace
            a.trace = []
        return ans

    @staticmethod
    def _ask(a: Agent, kind: str, req: dict, view: View) -> dict:
        if kind == "move":
            got = a.move(view)
            move, belief = got if isinstance(got, tuple) else (got, None)
            ans: dict[str, Any] = {"kind": move.kind, "cards": _card_list(move.cards)}
            if belief is not None:
                ans["belief"] = belief.to_json()
            return ans
        if kind == "declare_prophet":
            return {"declare": bool(a.declare_prophet(view))}
        if kind == "judge":
            m = req["move"]
            return {"right": bool(a.judge(view, req["mover"], Move(m["kind"], parse_cards(m["cards"]))))}
        if kind == "pick":
            return {"card": str(a.pick(view, parse_cards(req["shown"])))}
        if kind == "guess":
            return {"guess": a.guess(view) or ""}
        raise ValueError(f"unknown request type {kind!r}")


def run(factory: Callable[[HandInfo], Agent], stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> None:
    """Plays hands until stdin ends (both modes: per_hand, persistent).

    An exception in the agent is sent as the answer's "error" (the harness
    keeps it in the hand's record) and the loop goes on to the next hand.
    """
    session = Session(factory)
    if (getattr(stdout, "encoding", None) or "utf-8").lower().replace("-", "") != "utf8" and hasattr(stdout, "reconfigure"):
        stdout.reconfigure(encoding="utf-8")  # the protocol is UTF-8, whatever the locale
    for line in stdin:
        req = json.loads(line)
        try:
            ans = session.answer(req)
        except Exception as e:  # the harness records the text with the hand
            session.agent = None
            tb = traceback.format_exc(limit=4)
            ans = {"error": f"{type(e).__name__}: {e}\n{tb}"[:4000]}
        ans["id"] = req["id"]
        stdout.write(json.dumps(ans, ensure_ascii=False) + "\n")
        stdout.flush()
