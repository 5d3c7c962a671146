"""Unit tests of the LLM agent: the model file, reading replies, and a fake
OpenAI-compatible endpoint on loopback that fails in every way a provider
does (500, 429 with Retry-After, prose, truncation, slowness, 400)."""

import io
import json
import os
import tempfile
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from unittest import mock

from eleusis_agent import Card, HandInfo, Move
from eleusis_agent import llm
from eleusis_agent.llm_client import Client, Model, ModelFileError, final_json, load_model, parse_yaml_subset, retry_after
from eleusis_agent.protocol import Fact, MoveRecord, Options, View


def make_view(hand=("7S", "8H", "8H"), max_sequence=4, history=()):
    o = Options(max_sequence=max_sequence)
    return View(seat=1, hand=[Card.parse(c) for c in hand], main_line=[Card.parse("2C"), Card.parse("4D")], errors=[],
                hand_sizes=[3, 5], eliminated=[False, False], current=1, turn=0, prophet=None, prophet_marker=None,
                sudden_death=False, deck_size=40, history=list(history), options=o, opening=[Card.parse("2C")])


INFO = HandInfo(seat=1, players=2, seed=3, options=Options(guessing=True), mode="persistent",
                rule_language={"summary": "S", "names": [{"name": "card", "type": "Card", "meaning": "m"}],
                               "card_fields": [], "operators": "", "examples": [{"rule": "card.even == (prev.rank > 7)", "says": "even after a high card"}]})


def reply(content, finish="stop", usage=None, reasoning=None, key="reasoning_content"):
    msg = {"role": "assistant", "content": content}
    if reasoning is not None:
        msg[key] = reasoning
    return {"model": "fake-2026-01", "choices": [{"message": msg, "finish_reason": finish}],
            "usage": usage or {"prompt_tokens": 100, "completion_tokens": 40, "completion_tokens_details": {"reasoning_tokens": 25}}}


GOOD = 'Red follows black, I think.\n```json\n{"kind": "play", "cards": ["8H"], "rule": "card.color != prev.color", "confidence": 0.6, "accept_prob": 0.7}\n```'


LONG = "I weigh the facts. " * 400 + GOOD  # longer than the meta keeps


class Fake(BaseHTTPRequestHandler):
    """Answers each request with the next behaviour of the server's script."""

    def do_POST(self):
        srv = self.server
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        with srv.lock:
            srv.bodies.append(body)
            srv.auth.append(self.headers.get("Authorization"))
            what = srv.script.pop(0) if srv.script else "ok"
        if what == "slow":
            time.sleep(2.0)  # longer than the time-out of the test that asks for it
            what = "ok"
        if what in ("500", "400"):
            self.send_error(int(what), "boom")
            return
        if what == "429":
            self.send_response(429)
            self.send_header("Retry-After", "0.05")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        obj = {"ok": reply(GOOD), "prose": reply("I would play a red card, I think."),
               "thinks": reply(LONG, reasoning="THOUGHT: red after black"),
               "thinks2": reply(GOOD, reasoning="THOUGHT 2", key="reasoning"),
               "truncated": reply('Let me think. The main line is 2C 4D, so {"kind": "pl', finish="length"),
               "notjson": None}[what]
        data = b"<html>gateway</html>" if obj is None else json.dumps(obj).encode()
        try:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # a slow answer the client stopped waiting for

    def log_message(self, *args):
        pass


class Endpoint:
    def __enter__(self):
        self.srv = ThreadingHTTPServer(("127.0.0.1", 0), Fake)
        self.srv.lock, self.srv.bodies, self.srv.auth, self.srv.script = threading.Lock(), [], [], []
        self.thread = threading.Thread(target=self.srv.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.srv.server_address[1]}/v1"
        return self

    def __exit__(self, *exc):
        self.srv.shutdown()
        self.srv.server_close()

    def agent(self, script, http_timeout=10.0, **model):
        # A generous time-out but where a test wants one to pass: a request
        # timed out on a loaded machine would be retried and take the
        # script's next answer.
        self.srv.script[:] = script
        m = Model(base_url=self.url, model="fake", key="k", http_timeout=http_timeout, retries=2, backoff=0.01,
                  price={"prompt": 2.0, "completion": 8.0}, **model)
        self.sleeps = []
        client = Client(m, sleep=lambda s: (self.sleeps.append(s), time.sleep(min(s, 0.05))))
        return llm.LLMAgent(INFO, llm.Config(model=m), client)


