"""An agent that asks a language model, over any OpenAI-compatible
chat-completions endpoint (OpenAI, vLLM, llama.cpp's server, Ollama's /v1…).

    python3 -m eleusis_agent.llm --model-file models/gpt-4o-mini.yaml

The model file (llm_client.py, MODEL_KEYS) names the base URL, the model, the
variable holding the key, the token limit (max_completion_tokens, or
max_tokens for servers that want it), temperature, reasoning effort and the
price per million tokens. Without one, --url and --model (or
ELEUSIS_LLM_URL / OPENAI_BASE_URL, ELEUSIS_LLM_MODEL / OPENAI_MODEL) say the
same, with the key in ELEUSIS_LLM_KEY or OPENAI_API_KEY: never on the
command line, which the harness records with the run.

Every move is one chat request: the rules, what is measured, the rule
language the harness sent, the table and the facts so far (each with its
position n); the model may reason first and ends with a JSON object naming
its move and, optionally, the rule it believes and how sure it is. Failed
HTTP requests are retried with exponential back-off (a 429's Retry-After
honoured). A reply that is not a usable answer is answered once with the
reason; a second bad one, or an endpoint that fails after its retries,
gives a fallback — a random card of the hand — which the answer's meta
says, with its cause; after max_provider_errors failed requests in a row
the seat fails the hand instead of playing on. Every answer's meta holds
the tokens, cost, latency, finish reason, the raw reply and how it was read.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from dataclasses import dataclass, field

from .cards import Card
from .llm_client import BadReply, Client, Model, ModelFileError, ProviderError, final_json, load_model, usage_meta
from .protocol import Agent, Belief, HandInfo, Move, View, run
from .table import observations

MAX_RULE = 4096  # the harness's bound on a stated rule


@dataclass
class Config:
    model: Model = field(default_factory=Model)
    declare: float = 0.9  # declare Prophet when its confidence is at least this
    guess: float = 0.7  # state its rule (Express) when its confidence is at least this
    facts: int = 60  # most recent facts in the prompt
    verbose: bool = False


class SeatFailed(RuntimeError):
    """The endpoint failed too many times in a row: the seat gives up the
    hand (the harness records it as failed) rather than play on at random."""


_endpoint_warned = False


def warn_endpoint(err: str) -> None:
    """Says once per process, --verbose or not, that the endpoint fails (a
    mistyped URL would otherwise go unnoticed)."""
    global _endpoint_warned
    if not _endpoint_warned:
        _endpoint_warned = True
        print(f"llm agent: {err}; its moves fall back to random legal cards (each one marked in its meta) and the seat "
              "fails after too many failures in a row (--verbose logs every one)", file=sys.stderr, flush=True)


def fit(meta: dict, limit: int = 30000) -> None:
    """Shortens the raw replies until the meta fits the harness's bound."""
    while len(json.dumps(meta, ensure_ascii=False).encode()) > limit:
        raws = [r for r in meta["replies"] if r.get("raw")]
        if not raws:
            return
        for r in raws:
            r["raw"] = r["raw"][len(r["raw"]) // 2:]


# The longest raw reply kept in an answer's meta (characters, from its end:
# the final JSON is there), so that a meta stays within the harness's 32 KiB;
# the whole reply, and its reasoning, go to the run's trace file ("trace").
MAX_RAW = 500


def extract_json(text: str, needs: str = "kind") -> dict:
    """The model's final JSON object (llm_client.final_json)."""
    return final_json(text, needs)


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


def rules_text(info: HandInfo, guess_at: float = 0.7) -> str:
    """The game and the rule language, for the system message; guess_at is
    the confidence at which the agent states its rule as a guess."""
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
    lines.append(measured_text(o, guess_at))
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


def measured_text(o, guess_at: float = 0.7) -> str:
    """What the benchmark scores, for the system message."""
    if o.guessing and o.scoring == "turns":
        return ("\nWhat is measured: the solo guessing protocol. You have at most "
                f"{o.max_turns} turns. After each of your moves, right or wrong, the rule you state (\"rule\") is "
                f"announced to God as your guess when your \"confidence\" in it is at least {guess_at:g} (never the "
                "same rule twice). A right guess (one that gives God's verdict on every card in every position, "
                f"whatever its wording) ends the hand and scores {o.max_turns} + 1 minus the number of the move after "
                f"which you made it; each wrong guess costs {o.guess_penalty} points; no right guess scores 0. So an "
                "early right guess pays, and a wrong one costs: give the confidence you truly have. Cards in your "
                "hand do not count.")
    text = ("\nWhat is measured. Above all, discovery: the benchmark checks the last rule you state (\"rule\", with your "
            "\"confidence\" in it) against God's rule. It counts as found when it gives God's verdict on every card in "
            "every position the hand could reach, whatever its wording; how early you settled on the right rule counts "
            "too, and so does how well your confidence and your accept_prob forecast God's answers (calibration). State "
            "your honest best guess on every move, with honest probabilities; a rule you no longer hold is best replaced. "
            "Your game score counts as well: you score by getting rid of your cards, and wrong cards cost penalty cards.")
    if o.guessing:
        when = "after any move" if o.guess_any_turn else "after a right move"
        text += (f" In this hand you may also guess the rule aloud {when}: a right guess ends the hand in "
                 "your favour.")
    return text


MOVE_FORMAT = (
    'Think it through first if you like, in plain words. Then end your reply with one JSON object: {"kind": "play", '
    '"cards": ["7S"], "rule": "<the rule you now believe, in the rule language>", "confidence": <probability 0-1 that '
    'your rule is God\'s>, "accept_prob": <probability 0-1 that God accepts your move>}. kind is "play" (one card), '
    '"seq" (several cards, in order) or "noplay" (no cards). Cards are written rank then suit letter: AS 2H ... 10D JC '
    'QS KH. The last JSON object of your reply is taken as your answer.'
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
        lines.append("Facts so far (n = the number of main-line cards before the card, the last of them, then God's verdict):")
        for o in obs:
            before = " ".join(map(str, o.line[-3:]))
            lines.append(f"  n={len(o.line)} after ... {before}: {o.card} {'accepted' if o.accepted else 'rejected'}")
    if view.prophet is not None:
        lines.append(f"Seat {view.prophet} is the Prophet.")
    if stated:
        lines.append(f"The rule you stated last: {stated}")
    lines.append(f"Your hand: {' '.join(map(str, view.hand))}")
    return "\n".join(lines)


class LLMAgent(Agent):
    def __init__(self, hand: HandInfo, cfg: Config, client: Client | None = None):
        super().__init__(hand)
        if not cfg.model.base_url or not cfg.model.model:
            raise ValueError("the LLM agent needs a model: --model-file FILE, or --url and --model "
                             "(or ELEUSIS_LLM_URL and ELEUSIS_LLM_MODEL)")
        self.cfg = cfg
        self.client = client or Client(cfg.model)
        self.rule: str | None = None
        self.confidence = 0.0
        self.guessed: set[str] = set()
        self.calls = self.retries = self.fallbacks = 0

    def ask(self, question: str, view: View, parse, needs: str):
        """Asks the model; a bad reply is answered once with the reason. It
        returns the parsed answer, or None for a fallback; either way
        self.meta says what happened. Too many failed requests in a row
        raise SeatFailed."""
        system = rules_text(self.info, self.cfg.guess)
        messages = [
            {"role": "system", "content": system},
            {"role": "user", "content": table_text(view, self.cfg.facts, self.rule) + "\n\n" + question},
        ]
        m = self.cfg.model
        kind = question.split(".")[0][:40]

        def trace(attempt: int, **fields) -> None:
            # One call, whole, for the run's trace file: the system prompt
            # (the harness keeps each text once), the rest as sent.
            self.trace.append({"question": kind, "attempt": attempt + 1, "turn": view.turn, "system": system,
                               "messages": [dict(x) for x in messages[1:]], "requested_model": m.model, **fields})
        meta: dict = {"model": m.model, "calls": 0, "http_attempts": 0, "prompt_tokens": 0, "completion_tokens": 0,
                      "reasoning_tokens": 0, "latency_s": 0.0, "replies": []}
        if m.price:
            meta["cost_usd"] = 0.0
        self.meta = meta
        for attempt in range(2):
            self.calls += 1
            meta["calls"] += 1
            try:
                reply = self.client.chat(messages, seed=self.info.seed + view.turn * 2 + attempt)
            except ProviderError as e:
                meta["http_attempts"] += e.attempts
                meta["latency_s"] += e.latency
                meta["replies"].append({"read": "provider_error", "error": str(e)[:500]})
                trace(attempt, read="provider_error", error=str(e)[:1000], latency_s=round(e.latency, 3), reply="")
                meta["read"] = "provider_error"
                self.log(str(e))
                warn_endpoint(str(e))
                n = self.client.consecutive_errors
                if n >= m.max_provider_errors:
                    self.client.consecutive_errors = 0  # the next hand tries again
                    raise SeatFailed(f"{n} requests in a row failed (retries spent), the last: {e}") from None
                break  # its HTTP retries are spent: no second question
            meta["http_attempts"] += reply.attempts
            meta["latency_s"] += reply.latency
            usage = usage_meta(reply.usage, m.price)
            for k, v in usage.items():
                meta[k] = meta.get(k, 0) + v
            rec = {"finish_reason": reply.finish_reason, "raw": reply.text[-MAX_RAW:]}
            meta["replies"].append(rec)
            meta["finish_reason"] = reply.finish_reason
            if reply.model:
                meta["responding_model"] = reply.model
            call = {"model": reply.model, "reply": reply.text, "reasoning": reply.reasoning,
                    "finish_reason": reply.finish_reason, "latency_s": round(reply.latency, 3), **usage}
            try:
                got = parse(final_json(reply.text, needs))
            except BadReply as e:
                rec["read"] = "truncated" if reply.finish_reason == "length" else "parse_error"
                rec["why"] = str(e)[:500]
                meta["read"] = rec["read"]
                trace(attempt, read=rec["read"], why=rec["why"], **call)
                self.log(f"bad reply ({e}): {reply.text[:200]!r}")
                if attempt == 0:
                    self.retries += 1
                    hint = " Your reply was cut off at the token limit: keep it shorter." if rec["read"] == "truncated" else ""
                    messages += [
                        {"role": "assistant", "content": reply.text},
                        {"role": "user", "content": f"That answer cannot be used: {e}.{hint} End your reply with the "
                                                    "JSON object."},
                    ]
                continue
            rec["read"] = meta["read"] = "usable"
            trace(attempt, read="usable", **call)
            meta["latency_s"] = round(meta["latency_s"], 3)
            fit(meta)
            return got
        last = meta["replies"][-1]
        meta["fallback"] = f"{last['read']}: {last.get('why') or last.get('error') or ''}".strip()
        meta["latency_s"] = round(meta["latency_s"], 3)
        fit(meta)
        self.fallbacks += 1
        return None

    def log(self, text: str) -> None:
        if self.cfg.verbose:
            print(f"llm agent (seat {self.info.seat}): {text}", file=sys.stderr, flush=True)

    def move(self, view: View):
        got = self.ask("It is your move. " + MOVE_FORMAT, view, lambda obj: parse_move(obj, view), "kind")
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
             'Think first if you like; end your reply with {"right": true} or {"right": false}.')

        def parse(obj):
            if not isinstance(obj.get("right"), bool):
                raise BadReply('"right" must be true or false')
            return obj["right"]

        got = self.ask(q, view, parse, "right")
        return True if got is None else got

    def pick(self, view: View, shown: list[Card]) -> Card:
        q = (f"You are the Prophet. The player's \"no play\" was wrong: put one legal card of the shown cards on the "
             f"main line. Shown cards: {' '.join(map(str, shown))}. "
             'Think first if you like; end your reply with {"card": "7S"}.')

        def parse(obj):
            try:
                card = Card.parse(str(obj.get("card", "")).strip().upper())
            except ValueError as e:
                raise BadReply(str(e)) from e
            if card not in shown:
                raise BadReply(f"{card} is not among the shown cards")
            return card

        got = self.ask(q, view, parse, "card")
        return shown[0] if got is None else got

    def guess(self, view: View) -> str:
        if self.rule is None or self.confidence < self.cfg.guess or self.rule in self.guessed:
            return ""
        self.guessed.add(self.rule)
        return self.rule

    def end(self, result, history) -> None:
        self.log(f"hand over: {self.calls} calls, {self.retries} retries, {self.fallbacks} fallbacks")


def config_from(argv: list[str] | None = None, env=os.environ) -> Config:
    ap = argparse.ArgumentParser(prog="eleusis_agent.llm", description=__doc__.split("\n\n")[0])
    ap.add_argument("--model-file", help="a model file (YAML: base_url, model, key_env, max_completion_tokens or "
                                         "max_tokens, temperature, reasoning_effort, price, …); the flags below override it")
    ap.add_argument("--url", help="base URL of the OpenAI-compatible API (…/v1)")
    ap.add_argument("--model", help="model name")
    ap.add_argument("--key", help=argparse.SUPPRESS)  # refused: see below
    ap.add_argument("--temperature", type=float)
    ap.add_argument("--max-tokens", type=int, help="send max_tokens (servers that want the older name)")
    ap.add_argument("--max-completion-tokens", type=int, help="send max_completion_tokens (current OpenAI models)")
    ap.add_argument("--reasoning-effort", choices=["minimal", "low", "medium", "high"])
    ap.add_argument("--http-timeout", type=float, help="seconds per HTTP request")
    ap.add_argument("--retries", type=int, help="HTTP retries after a 429, a 5xx, a refused connection or a time-out")
    ap.add_argument("--max-provider-errors", type=int, help="failed requests in a row after which the seat fails")
    ap.add_argument("--declare", type=float, default=0.9, help="declare Prophet at this confidence")
    ap.add_argument("--guess", type=float, default=0.7, help="state the rule (Express) at this confidence")
    ap.add_argument("--facts", type=int, default=60, help="most recent verdicts in the prompt")
    ap.add_argument("--verbose", action="store_true", help="log retries and fallbacks to stderr")
    a = ap.parse_args(argv)
    if a.key is not None:
        # A key on the command line is written into run.json and hands.jsonl
        # with the strategy's spec: it must come from the environment.
        ap.error("--key is not taken: a command line is recorded with the run. Name the variable that holds the key "
                 "(key_env in the model file, or ELEUSIS_LLM_KEY) and pass it with eleusis --agent-env NAME")
    if a.model_file:
        try:
            m = load_model(a.model_file, env)
        except ModelFileError as e:
            ap.error(str(e))
    else:
        m = Model(base_url=env.get("ELEUSIS_LLM_URL") or env.get("OPENAI_BASE_URL") or Model.base_url,
                  model=env.get("ELEUSIS_LLM_MODEL") or env.get("OPENAI_MODEL") or "",
                  key=env.get("ELEUSIS_LLM_KEY") or env.get("OPENAI_API_KEY") or "")
    for flag, attr in (("url", "base_url"), ("model", "model"), ("temperature", "temperature"),
                       ("max_tokens", "max_tokens"), ("max_completion_tokens", "max_completion_tokens"),
                       ("reasoning_effort", "reasoning_effort"), ("http_timeout", "http_timeout"),
                       ("retries", "retries"), ("max_provider_errors", "max_provider_errors")):
        if getattr(a, flag) is not None:
            setattr(m, attr, getattr(a, flag))
    if a.max_tokens is not None and a.max_completion_tokens is None:
        m.max_completion_tokens = None  # the flag chose the older name
    if a.max_completion_tokens is not None:
        m.max_tokens = None
    if m.max_provider_errors < 1:
        ap.error("--max-provider-errors must be at least 1")
    return Config(model=m, declare=a.declare, guess=a.guess, facts=a.facts, verbose=a.verbose)


def main(argv: list[str] | None = None) -> None:
    cfg = config_from(argv)
    client = Client(cfg.model)  # one per process: consecutive errors count across hands
    run(lambda hand: LLMAgent(hand, cfg, client))


if __name__ == "__main__":
    main()
