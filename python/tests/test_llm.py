"""Unit tests of the LLM agent's parsing, retry and fallback (no network)."""

import io
import unittest
from unittest import mock

from eleusis_agent import Card, HandInfo, Move
from eleusis_agent import llm
from eleusis_agent.protocol import Options, View


def make_view(hand=("7S", "8H", "8H"), max_sequence=4):
    o = Options(max_sequence=max_sequence)
    return View(seat=1, hand=[Card.parse(c) for c in hand], main_line=[Card.parse("2C")], errors=[], hand_sizes=[3, 5],
                eliminated=[False, False], current=1, turn=0, prophet=None, prophet_marker=None, sudden_death=False,
                deck_size=40, history=[], options=o, opening=[Card.parse("2C")])


def make_agent(**cfg):
    info = HandInfo(seat=1, players=2, seed=3, options=Options(), mode="persistent",
                    rule_language={"summary": "S", "names": [{"name": "card", "type": "Card", "meaning": "m"}],
                                   "card_fields": [], "operators": "", "examples": [{"rule": "prev.odd != card.odd", "says": "alternate"}]})
    return llm.LLMAgent(info, llm.Config(url="http://fake/v1", model="m", **cfg))


class TestParsing(unittest.TestCase):
    def test_extract_json(self):
        self.assertEqual(llm.extract_json('Sure! ```json\n{"kind": "play", "cards": ["7S"]}\n```'), {"kind": "play", "cards": ["7S"]})
        self.assertEqual(llm.extract_json('{bad} then {"a": {"b": 1}}'), {"a": {"b": 1}})
        with self.assertRaises(llm.BadReply):
            llm.extract_json("I play the seven of spades")

    def test_parse_move(self):
        v = make_view()
        m, b = llm.parse_move({"kind": "play", "cards": ["7s"], "rule": "card.color != prev.color", "confidence": 0.6, "accept_prob": 0.7}, v)
        self.assertEqual((m.kind, [str(c) for c in m.cards], b.rule, b.rule_prob, b.accept_prob), ("play", ["7S"], "card.color != prev.color", 0.6, 0.7))
        m, b = llm.parse_move({"kind": "seq", "cards": ["8H", "8H"]}, v)  # two copies held
        self.assertEqual((m.kind, len(m.cards), b), ("seq", 2, None))
        m, b = llm.parse_move({"kind": "play", "cards": ["7S"], "rule": "card.even"}, v)  # no confidence: no rule stated
        self.assertIsNone(b)
        m, _ = llm.parse_move({"kind": "noplay", "cards": ["7S"]}, v)
        self.assertEqual(m.cards, [])
        for bad, why in [
            ({"kind": "play", "cards": ["9S"]}, "do not hold 9S"),
            ({"kind": "seq", "cards": ["7S", "7S"]}, "do not hold 7S"),
            ({"kind": "play", "cards": ["7S", "8H"]}, "exactly one"),
            ({"kind": "pass"}, '"kind"'),
            ({"kind": "play", "cards": "7S"}, "list of cards"),
            ({"kind": "play", "cards": ["7S"], "confidence": 2}, "from 0 to 1"),
        ]:
            with self.assertRaisesRegex(llm.BadReply, why):
                llm.parse_move(bad, v)
        with self.assertRaisesRegex(llm.BadReply, "not allowed"):
            llm.parse_move({"kind": "seq", "cards": ["7S", "8H"]}, make_view(max_sequence=1))

    def test_prompt(self):
        a = make_agent()
        text = llm.rules_text(a.info)
        self.assertIn("prev.odd != card.odd", text)  # the harness's examples, not our own
        self.assertIn("card (Card): m", text)
        self.assertIn("Your hand: 7S 8H 8H", llm.table_text(make_view(), 10, None))


class TestRetry(unittest.TestCase):
    def test_retry_then_answer(self):
        a = make_agent()
        replies = iter(["no idea", '{"kind": "play", "cards": ["8H"], "rule": "card.red", "confidence": 0.3}'])
        with mock.patch.object(llm, "chat", side_effect=lambda cfg, msgs, seed=None: next(replies)) as chat:
            m, b = a.move(make_view())
        self.assertEqual((str(m.cards[0]), b.rule, a.retries, a.fallbacks), ("8H", "card.red", 1, 0))
        self.assertIn("cannot be used", chat.call_args.args[1][-1]["content"])

    def test_fallback_after_two_bad_replies(self):
        a = make_agent()
        with mock.patch.object(llm, "chat", return_value='{"kind": "play", "cards": ["AS"]}'):
            m = a.move(make_view())
        self.assertIsInstance(m, Move)
        self.assertIn(str(m.cards[0]), ("7S", "8H"))
        self.assertEqual((a.calls, a.fallbacks), (2, 1))

    def test_endpoint_down(self):
        a = make_agent()
        with mock.patch.object(llm, "chat", side_effect=llm.EndpointError("the endpoint failed: refused")), \
                mock.patch.object(llm, "_endpoint_warned", False), \
                mock.patch("sys.stderr", new_callable=io.StringIO) as err:
            self.assertEqual(a.judge(make_view(), 2, Move.play(Card.parse("3C"))), True)
            a.move(make_view())
        self.assertEqual(a.fallbacks, 2)
        # said once, without --verbose: a benchmark of a dead endpoint is one of random play
        self.assertEqual(err.getvalue().count("playing random legal cards"), 1, err.getvalue())
        self.assertIn("refused", err.getvalue())

    def test_needs_model(self):
        with self.assertRaisesRegex(ValueError, "--model"):
            llm.LLMAgent(make_agent().info, llm.Config(url="http://x", model=""))

    def test_config_from_env(self):
        with mock.patch.dict("os.environ", {"ELEUSIS_LLM_URL": "http://e/v1", "ELEUSIS_LLM_MODEL": "m1", "OPENAI_API_KEY": "k"}):
            cfg = llm.config_from([])
            self.assertEqual((cfg.url, cfg.model, cfg.key), ("http://e/v1", "m1", "k"))
            self.assertEqual(llm.config_from(["--model", "m2"]).model, "m2")


if __name__ == "__main__":
    unittest.main()
