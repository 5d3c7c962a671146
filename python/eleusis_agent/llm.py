"""An agent that asks a language model, over any OpenAI-compatible
chat-completions endpoint (OpenAI, vLLM, llama.cpp's server, Ollama's /v1…).

    python3 -m eleusis_agent.llm --url http://localhost:11434/v1 --model qwen2.5

URL, model and key come from the flags or from ELEUSIS_LLM_URL (or
OPENAI_BASE_URL), ELEUSIS_LLM_MODEL (or OPENAI_MODEL) and ELEUSIS_LLM_KEY (or
OPENAI_API_KEY). Every move is one chat request: the rules, the rule language
the harness sent, the table and the facts so far; the model answers with a
JSON object naming its move and, optionally, the rule it believes and how
sure it is. A reply that is not a legal move is answered once with the
reason; a second bad reply (or a failing endpoint) gives a legal fallback,
a random card of the hand, and the agent plays on.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass

from .cards import Card
from .protocol import Agent, Belief, HandInfo, Move, View, run
from .table import observations

MAX_RULE = 4096  # the harness's bound on a stated rule


@dataclass
class Config:
    url: str
    model: str
    key: str = ""
    temperature: float = 0.0
    max_tokens: int = 400
    http_timeout: float = 60.0
    declare: float = 0.9  # declare Prophet when its confidence is at least this
    guess: float = 0.7  # state its rule (Express) when its confidence is at least this
    facts: int = 60  # most recent facts in the prompt
    verbose: bool = False


class BadReply(ValueError):
    """A reply that is not a usable answer; the text says why, for the model."""


class EndpointError(BadReply):
    """The endpoint failed (HTTP error, time-out, no content)."""


_endpoint_warned = False


def warn_endpoint(err: str) -> None:
    """Says once per process, --verbose or not, that the endpoint fails: the
    agent then plays random legal cards, and a benchmark would measure those
    (a mistyped --url would otherwise go unnoticed)."""
    global _endpoint_warned
    if not _endpoint_warned:
        _endpoint_warned = True
        print(f"llm agent: {err}; playing random legal cards while it fails (--verbose logs every failure)",
              file=sys.stderr, flush=True)


def chat(cfg: Config, messages: list[dict], seed: int | None = None) -> str:
    """One chat completion: the assistant's text."""
    body = {"model": cfg.model, "messages": messages, "temperature": cfg.temperature, "max_tokens": cfg.max_tokens}
    if seed is not None:
        body["seed"] = seed % (2**31)  # for endpoints that sample reproducibly
    req = urllib.request.Request(
        cfg.url.rstrip("/") + "/chat/completions",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {cfg.key}"} if cfg.key else {})},
        method="POST",
    )
    try:
        with urllib.request.urlopen(req, timeout=cfg.http_timeout) as resp:
            data = json.load(resp)
    except urllib.error.HTTPError as e:
        raise EndpointError(f"the endpoint answered HTTP {e.code}: {e.read(300).decode(errors='replace')}") from e
    except (urllib.error.URLError, TimeoutError, OSError, json.JSONDecodeError) as e:
        raise EndpointError(f"the endpoint failed: {e}") from e
    try:
        return data["choices"][0]["message"]["content"] or ""
    except (KeyError, IndexError, TypeError) as e:
        raise EndpointError(f"the endpoint's reply has no choices[0].message.content: {str(data)[:300]}") from e


def extract_json(text: str) -> dict:
    """The first JSON object in a reply (code fences and prose around it are
    allowed)."""
    dec = json.JSONDecoder()
    for i, ch in enumerate(text):
        if ch == "{":
            try:
                obj, _ = dec.raw_decode(text, i)
            except json.JSONDecodeError:
                continue
            if isinstance(obj, dict):
                return obj
    raise BadReply("the reply holds no JSON object")


def _prob(obj: dict, key: str) -> float | None:
    x = obj.get(key)
    if x is None:
        return None
    if isinstance(x, bool) or not isinstance(x, (int, float)) or not 0 <= x <= 1:
        raise BadReply(f'"{key}" must be a number from 0 to 1, not {x!r}')
    return float(x)