class TestFakeEndpoint(unittest.TestCase):
    def setUp(self):
        self.ep = Endpoint().__enter__()
        self.addCleanup(self.ep.__exit__)
        p = mock.patch("sys.stderr", new_callable=io.StringIO)
        self.stderr = p.start()
        self.addCleanup(p.stop)
        llm._endpoint_warned = False

    def test_usable_reply_meta(self):
        a = self.ep.agent([], max_completion_tokens=900, reasoning_effort="low")
        m, b = a.move(make_view())
        self.assertEqual((str(m.cards[0]), b.rule, b.rule_prob), ("8H", "card.color != prev.color", 0.6))
        meta = a.meta
        self.assertEqual((meta["read"], meta["calls"], meta["http_attempts"], meta["finish_reason"]), ("usable", 1, 1, "stop"))
        self.assertEqual((meta["prompt_tokens"], meta["completion_tokens"], meta["reasoning_tokens"]), (100, 40, 25))
        self.assertAlmostEqual(meta["cost_usd"], (100 * 2.0 + 40 * 8.0) / 1e6)
        self.assertIn("Red follows black", meta["replies"][0]["raw"])
        self.assertNotIn("fallback", meta)
        body = self.ep.srv.bodies[0]
        self.assertEqual((body["max_completion_tokens"], body["reasoning_effort"], body["model"]), (900, "low", "fake"))
        self.assertNotIn("max_tokens", body)
        self.assertNotIn("temperature", body)  # reasoning models take only the default
        self.assertEqual(self.ep.srv.auth[0], "Bearer k")

    def test_reasoning_and_whole_reply_go_to_the_trace(self):
        # The whole reply and the reasoning text a server returns beside it
        # (reasoning_content, or reasoning) go into the answer's trace, with
        # the prompt as sent and the responding model; the meta keeps a tail.
        a = self.ep.agent(["thinks", "thinks2"])
        a.move(make_view())
        self.assertEqual(len(a.trace), 1)
        t = a.trace[0]
        self.assertEqual((t["reply"], t["reasoning"], t["model"], t["read"]), (LONG, "THOUGHT: red after black", "fake-2026-01", "usable"))
        self.assertEqual((t["requested_model"], t["messages"][0]["role"]), ("fake", "user"))
        self.assertIn("Eleusis", t["system"])
        self.assertLessEqual(len(a.meta["replies"][0]["raw"]), llm.MAX_RAW)
        a.trace = []
        a.move(make_view())
        self.assertEqual(a.trace[0]["reasoning"], "THOUGHT 2")

    def test_no_key_on_the_command_line(self):
        with mock.patch("sys.stderr", new_callable=io.StringIO), self.assertRaises(SystemExit):
            llm.config_from(["--url", "http://x/v1", "--model", "m", "--key", "sk-secret"])

    def test_429_honours_retry_after_and_slowness_is_retried(self):
        a = self.ep.agent(["429", "slow"], http_timeout=1.0)
        a.move(make_view())
        self.assertEqual((a.meta["read"], a.meta["http_attempts"]), ("usable", 3))
        self.assertEqual(self.ep.sleeps[0], 0.05)  # Retry-After, not the back-off
        self.assertEqual(self.ep.sleeps[1], 0.02)  # the time-out: back-off 0.01·2¹

    def test_400_is_not_retried(self):
        a = self.ep.agent(["400"])
        m = a.move(make_view())
        self.assertIsInstance(m, Move)
        self.assertEqual((a.meta["http_attempts"], a.meta["read"]), (1, "provider_error"))
        self.assertTrue(a.meta["fallback"].startswith("provider_error: HTTP 400"), a.meta["fallback"])

    def test_prose_twice_falls_back_with_its_cause(self):
        a = self.ep.agent(["prose", "prose"])
        m = a.move(make_view())
        self.assertIsInstance(m, Move)  # a random card of the hand, no belief
        self.assertIn(str(m.cards[0]), ("7S", "8H"))
        self.assertEqual([r["read"] for r in a.meta["replies"]], ["parse_error", "parse_error"])
        self.assertEqual(a.meta["fallback"], "parse_error: the reply holds no JSON object")
        self.assertIn("cannot be used", self.ep.srv.bodies[1]["messages"][-1]["content"])

    def test_truncated_then_usable(self):
        a = self.ep.agent(["truncated", "ok"])
        a.move(make_view())
        self.assertEqual([r["read"] for r in a.meta["replies"]], ["truncated", "usable"])
        self.assertIn("cut off at the token limit", self.ep.srv.bodies[1]["messages"][-1]["content"])

    def test_provider_errors_fail_the_seat(self):
        # Each request: 3 HTTP attempts of 500 (retries=2); the third such
        # request in a row fails the seat instead of a third fallback.
        a = self.ep.agent(["500"] * 9 + ["notjson"] * 3, max_provider_errors=3)
        for _ in range(2):
            a.move(make_view())
            self.assertEqual((a.meta["read"], a.meta["http_attempts"]), ("provider_error", 3))
            self.assertIn("HTTP 500", a.meta["fallback"])
        with self.assertRaisesRegex(llm.SeatFailed, "3 requests in a row failed"):
            a.move(make_view())
        self.assertEqual(self.stderr.getvalue().count("fall back to random legal cards"), 1)
        # A reply that is not a chat completion is a provider error too; a
        # usable reply resets the count.
        a.client.consecutive_errors = 0
        a.move(make_view())
        self.assertIn("not a chat completion", a.meta["fallback"])
        a.move(make_view())
        self.assertEqual((a.meta["read"], a.client.consecutive_errors), ("usable", 0))

    def test_meta_fits(self):
        meta = {"replies": [{"raw": "é" * 20000}, {"raw": "x" * 20000}]}
        llm.fit(meta)
        self.assertLessEqual(len(json.dumps(meta, ensure_ascii=False).encode()), 30000)