def parse_move(obj: dict, view: View) -> tuple[Move, Belief | None]:
    """A move (and a belief) from the model's JSON, checked against the hand
    and the options."""
    kind = obj.get("kind")
    cards = obj.get("cards") or []
    if kind not in ("play", "seq", "noplay"):
        raise BadReply(f'"kind" must be "play", "seq" or "noplay", not {kind!r}')
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise BadReply('"cards" must be a list of cards such as ["7S", "10H"]')
    try:
        played = [Card.parse(c.strip().upper()) for c in cards]
    except ValueError as e:
        raise BadReply(str(e)) from e
    if kind == "noplay":
        played = []
    elif kind == "play" and len(played) != 1:
        raise BadReply('"play" takes exactly one card')
    elif kind == "seq":
        if view.options.max_sequence < 2:
            raise BadReply("sequences are not allowed in this hand: play one card")
        if not 2 <= len(played) <= view.options.max_sequence:
            raise BadReply(f'"seq" takes 2 to {view.options.max_sequence} cards')
    missing = Counter(played) - Counter(view.hand)
    if missing:
        raise BadReply(f"you do not hold {' '.join(map(str, missing))}; your hand is {' '.join(map(str, view.hand))}")
    rule, conf, accept = obj.get("rule"), _prob(obj, "confidence"), _prob(obj, "accept_prob")
    belief = Belief(accept_prob=accept)
    if isinstance(rule, str) and rule.strip() and conf is not None and len(rule) <= MAX_RULE:
        belief.rule, belief.rule_prob = rule.strip(), conf
    if belief.rule is None and belief.accept_prob is None:
        belief = None
    return Move(kind, played), belief


def rules_text(info: HandInfo) -> str:
    """The game and the rule language, for the system message."""
    o = info.options
    lines = [
        "You are a scientist playing Eleusis, the game of science. God holds a secret rule that says which card may "
        "follow the last card of the main line. You discover it by experiment: every card played is a test. If God "
        'says "yes" the card joins the main line; if "no" it goes to an error column under the last main-line card '
        f"and the player draws {o.penalty_wrong_card} penalty card(s). Players score by getting rid of their cards.",
    ]
    if o.max_sequence >= 2:
        lines.append(f'You may play a sequence of 2 to {o.max_sequence} cards (kind "seq"); if any card is wrong, '
                     "the penalty is twice the cards played.")
    lines.append(f'If you believe no card of your hand is legal you may say "no play" (kind "noplay"): you show your '
                 f'hand; if you are right you get new cards, if wrong you draw {o.penalty_wrong_no_play}.')
    lang = info.rule_language or {}
    if lang:
        lines.append("\nThe rule language. " + lang.get("summary", ""))
        lines.append("Names a rule can use:")
        lines += [f"  {n['name']} ({n['type']}): {n['meaning']}" for n in lang.get("names", [])]
        lines.append("A card has the fields:")
        lines += [f"  {n['name']} ({n['type']}): {n['meaning']}" for n in lang.get("card_fields", [])]
        lines.append(lang.get("operators", ""))
        lines.append("Examples:")
        lines += [f"  {e['rule']}    # {e['says']}" for e in lang.get("examples", [])]
    return "\n".join(lines)


MOVE_FORMAT = (
    'Answer with one JSON object and nothing else: {"kind": "play", "cards": ["7S"], '
    '"rule": "<the rule you now believe, in the rule language>", "confidence": <probability 0-1 that your rule is '
    'God\'s>, "accept_prob": <probability 0-1 that God accepts your move>}. kind is "play" (one card), "seq" (several '
    'cards, in order) or "noplay" (no cards). Cards are written rank then suit letter: AS 2H ... 10D JC QS KH.'
)


def table_text(view: View, facts: int, stated: str | None) -> str:
    """The table as the seat sees it."""
    ml = " ".join(f"{i + 1}:{c}" for i, c in enumerate(view.main_line))
    lines = [f"Main line, oldest first (position:card): {ml}"]
    if view.errors:
        lines.append("Error columns (rejected cards, under the main-line card that was last when they were played):")
        lines += [f"  under {g.under + 1}:{view.main_line[g.under]}: {' '.join(map(str, g.cards))}" for g in view.errors
                  if g.under < len(view.main_line)]
    others = ", ".join(f"seat {i + 1}: {n}" for i, n in enumerate(view.hand_sizes) if i + 1 != view.seat)
    lines.append(f"Cards held by the others: {others}")
    obs = observations(view)[-facts:]
    if obs:
        lines.append("Facts so far (the last cards of the main line before the card, then God's verdict):")
        for o in obs:
            before = " ".join(map(str, o.line[-3:]))
            lines.append(f"  after ... {before}: {o.card} {'accepted' if o.accepted else 'rejected'}")
    if view.prophet is not None:
        lines.append(f"Seat {view.prophet} is the Prophet.")
    if stated:
        lines.append(f"The rule you stated last: {stated}")
    lines.append(f"Your hand: {' '.join(map(str, view.hand))}")
    return "\n".join(lines)


class LLMAgent(Agent):
    def __init__(self, hand: HandInfo, cfg: Config):
        super().__init__(hand)
        if not cfg.url or not cfg.model:
            raise ValueError("the LLM agent needs --url and --model (or ELEUSIS_LLM_URL and ELEUSIS_LLM_MODEL)")
        self.cfg = cfg
        self.rule: str | None = None
        self.confidence = 0.0
        self.guessed: set[str] = set()
        self.calls = self.retries = self.fallbacks = 0

    def ask(self, question: str, view: View, parse):
        """Asks the model; a bad reply is answered once with the reason; then
        None (the caller falls back)."""
        messages = [
            {"role": "system", "content": rules_text(self.info)},
            {"role": "user", "content": table_text(view, self.cfg.facts, self.rule) + "\n\n" + question},
        ]
        for attempt in range(2):
            self.calls += 1
            try:
                reply = chat(self.cfg, messages, seed=self.info.seed + view.turn * 2 + attempt)
            except EndpointError as e:  # ask the same again
                self.log(str(e))
                warn_endpoint(str(e))
                self.retries += attempt == 0
                continue
            try:
                return parse(extract_json(reply))
            except BadReply as e:
                self.log(f"bad reply ({e}): {reply[:200]!r}")
                if attempt == 0:
                    self.retries += 1
                    messages += [
                        {"role": "assistant", "content": reply},
                        {"role": "user", "content": f"That answer cannot be used: {e}. Answer again with the JSON object only."},
                    ]
        self.fallbacks += 1
        return None

    def log(self, text: str) -> None:
        if self.cfg.verbose:
            print(f"llm agent (seat {self.info.seat}): {text}", file=sys.stderr, flush=True)

    def move(self, view: View):
        got = self.ask("It is your move. " + MOVE_FORMAT, view, lambda obj: parse_move(obj, view))
        if got is None:
            return Move.play(self.rng.choice(view.hand))  # legal: the referee judges it like any card
        move, belief = got
        if belief is not None and belief.rule is not None:
            self.rule, self.confidence = belief.rule, belief.rule_prob or 0.0
        return (move, belief) if belief is not None else move

    def declare_prophet(self, view: View) -> bool:
        return self.rule is not None and self.confidence >= self.cfg.declare

    def judge(self, view: View, mover: int, move: Move) -> bool:
        what = "says no card of the hand is legal, showing " if move.kind == "noplay" else "plays "
        q = (f"You are the Prophet: you judge other players' moves before God does. Seat {mover} {what}"
             f"{' '.join(map(str, move.cards))}. Is the move right under God's rule? "
             'Answer with one JSON object and nothing else: {"right": true} or {"right": false}.')

        def parse(obj):
            if not isinstance(obj.get("right"), bool):
                raise BadReply('"right" must be true or false')
            return obj["right"]

        got = self.ask(q, view, parse)
        return True if got is None else got

    def pick(self, view: View, shown: list[Card]) -> Card:
        q = (f"You are the Prophet. The player's \"no play\" was wrong: put one legal card of the shown cards on the "
             f"main line. Shown cards: {' '.join(map(str, shown))}. "
             'Answer with one JSON object and nothing else: {"card": "7S"}.')

        def parse(obj):
            try:
                card = Card.parse(str(obj.get("card", "")).strip().upper())
            except ValueError as e:
                raise BadReply(str(e)) from e
            if card not in shown:
                raise BadReply(f"{card} is not among the shown cards")
            return card

        got = self.ask(q, view, parse)
        return shown[0] if got is None else got

    def guess(self, view: View) -> str:
        if self.rule is None or self.confidence < self.cfg.guess or self.rule in self.guessed:
            return ""
        self.guessed.add(self.rule)
        return self.rule

    def end(self, result, history) -> None:
        self.log(f"hand over: {self.calls} calls, {self.retries} retries, {self.fallbacks} fallbacks")


def config_from(argv: list[str] | None = None) -> Config:
    env = os.environ.get
    ap = argparse.ArgumentParser(prog="eleusis_agent.llm", description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", default=env("ELEUSIS_LLM_URL") or env("OPENAI_BASE_URL") or "https://api.openai.com/v1",
                    help="base URL of the OpenAI-compatible API (…/v1)")
    ap.add_argument("--model", default=env("ELEUSIS_LLM_MODEL") or env("OPENAI_MODEL") or "", help="model name")
    ap.add_argument("--key", default=env("ELEUSIS_LLM_KEY") or env("OPENAI_API_KEY") or "", help="API key (none for local servers)")
    ap.add_argument("--temperature", type=float, default=0.0)
    ap.add_argument("--max-tokens", type=int, default=400)
    ap.add_argument("--http-timeout", type=float, default=60.0, help="seconds per request")
    ap.add_argument("--declare", type=float, default=0.9, help="declare Prophet at this confidence")
    ap.add_argument("--guess", type=float, default=0.7, help="state the rule (Express) at this confidence")
    ap.add_argument("--facts", type=int, default=60, help="most recent verdicts in the prompt")
    ap.add_argument("--verbose", action="store_true", help="log retries and fallbacks to stderr")
    a = ap.parse_args(argv)
    return Config(url=a.url, model=a.model, key=a.key, temperature=a.temperature, max_tokens=a.max_tokens,
                  http_timeout=a.http_timeout, declare=a.declare, guess=a.guess, facts=a.facts, verbose=a.verbose)


def main(argv: list[str] | None = None) -> None:
    cfg = config_from(argv)
    run(lambda hand: LLMAgent(hand, cfg))


if __name__ == "__main__":
    main()