class TestModelFile(unittest.TestCase):
    def write(self, text):
        f = tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False)
        f.write(text)
        f.close()
        self.addCleanup(os.unlink, f.name)
        return f.name

    def test_model_file(self):
        path = self.write('# a comment\nbase_url: "http://h:8/v1"  # trailing\nmodel: gpt-x\nkey_env: MY_KEY\n'
                          "max_completion_tokens: 2000\nreasoning_effort: low\nprice:\n  prompt: 1.25\n  completion: 10\n"
                          "max_provider_errors: 2\n")
        m = load_model(path, {"MY_KEY": "s3cret"})
        self.assertEqual((m.base_url, m.model, m.key, m.max_completion_tokens, m.max_tokens, m.temperature),
                         ("http://h:8/v1", "gpt-x", "s3cret", 2000, None, None))
        self.assertEqual((m.price, m.reasoning_effort, m.max_provider_errors), ({"prompt": 1.25, "completion": 10}, "low", 2))

    def test_model_file_errors(self):
        for text, why in [
            ("model: m\nmax_tokens: 3\nmax_completion_tokens: 4\n", "not both"),
            ("model: m\ncolour: red\n", "unknown key 'colour'"),
            ("model: m\n\tmax_tokens: 3\n", "line 2: a tab"),
            ("model: [a, b]\n", r"line 1: '\[' starts YAML"),
            ("price:\n  prompt: cheap\n", "price takes"),
            ("max_tokens: -3\n", "max_tokens is -3"),
            ("key_env: NOPE_NOT_SET\n", "NOPE_NOT_SET, which is not set"),
            ("just words\n", "line 1: not a key: value line"),
        ]:
            with self.assertRaisesRegex(ModelFileError, why):
                load_model(self.write(text), {})
        with self.assertRaisesRegex(ModelFileError, "No such file"):
            load_model("/nonexistent/m.yaml", {})

    def test_the_docs_model_file(self):
        with open(os.path.join(os.path.dirname(__file__), "..", "..", "docs", "agent-protocol.md"), encoding="utf-8") as f:
            doc = f.read()
        block = doc.split("```yaml\n", 1)[1].split("```", 1)[0]
        m = load_model(self.write(block), {"OPENAI_API_KEY": "k"})
        self.assertEqual((m.model, m.max_completion_tokens, m.reasoning_effort, m.price["completion"], m.max_provider_errors),
                         ("gpt-4o-mini", 2000, "low", 0.60, 3))

    def test_yaml_subset(self):
        self.assertEqual(parse_yaml_subset("a: 'it''s # not a comment'\nb: 1.5\nc: true\nd: ~\ne: x#y\n", "f"),
                         {"a": "it's # not a comment", "b": 1.5, "c": True, "d": None, "e": "x#y"})

    def test_flags(self):
        cfg = llm.config_from(["--url", "http://e/v1", "--model", "m1", "--max-tokens", "300"], env={"OPENAI_API_KEY": "k"})
        self.assertEqual((cfg.model.base_url, cfg.model.model, cfg.model.key, cfg.model.max_tokens), ("http://e/v1", "m1", "k", 300))
        self.assertIsNone(cfg.model.max_completion_tokens)
        with mock.patch("sys.stderr", new_callable=io.StringIO), self.assertRaises(SystemExit):
            llm.config_from(["--model-file", "/nonexistent.yaml"], env={})

    def test_needs_model(self):
        with self.assertRaisesRegex(ValueError, "--model-file"):
            llm.LLMAgent(INFO, llm.Config(model=Model(model="")))


class TestParsing(unittest.TestCase):
    def test_final_json(self):
        text = 'An example: {"kind": "seq"} is not what I do. {"note": 1}\nFinal: {"kind": "play", "cards": ["7S"]}'
        self.assertEqual(final_json(text, "kind"), {"kind": "play", "cards": ["7S"]})
        self.assertEqual(final_json('Sure! ```json\n{"kind": "noplay"}\n```', "kind"), {"kind": "noplay"})
        with self.assertRaisesRegex(llm.BadReply, 'no JSON object with "right"'):
            final_json('{"kind": "play"}', "right")
        with self.assertRaisesRegex(llm.BadReply, "holds no JSON object"):
            final_json("I play the seven of spades", "kind")

    def test_retry_after(self):
        self.assertEqual(retry_after("7"), 7.0)
        self.assertIsNone(retry_after(None))
        self.assertLess(retry_after("Wed, 21 Oct 2015 07:28:00 GMT"), 1)  # a date in the past: at once
        self.assertIsNone(retry_after("soon"))

    def test_parse_move(self):
        v = make_view()
        m, b = llm.parse_move({"kind": "play", "cards": ["7s"], "rule": "card.color != prev.color", "confidence": 0.6, "accept_prob": 0.7}, v)
        self.assertEqual((m.kind, [str(c) for c in m.cards], b.rule, b.rule_prob, b.accept_prob), ("play", ["7S"], "card.color != prev.color", 0.6, 0.7))
        m, b = llm.parse_move({"kind": "seq", "cards": ["8H", "8H"]}, v)  # two copies held
        self.assertEqual((m.kind, len(m.cards), b), ("seq", 2, None))
        for bad, why in [
            ({"kind": "play", "cards": ["9S"]}, "do not hold 9S"),
            ({"kind": "play", "cards": ["7S", "8H"]}, "exactly one"),
            ({"kind": "pass"}, '"kind"'),
            ({"kind": "play", "cards": ["7S"], "confidence": 2}, "from 0 to 1"),
        ]:
            with self.assertRaisesRegex(llm.BadReply, why):
                llm.parse_move(bad, v)

    def test_prompt(self):
        text = llm.rules_text(INFO)
        self.assertIn("card.even == (prev.rank > 7)", text)  # the harness's examples, not our own
        self.assertIn("What is measured", text)
        self.assertIn("last rule you state", text)
        self.assertIn("guess the rule aloud after a right move", text)  # guessing is on in INFO
        solo = HandInfo(seat=1, players=1, seed=3, options=Options(guessing=True, guess_any_turn=True, guess_penalty=5, scoring="turns",
                                                                  max_turns=30), mode="persistent", rule_language=INFO.rule_language)
        text = llm.rules_text(solo, 0.8)
        for want in ("solo guessing protocol", "at most 30 turns", "at least 0.8", "30 + 1 minus", "costs 5 points", "Cards in your hand do not count"):
            self.assertIn(want, text)
        hist = [MoveRecord(1, 2, "play", [Card.parse("4D")], "yes", accepted=[Card.parse("4D")],
                           facts=[Fact(1, Card.parse("4D"), True)]),
                MoveRecord(2, 1, "play", [Card.parse("5D")], "no", facts=[Fact(2, Card.parse("5D"), False)])]
        table = llm.table_text(make_view(history=hist), 10, None)
        self.assertIn("n=1 after ... 2C: 4D accepted", table)
        self.assertIn("n=2 after ... 2C 4D: 5D rejected", table)
        self.assertIn("Your hand: 7S 8H 8H", table)


if __name__ == "__main__":
    unittest.main()
